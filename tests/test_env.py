"""The PettingZoo environment: PettingZoo's own API and seed tests, the action
ids against the engine's legal actions, rewards, rules and rendering."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test.api_test import api_test as untyped_api_test
from pettingzoo.test.seed_test import seed_test as untyped_seed_test

from pinochle_tui.engine import (
    Card,
    DeclareOut,
    ExchangeDix,
    GameState,
    Meld,
    MeldKind,
    Play,
    Rules,
    Seat,
)
from pinochle_tui.env import pinochle_v0
from pinochle_tui.env.actions import (
    DECLARE_OUT,
    EXCHANGE_COUNTED,
    EXCHANGE_DIX,
    MELDS,
    N_ACTIONS,
    PLAY_HAND,
    PLAY_TABLE,
    action_id,
    describe,
    legal_ids,
)
from pinochle_tui.env.observation import SIZE, encode

#: PettingZoo's checks (unannotated upstream), typed for the calls here.
api_test: Callable[..., None] = untyped_api_test
seed_test: Callable[..., None] = untyped_seed_test


def play_out(game: pinochle_v0.raw_env, seed: int) -> list[int]:
    """Play a whole game with random legal ids; return the ids chosen."""
    rng = random.Random(seed)
    chosen: list[int] = []
    while game.agents:
        agent = game.agent_selection
        if game.terminations[agent] or game.truncations[agent]:
            game.step(None)
            continue
        legal = np.flatnonzero(game.observe(agent)["action_mask"]).tolist()
        chosen.append(rng.choice(legal))
        game.step(chosen[-1])
    return chosen


def test_pettingzoo_api_test() -> None:
    api_test(pinochle_v0.env(), num_cycles=1000)


def test_pettingzoo_seed_test() -> None:
    seed_test(pinochle_v0.env, num_cycles=500)


def test_api_test_with_a_64_card_match() -> None:
    api_test(pinochle_v0.env(rules=Rules(pack=64, target=300)), num_cycles=2000)


def test_the_action_space_is_fixed_and_every_id_has_a_description() -> None:
    assert N_ACTIONS == 307
    assert MELDS[0].base == DECLARE_OUT + 1 and len({describe(i) for i in range(N_ACTIONS)}) == 307
    with pytest.raises(ValueError, match=r"0\.\.306"):
        describe(N_ACTIONS)


def test_both_copies_in_hand_are_one_action_and_hand_and_table_two() -> None:
    qs1, qs2, jd = Card.parse("QS#1"), Card.parse("QS#2"), Card.parse("JD")
    plays = [Play(Seat.SOUTH, qs1), Play(Seat.SOUTH, qs2)]
    assert set(legal_ids(plays, table=())) == {PLAY_HAND + 3}
    assert set(legal_ids(plays, table=(qs2,))) == {PLAY_HAND + 3, PLAY_TABLE + 3}
    pinochle = MELDS[-2]
    from_hand = Meld(Seat.SOUTH, MeldKind.PINOCHLE, (qs1, jd))
    assert action_id(from_hand, table=()) == pinochle.base
    assert action_id(from_hand, table=(qs1,)) == pinochle.base + 1
    assert action_id(from_hand, table=(jd,)) == pinochle.base + 2
    double = Meld(Seat.SOUTH, MeldKind.DOUBLE_PINOCHLE, (qs1, qs2, jd, Card.parse("JD#2")))
    assert action_id(double, table=(qs1, qs2, jd)) == MELDS[-1].base + 2 + 3 * 1


def test_a_counted_dix_is_its_own_exchange() -> None:
    nine = Card.parse("9H#2")
    assert action_id(ExchangeDix(Seat.NORTH, nine), table=(), counted=(nine,)) == EXCHANGE_COUNTED
    assert action_id(ExchangeDix(Seat.NORTH, nine), table=()) == EXCHANGE_DIX


@pytest.mark.parametrize("rules", [Rules(game="single-deal"), Rules(pack=64, target=250)])
def test_every_legal_action_has_an_id_and_the_ids_decode_to_legal_actions(rules: Rules) -> None:
    """Across whole games: every legal action maps into range, and each legal
    id decodes to a legal action whose id it is."""
    for seed in range(3):
        game = pinochle_v0.raw_env(rules=rules)
        game.reset(seed=seed)
        rng = random.Random(seed)
        while game.agents and not any(game.terminations.values()):
            decision = game._table.decision()
            assert decision is not None
            view = decision.view
            ids = legal_ids(decision.legal, view.tables[view.seat], view.dix_counted)
            assert all(0 <= i < N_ACTIONS for i in ids)
            assert {a for a in decision.legal if a in ids.values()} == set(ids.values())
            covered = {
                action_id(a, view.tables[view.seat], view.dix_counted) for a in decision.legal
            }
            assert covered == set(ids)
            game.step(rng.choice(sorted(ids)))


def test_the_observation_is_the_acting_seats_view_only() -> None:
    game = pinochle_v0.raw_env()
    game.reset(seed=5)
    south, north = game.observe("player_0"), game.observe("player_1")
    assert south["observation"].shape == (SIZE,)
    assert south["observation"][:32].sum() * 2 == 12
    seat_to_act = game.agent_selection
    other = "player_1" if seat_to_act == "player_0" else "player_0"
    assert game.observe(other)["action_mask"].sum() == 0
    assert game.observe(seat_to_act)["action_mask"].sum() >= 1
    # North's observation is its own view, whatever South holds.
    state = game._table.state
    assert np.array_equal(north["observation"], encode(state.view(Seat.NORTH)))
    assert not np.array_equal(south["observation"][:32], north["observation"][:32])


def test_a_single_deal_ends_with_the_point_difference_as_reward() -> None:
    game = pinochle_v0.raw_env()
    game.reset(seed=11)
    rewards = {"player_0": 0.0, "player_1": 0.0}
    rng = random.Random(0)
    while game.agents:
        for agent in game.agents:
            rewards[agent] += game.rewards[agent]
        agent = game.agent_selection
        legal = np.flatnonzero(game.observe(agent)["action_mask"]).tolist()
        game.step(None if game.terminations[agent] else rng.choice(legal))
    outcome = game.outcome
    assert outcome is not None and sum(outcome.scores) >= 250
    south, north = outcome.scores
    assert rewards == {"player_0": south - north, "player_1": north - south}


def test_win_rewards_and_a_match_with_declaring_out() -> None:
    game = pinochle_v0.raw_env(rules=Rules(target=200))
    game.reset(seed=2)
    totals = dict.fromkeys(game.agents, 0.0)
    rng = random.Random(2)
    while game.agents:
        for agent in game.agents:
            totals[agent] += game.rewards[agent]
        agent = game.agent_selection
        legal = np.flatnonzero(game.observe(agent)["action_mask"]).tolist()
        done = game.terminations[agent]
        game.step(None if done else rng.choice([i for i in legal if i != DECLARE_OUT]))
    outcome = game.outcome
    assert outcome is not None and outcome.termination.name == "TARGET_REACHED"
    assert outcome.winner is not None
    assert totals[pinochle_v0.AGENTS[outcome.winner]] == 1.0
    assert totals[pinochle_v0.AGENTS[outcome.winner.other]] == -1.0


def test_declare_out_is_offered_in_a_match_on_the_agents_own_turn() -> None:
    game = pinochle_v0.raw_env(rules=Rules())
    game.reset(seed=1)
    obs = game.observe(game.agent_selection)
    assert obs["action_mask"][DECLARE_OUT] == 1
    game.step(DECLARE_OUT)
    assert all(game.terminations.values())
    assert game.outcome is not None and game.outcome.termination.name == "DECLARED_OUT_LOST"
    assert game.rewards[game.agent_selection] == -1.0
    with pytest.raises(ValueError, match="'points' or 'win'"):
        pinochle_v0.raw_env(reward="money")  # type: ignore[arg-type]


def test_the_same_seed_plays_the_same_game() -> None:
    first, second = pinochle_v0.raw_env(), pinochle_v0.raw_env()
    first.reset(seed=9)
    second.reset(seed=9)
    assert play_out(first, 4) == play_out(second, 4)
    assert first.outcome == second.outcome


def test_an_illegal_id_ends_the_game_through_the_wrapper(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = pinochle_v0.env()
    env.reset(seed=3)
    agent = env.agent_selection
    observation = env.observe(agent)
    assert observation is not None
    mask = observation["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move" in caplog.text
    assert env.terminations[agent] and env.rewards[agent] == -1


def test_the_raw_env_refuses_an_illegal_id() -> None:
    game = pinochle_v0.raw_env()
    game.reset(seed=3)
    with pytest.raises(ValueError, match="not legal now"):
        game.step(DECLARE_OUT)  # a single deal: no declaring out


def test_render_ansi_shows_the_table_and_human_prints_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = pinochle_v0.raw_env(render_mode="ansi")
    game.reset(seed=3)
    text = game.render()
    assert text is not None and "South:" in text and "North:" in text and "to lead" in text
    human = pinochle_v0.raw_env(render_mode="human")
    human.reset(seed=3)
    assert human.render() is None and "South:" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        pinochle_v0.raw_env(render_mode="rgb_array")


def test_the_env_plays_positions_as_the_engine_does() -> None:
    """The env's actions are the engine's: replaying its chosen actions on a
    fresh state from the same deck reaches the same outcome."""
    game = pinochle_v0.raw_env()
    game.reset(seed=21)
    play_out(game, 21)
    state: GameState = game._table.state
    assert state.outcome == game.outcome and state.is_over
    assert not any(isinstance(a, DeclareOut) for a in state.legal_actions())
