"""The table driver: the one game loop of the project.

A ``Table`` runs a game held by a ``Game`` (a ``record.GameSession`` that saves
every action, or an ``UnsavedGame`` in memory): it deals when a hand is due,
applies forced actions (a seat with a single legal choice) itself, and
otherwise stops at a ``Decision`` (the seat to act, its view and its legal
actions, computed once per position) until someone acts. ``play`` runs that
loop with players that choose from a view; the app instead maps each decision
to its widgets and acts when the person (or the computer, in a worker) does.

A game that can take actions back (an ``UndoableGame``: an ``UnsavedGame``, or
a session of a game that allows undo) lets ``Table.take_back(seat)`` return
to that seat's previous decision within the hand being played.

>>> import random
>>> from pinochle_tui.engine import Rules, shuffled_deck
>>> rules = Rules(game="single-deal")
>>> game = UnsavedGame.new(rules, lambda hand_no: shuffled_deck(rules, random.Random(hand_no)))
>>> class FirstChoice:
...     name = "first"
...     def choose(self, view, legal):
...         return legal[0]
>>> outcome = Table(game).play((FirstChoice(), FirstChoice()))
>>> outcome.termination.name in ("SINGLE_DEAL_WON", "SINGLE_DEAL_DRAWN")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from pinochle_tui.engine.actions import Action, DeclareOut
from pinochle_tui.engine.cards import Card
from pinochle_tui.engine.errors import IllegalActionError
from pinochle_tui.engine.events import Event
from pinochle_tui.engine.outcome import Outcome
from pinochle_tui.engine.rules import Rules
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.state import GameState, LegalActions
from pinochle_tui.engine.view import Phase, SeatView


class Game(Protocol):
    """Where a table's game lives: its state, where decks come from, and where
    actions go (a game session records and saves each one)."""

    @property
    def state(self) -> GameState: ...

    def deal(self) -> list[Event]:
        """Deal the next hand."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (``IllegalActionError`` otherwise, nothing changed)."""
        ...


@runtime_checkable
class UndoableGame(Game, Protocol):
    """A game that can take back actions of the hand being played (the last dealt)."""

    def hand_start(self) -> GameState:
        """A copy of the game right after the deal of the hand being played."""
        ...

    def hand_actions(self) -> Sequence[Action]:
        """Every action of the hand being played so far, in order."""
        ...

    def take_back(self, count: int, seat: Seat) -> None:
        """Take back the hand's last ``count`` actions, to a decision of ``seat``
        (``IllegalActionError`` if it cannot, nothing changed)."""
        ...


class Player(Protocol):
    """Anything that picks an action from what its seat can see: a seat view
    and the legal actions in, one of them out. It never sees the game state,
    so it cannot peek at hidden cards."""

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action: ...


