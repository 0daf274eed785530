"""The trick winner's choices: each legal meld with its points, the dix, and the draw.

Options come straight from the engine's legal actions; physically identical
choices (the same meld from either copy of a card) are shown once. Each
option keeps its key for the whole turn: one no longer open is greyed in its
place and says so (``done``, or ``closed`` when the meld or the dix taken left
it out), and one made possible (a meld the turn-up brings) is added after the
others, so a key pressed twice never does something else. The melds and the
dix are keyed as the hand is, 1 to 9, 0, then - = and letters; the draw is
``d``, in a list of its own under them that never scrolls out of view (and at
the last draw, when the winner chooses, ``p`` takes the turn-up).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import ClassVar, Self

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from pinochle_tui.engine import Action, Card, DeclareOut, Draw, ExchangeDix, Meld, SeatView, ShowDix
from pinochle_tui.tui.cardfaces import face
from pinochle_tui.tui.handkeys import PICK_KEYS, binding_key
from pinochle_tui.tui.widgets.cards import SUIT_COMPONENTS, suit_component, tint_of

#: The draw's key, and the turn-up's when the winner chooses at the last draw.
DRAW_KEY, TURN_UP_KEY = "d", "p"
#: The keys of the melds and the dix, in order: the hand's but the draw's.
OPTION_KEYS = PICK_KEYS.replace(DRAW_KEY, "")


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


def done(action: Action, view: SeatView) -> bool:
    """Whether ``action``, offered this turn and no longer open, is what the
    player did (else what they did left it out: one meld a turn, one dix)."""
    if isinstance(action, Meld):
        mine = [meld for meld in view.melds if meld.seat == view.seat]
        return view.melded and set(mine[-1].cards) == set(action.cards)
    if isinstance(action, ExchangeDix):
        return view.turn_up == action.card  # the dix lies as the turn-up now
    if isinstance(action, ShowDix):
        return action.card in view.dix_counted and action.card != view.turn_up
    return False


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of the panel: what makes it one choice (``choice_key``), its key,
    the action it offers (or offered last), its words, and ``shut``: empty while
    it is open, else the word said after it, ``done`` or ``closed``."""

    same: Hashable
    key: str
    action: Action
    text: Text
    shut: str = ""

    @property
    def line(self) -> Text:
        """The words on screen: a greyed option says why it is."""
        return self.text + Text(f" — {self.shut}") if self.shut else self.text


class _Options(OptionList):
    """One of the panel's two lists; the arrows move through both as one (``Arrow``)."""

    class Arrow(Message):
        """Up (``direction`` -1) or down (1) was pressed."""

        def __init__(self, direction: int) -> None:
            super().__init__()
            self.direction = direction

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The options' height at the width they wrap at: Textual asks at the
        width with the scrollbar's column (always kept, see the styles) in it,
        which would leave a wrapped option's last line out of view."""
        return super().get_content_height(container, viewport, width - self.scrollbar_size_vertical)

    def action_cursor_down(self) -> None:
        self.post_message(self.Arrow(1))

    def action_cursor_up(self) -> None:
        self.post_message(self.Arrow(-1))


