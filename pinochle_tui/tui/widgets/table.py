"""Both players' melds on the table, grouped by meld with its name and points.

Melded cards that have since been played stay listed but greyed, so the
history of the hand's melds remains readable.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from pinochle_tui.engine import Card, MeldScored, Seat, SeatView
from pinochle_tui.tui.narrate import YOU
from pinochle_tui.tui.widgets.cards import SUIT_COMPONENTS, card_text


class TableMelds(Static):
    """One seat's melds: ``80 kings K♠ K♥ K♦ K♣ +80``, one meld after another."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(SUIT_COMPONENTS | {"meld--name"})

    def __init__(
        self, names: tuple[str, str], ascii_only: bool, *, opponent: bool, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._names = names
        self._opponent = opponent
        self._ascii_only = ascii_only
        self._shown: tuple[Seat, tuple[MeldScored, ...], frozenset[Card]] | None = None

    def show(self, view: SeatView) -> None:
        """Show the melds of the viewer's opponent, or of the viewer."""
        seat = view.seat.other if self._opponent else view.seat
        melds = tuple(m for m in view.melds if m.seat == seat)
        shown = (seat, melds, frozenset(view.tables[seat]))
        if shown != self._shown:
            self._shown = shown
            self.update(self._text(*shown))

    def _text(self, seat: Seat, melds: tuple[MeldScored, ...], on_table: frozenset[Card]) -> Text:
        total = sum(m.points for m in melds)
        owner = "Your" if self._names[seat] == YOU else f"{self._names[seat]}'s"
        text = Text(f"{owner} melds", self.get_component_rich_style("meld--name"))
        if not melds:
            text.append(": none yet")
            return text
        text.append(f" ({total}):")
        for meld in melds:
            text.append(f"  {meld.kind} ")
            gone = not any(card in on_table for card in meld.cards)
            text.append_text(card_text(self, meld.cards, self._ascii_only, gone=gone))
            text.append(f" +{meld.points}")
        return text
