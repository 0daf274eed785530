"""Players that read the game state, for benchmarks only: the cheater, the
expert's search with every card in sight, and the seer, the hard player shown
the opponent's hand but not the stock's order.

They measure how far each level is from perfect information, and how much of
that gap reading the opponent's cards could close (the seer's margin over hard)
and how much is the stock's order, which no reading can tell. They are the one
players that read the game state (the opponent's hand, the stock's order), so
they cannot play through the seat-view interface alone: the duplicate match
runner hands them the state with ``watch`` before a game (``match.play_game``),
and the registry never offers them in the app.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pinochle_tui.ai.appraisal import Weights
from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.inference import Evidence, Signal
from pinochle_tui.ai.sampling import ExpertPlayer, HardPlayer
from pinochle_tui.ai.world import World
from pinochle_tui.engine import Action, GameState, PinochleError, SeatView


class PeekingPlayer(HardPlayer):
    """A searching player whose worlds come from the game it is shown (the
    match runner shows it with ``watch``)."""

    _state: Callable[[], GameState] | None = None

    def watch(self, state: Callable[[], GameState]) -> None:
        """Let the player read the game it plays (the match runner does this)."""
        self._state = state

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if self._state is None:
            raise PinochleError(
                f"the {self.name} plays only in matches, where it is shown the game"
            )
        return super().choose(view, legal)

    def truth(self) -> tuple[int, list[int]]:
        """The opponent's concealed cards and the stock (the top card last), as they are."""
        assert self._state is not None
        state = self._state()
        opp = state.to_act.other
        return state.hands[opp] & ~state.public[opp], list(state.stock)


class CheaterPlayer(PeekingPlayer, ExpertPlayer):
    """Sees all the cards (benchmarks only: the gap to perfect information).
    Its one "sample" is the true deal, so it plays out every distinct play
    once in the real future."""

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

    def world(self, rng: random.Random, weighed: Evidence) -> World:
        """The true hidden cards."""
        hidden, stock = self.truth()
        return World(hidden, tuple(stock))


class SeerPlayer(PeekingPlayer):
    """The hard player shown the opponent's hand, not the stock's order
    (benchmarks only): each world is the true hand and the stock shuffled."""

    name = "seer"

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget, signals=Signal.NONE)  # the hand needs no reading

    def world(self, rng: random.Random, weighed: Evidence) -> World:
        """The opponent's true hand, and the stock's cards in a random order."""
        hidden, stock = self.truth()
        rng.shuffle(stock)
        return World(hidden, tuple(stock))
