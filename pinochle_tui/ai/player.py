"""The player interface: a seat view and the legal actions in, one action out.

A player never sees the game state, only ``SeatView``, so it cannot peek at
hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle_tui.ai.budget import Budget
from pinochle_tui.engine import Action, DeclareOut, SeatView
from pinochle_tui.engine.table import Player

__all__ = ["Player", "RandomPlayer"]


class RandomPlayer:
    """Plays a random legal action (never declares out): the floor for strength tests."""

    name = "random"

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        del budget  # it decides at once
        self._rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        options: list[Action] = [a for a in legal if not isinstance(a, DeclareOut)] or list(legal)
        return self._rng.choice(options)
