"""A game killed with SIGKILL mid-game loses nothing it recorded and resumes exactly.

A driver process plays random actions through GameSession (which saves after
every one) and prints how many steps it has made; the test kills it at random
moments, checks the file, and starts a new driver that resumes the game.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pinochle_tui.engine import GameState, Rules, parse_action
from pinochle_tui.record.models import seat_of
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import list_games
from tests.record_helpers import snapshot

ROOT = Path(__file__).resolve().parent.parent

DRIVER = textwrap.dedent(
    """
    import random, sys, time
    from pathlib import Path
    from pinochle_tui.engine import Rules
    from pinochle_tui.record.models import PlayerInfo
    from pinochle_tui.record.session import GameSession
    from tests.record_helpers import step

    target, seed = sys.argv[1], int(sys.argv[2])
    if target.endswith(".json"):
        session = GameSession.load(Path(target))
    else:
        players = (PlayerInfo(name="A", kind="computer", level="random"),) * 2
        session = GameSession.new(Rules(), players, seed=seed, save_dir=Path(target))
    print(session.path, flush=True)
    rng = random.Random(seed)
    steps = len(session.log.hands) + session.log.action_count
    while not session.state.is_over:
        step(session, rng)
        steps += 1
        print(steps, flush=True)
        time.sleep(0.002)
    print("over", flush=True)
    """
)


def _start(target: Path, seed: int) -> tuple[subprocess.Popen[str], Path]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    driver = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(target), str(seed)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert driver.stdout is not None
    return driver, Path(driver.stdout.readline().strip())


def _kill_after(driver: subprocess.Popen[str], steps: int) -> int:
    """Kill the driver once it has reported ``steps`` saved steps; the last count it printed."""
    assert driver.stdout is not None
    last = 0
    for line in driver.stdout:
        if line.strip() == "over":
            break
        last = int(line)
        if last >= steps:
            driver.send_signal(signal.SIGKILL)
            break
    driver.wait()
    rest = [line.strip() for line in driver.stdout]
    counts = [int(line) for line in rest if line.isdigit()]
    return max([last, *counts])


def _recorded_steps(session: GameSession) -> int:
    return len(session.log.hands) + session.log.action_count


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_game_loses_nothing_and_resumes(tmp_path: Path) -> None:
    driver, path = _start(tmp_path, seed=1)
    reported = _kill_after(driver, 40)
    assert driver.returncode == -signal.SIGKILL
    for kill_at in (90, 140):
        session = GameSession.load(path)  # the file is a whole record: the rename is atomic
        recorded = _recorded_steps(session)
        # Every step the driver reported was saved; at most one more was saved unreported.
        assert reported <= recorded <= reported + 1
        json.loads(path.read_text())
        driver, resumed_path = _start(path, seed=kill_at)
        assert resumed_path == path
        reported = _kill_after(driver, kill_at)
        assert reported > recorded, "the resumed game went on from the last saved step"
    session = GameSession.load(path)
    assert reported <= _recorded_steps(session) <= reported + 1
    # The file replays to the same state as stepping its record by hand.
    state = GameState.new(Rules(), dealer=seat_of(session.log.first_dealer))
    for hand in session.log.hands:
        state.deal(hand.deck)
        for record in hand.actions:
            state.apply(parse_action(record.action, seat_of(record.seat)))
    assert snapshot(state) == snapshot(session.state)
    assert [g.path for g in list_games(tmp_path)] == [path]
