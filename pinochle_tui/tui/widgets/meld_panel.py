"""The trick winner's choices: each legal meld with its points, the dix, and the draw.

Options come straight from the engine's legal actions; physically identical
choices (the same meld from either copy of a card) are shown once. Each
option keeps its number for the whole turn: one used up or no longer open
(after the meld, or the dix exchanged) is greyed in its place, and a new one
(a meld the turn-up makes possible) is added at the end, so a number pressed
twice never does something else. The keys are the hand's: 1 to 9 and 0, then
- = and letters, for the 64-card pack's long lists of melds.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from pinochle_tui.engine import Action, Card, DeclareOut, Draw, ExchangeDix, Meld, SeatView, ShowDix
from pinochle_tui.tui.cardfaces import face
from pinochle_tui.tui.handkeys import PICK_KEYS, binding_key
from pinochle_tui.tui.widgets.cards import SUIT_COMPONENTS, suit_component, tint_of


def choice_key(action: Action, view: SeatView) -> Hashable:
    """What makes two actions the same choice for the player: the same meld of
    the same faces from the same places, the dix of the same face, the same draw."""
    if isinstance(action, Meld):
        table = frozenset(view.tables[view.seat])
        return (action.kind, tuple(sorted((c.face.id, c in table) for c in action.cards)))
    if isinstance(action, ShowDix | ExchangeDix):
        return (type(action), action.card.face.id)
    return action


def distinct_choices(actions: Iterable[Action], view: SeatView) -> list[Action]:
    """The winner's actions without declaring out, one per physically distinct choice:
    the melds (best first), then the dix, then the draw."""
    seen: set[Hashable] = set()
    out: list[Action] = []
    for action in actions:
        key = choice_key(action, view)
        if not isinstance(action, DeclareOut) and key not in seen:
            seen.add(key)
            out.append(action)
    melds = sorted((a for a in out if isinstance(a, Meld)), key=lambda a: -a.points)
    dix = [a for a in out if isinstance(a, ShowDix | ExchangeDix)]
    draws = [a for a in out if isinstance(a, Draw)]
    return [*melds, *dix, *draws]


@dataclass(frozen=True, slots=True)
class Choice:
    """One numbered line of the panel: None once it is no longer open this turn."""

    key: Hashable
    action: Action | None
    text: Text


class MeldPanel(OptionList):
    """Pick one of the winner's options with the arrows and Enter, or its number."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(SUIT_COMPONENTS | {"meld--table-card"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(binding_key(key), f"choose({n})", "Option", show=n == 0, key_display="1…")
        for n, key in enumerate(PICK_KEYS)
    ]

    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only
        self._choices: list[Choice] = []
        self._turn: Hashable = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The options' height at the width they wrap at: Textual asks at the
        width with the scrollbar's column (always kept, see the styles) in it,
        which would leave a wrapped option's last line out of view."""
        return super().get_content_height(container, viewport, width - self.scrollbar_size_vertical)

    @property
    def actions(self) -> list[Action | None]:
        """The options by number (from 0): None for one greyed this turn."""
        return [choice.action for choice in self._choices]

    def offer(self, actions: list[Action], view: SeatView) -> None:
        """Show ``actions`` (from ``distinct_choices``), keeping the numbers of this turn."""
        turn = (view.hand_no, view.trick_no, view.seat)
        keyed = {choice_key(a, view): a for a in actions}
        old = self._choices if turn == self._turn else []
        choices = [Choice(c.key, keyed.get(c.key), c.text) for c in old]
        known = {c.key for c in choices}
        can_meld = any(isinstance(a, Meld) for a in actions)
        choices += [
            Choice(key, action, self.describe(action, view, can_meld))
            for key, action in keyed.items()
            if key not in known
        ]
        if choices == self._choices and turn == self._turn:
            return
        highlighted = self.highlighted
        self._turn, self._choices = turn, choices
        self.clear_options()
        self.add_options(
            Option(_numbered(n, c.text), disabled=c.action is None) for n, c in enumerate(choices)
        )
        open_ones = [i for i, c in enumerate(choices) if c.action is not None]
        if highlighted in open_ones:
            self.highlighted = highlighted
        else:
            self.highlighted = open_ones[0] if open_ones else None

    def describe(self, action: Action, view: SeatView, can_meld: bool) -> Text:
        """The option as the player reads it, with the points it scores; cards
        that come from the table are tinted as on the table, and where a card's
        place tells this option from another, it is said in words (``_sources``)."""
        if isinstance(action, Meld):
            table = frozenset(view.tables[view.seat])
            text = Text(f"{action.kind.label.capitalize()} ")
            text.append_text(self._cards(action.cards, table)).append(f" +{action.points}")
            return text.append_text(self._sources(action, view))
        if isinstance(action, ShowDix):
            text = Text("Show dix ").append(self._face(action.card), self._style(action.card))
            return text.append(" +10")
        if isinstance(action, ExchangeDix):
            points = 0 if action.card in view.dix_counted else 10
            assert view.turn_up is not None
            text = Text("Exchange dix ").append(self._face(action.card), self._style(action.card))
            text.append(" for ").append(self._face(view.turn_up), self._style(view.turn_up))
            return text.append(f" +{points}")
        if isinstance(action, Draw):
            if view.stock_size == 1 and action.take_turn_up:
                assert view.turn_up is not None
                turn_up = self._face(view.turn_up)
                return Text("Take the turn-up ").append(turn_up, self._style(view.turn_up))
            if view.stock_size == 1:
                return Text("Take the face-down card (shown to both)")
            return Text("Draw (no meld)" if can_meld else "Draw (end your turn)")
        return Text(str(action))

    def _sources(self, meld: Meld, view: SeatView) -> Text:
        """`` (K♣ from the table)``: the cards of ``meld`` whose twin the player
        holds in the other place (hand or table) and the meld leaves out, those
        from the table, or else ``(K♣ from your hand)``. The same meld from the
        other copy is another option, which would read the same, told apart by
        the table's tint alone; the rest of the meld comes from where it must."""
        table, hand = frozenset(view.tables[view.seat]), frozenset(view.hand)
        doubtful = [
            card
            for card in meld.cards
            if card.twin not in meld.cards and card.twin in (hand if card in table else table)
        ]
        if not doubtful:
            return Text()
        from_table = [card for card in doubtful if card in table]
        cards, place = (from_table, "the table") if from_table else (doubtful, "your hand")
        return Text(" (").append_text(self._cards(cards, table)).append(f" from {place})")

    def _cards(self, cards: Iterable[Card], table: frozenset[Card]) -> Text:
        """The faces of ``cards``, those from the table tinted as on the table."""
        text = Text()
        for card in cards:
            text.append(" " if text else "")
            text.append(self._face(card), self._style(card, on_table=card in table))
        return text

    def _face(self, card: Card) -> str:
        return face(card, self._ascii_only)

    def _style(self, card: Card, on_table: bool = False) -> Style:
        style = self.get_component_rich_style(suit_component(card))
        if on_table:
            style = style + tint_of(self.get_component_rich_style("meld--table-card"))
        return style

    def action_choose(self, index: int) -> None:
        """Option ``index`` (from 0); a greyed one is refused in words, not in silence."""
        if index >= len(self._choices):
            return
        action = self._choices[index].action
        if action is None:
            self.notify(
                f"Option {_key(index)} is greyed: it is no longer open this turn.",
                title="Not allowed",
                severity="warning",
            )
            return
        self.post_message(self.Chosen(action))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option_index)


def _key(n: int) -> str:
    """The key of option ``n`` (from 0): 1 to 9, 0, then - = and letters
    (none past the last key: the arrows reach it)."""
    return PICK_KEYS[n] if n < len(PICK_KEYS) else ""


def _numbered(n: int, text: Text) -> Table:
    """Option ``n`` (from 0) by its key, ``text`` wrapping beside the key, not under it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(_key(n), text)
    return grid
