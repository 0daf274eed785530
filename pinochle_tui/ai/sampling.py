"""The hard player: in the first phase it samples the hidden cards and plays
each candidate card out in every sample; in the playoff it solves exactly
(from 12 cards a hand down, the whole playoff of the 48-card pack).

The samples are drawn from what the seat view leaves open (see ``world``), so
they are always consistent with everything the seat has seen. The candidates
are the normal player's best few plays; each is played out in the same worlds
(common random numbers), and the mean final point difference decides, with
the normal player's weighing as a small tie-breaker.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle_tui.ai.heuristic import (
    distinct_plays,
    play_scores,
    routine_choice,
)
from pinochle_tui.ai.knowledge import Knowledge
from pinochle_tui.ai.playoff import ExactPlayoff
from pinochle_tui.ai.rollout import play_out
from pinochle_tui.ai.world import World, build_state, sample_world
from pinochle_tui.engine.actions import Action, Play
from pinochle_tui.engine.view import SeatView

#: Samples of the hidden cards per decision.
WORLDS = 96
#: Plays (the normal player's best) tried in every sample.
CANDIDATES = 6
#: Weight of the normal player's score of a play next to the sampled point difference.
PRIOR = 0.25


class HardPlayer:
    """Samples the hidden cards and plays candidates out; exact in the playoff."""

    name = "hard"

    def __init__(
        self, seed: int | None = None, worlds: int = WORLDS, candidates: int = CANDIDATES
    ) -> None:
        self._seed = 0 if seed is None else seed
        self._worlds = worlds
        self._candidates = candidates
        self._exact = ExactPlayoff()

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        routine = routine_choice(view, legal, self._exact)
        if routine is not None:
            return routine
        prior = play_scores(view, distinct_plays(view, legal))
        ranked = sorted(prior, key=lambda p: -prior[p])[: self._candidates]
        if len(ranked) == 1:
            return ranked[0]
        sampled = self.evaluate(view, ranked, self.worlds(view))
        return max(ranked, key=lambda p: sampled[p] + PRIOR * prior[p])

    def worlds(self, view: SeatView) -> list[World]:
        """The samples for this decision: the same seed and view give the same samples."""
        rng = random.Random(f"{self._seed}/{view.hand_no}/{view.trick_no}/{view.phase.value}")
        know = Knowledge.from_view(view)
        return [sample_world(know, rng) for _ in range(self._worlds)]

    def evaluate(
        self, view: SeatView, plays: Sequence[Play], worlds: Sequence[World]
    ) -> dict[Play, float]:
        """The mean final point difference (this seat minus the other) after each play."""
        seat = view.seat
        totals = dict.fromkeys(plays, 0.0)
        for world in worlds:
            base = build_state(view, world)
            for play in plays:
                state = base.copy()
                state.apply_legal(play)  # legal in the view, so in every world built from it
                play_out(state)
                totals[play] += state.scores[seat] - state.scores[seat.other]
        return {play: total / len(worlds) for play, total in totals.items()}
