"""The trick winner's choices: each legal meld with its points, the dix, and the draw.

Options come straight from the engine's legal actions; physically identical
choices (the same meld from either copy of a card) are shown once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from pinochle_tui.engine import Action, Card, DeclareOut, Draw, ExchangeDix, Meld, SeatView, ShowDix
from pinochle_tui.tui.cardfaces import face, faces


def _meld_key(action: Meld, table: frozenset[Card]) -> tuple[object, ...]:
    return (action.kind, tuple(sorted((c.face.id, c in table) for c in action.cards)))


def distinct_choices(actions: Iterable[Action], view: SeatView) -> list[Action]:
    """The winner's actions without declaring out, one per physically distinct choice."""
    table = frozenset(view.tables[view.seat])
    seen: set[tuple[object, ...]] = set()
    out: list[Action] = []
    for action in actions:
        if isinstance(action, DeclareOut):
            continue
        key: tuple[object, ...]
        if isinstance(action, Meld):
            key = _meld_key(action, table)
        elif isinstance(action, ShowDix | ExchangeDix):
            key = (type(action), action.card.face.id)
        else:
            key = (action,)
        if key not in seen:
            seen.add(key)
            out.append(action)
    melds = sorted((a for a in out if isinstance(a, Meld)), key=lambda a: -a.points)
    dix = [a for a in out if isinstance(a, ShowDix | ExchangeDix)]
    draws = [a for a in out if isinstance(a, Draw)]
    return [*melds, *dix, *draws]


def describe(action: Action, view: SeatView, ascii_only: bool, can_meld: bool) -> str:
    """The option as the player reads it, with the points it scores."""
    table = frozenset(view.tables[view.seat])
    if isinstance(action, Meld):
        from_table = [c for c in action.cards if c in table]
        note = f"  (uses {faces(from_table, ascii_only)} from the table)" if from_table else ""
        return f"{action.kind}  {faces(action.cards, ascii_only)}  +{action.points}{note}"
    if isinstance(action, ShowDix):
        return f"Show the dix {face(action.card, ascii_only)}  +10"
    if isinstance(action, ExchangeDix):
        points = 0 if action.card in view.dix_counted else 10
        assert view.turn_up is not None
        turn_up = face(view.turn_up, ascii_only)
        return (
            f"Exchange the dix {face(action.card, ascii_only)} for the turn-up {turn_up}  +{points}"
        )
    if isinstance(action, Draw):
        if view.stock_size == 1 and action.take_turn_up:
            assert view.turn_up is not None
            return f"Take the turn-up {face(view.turn_up, ascii_only)} (last draw)"
        if view.stock_size == 1:
            return "Take the last face-down card (shown to both)"
        return "Draw (no meld)" if can_meld else "Draw (end your turn)"
    return str(action)


class MeldPanel(OptionList):
    """Pick one of the winner's options with the arrows and Enter, or its number."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(str(n % 10), f"choose({n - 1})", "Option", show=n == 1, key_display="1…9")
        for n in range(1, 10)
    ]

    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only
        self._actions: list[Action] = []

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def offer(self, actions: list[Action], view: SeatView) -> None:
        if actions == self._actions:
            return
        self._actions = actions
        can_meld = any(isinstance(a, Meld) for a in actions)
        self.clear_options()
        self.add_options(
            Option(f"{i + 1}. {describe(a, view, self._ascii_only, can_meld)}")
            for i, a in enumerate(actions)
        )
        self.highlighted = 0 if actions else None

    def action_choose(self, index: int) -> None:
        if index < len(self._actions):
            self.post_message(self.Chosen(self._actions[index]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option_index)
