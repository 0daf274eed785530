"""Counting tricks and deciding the match.

>>> rounded(87), rounded(126), rounded(124), rounded(125)
(90, 120, 120, 120)
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tui.engine.rules import Escalation, Rules
from pinochle_tui.engine.seats import Seat


def rounded(points: int) -> int:
    """A player's trick count in tens: a last digit of 7, 8 or 9 rounds up, else down."""
    tens, units = divmod(points, 10)
    return 10 * tens + (10 if units >= 7 else 0)


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """The end-of-hand check: a winner (or None) and the target from now on."""

    winner: Seat | None
    target: int
    raised: tuple[int, ...]


def end_of_hand(scores: tuple[int, int], target: int, rules: Rules) -> HandOutcome:
    """Apply the match rule: one player at or over the target wins; both raise it by 250.

    >>> end_of_hand((1260, 1240), 1000, Rules())
    HandOutcome(winner=None, target=1250, raised=(1250,))
    >>> end_of_hand((1260, 1240), 1000, Rules(escalation="reevaluate")).winner
    <Seat.SOUTH: 0>
    """
    south, north = scores
    raised: list[int] = []
    if south >= target and north >= target:
        while south >= target and north >= target:
            target += rules.escalation_step
            raised.append(target)
        if rules.escalation is Escalation.CONTINUE:
            return HandOutcome(None, target, tuple(raised))
    if south >= target and north < target:
        return HandOutcome(Seat.SOUTH, target, tuple(raised))
    if north >= target and south < target:
        return HandOutcome(Seat.NORTH, target, tuple(raised))
    return HandOutcome(None, target, tuple(raised))
