"""The other player's concealed hand: card backs, a count, and any card they showed."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from pinochle_tui.engine import SeatView
from pinochle_tui.tui.widgets.cards import SUIT_COMPONENTS, card_text


class OpponentHand(Static):
    """``Computer  ▒▒▒▒▒▒▒▒  12 cards``, plus the cards of that hand both players know."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(SUIT_COMPONENTS | {"opponent--backs"})

    def __init__(self, names: tuple[str, str], ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._names = names
        self._ascii_only = ascii_only
        self._shown: tuple[object, ...] = ()

    def show(self, view: SeatView) -> None:
        seat = view.seat.other
        shown = (seat, view.opponent_hand_size, view.opponent_known, view.to_act == seat)
        if shown == self._shown:
            return
        self._shown = shown
        self.set_class(view.to_act == seat and view.my_turn is False, "-to-act")
        count = view.opponent_hand_size
        text = Text(f"{self._names[seat]}  ")
        text.append("▒" * count, self.get_component_rich_style("opponent--backs"))
        text.append(f"  {count} card{'' if count == 1 else 's'}")
        if view.opponent_known:
            text.append("  known: ")
            text.append_text(card_text(self, view.opponent_known, self._ascii_only))
        self.update(text)
