"""The player's cards: the concealed hand and, in the first phase, the cards
melded onto the table, which may be played too. Each card has its key under
it for the whole hand (``handkeys``); the key picks the card, the same key
again (or Enter) plays it; the arrows move between the cards playable now, a
click plays.

The table cards lie in their own row above the hand when there is room
(``stacked``), else among the hand's cards in key order, in the same rows;
their faces are tinted whatever else marks them. A long hand (the 64-card pack's 16 cards) that does
not fit the width side by side is fanned, or else laid out in rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from pinochle_tui.engine import Card
from pinochle_tui.tui.cardfaces import COMPACT, Face
from pinochle_tui.tui.handkeys import PICK_KEYS, binding_key
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row, fit, key_line


@dataclass(frozen=True, slots=True)
class Holding:
    """What the hand widget shows: the cards with their keys, what may be played."""

    hand: tuple[tuple[Card, str], ...] = ()
    table: tuple[tuple[Card, str], ...] = ()
    #: The cards playable now; None when it is not this player's turn to play.
    playable: frozenset[Card] | None = None
    #: Whether cards not playable now are shown dimmed (the playoff's reply).
    dim_illegal: bool = False
    #: Card backs shown instead of the cards (hotseat privacy).
    hidden: int = 0
    #: The card just drawn, marked until the player next plays.
    fresh: Card | None = None


@dataclass(frozen=True, slots=True)
class _Row:
    """One row of the drawing: indexes into ``HandView.order``, and the step."""

    indexes: tuple[int, ...]
    step: int


class HandView(Widget, can_focus=True):
    """Rows of boxed cards with their keys; the ones playable now are marked."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS | {"hand--note"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Choose", key_display="←→", show=False),
        Binding("right", "move(1)", "Choose", show=False),
        Binding("enter", "play", "Play"),
        *(
            Binding(binding_key(key), f"pick('{key}')", "Card", show=key == "1", key_display="1…")
            for key in PICK_KEYS
        ),
    ]

    holding: reactive[Holding] = reactive(Holding, layout=True)
    size_of_face: reactive[Face] = reactive(COMPACT, layout=True)
    stacked: reactive[bool] = reactive(False, layout=True)
    cursor: reactive[int] = reactive(0)

    class Played(Message):
        """The player asks to play ``card`` (it may still be refused by the rules)."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only
        self._last_pick: str | None = None
        #: The card under the cursor, followed when the cards change.
        self._chosen: Card | None = None

    @property
    def _pairs(self) -> list[tuple[Card, str]]:
        """The cards with their keys in the order shown: table cards first, then
        the hand, when they lie in rows of their own; else all in key order."""
        holding = self.holding
        pairs = [*holding.table, *holding.hand]
        if not self.stacked:
            pairs.sort(key=lambda pair: PICK_KEYS.index(pair[1]))
        return pairs

    @property
    def order(self) -> tuple[Card, ...]:
        """The cards in the order shown."""
        return tuple(card for card, _ in self._pairs)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.order

    @property
    def keys(self) -> dict[Card, str]:
        """Each card's key."""
        return dict((*self.holding.table, *self.holding.hand))

    @property
    def selected(self) -> Card | None:
        order = self.order
        return order[self.cursor] if 0 <= self.cursor < len(order) else None

    def is_dimmed(self, index: int) -> bool:
        """True if the card at ``index`` is shown dimmed as not playable now."""
        playable = self.holding.playable
        return (
            playable is not None and self.holding.dim_illegal and self.order[index] not in playable
        )

    def _playable(self, index: int) -> bool:
        playable = self.holding.playable
        return playable is not None and self.order[index] in playable

    def watch_cursor(self) -> None:
        self._chosen = self.selected

    def watch_stacked(self) -> None:
        """The cards change places (a resize lays the table cards out anew): the
        cursor stays on the chosen card, so its key pressed again plays it."""
        if self._chosen in self.order:
            self.cursor = self.order.index(self._chosen)

    def watch_holding(self, holding: Holding) -> None:
        """Keep the chosen card chosen if it may still be played; else the nearest playable."""
        self._last_pick = None
        order = self.order
        chosen = self._chosen
        start = order.index(chosen) if chosen in order else min(self.cursor, len(order) - 1)
        start = max(start, 0)
        if holding.playable:
            nearest = sorted(range(len(order)), key=lambda i: abs(i - start))
            start = next((i for i in nearest if order[i] in holding.playable), start)
        self.cursor = start
        self._chosen = self.selected

    # -- layout ---------------------------------------------------------------

    def _rows(self, width: int) -> list[_Row]:
        holding, size = self.holding, self.size_of_face
        if holding.hidden:
            groups = [range(holding.hidden)]
        elif self.stacked and holding.table:
            groups = [range(len(holding.table)), range(len(holding.table), len(self.order))]
        else:
            groups = [range(len(self.order))]
        rows: list[_Row] = []
        for group in groups:
            layout = fit(len(group), width, size)
            for start in range(0, len(group), layout.per_row):
                rows.append(_Row(tuple(group[start : start + layout.per_row]), layout.step))
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.holding.hidden and not self.order:
            return 1
        return len(self._rows(width)) * (self.size_of_face.height + 1)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        size = self.size_of_face
        rows = self._rows(container.width)
        widths = [(len(row.indexes) - 1) * row.step + size.width for row in rows if row.indexes]
        return max(widths, default=10)

    def render(self) -> Text:
        holding = self.holding
        if not holding.hidden and not self.order:
            return Text("(no cards)", self.get_component_rich_style("hand--note"))
        size = self.size_of_face
        lines: list[Text] = []
        for row in self._rows(self.size.width):
            places = [self._place(index) for index in row.indexes]
            lines += card_row(self, places, size, self._ascii_only, row.step)
            lines.append(key_line(self, places, size, row.step))
        return Text("\n").join(lines)

    def _place(self, index: int) -> Place:
        holding = self.holding
        if holding.hidden:
            return Place.back()
        card, key = self._pairs[index]
        on_table = (card, key) in holding.table
        tints = ["card--on-table"] if on_table else []
        edge = "card--table-edge" if on_table else "card--edge"
        if card == holding.fresh:
            tints.append("card--fresh")
        if holding.playable is not None:
            if index == self.cursor:
                edge = "card--cursor"
            elif card in holding.playable:
                edge = "card--legal"
            elif holding.dim_illegal:
                tints.append("card--illegal")
        return Place.of(card, edge, *tints, key=key if holding.playable is not None else "")

    # -- keys and the mouse -----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The card keys work only while this player may play (the footer shows them then)."""
        if action in ("move", "play", "pick"):
            return self.holding.playable is not None
        return True

    def action_move(self, step: int) -> None:
        """To the next card playable now, in the order shown."""
        order = self.order
        if not order or self.holding.playable is None:
            return
        for offset in range(1, len(order) + 1):
            index = (self.cursor + step * offset) % len(order)
            if self._playable(index):
                self.cursor = index
                break
        self._last_pick = None

    def action_pick(self, key: str) -> None:
        """Choose the card with ``key``; the same key again plays it. A card that
        may not be played now is offered at once, so the refusal says why."""
        if self.holding.playable is None:
            return
        order, keys = self.order, self.keys
        index = next((i for i, card in enumerate(order) if keys[card] == key), None)
        if index is None:
            return
        if not self._playable(index):
            self.post_message(self.Played(order[index]))
            return
        if key == self._last_pick:
            self.action_play()
            return
        self.cursor, self._last_pick = index, key

    def action_play(self) -> None:
        card = self.selected
        if card is not None and self.holding.playable is not None:
            self.post_message(self.Played(card))

    def index_at(self, x: int, y: int) -> int | None:
        """The card drawn at ``(x, y)`` of the widget, if any."""
        size = self.size_of_face
        row_no, line = divmod(y, size.height + 1)
        rows = self._rows(self.size.width)
        if not 0 <= row_no < len(rows) or line >= size.height or x < 0:
            return None
        row = rows[row_no]
        column = min(x // row.step, len(row.indexes) - 1)
        if x >= column * row.step + size.width:
            return None
        return row.indexes[column]

    def on_click(self, event: Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is None or self.holding.playable is None or self.holding.hidden:
            return
        if self._playable(index):
            self.cursor = index
            self.action_play()
        else:
            self.post_message(self.Played(self.order[index]))
