"""The hard and expert players: in the first phase they sample the hidden cards
and play each candidate card out in every sample; in the playoff they solve
exactly, the whole playoff with either pack (``TimedPlayoff`` on a deadline).

The samples are drawn from what the seat view leaves open (see ``world``),
weighted by what the opponent's play says about its cards (``inference``;
a lead the opponent has just made is read by the same model of normal the
play-outs use, ``inference.fits_lead``), so they are always consistent with
everything the seat has seen. The candidates
are the best few plays by the heuristic weighing (``heuristic.play_scores``)
with this player's own weights (``appraisal.KEEPING``: trumps and aces kept
longer than normal keeps them); each is played out in the same worlds
(common random numbers), both seats playing the first phase by that weighing
at mask level (``rollout.weighed_card``), this seat with its own weights and
the opponent with normal's, as a model of the normal player. A play's worth
is its mean final point difference plus ``PRIOR`` times its weighing (the
play-outs are rough; the weighing sees what they miss), and the worthiest is
played. (Over the same 300 duplicate deals against
normal: the one-trick habit as the play-out made hard +22 a deal; the
weighing, with candidates dropped by worth, +28; the weighing made a close
model of normal, with the melds in reach, +33.)

The search is anytime: on a deadline it takes world after world while the
slowest one so far still fits the time left (and leaves out a world the
deadline cuts short), on a sample budget exactly that many. Every ``ROUND``
worlds, a candidate clearly behind the leader in worth (by ``DROP_Z``
standard errors of the paired difference) is dropped, so the budget goes to
the plays still in question; when one is left, it is the answer.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tui.ai.appraisal import KEEPING, NORMAL, Weights
from pinochle_tui.ai.budget import Budget, Clock
from pinochle_tui.ai.heuristic import TimedPlayoff, distinct_plays, play_scores, routine_choice
from pinochle_tui.ai.inference import MODEL_MISSED, Evidence, Memory, Signal, evidence, fits_lead
from pinochle_tui.ai.knowledge import Knowledge
from pinochle_tui.ai.rollout import Policy, final_scores, weighing
from pinochle_tui.ai.world import World, build_state
from pinochle_tui.engine.actions import Action, Play
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.state import GameState
from pinochle_tui.engine.view import SeatView

#: Weight of the normal player's score of a play next to the sampled point
#: difference: the play-outs are noisy and blind to much that the normal
#: player weighs (0, 1, 2 and 4 against normal over 100 duplicate deals: +2,
#: +21, +21, +16 a deal, with the one-trick habit as the play-out; with the
#: weighing made a close model of normal, 1 gave +24.6, 2 +33.2 and 3 +23.7
#: over 300; 2 was kept). With the play-outs' playoff closer to exact
#: (``rollout._playoff_card``) 1.5 made +41.8 against 2's +39.5 on the same
#: 300 deals, +2.3 (-3.5 .. +8.2) deal by deal; 1.5 is kept.
PRIOR = 1.5
#: Worlds tried for one that fits the opponent's lead just made.
LEAD_TRIES = 8
#: Worlds between two looks at which candidates are clearly behind.
ROUND = 16
#: How many standard errors behind the leader a candidate is dropped.
DROP_Z = 3.0


@dataclass(frozen=True, slots=True)
class Search:
    """How far one decision's search went: the ``worlds`` every candidate
    still in the running was played out in, and whether the budget ended it
    (``spent``) rather than all candidates but one being dropped. What a
    deadline lets a level reach is what its play in the app is worth
    (``benchmarks/decisions.py`` reports it)."""

    worlds: int
    spent: bool


class HardPlayer:
    """Samples the hidden cards by their likelihood and plays candidates out;
    exact in the playoff."""

    name = "hard"
    #: Samples a decision when no budget is given (benchmarks, matches).
    BUDGET = Budget(samples=64)
    #: Plays (the normal player's best) tried in every sample.
    CANDIDATES = 6
    #: Weight of the normal player's score of a play next to the sampled difference.
    PRIOR = PRIOR
    #: How it weighs its own plays, in the prior and in the play-outs, unless
    #: given others.
    WEIGHTS = KEEPING
    #: How it models the opponent's plays, in the play-outs and in reading its
    #: lead, unless given others: as the normal player weighs them.
    OPPONENT = NORMAL
    #: The chance a world is kept whose opponent, by that model, would have led
    #: another card than the lead just made (``inference.MODEL_MISSED``).
    MISSED = MODEL_MISSED

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        *,
        signals: Signal = Signal.ALL,
        weights: Weights | None = None,
        opponent: Weights | None = None,
        prior: float | None = None,
        missed: float | None = None,
    ) -> None:
        self._seed = 0 if seed is None else seed
        self._prior = self.PRIOR if prior is None else prior
        self._missed = self.MISSED if missed is None else missed
        self._budget = budget or self.BUDGET
        self._signals = signals
        self._weights = weights or self.WEIGHTS
        self._opponent = opponent or self.OPPONENT
        self._playoff = TimedPlayoff()
        self._memory = Memory()
        #: Each first-phase search this player has made, in order.
        self.searches: list[Search] = []

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        with self._budget.start() as clock:
            self.see(view)
            know = Knowledge.from_view(view)
            routine = routine_choice(view, legal, know, self._playoff, clock)
            if routine is not None:
                return routine
            prior = play_scores(view, distinct_plays(view, legal), know, self._weights)
            ranked = sorted(prior, key=lambda p: -prior[p])[: self.CANDIDATES]
            if len(ranked) == 1:
                return ranked[0]
            bias = {play: self._prior * prior[play] for play in ranked}
            worth = self.search(view, bias, self.evidence(view, know), clock)
            return max(worth, key=lambda p: worth[p]) if worth else ranked[0]

    def evidence(self, view: SeatView, know: Knowledge) -> Evidence:
        """What this seat has seen of the opponent's play, to weigh the worlds."""
        return evidence(view, know, self._memory, self._signals)

    def rng(self, view: SeatView) -> random.Random:
        """The samples' generator: the same seed and view give the same samples."""
        return random.Random(f"{self._seed}/{view.hand_no}/{view.trick_no}/{view.phase.value}")

    def world(self, rng: random.Random, weighed: Evidence) -> World:
        """The next sample of the hidden cards."""
        return weighed.sample(rng)

    def state(self, view: SeatView, rng: random.Random, weighed: Evidence) -> GameState:
        """The game state of the next world: one that fits the opponent's lead
        just made (``inference.fits_lead``), or one that does not at the chance
        ``MISSED``; after ``LEAD_TRIES`` worlds, the last one."""
        state = build_state(view, self.world(rng, weighed))
        if Signal.MODEL in self._signals and view.lead is not None and view.leader != view.seat:
            for _ in range(LEAD_TRIES):
                if rng.random() < self._missed or fits_lead(view, state, self._opponent):
                    break
                state = build_state(view, self.world(rng, weighed))
        return state

    def policy(self, seat: Seat) -> Policy:
        """How the play-outs play the first phase: ``seat`` by this player's
        weights, the opponent by its model's (``rollout.weighing``)."""
        own, other = self._weights, self._opponent
        return weighing(own, other) if seat is Seat.SOUTH else weighing(other, own)

    def see(self, view: SeatView) -> None:
        """Remember what ``view`` shows of the opponent's play (its melds' and
        dix's timing), as every decision does: a judge is shown every view."""
        self._memory.record(view)

    def judge(self, view: SeatView, plays: Sequence[Play], budget: Budget) -> dict[Play, float]:
        """The worth of each of ``plays`` (distinct plays of ``view``) as this
        player's search weighs them on ``budget``, none dropped: a long look at
        plays that two players chose apart (``benchmarks/agreement.py --judge``).
        The player must have seen (``see``) the hand's views so far."""
        know = Knowledge.from_view(view)
        prior = play_scores(view, plays, know, self._weights)
        bias = {play: self._prior * prior[play] for play in plays}
        with budget.start() as clock:
            return self.search(view, bias, self.evidence(view, know), clock, drop=False)

    def search(
        self,
        view: SeatView,
        bias: dict[Play, float],
        weighed: Evidence,
        clock: Clock,
        drop: bool = True,
    ) -> dict[Play, float]:
        """The worth of each candidate play (the keys of ``bias``) still in the
        running when the budget is spent: the mean final point difference
        (this seat minus the other) after it, plus its ``bias``. The plays
        dropped on the way (none without ``drop``) are left out; empty if not
        one world fitted."""
        seat = view.seat
        policy = self.policy(seat)
        rng = self.rng(view)
        results: dict[Play, list[float]] = {play: [] for play in bias}
        live = list(bias)
        done, slowest = 0, 0.0
        while (len(live) > 1 or not drop) and clock.more(done, slowest):
            start = time.perf_counter()
            base = self.state(view, rng, weighed)
            margins: list[int] = []
            for play in live:
                if clock.left() <= 0:
                    break  # the deadline came in this world: leave it out
                state = base.copy()
                state.apply_legal(play)  # legal in the view, so in every world built from it
                scores = final_scores(state, policy)
                margins.append(scores[seat] - scores[seat.other])
            if len(margins) < len(live):
                break
            for play, margin in zip(live, margins, strict=True):
                results[play].append(margin)
            done += 1
            slowest = max(slowest, time.perf_counter() - start)
            if drop and done % ROUND == 0:
                live = _survivors(live, results, bias)
        self.searches.append(Search(done, spent=len(live) > 1))
        return {
            play: statistics.fmean(results[play]) + bias[play] for play in live if results[play]
        }


