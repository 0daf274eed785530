"""Save, load and replay give the identical game at every step of random games."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tui.engine import Rules
from pinochle_tui.record.replay import initial_state, steps
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import open_game
from tests.record_helpers import PLAYERS, snapshot, step

RULES = st.builds(
    Rules,
    pack=st.sampled_from([48, 64]),
    deal_packet=st.sampled_from([3, 4]),
    dix_per_trick=st.sampled_from([1, 2]),
    dix_scores_when_played=st.booleans(),
    last_draw=st.sampled_from(["winner-takes-stock", "winner-chooses"]),
    game=st.sampled_from(["match", "single-deal"]),
    target=st.sampled_from([300, 1000]),
    declare_out=st.sampled_from(["standard", "alt1", "alt2"]),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, seed=st.integers(0, 2**32), declare=st.sampled_from([0.0, 0.02]))
def test_every_step_survives_save_and_load(rules: Rules, seed: int, declare: float) -> None:
    rng = random.Random(seed)
    # Durability is the kill test's business; here fsync only costs time.
    with tempfile.TemporaryDirectory() as directory, mock.patch("os.fsync"):
        with GameSession.new(rules, PLAYERS, seed=seed, save_dir=Path(directory)) as session:
            assert session.path is not None
            while not session.state.is_over:
                step(session, rng, declare)
                loaded = open_game(session.path)
                assert loaded.log == session.log
                assert snapshot(loaded.state) == snapshot(session.state)
        with GameSession.load(session.path) as resumed:
            assert resumed.log == session.log


def test_steps_walk_the_game_as_it_was_played() -> None:
    """The replay's steps match the live game's events, deal by deal and action by action."""
    session = GameSession.new(Rules(), PLAYERS, seed=21)
    rng = random.Random(21)
    played = []
    while not session.state.is_over:
        before = session.state.hand_no, session.log.action_count
        step(session, rng)
        played.append((before, snapshot(session.state)))
    state = initial_state(session.log)
    replayed = [((s.hand_no, s.number), snapshot(state)) for s in steps(session.log, state)]
    assert len(replayed) == len(played) == session.log.action_count + len(session.log.hands)
    assert [snap for _, snap in replayed] == [snap for _, snap in played]
    deals = [where for where, _ in replayed if where[1] == 0]
    assert [hand for hand, _ in deals] == list(range(1, len(session.log.hands) + 1))
