"""The real program in a real terminal: killed with SIGKILL at many moments it
loses nothing it showed and leaves no process behind; an unexpected error
ends it with one calm line, a crash file and a non-zero status; a game is
saved before it is shown."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from pinochle_tui.engine import Rules, Seat, parse_action
from pinochle_tui.record.models import seat_of
from pinochle_tui.record.store import list_games, open_game
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.log import GameLog
from tests.probe import KeyboardPlayer
from tests.terminal import Terminal

#: The hand on screen: the number keys under the cards.
HAND_KEYS = re.compile(r"^\s*1\s+2\s+3", re.M)
#: The trick on the table: its number, and who took it once it is over.
TRICK = re.compile(r"Trick (\d+)(: (?:You|Computer) took it)?")
#: A play told in the game log: who, and the card.
PLAYED = re.compile(r"(You|Computer) (?:leads?|plays?) ((?:10|[AKQJ9])[♠♥♦♣])")


def only_game(directory: Path) -> Path:
    games = list_games(directory).games
    assert len(games) == 1, games
    return games[0].path


def play_keys(terminal: Terminal, moves: int) -> None:
    """Press a card's number twice (which plays it) or Enter in the meld panel,
    ``moves`` times, reading the screen in between."""
    for _ in range(moves):
        terminal.pump(0.15)
        terminal.send("11" if HAND_KEYS.search(terminal.text()) else "\r")


@pytest.mark.parametrize("moves", [0, 1, 3, 6, 10, 15])
def test_a_game_killed_at_any_moment_resumes_with_nothing_lost(tmp_path: Path, moves: int) -> None:
    # No hangup signal: the terminal's would end the computer's process for the
    # program, which must make sure of it itself.
    args = ["play", "--seed", "4", "--speed", "0", "--save-dir", str(tmp_path)]
    terminal = Terminal(args, hangup=False)
    assert terminal.wait_for(lambda text: "Trump is" in text or "trump" in text)
    play_keys(terminal, moves)
    terminal.settle()  # a whole frame on screen: a half-drawn one may show a log line twice
    shown = terminal.text()
    terminal.kill()
    assert terminal.survivors() == [], "the computer's process outlived the game"
    game = open_game(only_game(tmp_path))
    # Every play the log on screen told of is in the file (which may hold more).
    saved = Counter(
        (game.log.players[seat_of(r.seat)].name, str(parse_action(r.action, Seat.SOUTH)))
        for hand in game.log.hands
        for r in hand.actions
        if r.action.startswith("play ")
    )
    told = Counter((name, f"play {card}") for name, card in PLAYED.findall(shown.replace("│", " ")))
    assert told <= saved, (told, saved)
    # The trick on screen is in the file: finished if shown as taken, else led.
    trick = TRICK.search(shown)
    if trick is not None:
        number, taken = int(trick.group(1)), trick.group(2) is not None
        done = len(game.state.tricks) + (game.state.lead is not None)
        assert done >= (number if taken else number - 1), (trick.group(0), done)
    assert moves < 3 or trick is not None, shown
    resumed = Terminal(["resume", "--speed", "0", "--save-dir", str(tmp_path)])
    resumed_line = f"Game resumed in hand {game.state.hand_no}"
    assert resumed.wait_for(lambda text: resumed_line in text), resumed.text()
    resumed.send("q")
    resumed.pump(0.3)
    resumed.kill()
    assert shown  # the screen was drawn before the kill


def test_a_storm_of_resizes_leaves_a_game_that_still_moves(tmp_path: Path) -> None:
    """Dragging the window corner across the minimum size, 600 resizes in a few
    seconds: the table comes back at once and the game goes on (it used to stay
    blank for minutes)."""
    terminal = Terminal(
        ["play", "--seed", "4", "--speed", "0", "--level", "easy", "--save-dir", str(tmp_path)]
    )
    assert terminal.wait_for(lambda text: "trump" in text.lower())
    rng = random.Random(7)
    for _ in range(600):
        terminal.resize(rng.randint(60, 200), rng.randint(18, 60))
        terminal.pump(0.005)
    terminal.resize(100, 30)
    # Within the 30 s a busy machine may need, where the bug took minutes.
    assert terminal.wait_for(lambda text: bool(HAND_KEYS.search(text))), terminal.text()
    before = open_game(only_game(tmp_path)).log.action_count
    terminal.send("11")
    assert terminal.wait_for(lambda _: open_game(only_game(tmp_path)).log.action_count > before), (
        terminal.text()
    )
    terminal.kill()


def test_an_unexpected_error_is_one_calm_line_and_a_crash_file(tmp_path: Path) -> None:
    broken = (
        "import sys\n"
        "from pinochle_tui.tui.widgets.scoreboard import ScoreBoard\n"
        "count = [0]\n"
        "shown = ScoreBoard.show\n"
        "def show(self, *args):\n"
        "    count[0] += 1\n"
        "    if count[0] > 4:\n"
        "        raise RuntimeError('boom [/] \\x1b]0;pwned\\x07')\n"
        "    shown(self, *args)\n"
        "ScoreBoard.show = show\n"
        "from pinochle_tui.cli import main\n"
        "sys.exit(main())\n"
    )
    terminal = Terminal(
        ["play", "--seed", "4", "--speed", "0", "--save-dir", str(tmp_path)], code=broken
    )
    assert terminal.wait_for(lambda text: "trump" in text.lower())
    play_keys(terminal, 4)
    status = terminal.finish()
    assert status == 1
    text = terminal.output.decode(errors="replace")
    lines = [line for line in text.splitlines() if "pinochle: the game stopped" in line]
    assert len(lines) == 1, text[-2000:]
    assert "RuntimeError: boom [/] \\x1b]0;pwned\\x07" in lines[0]
    assert "pinochle resume" in lines[0]
    assert "Traceback" not in text and "\x1b]0;pwned" not in text
    crash = list(tmp_path.glob("crash-*.txt"))
    assert len(crash) == 1 and "Traceback" in crash[0].read_text()
    assert str(crash[0]) in lines[0]
    assert terminal.survivors() == []
    open_game(only_game(tmp_path))  # the game file is whole


async def test_every_move_is_saved_before_it_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = MatchSetup(Rules(), seed=4, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    checked = [0]
    tell = GameLog.tell

    def tell_after_saving(log: GameLog, lines: object) -> None:
        session = app.session
        assert session.path is not None
        assert open_game(session.path).log == session.log, "shown before it was saved"
        checked[0] += 1
        tell(log, lines)  # type: ignore[arg-type]

    monkeypatch.setattr(GameLog, "tell", tell_after_saving)
    async with app.run_test(size=(100, 30)) as pilot:
        await KeyboardPlayer(pilot, app).play_hand(max_turns=12)
    assert checked[0] >= 12
