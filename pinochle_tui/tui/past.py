"""What a resumed game has been through: the events of every step of its
record, replayed (``record.replay.steps``), so the screen can tell this hand's
log again and rebuild the score sheets of the hands before."""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tui.engine import Event
from pinochle_tui.record.models import GameLog
from pinochle_tui.record.replay import initial_state, steps
from pinochle_tui.tui.scores import ScoreHistory


@dataclass(frozen=True, slots=True)
class Past:
    """The score sheets of the finished hands and the events of the last hand."""

    history: ScoreHistory
    this_hand: tuple[Event, ...]


def past_of(log: GameLog) -> Past:
    """Replay ``log`` (already checked when it was opened) for what it went through."""
    state = initial_state(log)
    history = ScoreHistory()
    this_hand: list[Event] = []
    target = state.target
    for step in steps(log, state):  # each step is applied to ``state`` when it comes
        if step.seat is None:
            this_hand = []
        this_hand += step.events
        history.feed(step.events, target)
        target = state.target
    return Past(history, tuple(this_hand))
