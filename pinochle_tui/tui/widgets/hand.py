"""The player's cards: the concealed hand and, in the first phase, the own table
cards, which may be played too. Arrows choose, Enter plays, 1-9/0 pick a card
(the same number again plays it), a click plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from pinochle_tui.engine import Card
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, CARD_WIDTH, Place, card_row

_PICK_KEYS = "1234567890"


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
        self.refresh()

    def hide(self, count: int) -> None:
        """Show ``count`` card backs instead of the cards (hotseat privacy)."""
        if self._hidden != count or self._cards:
            self._cards, self._table, self._playable, self._hidden = (), frozenset(), None, count
            self.refresh()

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

    def render(self) -> Text:
        if self._hidden:
            return Text("\n").join(card_row(self, [Place.back()] * self._hidden))
        if not self._cards:
            return Text("(no cards)", self.get_component_rich_style("hand--note"))
        lines = card_row(self, [self._place(i, card) for i, card in enumerate(self._cards)])
        if self._playable is not None:
            keys = "".join(f"{key:^{CARD_WIDTH}}" for key in _PICK_KEYS[: len(self._cards)])
            lines.append(Text(keys, self.get_component_rich_style("hand--keys")))
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
        index = event.x // CARD_WIDTH
        if self._playable is None or not 0 <= event.y < 3 or index >= len(self._cards):
            return
        self.cursor = index
        self.refresh()
        self.action_play()
