"""The stock: how many cards are left face down, and the turn-up that names trumps.

A dix exchange shows as the dix lying as the turn-up; after the last draw the
card that was shown to both players stays visible here for the playoff.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from pinochle_tui.engine import Card, SeatView
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row


class StockView(Widget):
    """Face-down count, the turn-up, and the last card revealed."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS | {"caption"})

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only
        self._shown: tuple[int, Card | None, Card | None] = (-1, None, None)

    def show(self, view: SeatView) -> None:
        shown = (view.stock_size, view.turn_up, view.revealed)
        if shown != self._shown:
            self._shown = shown
            self.refresh()

    def render(self) -> Text:
        size, turn_up, revealed = self._shown
        if turn_up is not None:
            captions = f"{'Stock ' + str(size):<9}Turn-up"
            places = [Place.back() if size else Place.slot(), Place.of(turn_up, self._ascii_only)]
        elif revealed is not None:
            captions = "Stock 0  Last card"
            places = [Place.slot(), Place.of(revealed, self._ascii_only)]
        else:
            captions = "Stock"
            places = [Place.slot()]
        lines = [Text(captions, self.get_component_rich_style("caption"))]
        lines += card_row(self, places, gap=4)
        return Text("\n").join(lines)
