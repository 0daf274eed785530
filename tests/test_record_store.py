"""The save directory, atomic saves, finding and listing saved games."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from pinochle_tui.engine import DeclareOut, Rules
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import find_game, list_games, save_dir, write_log
from tests.record_helpers import PLAYERS


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
    games = list_games(tmp_path)
    assert [g.path for g in games] == [finished.path, unfinished, broken]
    assert games[0].finished and games[0].scores == tuple(finished.state.scores)
    assert games[0].players == PLAYERS and games[0].hands == 1
    assert not games[1].finished and games[1].hands == 0 and games[1].scores == (0, 0)
    assert games[2].error is not None and "not valid JSON" in games[2].error


def test_a_save_leaves_no_temporary_file(tmp_path: Path) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path)
    session.deal()
    assert [p.name for p in tmp_path.iterdir()] == [session.path.name if session.path else ""]


def test_a_failed_save_keeps_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path)
    assert session.path is not None
    before = session.path.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(RecordError, match=r"cannot save the game to .*: No space left on device"):
        session.deal()
    assert session.path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [session.path]
    monkeypatch.undo()
    write_log(session.path, session.log)
    assert GameSession.load(session.path).state.hand_no == 1
