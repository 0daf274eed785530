"""The match's score sheets, hand by hand, gathered from the events as they
happen (or, for a resumed game, from the record's replay). Pure logic: the
score sheet, the history screen and the score board show it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pinochle_tui.engine import (
    Event,
    GameOver,
    HandDealt,
    HandScored,
    MeldScored,
    Outcome,
    Seat,
    TargetRaised,
    Termination,
)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One finished hand: its melds, the count of its tricks, the totals after it."""

    hand_no: int
    melds: tuple[MeldScored, ...]
    scored: HandScored
    #: The target the hand was played to, and the new one if both reached it.
    target: int
    raised_to: int | None = None
    #: How the game ended, if it ended with this hand.
    outcome: Outcome | None = None

    @property
    def single_deal(self) -> bool:
        """Whether this hand was a whole single-deal game: it has no match
        total and no target, only its own result."""
        ends = (Termination.SINGLE_DEAL_WON, Termination.SINGLE_DEAL_DRAWN)
        return self.outcome is not None and self.outcome.termination in ends

    def meld_lines(self, seat: Seat) -> list[str]:
        """Each meld of ``seat`` with its points, and the dix points besides."""
        melds = [m for m in self.melds if m.seat == seat]
        lines = [f"{m.kind} {m.points}" for m in melds]
        dix = self.scored.meld_points[seat] - sum(m.points for m in melds)
        if dix:
            lines.append(f"dix {dix}")
        return lines

    def hand_points(self, seat: Seat) -> int:
        return self.scored.meld_points[seat] + self.scored.rounded[seat]


@dataclass
class ScoreHistory:
    """Every finished hand of the match so far."""

    hands: list[HandSummary] = field(default_factory=list)
    _hand_no: int = 0
    _melds: list[MeldScored] = field(default_factory=list)

    def feed(self, events: Iterable[Event], target: int) -> HandSummary | None:
        """Take in what happened (``target``: the target in force before these
        events); the hand's summary if one of them ended it."""
        finished: HandScored | None = None
        raised: int | None = None
        outcome: Outcome | None = None
        for event in events:
            if isinstance(event, HandDealt):
                self._hand_no, self._melds = event.hand_no, []
            elif isinstance(event, MeldScored):
                self._melds.append(event)
            elif isinstance(event, HandScored):
                finished = event
            elif isinstance(event, TargetRaised):
                raised = event.new
            elif isinstance(event, GameOver):
                outcome = event.outcome
        if finished is None:
            return None
        melds = tuple(self._melds)
        summary = HandSummary(self._hand_no, melds, finished, target, raised, outcome)
        self.hands.append(summary)
        return summary

    @property
    def totals(self) -> tuple[tuple[int, int], ...]:
        """Both totals after each finished hand."""
        return tuple(h.scored.totals for h in self.hands)
