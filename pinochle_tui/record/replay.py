"""Replaying a record through the engine: every deal and action, checked.

``steps`` drives a state from ``initial_state`` through the deal of each hand
and each action, yielding a ``Step`` after each; ``replay`` runs them all and
checks the recorded result and uses of undo. The first thing the engine
refuses raises ``IllegalRecordError`` naming the action and why, told of its
seat ("South does not hold K♠.", not the player's "You do not hold K♠."); an
action that is no action at all (``frobnicate QS``) makes the record
unreadable, ``RecordError``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from pinochle_tui.engine import (
    CARDS,
    Action,
    ActionParseError,
    Event,
    GameState,
    IllegalActionError,
    Phase,
    PinochleError,
    Seat,
    parse_action,
)
from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.models import GameLog, GameResult, HandRecord, seat_name, seat_of

#: Each face by its code; the deal numbers the copies by their order in the deck.
_FACES = {card.code: card for card in CARDS if card.copy == 1}


@lru_cache(maxsize=8192)
def _parse(text: str, seat: Seat) -> Action:
    """``parse_action``, cached: a replay reads the same few hundred texts again and again."""
    return parse_action(text, seat)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: a deal (``seat`` None, ``number`` 0) or an action."""

    hand_no: int
    #: The action's number in the whole game, from 1; 0 for a deal.
    number: int
    seat: Seat | None
    text: str
    events: tuple[Event, ...]


def result_of(state: GameState) -> GameResult | None:
    """The record's result for a state: None until the game is over."""
    if not state.is_over:
        return None
    return GameResult(
        winner=None if state.winner is None else seat_name(state.winner),
        scores=(state.scores[0], state.scores[1]),
        reason=state.result,
    )


def initial_state(log: GameLog) -> GameState:
    """The game before its first deal."""
    return GameState.new(log.rules, dealer=seat_of(log.first_dealer))


def steps(log: GameLog, state: GameState) -> Iterator[Step]:
    """Play ``log`` on ``state`` (from ``initial_state``), one step per yield."""
    number = 0
    for hand_no, hand in enumerate(log.hands, start=1):
        yield Step(hand_no, 0, None, "deal", tuple(_deal(state, hand, hand_no)))
        for record in hand.actions:
            number += 1
            seat = seat_of(record.seat)
            where = f"action {number} (hand {hand_no}, {seat} {record.action!r})"
            try:
                action = _parse(record.action, seat)
            except ActionParseError as error:  # no action at all: the record is unreadable
                raise RecordError(f"{where}: {error}") from None
            try:
                events = state.apply(action)
            except IllegalActionError as error:  # told of the seat, not to "you"
                raise IllegalRecordError(f"{where}: {error.of(str(seat))}") from None
            except ValueError as error:  # the engine's other errors: the rules refuse it
                raise IllegalRecordError(f"{where}: {error}") from None
            yield Step(hand_no, number, action.seat, record.action, tuple(events))


def _deal(state: GameState, hand: HandRecord, hand_no: int) -> list[Event]:
    if state.phase is not Phase.DEAL:
        raise IllegalRecordError(f"hand {hand_no}: {_not_dealable(state)}")
    expected = seat_name(state.dealer.other)
    if hand.dealer != expected:
        raise IllegalRecordError(f"hand {hand_no}: the dealer is {expected}, not {hand.dealer}")
    try:
        return state.deal([_FACES[code] for code in hand.deck])
    except PinochleError as error:
        raise IllegalRecordError(f"hand {hand_no}: the deck is not a pack: {error}") from None


def _not_dealable(state: GameState) -> str:
    if state.is_over:
        return "dealt after the end of the game"
    return "dealt before the previous hand was finished"


@dataclass(frozen=True, slots=True)
class Frame:
    """The game after one step (``step`` None: before the first deal), for stepping back."""

    step: Step | None
    state: GameState


def replay(log: GameLog) -> GameState:
    """The state at the end of ``log``, after checking every step, the result and
    the uses of undo."""
    state = play_through(log)
    _check_result(log, state)
    return state


def play_through(log: GameLog) -> GameState:
    """The state at the end of ``log``, checked like ``replay`` but for the result
    (for a record whose result is still to be filled in)."""
    state = initial_state(log)
    for _ in steps(log, state):
        pass
    _check_undos(log)
    return state


def timeline(log: GameLog) -> list[Frame]:
    """Every position of the game, checked like ``replay``: the replay viewer steps through it."""
    state = initial_state(log)
    frames = [Frame(None, state.copy())]
    frames += [Frame(step, state.copy()) for step in steps(log, state)]
    _check_result(log, state)
    _check_undos(log)
    return frames


def hand_start(log: GameLog) -> GameState:
    """The game right after the deal of its last hand (before the first deal if none)."""
    if not log.hands:
        return initial_state(log)
    *done, last = log.hands
    dealt = log.model_copy(update={"hands": (*done, last.model_copy(update={"actions": ()}))})
    state = initial_state(dealt)
    for _ in steps(dealt, state):
        pass
    return state


def _check_undos(log: GameLog) -> None:
    """Undo used only where allowed, each time within a hand of the game, never
    going back to an earlier hand than the undo before."""
    if log.undos and not log.undo_allowed:
        raise IllegalRecordError("undo was used, but the game does not allow it")
    previous = 1
    for number, undo in enumerate(log.undos, start=1):
        if undo.hand > len(log.hands):
            raise IllegalRecordError(
                f"undo {number} is in hand {undo.hand}, but the game has {len(log.hands)}"
            )
        if undo.hand < previous:
            raise IllegalRecordError(
                f"undo {number} is in hand {undo.hand}, after one in hand {previous}: "
                "undo never goes back to an earlier hand"
            )
        previous = undo.hand


def _check_result(log: GameLog, state: GameState) -> None:
    found = result_of(state)
    if found != log.result:
        raise IllegalRecordError(
            f"the recorded result ({_describe(log.result)}) "
            f"does not match the replay ({_describe(found)})"
        )


def _describe(result: GameResult | None) -> str:
    if result is None:
        return "game not over"
    south, north = result.scores
    return f"{result.winner or 'nobody'} wins {south}-{north}: {result.reason}"