class UnsavedGame:
    """A game in memory, dealt from ``decks(hand_no)`` (hand numbers from 1)."""

    def __init__(self, state: GameState, decks: Callable[[int], Sequence[Card | str]]) -> None:
        self._state = state
        self._decks = decks
        #: The hand being played: the state right after its deal, and its actions.
        self._start = state.copy()
        self._actions: list[Action] = []

    @classmethod
    def new(
        cls,
        rules: Rules,
        decks: Callable[[int], Sequence[Card | str]],
        dealer: Seat = Seat.SOUTH,
    ) -> UnsavedGame:
        """A new game that ``dealer`` deals first."""
        return cls(GameState.new(rules, dealer=dealer), decks)

    @property
    def state(self) -> GameState:
        return self._state

    def deal(self) -> list[Event]:
        events = self._state.deal(self._decks(self._state.hand_no + 1))
        self._start, self._actions = self._state.copy(), []
        return events

    def apply(self, action: Action) -> list[Event]:
        events = self._state.apply(action)
        self._actions.append(action)
        return events

    def hand_start(self) -> GameState:
        return self._start.copy()

    def hand_actions(self) -> list[Action]:
        return list(self._actions)

    def take_back(self, count: int, seat: Seat) -> None:
        if not 1 <= count <= len(self._actions):
            raise IllegalActionError(f"This hand has {len(self._actions)} actions to take back.")
        del self._actions[-count:]
        self._state = self.hand_start()
        for action in self._actions:
            self._state.apply(action)


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat must choose: what it sees and what it may do, at position ``move_no``."""

    seat: Seat
    view: SeatView
    legal: LegalActions
    #: The table's move counter when the decision arose: an answer computed for
    #: an older position (the other player declared out meanwhile) is stale.
    move_no: int


class Table:
    """Drives one game: deals, forced actions, decisions, the end.

    Like pokerkit's automations, the chores can be left to the caller:
    ``auto_deal`` deals each hand as soon as it is due (without it the table
    stops between hands, ``deal_due``, until ``deal()`` is called, so the app
    can show the score sheet first); ``auto_forced`` applies an action that is
    a seat's only legal choice (without it every action is a decision, for a
    test that checks each position).
    """

    def __init__(self, game: Game, *, auto_deal: bool = True, auto_forced: bool = True) -> None:
        self.game = game
        self.auto_deal = auto_deal
        self.auto_forced = auto_forced
        #: Deals and actions applied through this table.
        self.move_no = 0
        #: What the position offers, computed once per position (see ``changed``).
        self._views: dict[Seat, SeatView] = {}
        self._legal: dict[Seat, LegalActions] = {}

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended; None while it goes on."""
        return self.game.state.outcome

    @property
    def deal_due(self) -> bool:
        return self.game.state.phase is Phase.DEAL

    # -- what the position offers, computed once per position -----------------

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may know now."""
        if seat not in self._views:
            self._views[seat] = self.game.state.view(seat)
        return self._views[seat]

    def legal(self, seat: Seat) -> LegalActions:
        """What ``seat`` may do now (declaring out may be open to the seat not to act)."""
        if seat not in self._legal:
            self._legal[seat] = self.game.state.legal_actions(seat)
        return self._legal[seat]

    def changed(self) -> None:
        """The game moved on: count it, and forget what the old position offered.
        The table calls it for every deal and action it applies; call it after
        changing the game any other way (taking moves back, say)."""
        self.move_no += 1
        self._views.clear()
        self._legal.clear()

    def decision(self) -> Decision | None:
        """The decision the game waits for, or None between hands or at the end."""
        state = self.game.state
        if state.phase in (Phase.DEAL, Phase.GAME_OVER):
            return None
        seat = state.to_act
        return Decision(seat, self.view(seat), self.legal(seat), self.move_no)

    # -- moving the game on ------------------------------------------------------

    def advance(self) -> list[Event]:
        """Do what needs no one's choice: deal a due hand (with ``auto_deal``) and
        apply every forced action, up to the next real decision or the end."""
        events: list[Event] = []
        while True:
            state = self.game.state
            if state.phase is Phase.DEAL:
                if not self.auto_deal:
                    return events
                events += self._record(self.game.deal())
                continue
            if state.phase is Phase.GAME_OVER:
                return events
            legal = self.legal(state.to_act)
            if len(legal) != 1 or not self.auto_forced:
                return events
            events += self._record(self.game.apply(legal[0]))

    def deal(self) -> list[Event]:
        """Deal the hand that is due, then ``advance``."""
        if not self.deal_due:
            raise IllegalActionError("No hand is due to be dealt now.")
        return self._record(self.game.deal()) + self.advance()

    def act(self, action: Action) -> list[Event]:
        """Apply one chosen action (any seat's legal action, such as declaring
        out while the other seat is to act), then ``advance``. An illegal action
        raises ``IllegalActionError`` with the reason and changes nothing."""
        if action not in self.legal(action.seat):
            self.game.state.check(action)  # raises with the reason
        return self._record(self.game.apply(action)) + self.advance()

    def _record(self, events: list[Event]) -> list[Event]:
        self.changed()
        return events

    # -- taking back ----------------------------------------------------------------

    def undo_count(self, seat: Seat) -> int:
        """How many actions ``take_back(seat)`` would take back: those from
        ``seat``'s last decision in the hand being played on; 0 if it made none
        (or the game cannot take actions back).

        A decision is an action the seat chose: declaring out, or any action
        where it had another choice besides declaring out (a card it had to
        play is not one). Without ``auto_forced`` every action of the seat is.
        """
        game = self.game
        if not isinstance(game, UndoableGame):
            return 0
        state = game.hand_start()
        actions = game.hand_actions()
        last: int | None = None
        for index, action in enumerate(actions):
            if action.seat == seat and (
                isinstance(action, DeclareOut) or not self.auto_forced or _chose(state, seat)
            ):
                last = index
            state.apply(action)
        return 0 if last is None else len(actions) - last

    def take_back(self, seat: Seat) -> int:
        """Take back ``seat``'s last decision in the hand being played and everything
        after it, back to the position where it decided; returns how many actions
        went. The move counter advances, so an answer computed for the position
        before (the computer thinking meanwhile) is stale.

        Raises ``IllegalActionError`` if there is nothing of ``seat``'s to take
        back, or the game does not allow it.
        """
        count = self.undo_count(seat)
        if count == 0:
            raise IllegalActionError("There is no move of yours to take back in this hand.")
        assert isinstance(self.game, UndoableGame)
        self.game.take_back(count, seat)
        self.changed()
        return count

    def play(self, players: Sequence[Player]) -> Outcome:
        """Play the game to its end, asking ``players[seat]`` at each decision of
        that seat. A player that chooses an illegal action raises
        ``IllegalActionError`` naming it."""
        self.advance()
        while (outcome := self.outcome) is None:
            decision = self.decision()
            if decision is None:  # a hand is due, without ``auto_deal``
                self.deal()
                continue
            player = players[decision.seat]
            action = player.choose(decision.view, decision.legal)
            if action not in decision.legal:
                raise IllegalActionError(f"{player.name} chose an illegal action: {action}")
            self.act(action)
        return outcome


def _chose(state: GameState, seat: Seat) -> bool:
    """Whether ``seat`` has a choice now besides declaring out."""
    choices = 0
    for action in state.legal_actions(seat):
        if not isinstance(action, DeclareOut):
            choices += 1
            if choices > 1:
                return True
    return False
