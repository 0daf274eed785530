"""How much a computer player may think about one decision.

Two kinds of budget: a wall-clock deadline (the app: the computer never keeps
a person waiting, whatever the machine's load) or a fixed amount of work in
samples of the hidden cards (benchmarks and ``pinochle match``: the same seed
gives the same play on any machine, so results are reproducible).

>>> Budget.parse("1.5s"), Budget.parse("200")
(Budget(seconds=1.5, samples=None), Budget(seconds=None, samples=200))
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass

#: Of a deadline, the share a player plans to use: the rest absorbs the last
#: piece of work running over, the answer's trip to the app, a busy machine.
PLANNED = 0.85


@dataclass(frozen=True, slots=True)
class Budget:
    """A deadline in ``seconds`` or a fixed number of ``samples``: exactly one."""

    seconds: float | None = None
    samples: int | None = None

    def __post_init__(self) -> None:
        if (self.seconds is None) == (self.samples is None):
            raise ValueError("a budget is either seconds or samples")
        if (self.seconds is not None and self.seconds <= 0) or (
            self.samples is not None and self.samples < 1
        ):
            raise ValueError("a budget must be positive")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``0.5s`` is a deadline of half a second, ``64`` is 64 samples."""
        text = text.strip().lower()
        try:
            if text.endswith("s"):
                return cls(seconds=float(text[:-1]))
            return cls(samples=int(text))
        except ValueError:
            raise ValueError(
                f"a budget is a number of samples (64) or of seconds (0.5s), not {text!r}"
            ) from None

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else str(self.samples)

    def start(self) -> Clock:
        """A clock for one decision, started now."""
        return Clock(self)


class Clock:
    """One decision's budget as it is spent: ``more`` says whether to take
    another sample (of work that takes about ``each`` seconds) in time.

    A player decides inside ``with budget.start() as clock:``. On a deadline
    that holds the cyclic garbage collector off until the decision is made: a
    full collection of a large heap (the app's, a long test run's) takes a few
    hundred milliseconds, more than the deadline's margin (a 0.3 s decision of
    hard's took 0.66 s with one in it, in a process of some 14 million
    objects). The search's own garbage goes by reference counting; what only
    the collector frees (about 130,000 objects of a 2 s expert decision, the
    playoff solvers' cycles) waits for the answer.
    """

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.started = time.perf_counter()
        seconds = budget.seconds
        self._end = None if seconds is None else self.started + PLANNED * seconds
        self._paused = False

    def __enter__(self) -> Clock:
        self._paused = self._end is not None and gc.isenabled()
        if self._paused:
            gc.disable()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._paused:
            gc.enable()

    @property
    def deadline(self) -> float | None:
        """The end of the planned share as a ``time.perf_counter`` time (None for
        a sample budget)."""
        return self._end

    def left(self) -> float:
        """Seconds left of the planned share (infinite for a sample budget)."""
        return float("inf") if self._end is None else self._end - time.perf_counter()

    def more(self, done: int, each: float = 0.0) -> bool:
        """Whether a sample budget has more samples after ``done``, or a
        deadline leaves room for one more piece of work of ``each`` seconds."""
        if self.budget.samples is not None:
            return done < self.budget.samples
        return self.left() > each
