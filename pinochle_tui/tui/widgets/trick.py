"""The trick: the card led and the reply, then who took it until the next lead."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from pinochle_tui.engine import Card, Seat, SeatView
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row

#: Columns given to each of the two cards (and its player's name).
_COLUMN = 12


class TrickView(Widget):
    """Lead and reply side by side, each under its player's name."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS | {"caption", "caption--won"})

    def __init__(self, names: tuple[str, str], ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._names = names
        self._ascii_only = ascii_only
        self._shown: tuple[Seat, Card | None, Card | None, Seat | None, int] | None = None

    def show(self, view: SeatView) -> None:
        shown: tuple[Seat, Card | None, Card | None, Seat | None, int]
        if view.lead is not None:
            shown = (view.leader, view.lead, None, None, view.trick_no + 1)
        elif view.tricks:
            last = view.tricks[-1]
            shown = (last.leader, last.lead, last.reply, last.winner, view.trick_no)
        else:
            shown = (view.leader, None, None, None, 1)
        if shown != self._shown:
            self._shown = shown
            self.refresh()

    def render(self) -> Text:
        if self._shown is None:
            return Text()
        leader, lead, reply, winner, trick_no = self._shown
        style = self.get_component_rich_style
        if winner is None:
            title = Text(f"Trick {trick_no}", style("caption"))
        else:
            title = Text(f"Trick {trick_no}: {self._names[winner]} took it", style("caption--won"))
        seats = (leader, leader.other)
        names = "".join(f"{self._names[seat][: _COLUMN - 1]:<{_COLUMN}}" for seat in seats)
        places = [
            Place.slot()
            if card is None
            else Place.of(
                card, self._ascii_only, "card--winner" if seat == winner else "card--edge"
            )
            for seat, card in zip(seats, (lead, reply), strict=True)
        ]
        lines = [title, Text(names, style("caption"))]
        lines += card_row(self, places, gap=_COLUMN - 5)
        return Text("\n").join(lines)
