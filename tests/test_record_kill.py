"""A game killed with SIGKILL mid-game loses nothing it recorded and resumes exactly.

A driver process plays random actions through GameSession (which saves after
every one) and prints how many steps (deals and actions) it has made; the test
kills it after a given step, or in the middle of a save slowed on purpose,
checks the file, and resumes the game.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pinochle_tui.engine import GameState, Rules, parse_action
from pinochle_tui.record.models import GameLog, seat_of
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import list_games, open_game
from tests.record_helpers import snapshot, step

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

ROOT = Path(__file__).resolve().parent.parent

DRIVER = textwrap.dedent(
    """
    import os, random, stat, sys, time
    from pathlib import Path
    from pinochle_tui.engine import Rules
    from pinochle_tui.record.models import PlayerInfo
    from pinochle_tui.record.session import GameSession
    from tests.record_helpers import step

    target, seed, slow = sys.argv[1], int(sys.argv[2]), sys.argv[3:] == ["slow"]
    if target.endswith(".json"):
        session = GameSession.load(Path(target))
    else:
        players = (PlayerInfo(name="A", kind="computer", level="random"),) * 2
        session = GameSession.new(Rules(), players, seed=seed, save_dir=Path(target))
    print(session.path, flush=True)
    if slow:  # every save of a game stalls after writing its temporary file
        real_fsync = os.fsync

        def slow_fsync(fd):
            if stat.S_ISREG(os.fstat(fd).st_mode):
                print("saving", flush=True)
                time.sleep(0.2)
            real_fsync(fd)

        os.fsync = slow_fsync
    rng = random.Random(seed)
    steps = len(session.log.hands) + session.log.action_count
    while not session.state.is_over:
        step(session, rng)
        steps += 1
        print(steps, flush=True)
    print("over", flush=True)
    """
)


def _start(target: Path, seed: int, slow: bool = False) -> tuple[subprocess.Popen[str], Path]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    driver = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(target), str(seed), *(["slow"] if slow else [])],
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


def _steps(log: GameLog) -> int:
    return len(log.hands) + log.action_count


def _temps(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.name.endswith(".tmp"))


def _resumes(path: Path, recorded: int) -> None:
    """The game goes on from its last saved step, and saves the next one."""
    with GameSession.load(path) as session:
        assert _temps(path.parent) == [], "opening the game removed the interrupted save"
        step(session, random.Random(0))
        assert _steps(session.log) == recorded + 1
    assert snapshot(open_game(path).state) == snapshot(session.state)


@pytest.mark.parametrize("kill_at", range(1, 41))
def test_a_game_killed_after_any_of_its_first_40_steps_loses_none(
    tmp_path: Path, kill_at: int
) -> None:
    driver, path = _start(tmp_path, seed=kill_at)
    reported = _kill_after(driver, kill_at)
    assert driver.returncode == -signal.SIGKILL
    recorded = _steps(open_game(path).log)  # a whole, valid record: the rename is atomic
    # Every step the driver reported was saved; at most one more was saved unreported.
    assert reported <= recorded <= reported + 1
    _resumes(path, recorded)


def test_a_game_killed_in_the_middle_of_a_save_keeps_the_one_before(tmp_path: Path) -> None:
    driver, path = _start(tmp_path, seed=7, slow=True)
    assert driver.stdout is not None
    reported = 0
    for line in driver.stdout:
        if line.strip().isdigit():
            reported = int(line)
        elif line.strip() == "saving" and reported >= 3:
            driver.send_signal(signal.SIGKILL)  # asleep between writing and renaming
            break
    driver.wait()
    assert driver.returncode == -signal.SIGKILL
    assert [p.name.startswith(f".{path.name}.") for p in _temps(tmp_path)] == [True]
    assert _steps(open_game(path).log) == reported, "all but the step being saved"
    _resumes(path, reported)


def test_a_game_killed_and_resumed_twice_plays_on_exactly(tmp_path: Path) -> None:
    driver, path = _start(tmp_path, seed=1)
    reported = _kill_after(driver, 40)
    assert driver.returncode == -signal.SIGKILL
    for kill_at in (90, 140):
        recorded = _steps(open_game(path).log)
        assert reported <= recorded <= reported + 1
        driver, resumed_path = _start(path, seed=kill_at)
        assert resumed_path == path
        reported = _kill_after(driver, kill_at)
        assert reported > recorded, "the resumed game went on from the last saved step"
    game = open_game(path)
    assert reported <= _steps(game.log) <= reported + 1
    # The file replays to the same state as stepping its record by hand.
    state = GameState.new(Rules(), dealer=seat_of(game.log.first_dealer))
    for hand in game.log.hands:
        state.deal(hand.deck)
        for record in hand.actions:
            state.apply(parse_action(record.action, seat_of(record.seat)))
    assert snapshot(state) == snapshot(game.state)
    assert [g.path for g in list_games(tmp_path).games] == [path]
