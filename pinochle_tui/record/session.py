"""A game in progress and its record, saved after every deal and action.

The session is the only writer of a record: it shuffles each hand from its
seed, applies actions through the engine, appends them to the log and saves
the whole log atomically, so a game killed at any moment resumes from its
last action. While it plays a file it holds the file's lock, so no other
session (in this process or another) plays the same game.

A failed save never costs a move, nor raises: the move stands in ``state``
and ``log``, ``save_error`` says what went wrong, and the next deal or action
(or ``retry_save``) saves the whole log again; ``move_to`` saves it
elsewhere. What was saved before stays whole, whatever fails.

In a game that allows undo, ``take_back`` removes the last actions of the
hand being played from the record, rebuilds the state from the hand's deal
and notes the undo in the record (``GameLog.undos``); the table driver's
``Table.take_back`` finds how far back a player's previous decision was.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType

from pinochle_tui.engine import (
    Action,
    Card,
    Event,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    Seat,
    parse_action,
    physical_deck,
    shuffled_deck,
)
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.files import remove_stray_temps
from pinochle_tui.record.lock import GameLock, acquire
from pinochle_tui.record.models import (
    VERSION,
    ActionRecord,
    GameLog,
    HandRecord,
    PlayerInfo,
    UndoRecord,
    seat_name,
    seat_of,
)
from pinochle_tui.record.replay import hand_start, result_of
from pinochle_tui.record.store import create_log, open_game, write_log


def _hand_rng(seed: int, hand_no: int) -> random.Random:
    """The shuffle of one hand: a function of the seed and the hand number only."""
    return random.Random(f"pinochle:{seed}:hand:{hand_no}")


class GameSession:
    """A game in progress with its record; every change is saved atomically.

    ``path`` is the game file, None until the game is first saved (or when it
    is not saved at all); ``save_error`` is None while everything is saved,
    else a one-line message saying why the last save failed.
    """

    def __init__(
        self,
        state: GameState,
        log: GameLog,
        path: Path | None = None,
        directory: Path | None = None,
        lock: GameLock | None = None,
    ) -> None:
        self.state = state
        self.log = log
        self.path = path
        #: Where the game is saved; None for a game that is not saved.
        self.directory = path.parent if path is not None else directory
        self.save_error: str | None = None
        #: Where each hand's deck comes from: the seeded shuffle, unless set
        #: (``new(decks=...)``: a stacked deck for a test, or a deal to replay).
        self.decks: Callable[[int], Sequence[Card | str]] | None = None
        #: The state right after the deal of the hand being played, once needed.
        self._hand_start: GameState | None = None
        self._closed = False
        self._hold(lock)

    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]:
        """South first, as recorded."""
        return self.log.players

    @property
    def seed(self) -> int:
        assert self.log.seed is not None  # sessions always record their seed
        return self.log.seed

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: Sequence[PlayerInfo],
        seed: int | None = None,
        save_dir: Path | None = None,
        first_dealer: Seat | None = None,
        decks: Callable[[int], Sequence[Card | str]] | None = None,
        undo: bool = False,
    ) -> GameSession:
        """A game waiting for its first deal; saved at once in a new file when ``save_dir``
        is given (if that fails, ``save_error`` says so and later saves try again).

        Without ``seed`` a random one is drawn (and recorded); without
        ``first_dealer`` the seed chooses it. ``decks(hand_no)`` gives each
        hand's deck order instead of the seeded shuffle (the record keeps the
        deck either way). ``undo`` allows ``take_back`` (and says so in the record).
        """
        if len(players) != 2:
            raise RecordError(f"a game needs two players, not {len(players)}")
        pair = (players[0], players[1])
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if first_dealer is None:
            first_dealer = random.Random(f"pinochle:{seed}:dealer").choice(list(Seat))
        log = GameLog(
            started=datetime.now().astimezone().replace(microsecond=0),
            seed=seed,
            rules=rules,
            players=pair,
            first_dealer=seat_name(first_dealer),
            undo_allowed=undo,
        )
        directory = None if save_dir is None else Path(save_dir)
        session = cls(GameState.new(rules, dealer=first_dealer), log, directory=directory)
        session.decks = decks
        session._save()
        return session

    @classmethod
    def load(cls, path: Path) -> GameSession:
        """The game saved at ``path``, replayed through the engine; it autosaves there.

        The game is locked for this session first (GameLockedError, naming the
        other process, if another session plays it), then the temporary files
        of interrupted saves are removed. Raises RecordError (one line) if the
        file is unreadable or breaks the rules.
        """
        path = Path(path)
        lock = acquire(path)
        try:
            remove_stray_temps(path)
            game = open_game(path)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        log = game.log
        if log.seed is None:  # written by another program: keep dealing reproducibly
            log = log.model_copy(update={"seed": random.SystemRandom().getrandbits(63)})
        # From the next save on the game is a record of the version this program writes.
        log = log.model_copy(update={"version": VERSION})
        return cls(game.state, log, path, lock=lock)

    @property
    def needs_deal(self) -> bool:
        return self.state.phase is Phase.DEAL

    def deal(self) -> list[Event]:
        """Shuffle and deal the next hand, record its deck and dealer, and save."""
        self._check_open()
        hand_no = self.state.hand_no + 1
        if self.decks is None:
            deck = shuffled_deck(self.state.rules, _hand_rng(self.seed, hand_no))
        else:
            deck = physical_deck(self.decks(hand_no), self.state.rules)
        events = self.state.deal(deck)
        self._hand_start = self.state.copy()
        hand = HandRecord(
            dealer=seat_name(self.state.dealer), deck=tuple(card.code for card in deck)
        )
        self._update(hands=(*self.log.hands, hand))
        return events

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` (an illegal one raises and records nothing), record it, save."""
        self._check_open()
        events = self.state.apply(action)
        *done, hand = self.log.hands
        record = ActionRecord(seat=seat_name(action.seat), action=action.text)
        hand = hand.model_copy(update={"actions": (*hand.actions, record)})
        self._update(hands=(*done, hand), result=result_of(self.state))
        return events

    @property
    def undo_allowed(self) -> bool:
        return self.log.undo_allowed

    def hand_start(self) -> GameState:
        """A copy of the game right after the deal of the hand being played (the last
        hand dealt), rebuilt from the record the first time it is needed."""
        if self._hand_start is None:
            self._hand_start = hand_start(self.log)
        return self._hand_start.copy()

    def hand_actions(self) -> list[Action]:
        """The actions of the hand being played so far, in order."""
        if not self.log.hands:
            return []
        return [parse_action(r.action, seat_of(r.seat)) for r in self.log.hands[-1].actions]

    def take_back(self, count: int, seat: Seat) -> None:
        """Take back the last ``count`` actions of the hand being played, to a decision
        of ``seat``: they leave the record, the state is rebuilt by replaying the hand's deal
        and the actions kept, the undo is recorded, and the game saved.

        Raises ``IllegalActionError`` (nothing changed) if the game does not allow
        undo or the hand has fewer actions.
        """
        self._check_open()
        if not self.log.undo_allowed:
            raise IllegalActionError("Taking moves back is off in this game.")
        done = len(self.log.hands[-1].actions) if self.log.hands else 0
        if not 1 <= count <= done:
            raise IllegalActionError(
                f"This hand has {done} actions to take back, not {count}: "
                "moves are never taken back across a deal."
            )
        *before, hand = self.log.hands
        kept = hand.actions[: done - count]
        state = self.hand_start()
        for record in kept:
            state.apply(parse_action(record.action, seat_of(record.seat)))
        undo = UndoRecord(
            hand=len(self.log.hands),
            at_action=len(kept) + 1,
            taken_back=count,
            seat=seat_name(seat),
        )
        self.state = state
        self._update(
            hands=(*before, hand.model_copy(update={"actions": kept})),
            result=result_of(state),
            undos=(*self.log.undos, undo),
        )

    def retry_save(self) -> bool:
        """Try again to save the whole game where it is saved; whether it is saved now."""
        self._check_open()
        return self._save()

    def move_to(self, directory: Path) -> None:
        """Save the game in a new file of ``directory`` (created if need be) and go on there.

        The old file, if any, is left as it was, and unlocked. Raises
        RecordError if the game cannot be saved there; the session then goes
        on as before.
        """
        self._check_open()
        path, lock = create_log(Path(directory), self.log)
        self._let_go()
        self.path, self.directory, self.save_error = path, path.parent, None
        self._hold(lock)

    def close(self) -> None:
        """Stop playing: release the game's lock. Safe to call twice; nothing can be
        dealt or applied after. (A session dropped without closing is released when
        it is garbage collected, or when the process ends.)"""
        self._closed = True
        self._let_go()

    def __enter__(self) -> GameSession:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _hold(self, lock: GameLock | None) -> None:
        """Keep ``lock`` until ``_let_go``, or at the latest until the session is collected."""
        self._release = None if lock is None else weakref.finalize(self, lock.release)

    def _let_go(self) -> None:
        if self._release is not None:
            self._release()  # a finalizer runs once: calling it again does nothing

    def _check_open(self) -> None:
        if self._closed:
            raise RecordError("this game session is closed")

    def _update(self, **changes: object) -> None:
        self.log = self.log.model_copy(update=changes)
        self._save()

    def _save(self) -> bool:
        """Save the whole log (creating its file the first time); record any failure."""
        if self.directory is None:
            return True
        try:
            if self.path is None:
                self.path, lock = create_log(self.directory, self.log)
                self._hold(lock)
            else:
                write_log(self.path, self.log)
        except RecordError as error:
            self.save_error = str(error)
            return False
        self.save_error = None
        return True
