"""One game, one file, one player: exclusive names, game locks, stray temporary files."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
from datetime import datetime
from itertools import islice
from pathlib import Path

import pytest

from pinochle_tui.engine import Rules
from pinochle_tui.record.errors import GameLockedError
from pinochle_tui.record.lock import acquire, lock_path
from pinochle_tui.record.models import GameLog
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import create_log, game_names, list_games, open_game
from tests.record_helpers import PLAYERS, start_games_at_once

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="games are locked on POSIX only")

#: Plays (holds) the game named on the command line until killed.
HOLDER = """
import sys, time
from pathlib import Path
from pinochle_tui.record.session import GameSession
session = GameSession.load(Path(sys.argv[1]))
print("playing", flush=True)
time.sleep(60)
"""


def _saved_game(directory: Path) -> Path:
    with GameSession.new(Rules(), PLAYERS, seed=1, save_dir=directory) as session:
        session.deal()
        assert session.path is not None
        return session.path


def test_two_sessions_started_at_one_instant_get_two_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT))  # spawned workers import tests.record_helpers
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    queue = context.Queue()
    rounds = 30
    workers = [
        context.Process(target=start_games_at_once, args=(barrier, tmp_path, rounds, queue))
        for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    paths = [Path(queue.get(timeout=20)) for _ in range(2 * rounds)]
    for worker in workers:
        worker.join(timeout=20)
        assert worker.exitcode == 0
    assert len(set(paths)) == 2 * rounds
    assert sorted(paths) == sorted(tmp_path.iterdir()), "no lock or temporary file is left"
    assert all(open_game(path).log.players == PLAYERS for path in paths)


@POSIX
def test_a_game_played_elsewhere_is_refused_until_its_player_is_killed(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "playing\n"
        with pytest.raises(GameLockedError) as refused:
            GameSession.load(path)
        assert str(refused.value) == (
            f"{path.name} is being played by another pinochle process (pid {holder.pid})"
        )
        assert refused.value.pid == holder.pid
        assert open_game(path).path == path, "reading (verify, games, replay) needs no lock"
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert lock_path(path).exists(), "the killed player's lock file is left behind..."
    with GameSession.load(path) as session:  # ...and simply taken over
        assert session.state.hand_no == 1
    assert not lock_path(path).exists()


@POSIX
def test_a_second_session_of_one_game_in_this_process_is_refused(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    first = GameSession.load(path)
    with pytest.raises(GameLockedError, match=r"already being played by this process \(pid "):
        GameSession.load(path)
    first.close()
    first.close()  # twice is harmless
    with GameSession.load(path) as second:
        assert second.log == first.log


@POSIX
def test_a_dropped_session_lets_its_game_go(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    session = GameSession.load(path)
    del session  # collected at once (no cycle holds it)
    GameSession.load(path).close()


def test_a_taken_name_gives_the_next_one(tmp_path: Path) -> None:
    log = GameLog(
        started=datetime(2026, 11, 30, 18, 30, 5).astimezone(),
        rules=Rules(),
        players=PLAYERS,
        first_dealer="north",
    )
    first, second, third, fourth = islice(game_names(tmp_path, log.started, PLAYERS), 4)
    first.mkdir()  # any entry takes a name, even a directory
    held = acquire(second)  # a game being created under this name elsewhere
    (tmp_path / third.name).write_text("someone else's")
    path, lock = create_log(tmp_path, log)
    assert path == fourth and third.read_text() == "someone else's"
    assert open_game(path).log == log
    for taken in (held, lock):
        if taken is not None:
            taken.release()


def test_opening_a_game_for_play_removes_its_stray_temporary_files(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    stray = tmp_path / f".{path.name}.k1ll3d_x.tmp"
    stray.write_text('{"half a sa')
    other = tmp_path / f".other-{path.name}.k1ll3d_x.tmp"
    other.write_text("another game's save in progress")
    assert [g.path for g in list_games(tmp_path).games] == [path], "never listed as games"
    open_game(path)
    assert stray.exists(), "reading alone touches nothing"
    with GameSession.load(path):
        assert not stray.exists() and other.exists()
        assert [g.path for g in list_games(tmp_path).games] == [path]
