"""The save directory, atomic saves, finding and listing saved games, and the special
files (FIFOs, devices, sockets, directories) a save directory may hold."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from pinochle_tui.engine import DeclareOut, Rules
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.files import read_file
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import MAX_BYTES, find_game, find_resumable, list_games, save_dir
from tests.record_helpers import PLAYERS, no_hang


def test_save_dir_prefers_the_option_then_the_environment_then_user_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: str(tmp_path / "data" / app))
    monkeypatch.delenv("PINOCHLE_HOME", raising=False)
    assert save_dir() == tmp_path / "data" / "pinochle-tui" / "games"
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    assert save_dir() == tmp_path / "home"
    assert save_dir(tmp_path / "option") == tmp_path / "option"
    assert all((tmp_path / d).is_dir() for d in ("data/pinochle-tui/games", "home", "option"))


def test_save_dir_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(RecordError, match="cannot create"):
        save_dir(tmp_path / "file" / "games")


def _game(directory: Path, seed: int, mtime: float) -> Path:
    session = GameSession.new(Rules(), PLAYERS, seed=seed, save_dir=directory)
    assert session.path is not None
    os.utime(session.path, (mtime, mtime))
    return session.path


def test_find_game_by_latest_name_stem_or_path(tmp_path: Path) -> None:
    old, new = _game(tmp_path, 1, 1_000_000), _game(tmp_path, 2, 2_000_000)
    assert find_game("latest", tmp_path) == new
    assert find_game(old.name, tmp_path) == old
    assert find_game(old.stem, tmp_path) == old
    assert find_game(str(old), tmp_path / "elsewhere") == old
    with pytest.raises(RecordError, match="no saved game 'nope'"):
        find_game("nope", tmp_path)


def test_find_latest_in_an_empty_directory(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no saved games in"):
        find_game("latest", tmp_path)


def test_list_games_newest_first_with_unreadable_files_listed(tmp_path: Path) -> None:
    finished = GameSession.new(Rules(target=10), PLAYERS, seed=3, save_dir=tmp_path)
    finished.deal()
    finished.apply(DeclareOut(finished.state.to_act))
    assert finished.state.is_over and finished.path is not None
    os.utime(finished.path, (3_000_000, 3_000_000))
    unfinished = _game(tmp_path, 4, 2_000_000)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    os.utime(broken, (1_000_000, 1_000_000))
    (tmp_path / "notes.txt").write_text("not a game")
    listing = list_games(tmp_path)
    assert listing.skipped == 0 and listing.directory == tmp_path
    games = listing.games
    assert [g.path for g in games] == [finished.path, unfinished, broken]
    assert games[0].finished and games[0].scores == tuple(finished.state.scores)
    assert games[0].players == PLAYERS and games[0].hands == 1
    assert not games[1].finished and games[1].hands == 0 and games[1].scores == (0, 0)
    assert games[2].error is not None and "not valid JSON" in games[2].error


def test_a_save_leaves_no_temporary_file(tmp_path: Path) -> None:
    with GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path) as session:
        session.deal()
    assert list(tmp_path.iterdir()) == [session.path]


# -- what else a save directory may hold -------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
SPECIAL = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symlinks")
#: The special entries named like games, and what a reader calls each.
SPECIALS = {
    "x.json": "a FIFO",
    "z.json": "a character device",
    "d.json": "a directory",
    "s.json": "a socket",
}


def _hostile_directory(directory: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """An older unfinished game, a newer unreadable file, and special files named like
    games: a FIFO, a link to /dev/zero, a directory, a socket and a dangling link."""
    good = _game(directory, 1, 1_000_000)
    broken = directory / "broken.json"
    broken.write_text('{"format": "pinochle-log", "version": 1, "started": ')
    os.utime(broken, (2_000_000, 2_000_000))
    os.mkfifo(directory / "x.json")
    (directory / "z.json").symlink_to("/dev/zero")
    (directory / "d.json").mkdir()
    monkeypatch.chdir(directory)  # a relative name: a socket's path must be short
    with socket.socket(socket.AF_UNIX) as server:
        server.bind("s.json")
    (directory / "gone.json").symlink_to(directory / "nowhere.json")
    return good, broken


def _pinochle(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command line; a hang fails the test instead of stopping the suite."""
    return subprocess.run(
        [sys.executable, "-m", "pinochle_tui.cli", *args],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@SPECIAL
def test_games_lists_around_special_files_without_blocking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good, _ = _hostile_directory(tmp_path, monkeypatch)
    run = _pinochle("games", "--save-dir", str(tmp_path))
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[0] == f"2 saved games in {tmp_path}:"
    assert lines[1].startswith("  broken.json  unreadable: not valid JSON (Expecting value")
    assert lines[2].endswith(f"(not dealt yet, level random, 48 cards)  {good.name}")
    assert lines[3:] == ["(5 entries skipped: not regular files)"]


@SPECIAL
def test_verify_refuses_special_files_without_blocking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hostile_directory(tmp_path, monkeypatch)
    latest = _pinochle("verify", "latest", "--save-dir", str(tmp_path))
    assert latest.returncode == 2
    assert latest.stderr.startswith("pinochle: broken.json: not valid JSON")
    for name, kind in SPECIALS.items():
        run = _pinochle("verify", name, "--save-dir", str(tmp_path))
        assert (run.returncode, run.stdout) == (2, "")
        assert run.stderr == f"pinochle: {name}: not a regular file ({kind})\n"


RESUME = """
import sys
from pathlib import Path
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import find_resumable
from pinochle_tui.record.errors import RecordError
directory = Path(sys.argv[1])
path, warning = find_resumable("latest", directory)
print(path.name)
print(warning)
for name in sys.argv[2:]:
    try:
        GameSession.load(directory / name)
    except RecordError as error:
        print(error)
"""


@SPECIAL
def test_resume_latest_passes_special_files_and_says_what_it_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good, _ = _hostile_directory(tmp_path, monkeypatch)
    run = subprocess.run(
        [sys.executable, "-c", RESUME, str(tmp_path), *SPECIALS],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    chosen, warning, *refusals = run.stdout.splitlines()
    assert chosen == good.name
    assert warning.startswith("the newer broken.json is unreadable: not valid JSON")
    assert warning.endswith(f"; resuming {good.name} instead")
    assert refusals == [f"{name}: not a regular file ({kind})" for name, kind in SPECIALS.items()]


def test_resume_latest_without_an_unfinished_game_names_the_unreadable_one(
    tmp_path: Path,
) -> None:
    finished = GameSession.new(Rules(target=10), PLAYERS, seed=3, save_dir=tmp_path)
    finished.deal()
    finished.apply(DeclareOut(finished.state.to_act))
    (tmp_path / "broken.json").write_text("[]")
    with pytest.raises(RecordError) as raised:
        find_resumable("latest", tmp_path)
    assert str(raised.value) == (
        f"no unfinished game in {tmp_path}: start one with 'pinochle' (broken.json is "
        'unreadable: not a pinochle game record (no "format": "pinochle-log"))'
    )


def test_resume_latest_says_nothing_when_the_newest_game_is_fine(tmp_path: Path) -> None:
    old = tmp_path / "old-broken.json"
    old.write_text("{")
    os.utime(old, (1_000_000, 1_000_000))
    new = _game(tmp_path, 1, 2_000_000)
    assert find_resumable("latest", tmp_path) == (new, None)
    assert find_resumable(old.name, tmp_path) == (old, None)


@SPECIAL
def test_a_fifo_swapped_in_after_the_check_is_refused_on_the_open_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check on the opened descriptor, not the name, decides: opening is non-blocking."""
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    regular = os.stat(_game(tmp_path, 1, 1_000_000))
    real_stat = os.stat
    monkeypatch.setattr(
        os, "stat", lambda path, *a, **k: regular if path == fifo else real_stat(path, *a, **k)
    )
    with no_hang(5), pytest.raises(RecordError, match=r"x.json: not a regular file \(a FIFO\)"):
        read_file(fifo, MAX_BYTES)


def test_a_file_that_grew_since_its_check_is_read_no_further_than_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small, big = tmp_path / "small.json", tmp_path / "big.json"
    small.write_bytes(b"x" * 100)
    big.write_bytes(b"x" * 10_000)
    checked, real_read = os.stat(small), os.read
    monkeypatch.setattr(os, "stat", lambda path, *a, **k: checked)
    monkeypatch.setattr(os, "fstat", lambda fd: checked)
    asked: list[int] = []

    def read(fd: int, n: int) -> bytes:
        asked.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", read)
    too_large = r"big.json: too large for a game record \(over 100 bytes\)"
    with pytest.raises(RecordError, match=too_large):
        read_file(big, 100)
    assert sum(asked) == 101