class MeldPanel(Vertical):
    """Pick one of the winner's options by its key, or with the arrows and Enter:
    the melds and the dix in a list that scrolls, the draw under it."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(SUIT_COMPONENTS | {"meld--table-card"})
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(binding_key(key), f"choose('{key}')", "Option", show=n == 0, key_display="1…")
            for n, key in enumerate(OPTION_KEYS)
        ),
        Binding(DRAW_KEY, f"choose('{DRAW_KEY}')", "Draw"),
        Binding(TURN_UP_KEY, f"choose('{TURN_UP_KEY}')", "Turn-up", show=False),
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
        self._lists = (_Options(id="meld-options"), _Options(id="meld-draws"))

    def compose(self) -> ComposeResult:
        yield from self._lists

    @property
    def actions(self) -> list[Action | None]:
        """The options in the order shown (the draw last): None for one greyed this turn."""
        return [None if choice.shut else choice.action for choice in self._choices]

    @property
    def keys(self) -> list[str]:
        """The key of each option, in the order shown."""
        return [choice.key for choice in self._choices]

    @property
    def highlighted(self) -> int | None:
        """The option under the cursor (in the order shown), if any."""
        for first, options in zip(self._starts, self._lists, strict=True):
            if options.highlighted is not None:
                return first + options.highlighted
        return None

    def highlight(self, index: int) -> None:
        """Put the cursor, and the keys, on option ``index`` (in the order shown)."""
        self._put_cursor(index)
        self.focus()

    def _put_cursor(self, index: int) -> None:
        """The cursor on option ``index`` (in the order shown), in one list only."""
        for first, options in zip(self._starts, self._lists, strict=True):
            inside = first <= index < first + options.option_count
            options.highlighted = index - first if inside else None

    def focus(self, scroll_visible: bool = True) -> Self:
        """The keys go to the list with the cursor in it."""
        index = self.highlighted
        with_cursor = 0 if index is None else int(index >= self._starts[1])
        self._lists[with_cursor].focus(scroll_visible)
        return self

    @property
    def _starts(self) -> tuple[int, int]:
        """Where each list starts in the order shown: the melds and the dix, the draws."""
        return 0, self._lists[0].option_count

    def offer(self, actions: list[Action], view: SeatView) -> None:
        """Show ``actions`` (from ``distinct_choices``), keeping the keys of this turn."""
        turn = (view.hand_no, view.trick_no, view.seat)
        keyed = {choice_key(a, view): a for a in actions}
        can_meld = any(isinstance(a, Meld) for a in actions)
        choices = []
        for choice in self._choices if turn == self._turn else []:
            action = keyed.pop(choice.same, None)
            if action is None:
                word = choice.shut or ("done" if done(choice.action, view) else "closed")
                choices.append(replace(choice, shut=word))
            else:
                text = self.describe(action, view, can_meld)
                choices.append(Choice(choice.same, choice.key, action, text))
        numbered = sum(not isinstance(c.action, Draw) for c in choices)
        for same, action in keyed.items():
            if isinstance(action, Draw):
                key = TURN_UP_KEY if action.take_turn_up else DRAW_KEY
            else:
                key, numbered = _key(numbered), numbered + 1
            choices.append(Choice(same, key, action, self.describe(action, view, can_meld)))
        choices.sort(key=lambda choice: isinstance(choice.action, Draw))  # the draws last
        if turn == self._turn and choices == self._choices:
            return
        index = self.highlighted
        cursor = None if index is None else self._choices[index].same
        self._turn, self._choices = turn, choices
        for options, part in zip(self._lists, self._parts(), strict=True):
            options.clear_options()
            options.add_options(_option(choice) for choice in part)
        open_ones = [i for i, c in enumerate(choices) if not c.shut]
        again = [i for i in open_ones if choices[i].same == cursor]
        had_keys = self.has_focus_within
        if open_ones:
            self._put_cursor((again or open_ones)[0])
        if had_keys:
            self.focus()  # into the list the cursor went to

    def _parts(self) -> tuple[list[Choice], list[Choice]]:
        """The options by list: the melds and the dix, the draws."""
        draws = [c for c in self._choices if isinstance(c.action, Draw)]
        return [c for c in self._choices if not isinstance(c.action, Draw)], draws

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

    def action_choose(self, key: str) -> None:
        """The option of ``key``; a greyed one is refused in words, not in silence."""
        choice = next((c for c in self._choices if c.key == key), None)
        if choice is not None:
            self._choose(choice)

    def _choose(self, choice: Choice) -> None:
        if choice.shut:
            self.notify(
                f"Option {choice.key} is {choice.shut}: it is no longer open this turn.",
                title="Not allowed",
                severity="warning",
            )
            return
        self.post_message(self.Chosen(choice.action))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        first = self._starts[self._lists.index(event.option_list)]
        self._choose(self._choices[first + event.option_index])

    @on(_Options.Arrow)
    def _step(self, event: _Options.Arrow) -> None:
        """The cursor to the next open option up or down, from one list into
        the other, round from the last to the first."""
        event.stop()
        open_ones = [i for i, c in enumerate(self._choices) if not c.shut]
        here, down = self.highlighted, event.direction > 0
        ahead = [i for i in open_ones if here is None or (i - here) * event.direction > 0]
        if open_ones:
            self.highlight((ahead or open_ones)[0 if down else -1])


def _key(n: int) -> str:
    """The key of the meld or dix option ``n`` (from 0): 1 to 9, 0, then - =
    and letters (none past the last key: the arrows reach it)."""
    return OPTION_KEYS[n] if n < len(OPTION_KEYS) else ""


def _option(choice: Choice) -> Option:
    """The line of ``choice``, greyed once it is shut."""
    return Option(_numbered(choice.key, choice.line), disabled=bool(choice.shut))


def _numbered(key: str, text: Text) -> Table:
    """An option by its key, ``text`` wrapping beside the key, not under it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(key, text)
    return grid
