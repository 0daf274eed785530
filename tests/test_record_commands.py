"""``pinochle games``, ``verify`` and ``schema`` through the real command line."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from pinochle_tui.engine import Rules
from pinochle_tui.plaintext import inert, is_inert
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
    assert schema["properties"]["version"]["enum"] == [1, 2]
    assert schema["$defs"]["UndoRecord"]["required"] == ["hand", "at_action", "taken_back", "seat"]
    assert {"rules", "players", "hands", "result"} <= set(schema["properties"])
    assert schema["$defs"]["HandRecord"]["properties"]["deck"]["minItems"] == 48


def test_verify_a_valid_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = _finished(tmp_path)
    assert session.path is not None and session.log.result is not None
    assert main(["verify", str(session.path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{session.path.name}: valid, 1 hand, 52 actions."
    # The players are named throughout: the line never says which seat is whose.
    assert out[1] == "Computer won: Ann 80 - 220 Computer (Computer scored more in the deal)."


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


@pytest.mark.parametrize("command", ["verify", "resume", "replay", "review", "export"])
def test_an_action_that_is_no_action_is_unreadable_not_illegal(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``frobnicate`` is no action at all: the record cannot be read (exit 2), unlike an
    action the rules refuse (exit 1); every command that opens the game says so in one line."""
    document = json.loads(_finished(tmp_path).log.model_dump_json())
    document["hands"][0]["actions"][3]["action"] = "frobnicate QS"
    (tmp_path / "edited.json").write_text(json.dumps(document))
    assert main([command, "edited.json", "--save-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "pinochle: edited.json: action 4 (hand 1, North 'frobnicate QS'): 'frobnicate QS' is "
        "not an action: actions look like 'play QS', 'meld flush AH 10H KH QH JH', 'show 9H', "
        "'exchange 9H', 'draw', 'draw turn-up' or 'declare-out'\n"
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
    status += f", level {finished.log.players[1].level}, 48 cards"
    listed = f"  {when}  Ann {south} - {north} Computer  ({status})  {finished.path.name}"
    assert listed in lines
    unsupported = "unsupported record version 7 (this program reads versions 1 and 2)"
    assert f"  zz-broken.json  unreadable: {unsupported}" in lines[1:]


#: Text that must reach the terminal as it is written, never as what it would do.
EVIL = "\x1b]0;pwned\x07\n[/][bold red]x[@click=app.quit]\r\u202e"
SHOWN = "\\x1b]0;pwned\\x07\\x0a[/][bold red]x[@click=app.quit]\\x0d\\u202e"
#: A file name cannot hold a slash.
EVIL_FILE, SHOWN_FILE = (f"markup-{text.replace('/', '')}.json" for text in (EVIL, SHOWN))


def _hostile_games(directory: Path) -> dict[str, str]:
    """Saved games carrying hostile text in every place a file can, and a fragment of
    what ``verify`` says about each."""
    document = json.loads(_finished(directory).log.model_dump_json())
    files: dict[str, tuple[dict[str, object], str]] = {}
    markup = copy.deepcopy(document)
    markup["players"][0]["name"] = "[bold red]Ann[/]"
    markup["players"][1]["name"] = "[@click=app.quit]"
    files[EVIL_FILE] = (markup, "valid, 1 hand")
    name = copy.deepcopy(document)
    name["players"][0]["name"] = f"Ann{EVIL}"
    files["name.json"] = (name, "players.0.name: Value error, a name cannot hold control")
    reason = copy.deepcopy(document)
    reason["result"]["reason"] = EVIL
    files["reason.json"] = (reason, f": {SHOWN}) does not match the replay")
    action = copy.deepcopy(document)
    action["hands"][0]["actions"][3]["action"] = EVIL
    files["action.json"] = (action, "is not an action")
    key = copy.deepcopy(document)
    key["rules"][EVIL] = 1
    files["key.json"] = (key, f"rules.{SHOWN[:40]}")  # a long key is cut short
    for file_name, (content, _) in files.items():
        (directory / file_name).write_text(json.dumps(content))
    return {file_name: fragment for file_name, (_, fragment) in files.items()}


def _plain_lines(text: str) -> list[str]:
    lines = text.split("\n")
    assert lines[-1] == "", "every message ends its line"
    assert all(is_inert(line) for line in lines), "no control character is printed"
    return lines[:-1]


def test_hostile_text_in_files_is_printed_inert_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fragments = _hostile_games(tmp_path)
    assert main(["games", "--save-dir", str(tmp_path)]) == 0
    listed = _plain_lines(capsys.readouterr().out)
    assert len(listed) == 2 + len(fragments), "a header, the clean game, one line a file"
    assert any(
        "  [bold red]Ann[/] " in line and line.endswith(f"  {SHOWN_FILE}") for line in listed
    )
    for file_name, fragment in fragments.items():
        valid = main(["verify", file_name, "--save-dir", str(tmp_path)]) == 0
        out, err = capsys.readouterr()
        said = _plain_lines(out if valid else err)
        assert len(said) == (2 if valid else 1) and fragment in said[0]
        assert said[0].startswith(
            f"{inert(file_name)}: " if valid else f"pinochle: {inert(file_name)}: "
        )
        if not valid:
            assert main(["resume", file_name, "--save-dir", str(tmp_path)]) == 2
            assert _plain_lines(capsys.readouterr().err) == said
    assert main(["resume", "--save-dir", str(tmp_path)]) == 2
    refused = _plain_lines(capsys.readouterr().err)
    assert len(refused) == 1 and refused[0].startswith("pinochle: no unfinished game in ")
