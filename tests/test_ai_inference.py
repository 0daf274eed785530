"""Inference: the opponent's play weighs the worlds, and the true world is
never ruled out."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from itertools import islice

import pytest

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.inference import (
    DIX_KEPT,
    MODEL_MISSED,
    Memory,
    Moment,
    Signal,
    evidence,
    fits_lead,
)
from pinochle_tui.ai.knowledge import Knowledge
from pinochle_tui.ai.registry import make_player
from pinochle_tui.ai.sampling import HardPlayer
from pinochle_tui.ai.world import World, build_state, sample_world
from pinochle_tui.engine import GameState, Phase, Rules, Seat, SeatView, shuffled_deck
from tests.helpers import quick_player

#: Positions the true world is weighed in.
POSITIONS = 1000
#: The opponents' budget: hard on 2 samples still plays unlike the model of
#: normal that reads it, at a third of the time of the tests' usual 6.
OPPONENT_BUDGET = Budget(samples=2)


def true_world(state: GameState) -> World:
    opp = state.to_act.other
    return World(state.hands[opp] & ~state.public[opp], tuple(state.stock))


def observed_positions(opponents: tuple[str, ...]) -> Iterator[tuple[SeatView, Memory, World]]:
    """First-phase decisions of a normal South against each opponent in turn,
    game after game: South's view, its memory of the hand, the true world."""
    rules = Rules(game="single-deal")
    for game in range(10_000):
        state = GameState.new(rules, dealer=Seat(game % 2))
        state.deal(shuffled_deck(rules, random.Random(game)))
        level = opponents[game % len(opponents)]
        players = (quick_player("normal"), make_player(level, game, budget=OPPONENT_BUDGET))
        memory = Memory()
        while state.phase is not Phase.GAME_OVER:
            seat = state.to_act
            view = state.view(seat)
            legal = list(state.legal_actions(seat))
            if seat is Seat.SOUTH:
                memory.record(view)
                if view.phase in (Phase.LEAD, Phase.FOLLOW) and not view.playoff:
                    yield view, memory, true_world(state)
            state.apply(players[seat].choose(view, legal))


def test_the_true_world_always_keeps_weight() -> None:
    informative = 0
    gains: list[float] = []
    positions = observed_positions(("normal", "easy", "hard", "random"))
    for found, (view, memory, world) in enumerate(islice(positions, POSITIONS)):
        know = Knowledge.from_view(view)
        weighed = evidence(view, know, memory)
        truth = weighed.weight(world)
        assert 0.0 < truth <= 1.0
        informative += bool(weighed.moments)
        other = weighed.weight(sample_world(know, random.Random(found)))
        gains.append(math.log(truth) - math.log(other))
    assert len(gains) == POSITIONS
    assert informative > POSITIONS / 2
    # On average the evidence favours the true world over a random one.
    assert sum(gains) / len(gains) > 0


def test_a_dix_kept_at_a_winner_turn_weighs_little_unless_drawn_since() -> None:
    dix = 1 << 5
    kept = Moment(played=0, certain=0, draws=0, dix=dix)
    # Nothing drawn since: the dix was surely held, and not showing it is unlikely.
    assert kept.held(dix | 0b11, dix) == 1.0
    drawn = Moment(played=0, certain=0, draws=1, dix=dix)
    # One card of four drawn since: a 1 in 4 chance the dix is that card.
    assert drawn.held(dix | 0b111, dix) == pytest.approx(0.75)
    assert drawn.none_held(dix | 0b111, dix) == pytest.approx(0.25)
    assert 1 - (1 - DIX_KEPT) * kept.held(dix, dix) == pytest.approx(DIX_KEPT)


def test_memory_forgets_a_taken_back_future() -> None:
    rules = Rules(game="single-deal")
    state = GameState.new(rules, dealer=Seat.NORTH)
    state.deal(shuffled_deck(rules, random.Random(3)))
    memory = Memory()
    player = quick_player("normal")
    while len(state.tricks) < 6:
        seat = state.to_act
        view = state.view(seat)
        if seat is Seat.SOUTH:
            memory.record(view)
        state.apply(player.choose(view, list(state.legal_actions(seat))))
    assert sorted(memory.melds) == list(range(6))
    assert memory.between(2) is not None and memory.between(9) is None
    # A view from earlier in the hand (a move taken back) drops what came after it.
    earlier = GameState.new(rules, dealer=Seat.NORTH)
    earlier.deal(shuffled_deck(rules, random.Random(3)))
    memory.record(earlier.view(Seat.SOUTH))
    assert sorted(memory.melds) == [0]


def test_signals_parse_for_the_ablation() -> None:
    assert Signal.parse("all") is Signal.ALL
    assert Signal.parse("melds,dix") == Signal.MELDS | Signal.DIX
    assert Signal.parse("none") is Signal.NONE


def test_worlds_that_fit_the_lead_just_made_are_drawn_more_often() -> None:
    # Against normal, South follows a lead: the model of normal leads that card
    # in the true world nearly always, in a uniform world far less often, and
    # the hard player's worlds fit it more often than uniform ones.
    assert 0.0 < MODEL_MISSED < 1.0  # a world that does not fit is never ruled out
    positions = (
        (view, memory, world)
        for view, memory, world in observed_positions(("normal",))
        if view.lead is not None and len(view.tricks) >= 2
    )
    true_fits = uniform_fits = drawn_fits = 0
    tried = 40
    for found, (view, memory, world) in enumerate(islice(positions, tried)):
        know = Knowledge.from_view(view)
        truth = build_state(view, world)
        before = (list(truth.hands), list(truth.tables), truth.lead)
        true_fits += fits_lead(view, truth)
        assert (list(truth.hands), list(truth.tables), truth.lead) == before
        rng = random.Random(found)
        uniform_fits += fits_lead(view, build_state(view, sample_world(know, rng)))
        player = HardPlayer(seed=found)
        drawn = player.state(view, rng, evidence(view, know, memory, Signal.NONE))
        drawn_fits += fits_lead(view, drawn)
    assert true_fits >= 0.85 * tried
    assert drawn_fits >= uniform_fits + 0.1 * tried, (true_fits, uniform_fits, drawn_fits)
