"""The stock: how many cards are left face down, and the turn-up that names trumps.

A dix exchange shows as the dix lying as the turn-up; after the last draw the
card that was shown to both players stays visible here for the playoff.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from pinochle_tui.engine import Card, Suit
from pinochle_tui.tui.cardfaces import COMPACT, Face, suit_symbol
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row

#: Columns between the stock and the turn-up.
_GAP = 3


@dataclass(frozen=True, slots=True)
class Stock:
    size: int = 0
    turn_up: Card | None = None
    revealed: Card | None = None
    trump: Suit | None = None


class StockView(Widget):
    """Face-down count, the turn-up, and the last card revealed."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS | {"caption", "caption--won"})

    stock: reactive[Stock] = reactive(Stock)
    size_of_face: reactive[Face] = reactive(COMPACT, layout=True)

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only

    @property
    def column(self) -> int:
        """Columns from the stock to the turn-up: room for its caption too."""
        return max(self.size_of_face.width + _GAP, len("Stock 24 "))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.column + max(self.size_of_face.width, len("Turn-up"))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.size_of_face.height + 2  # the trump, the captions, the cards

    def render(self) -> Text:
        stock, size = self.stock, self.size_of_face
        column = self.column
        if stock.turn_up is not None:
            captions = (f"Stock {stock.size}", "Turn-up")
            places = [Place.back() if stock.size else Place.slot(), Place.of(stock.turn_up)]
        elif stock.revealed is not None:
            captions = ("Stock 0", "Last")
            places = [Place.slot(), Place.of(stock.revealed)]
        else:
            captions = ("Stock", "")
            places = [Place.slot(), Place.slot()]
        style = self.get_component_rich_style("caption")
        trump = "" if stock.trump is None else suit_symbol(stock.trump, self._ascii_only)
        trump = trump and f"Trumps {trump}"
        lines = [Text(trump, self.get_component_rich_style("caption--won"))]
        lines.append(Text(f"{captions[0]:<{column}}{captions[1]}", style))
        lines += card_row(self, places, size, self._ascii_only, column)
        return Text("\n").join(lines)