def _survivors(
    live: list[Play], results: dict[Play, list[float]], bias: dict[Play, float]
) -> list[Play]:
    """The plays not clearly behind the leader in worth (the mean point
    difference plus the bias, as the choice is made), by the paired
    differences of the worlds all of them were played out in.

    Leaving the bias out of the test would let more samples drop a play the
    bias would have chosen: expert, with twice hard's samples, played worse.
    """
    worth = {play: statistics.fmean(results[play]) + bias[play] for play in live}
    leader = max(live, key=lambda p: worth[p])
    ahead = results[leader]
    kept = [leader]
    for play in live:
        if play == leader:
            continue
        gaps = [a - b for a, b in zip(ahead, results[play], strict=True)]
        spread = statistics.stdev(gaps) / math.sqrt(len(gaps))
        if worth[leader] - worth[play] <= DROP_Z * spread:
            kept.append(play)
    return kept


class ExpertPlayer(HardPlayer):
    """The hard player's search, wider and longer: every distinct play a
    candidate (the elimination spends the samples on the close ones), and
    twice the samples (twice the time in the app), whose mean needs the
    weighing's help less: the prior weighs 0.5, not hard's 1.5."""

    name = "expert"
    BUDGET = Budget(samples=128)
    #: Every distinct play, or nearly: with hard's 6, -5.7 (-10.3 .. -1.1) a deal
    #: against 12 over 300 deals of seed 1 (docs/strength.md).
    CANDIDATES = 12
    #: With hard's 1.5, expert was level with hard (-0.9 a deal over 300 deals of
    #: seed 1); with 1.0, +4.3 (-2.8 .. +11.5) over 600 deals of seeds 1 and 2;
    #: with 0.5, +7.6 (+1.9 .. +13.2) over 900 deals of seeds 3, 4 and 5, which
    #: chose nothing (docs/strength.md).
    PRIOR = 0.5
