"""The player's cards: the concealed hand and, in the first phase, the own table
cards, which may be played too. Arrows choose, Enter plays, 1-9/0 pick a card
(the same number again plays it), a click plays.

A long hand (the 64-card pack's 16 cards and more) that does not fit the width
side by side is fanned, one column less per card, or else laid out in rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from pinochle_tui.engine import Card
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, CARD_WIDTH, Place, card_row

_PICK_KEYS = "1234567890"
#: Lines per row of cards: the boxes, then the pick keys under them.
_ROW_HEIGHT = 4


@dataclass(frozen=True, slots=True)
class Fit:
    """How a hand lies in a width: cards per row, and columns from one card to the next."""

    per_row: int
    step: int

    @property
    def overlap(self) -> bool:
        return self.step < CARD_WIDTH

    def rows(self, count: int) -> int:
        return max(1, -(-count // self.per_row))


def fit(count: int, width: int) -> Fit:
    """Side by side if the cards fit; else fanned, if that fits; else in even rows.

    >>> fit(12, 60), fit(16, 78), fit(16, 60)
    (Fit(per_row=12, step=5), Fit(per_row=16, step=4), Fit(per_row=8, step=5))
    """
    if count * CARD_WIDTH <= width or count <= 1:
        return Fit(max(count, 1), CARD_WIDTH)
    if count * (CARD_WIDTH - 1) + 1 <= width:
        return Fit(count, CARD_WIDTH - 1)
    rows = -(-count // max(1, width // CARD_WIDTH))
    return Fit(-(-count // rows), CARD_WIDTH)


class HandView(Widget, can_focus=True):
    """A row of boxed cards; the ones playable now are marked, the others dimmed."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS | {"hand--keys", "hand--note"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Choose", key_display="←→"),
        Binding("right", "move(1)", "Choose", show=False),
        Binding("enter", "play", "Play"),
        *(
            Binding(key, f"pick({index})", "Pick", show=key == "1", key_display="1…0")
            for index, key in enumerate(_PICK_KEYS)
        ),
    ]

    class Played(Message):
        """The player asks to play ``card`` (it may still be refused by the rules)."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only
        self._cards: tuple[Card, ...] = ()
        self._table: frozenset[Card] = frozenset()
        self._playable: frozenset[Card] | None = None
        self._dim_illegal = False
        self._hidden = 0
        self._last_pick: int | None = None
        self.cursor = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order shown: hand first, then table cards."""
        return self._cards

    @property
    def selected(self) -> Card | None:
        return self._cards[self.cursor] if self._cards else None

    def is_dimmed(self, index: int) -> bool:
        """True if the card at ``index`` is shown dimmed as not playable now."""
        card = self._cards[index]
        return self._playable is not None and self._dim_illegal and card not in self._playable

    def show(
        self,
        hand: Sequence[Card],
        table: Sequence[Card],
        playable: frozenset[Card] | None,
        dim_illegal: bool,
    ) -> None:
        """Show these cards; ``playable`` is None when it is not this player's turn to play."""
        cards = (*hand, *table)
        shown = (cards, frozenset(table), playable, dim_illegal, 0)
        if shown == (self._cards, self._table, self._playable, self._dim_illegal, self._hidden):
            return
        selected = self.selected
        self._cards, self._table, self._playable, self._dim_illegal, self._hidden = shown
        self.cursor = self._cursor_after_change(selected)
        self._last_pick = None
        self.refresh(layout=True)

    def hide(self, count: int) -> None:
        """Show ``count`` card backs instead of the cards (hotseat privacy)."""
        if self._hidden != count or self._cards:
            self._cards, self._table, self._playable, self._hidden = (), frozenset(), None, count
            self.refresh(layout=True)

    def _cursor_after_change(self, selected: Card | None) -> int:
        """Keep the chosen card chosen; else stay near it, on a playable card if any."""
        if selected is not None and selected in self._cards:
            return self._cards.index(selected)
        start = min(self.cursor, max(len(self._cards) - 1, 0))
        if self._playable:
            for index in sorted(range(len(self._cards)), key=lambda i: abs(i - start)):
                if self._cards[index] in self._playable:
                    return index
        return start

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        count = self._hidden or len(self._cards)
        return _ROW_HEIGHT * fit(count, width).rows(count)

    def render(self) -> Text:
        if self._hidden:
            places = [Place.back()] * self._hidden
        elif self._cards:
            places = [self._place(i, card) for i, card in enumerate(self._cards)]
        else:
            return Text("(no cards)", self.get_component_rich_style("hand--note"))
        layout = fit(len(places), self.size.width)
        lines: list[Text] = []
        for start in range(0, len(places), layout.per_row):
            row = places[start : start + layout.per_row]
            lines += card_row(self, row, overlap=layout.overlap)
            keys = _PICK_KEYS[start : start + len(row)] if self._playable is not None else ""
            shown = "".join(f"{key:^{layout.step}}" for key in keys)
            lines.append(Text(shown, self.get_component_rich_style("hand--keys")))
        return Text("\n").join(lines)

    def _place(self, index: int, card: Card) -> Place:
        edge = "card--table" if card in self._table else "card--edge"
        if self._playable is not None:
            if index == self.cursor:
                edge = "card--cursor"
            elif card in self._playable:
                edge = "card--legal"
            elif self._dim_illegal:
                edge = "card--illegal"
        return Place.of(card, self._ascii_only, edge)

    def action_move(self, step: int) -> None:
        if self._cards and self._playable is not None:
            self.cursor = (self.cursor + step) % len(self._cards)
            self._last_pick = None
            self.refresh()

    def action_pick(self, index: int) -> None:
        """Choose the card by number; the same number again plays it."""
        if self._playable is None or index >= len(self._cards):
            return
        if index == self._last_pick:
            self.action_play()
            return
        self.cursor, self._last_pick = index, index
        self.refresh()

    def action_play(self) -> None:
        card = self.selected
        if card is not None and self._playable is not None:
            self.post_message(self.Played(card))

    def on_click(self, event: Click) -> None:
        layout = fit(len(self._cards), self.size.width)
        row, line = divmod(event.y, _ROW_HEIGHT)
        right_end = (layout.per_row - 1) * layout.step + CARD_WIDTH
        index = row * layout.per_row + min(event.x // layout.step, layout.per_row - 1)
        if self._playable is None or not 0 <= event.x < right_end or line >= 3:
            return
        if not 0 <= index < len(self._cards):
            return
        self.cursor = index
        self.refresh()
        self.action_play()
