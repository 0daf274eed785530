"""Bot programs in the app: ``play --opponent cmd:...`` thinks in the worker,
a forfeit stops the bot with a plain-text message, and ``resume`` never runs a
command read from a saved file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pinochle_tui.cli import main, parse_args
from pinochle_tui.engine import Rules, Seat
from pinochle_tui.record.models import PlayerInfo
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.launch import resumed
from pinochle_tui.tui.screens.new_game import NewGameScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from tests.probe import KeyboardPlayer, game_of, notices, wait_until

ROOT = Path(__file__).resolve().parent.parent
#: Seeded, so that its game is the same each run.
RANDOM_BOT = f"cmd:{sys.executable} {ROOT / 'examples' / 'bot_random.py'} 1"
CRASH_BOT = f"cmd:{sys.executable} {ROOT / 'examples' / 'bots' / 'crash.py'}"


def start(tmp_path: Path, level: str, seed: int = 3) -> PinochleApp:
    setup = MatchSetup(Rules(), level=level, seed=seed, save_dir=tmp_path, first_dealer=Seat.SOUTH)
    return PinochleApp(setup, setup.start(), Display(speed=0))


async def test_a_bot_program_plays_the_computer_seat(tmp_path: Path) -> None:
    app = start(tmp_path, RANDOM_BOT)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await KeyboardPlayer(pilot, app).play_hand(max_turns=6)
        session = game_of(app).session
        north = [a for hand in session.log.hands for a in hand.actions if a.seat == "north"]
        assert len(north) >= 5, "the program made North's moves"
        assert session.players[1].level == RANDOM_BOT
        await pilot.press("n")  # the New game dialog offers the program again
        assert await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("escape")
    assert "forfeits" not in notices(app)


async def test_a_forfeit_stops_the_bot_and_says_why_in_plain_text(tmp_path: Path) -> None:
    app = start(tmp_path, CRASH_BOT)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        # South deals, so North's program leads, and crashes at once.
        assert await wait_until(pilot, lambda: "forfeits" in notices(app))
        told = next(n for n in app._notifications if "forfeits" in str(n.message))
        assert not told.markup and "\n" not in str(told.message)
        assert "RuntimeError: the example bot crashed on purpose" in str(told.message)
        game = game_of(app)
        assert not game.thinking and game.session.state.to_act is Seat.NORTH


def saved_game(tmp_path: Path, level: str) -> Path:
    players = [
        PlayerInfo(name="You", kind="human"),
        PlayerInfo(name="Computer", kind="computer", level=level),
    ]
    setup = MatchSetup(Rules(), level=level, seed=1, save_dir=tmp_path)
    session = setup.start()
    assert list(session.players) == players
    path = session.path
    session.close()
    assert path is not None
    return path


def test_resume_never_runs_a_command_from_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    planted = tmp_path / "planted"
    path = saved_game(tmp_path, f"cmd:touch {planted}")
    assert main(["resume", str(path), "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "never run" in err and "--opponent" in err
    assert not planted.exists()


def test_resume_with_opponent_replaces_the_program(tmp_path: Path) -> None:
    path = saved_game(tmp_path, f"cmd:touch {tmp_path / 'planted'}")
    args = parse_args(["resume", str(path), "--save-dir", str(tmp_path), "--opponent", RANDOM_BOT])
    setup, session, _ = resumed(args)
    try:
        assert setup.level == RANDOM_BOT and session.players[1].level == RANDOM_BOT
    finally:
        session.close()
    args = parse_args(["resume", str(path), "--save-dir", str(tmp_path), "--opponent", "easy"])
    setup, session, _ = resumed(args)
    session.close()
    assert setup.level == "easy" and not (tmp_path / "planted").exists()


def test_opponent_is_only_for_a_game_against_a_program(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, "easy")
    argv = ["resume", str(path), "--save-dir", str(tmp_path), "--opponent", "hard"]
    assert main(argv) == 2
    assert "was not played against a bot program" in capsys.readouterr().err


def test_a_long_command_is_refused_at_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--opponent", "cmd:python " + "x" * 100]) == 2
    assert "at most 100 characters" in capsys.readouterr().err
