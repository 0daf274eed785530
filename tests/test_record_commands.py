"""``pinochle games``, ``verify`` and ``schema`` through the real command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from pinochle_tui.engine import Rules
from pinochle_tui.record.session import GameSession
from tests.record_helpers import PLAYERS, step


def _finished(directory: Path) -> GameSession:
    session = GameSession.new(Rules(game="single-deal"), PLAYERS, seed=4, save_dir=directory)
    rng = random.Random(4)
    while not session.state.is_over:
        step(session, rng)
    return session


def test_schema_is_the_json_schema_of_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "Pinochle game record"
    assert schema["properties"]["format"]["const"] == "pinochle-log"
    assert schema["properties"]["version"]["const"] == 1
    assert {"rules", "players", "hands", "result"} <= set(schema["properties"])
    assert schema["$defs"]["HandRecord"]["properties"]["deck"]["minItems"] == 48


def test_verify_a_valid_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = _finished(tmp_path)
    assert session.path is not None and session.log.result is not None
    assert main(["verify", str(session.path)]) == 0
    out = capsys.readouterr().out.splitlines()
    south, north = session.state.scores
    assert out[0] == f"{session.path.name}: valid, 1 hand, {session.log.action_count} actions."
    assert f"Ann {south} - {north} Computer ({session.state.result})." in out[1]


def test_verify_latest_unfinished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=6, save_dir=tmp_path)
    session.deal()
    assert main(["verify", "latest", "--save-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "Unfinished after hand 1: Ann 0 - 0 Computer."


def test_verify_a_missing_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "nothing", "--save-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"pinochle: no saved game 'nothing' (not a file, nor in {tmp_path})\n"
    )


def test_games_lists_when_who_score_and_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games", "--save-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"No saved games in {tmp_path}.\n"
    finished = _finished(tmp_path)
    (tmp_path / "zz-broken.json").write_text('{"format": "pinochle-log", "version": 7}')
    assert main(["games", "--save-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"2 saved games in {tmp_path}:"
    assert finished.path is not None and finished.log.result is not None
    south, north = finished.state.scores
    when = finished.log.started.strftime("%Y-%m-%d %H:%M")
    winner = {"south": "Ann", "north": "Computer", None: ""}[finished.log.result.winner]
    status = f"finished, {winner} won" if winner else "finished, drawn"
    listed = f"  {when}  Ann {south} - {north} Computer  ({status})  {finished.path.name}"
    assert listed in lines
    assert (
        "  zz-broken.json  unreadable: unsupported record version 7 (this program reads version 1)"
        in lines[1:]
    )
