"""The cheater: the expert's search with every card in sight, for benchmarks only.

It measures how far each level is from perfect information. It is the one
player that reads the game state (the opponent's hand and the stock's order),
so it cannot play through the seat-view interface alone: the duplicate match
runner hands it the state with ``watch`` before a game (``match.play_game``),
and the registry never offers it in the app. Its one "sample" is the true
deal, so it plays out every distinct play once in the real future.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pinochle_tui.ai.appraisal import Weights
from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.inference import Evidence, Signal
from pinochle_tui.ai.sampling import ExpertPlayer
from pinochle_tui.ai.world import World
from pinochle_tui.engine import Action, GameState, PinochleError, SeatView


class CheaterPlayer(ExpertPlayer):
    """Sees all the cards (benchmarks only: the gap to perfect information)."""

    name = "cheater"
    BUDGET = Budget(samples=1)
    #: Its play-out is of the true deal: it needs the normal player's view far less.
    PRIOR = 0.25

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        *,
        opponent: Weights | None = None,
    ) -> None:
        del budget  # the true deal is the only sample worth taking
        # the true deal needs no reading
        super().__init__(seed, signals=Signal.NONE, opponent=opponent)
        self._state: Callable[[], GameState] | None = None

    def watch(self, state: Callable[[], GameState]) -> None:
        """Let the player read the game it plays (the match runner does this)."""
        self._state = state

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if self._state is None:
            raise PinochleError("the cheater plays only in matches, where it is shown the game")
        return super().choose(view, legal)

    def world(self, rng: random.Random, weighed: Evidence) -> World:
        """The true hidden cards."""
        assert self._state is not None
        state = self._state()
        opp = state.to_act.other
        return World(state.hands[opp] & ~state.public[opp], tuple(state.stock))
