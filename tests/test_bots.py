"""The bot protocol: programs as players (``cmd:``), the example bots, the
misbehaving ones (each forfeits with one clear line, never hangs the host and
leaves no process behind), ``pinochle bot``, and what a bot may see."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pinochle_tui.ai.match import FORFEIT_POINTS, play_game
from pinochle_tui.ai.registry import UnknownPlayerError, entry, make_player
from pinochle_tui.bot_cli import serve_bot
from pinochle_tui.bots.external import BotForfeit, ExternalPlayer
from pinochle_tui.bots.protocol import (
    AnswerError,
    event_line,
    go_line,
    parse_answer,
    view_from_data,
)
from pinochle_tui.engine import (
    Card,
    CardDrawn,
    DeclareOut,
    GameState,
    PinochleError,
    Rules,
    Seat,
    shuffled_deck,
)

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "examples" / "bots"
RANDOM_BOT = f"{sys.executable} {ROOT / 'examples' / 'bot_random.py'}"
SINGLE = Rules(game="single-deal")


def bot(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(BOTS / f"{name}.py"), *args])


def deck(seed: int) -> list[Card]:
    return list(shuffled_deck(SINGLE, random.Random(seed)))


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return status.split(") ", 1)[1][0] != "Z"


def alive(pid: int) -> bool:
    """Whether a process still runs (not gone, not a zombie) after a kill has had
    up to 10 s to land: a generous guard on a loaded machine."""
    deadline = time.monotonic() + 10
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _running(pid)


def random_views(rules: Rules, seed: int) -> GameState:
    """A game advanced a random number of moves into its first hand."""
    state = GameState.new(rules, dealer=Seat.NORTH)
    state.deal(shuffled_deck(rules, random.Random(seed)))
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 30)):
        legal = [a for a in state.legal_actions(state.to_act) if not isinstance(a, DeclareOut)]
        state.apply(rng.choice(legal))
    return state


# -- the wire format ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_view_goes_over_the_wire_and_comes_back_equal(seed: int) -> None:
    state = random_views(Rules(pack=64) if seed % 2 else Rules(), seed)
    view = state.view(state.to_act)
    message = json.loads(go_line(view, state.legal_actions(view.seat), 2.5).split(" ", 1)[1])
    assert view_from_data(message["view"]) == view
    assert message["move_time_ms"] == 2500
    assert message["legal"] == [a.text for a in state.legal_actions(view.seat)]


def test_another_seats_draw_has_no_card() -> None:
    drawn = CardDrawn(Seat.NORTH, Card.parse("QS#2"), turn_up=False)
    assert '"card": null' in event_line(drawn, Seat.SOUTH)
    assert '"card": "QS#2"' in event_line(drawn, Seat.NORTH)
    turn_up = CardDrawn(Seat.NORTH, Card.parse("9H"), turn_up=True)
    assert '"card": "9H#1"' in event_line(turn_up, Seat.SOUTH)


def test_answers_are_read_as_a_player_writes_them() -> None:
    state = random_views(Rules(), 3)
    view = state.view(state.to_act)
    legal = state.legal_actions(view.seat)
    for action in legal:
        assert parse_answer(view, legal, action.text) == action
    card = view.unseen[0]
    with pytest.raises(AnswerError, match=str(card)[:-1]):
        parse_answer(view, legal, f"play {card.code}")
    with pytest.raises(AnswerError, match="not an action"):
        parse_answer(view, legal, "resign")


# -- a well-behaved bot -------------------------------------------------------------


def test_the_random_example_plays_whole_games_against_easy() -> None:
    for seed in range(2):
        players = (ExternalPlayer(RANDOM_BOT), make_player("easy", seed))
        scores, times, forfeit = play_game(SINGLE, deck(seed), Seat(seed), players)
        assert forfeit is None and sum(scores) >= 250 and times[0]
        assert players[0].name == "random-example"


def test_pinochle_bot_speaks_the_protocol_as_any_level() -> None:
    ours = ExternalPlayer(f"{sys.executable} -m pinochle_tui.cli bot --level easy --seed 3")
    scores, _, forfeit = play_game(SINGLE, deck(4), Seat.SOUTH, (ours, make_player("random", 1)))
    assert forfeit is None and sum(scores) >= 250 and ours.name == "pinochle-easy"


def test_pinochle_bot_answers_the_greeting_and_each_go(tmp_path: Path) -> None:
    state = random_views(Rules(), 8)
    view = state.view(state.to_act)
    lines = ["pinochle-bot 1", "newgame {}", go_line(view, state.legal_actions(view.seat), 1.0)]
    out = tmp_path / "out.txt"
    with out.open("w") as stream:
        assert serve_bot("normal", 1, [*lines, "quit", "go never-read"], stream) == 0
    said = out.read_text().splitlines()
    assert said[:4] == ["id name pinochle-normal", "id author pinochle_tui", "protocol 1", "ready"]
    assert len(said) == 5 and said[4].startswith("action ")
    assert parse_answer(view, state.legal_actions(view.seat), said[4][7:]) is not None


def test_a_bot_sees_no_card_its_seat_may_not_see(tmp_path: Path) -> None:
    """Every card named in the lines a bot receives up to a decision is one its
    seat knows at that decision (the view it gets then names all it knows; its
    list of unseen cards names cards it has not seen, as such), and another
    seat's draws reach it without their card."""
    log = tmp_path / "seen.txt"
    players = (ExternalPlayer(bot("record", str(log))), make_player("easy", 2))
    play_game(SINGLE, deck(6), Seat.NORTH, players)
    lines = log.read_text().splitlines()
    assert lines[0].startswith("newgame ") and lines[-1] == "quit"
    named: set[str] = set()
    decisions = 0
    for line in lines:
        keyword, _, rest = line.partition(" ")
        if keyword == "go":
            decisions += 1
            data = json.loads(rest)
            view = view_from_data(data["view"])
            del data["view"]["unseen"]
            named |= set(re.findall(r"\b(?:10|[AKQJ987])[SHDC]#[12]\b", json.dumps(data)))
            assert named <= {c.tag for c in view.visible_cards()}
            continue
        if keyword == "event":
            event = json.loads(rest)
            if event["type"] == "card-drawn" and event["seat"] == "north" and not event["turn_up"]:
                assert event["card"] is None
        named |= set(re.findall(r"\b(?:10|[AKQJ987])[SHDC]#[12]\b", line))
    assert decisions >= 10 and len(named) >= 20


# -- bots that misbehave --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("crash", r"exited with status 1: RuntimeError: the example bot crashed on purpose"),
        ("slow", r"took more than 0\.5 s to answer"),
        ("illegal", r"answered 'play [^']+', which is illegal: You do not hold"),
        ("silent", r"did not say 'ready' within 1 s"),
    ],
)
def test_a_misbehaving_bot_forfeits_with_one_line(name: str, why: str) -> None:
    player = ExternalPlayer(bot(name), move_time=0.5, startup_time=1.0)
    scores, _, forfeit = play_game(SINGLE, deck(1), Seat.NORTH, (player, make_player("easy", 1)))
    assert scores == (0, FORFEIT_POINTS)
    assert forfeit is not None and "\n" not in forfeit and re.search(why, forfeit), forfeit
    assert forfeit.startswith(f"{name}-example (cmd:") or forfeit.startswith("cmd:")
    assert player._process is None  # killed and reaped


def test_a_forfeit_stays_a_forfeit_and_the_process_is_gone() -> None:
    player = ExternalPlayer(bot("slow"), move_time=0.3)
    state = random_views(SINGLE, 2)
    view = state.view(state.to_act)
    process = None
    with pytest.raises(BotForfeit, match=r"took more than 0\.3 s") as first:
        player.observe(view.seat, view.rules, [])
        process = player._process
        assert process is not None
        player.choose(view, state.legal_actions(view.seat))
    assert process is not None and not alive(process.popen.pid)
    with pytest.raises(BotForfeit) as again:
        player.choose(view, state.legal_actions(view.seat))
    assert str(again.value) == str(first.value)


def test_a_bot_that_leaves_children_has_them_killed_too(tmp_path: Path) -> None:
    script = tmp_path / "spawner.py"
    pid_file = tmp_path / "child.pid"
    script.write_text(
        "import subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print('id name spawner', flush=True); print('ready', flush=True)\n"
        "time.sleep(600)\n"
    )
    player = ExternalPlayer(f"{sys.executable} {script}", move_time=0.3)
    state = random_views(SINGLE, 5)
    view = state.view(state.to_act)
    with pytest.raises(BotForfeit, match="took more than"):
        player.choose(view, state.legal_actions(view.seat))
    assert not alive(int(pid_file.read_text()))


def test_a_program_that_cannot_start_forfeits() -> None:
    player = ExternalPlayer("/nonexistent/bot --fast")
    state = random_views(SINGLE, 1)
    view = state.view(state.to_act)
    with pytest.raises(BotForfeit, match="could not be started: No such file"):
        player.choose(view, state.legal_actions(view.seat))


def test_what_a_bot_says_is_inert(tmp_path: Path) -> None:
    script = tmp_path / "evil.py"
    script.write_text(
        "import sys\n"
        "print('id name Evil\\x1b]0;owned\\x07[bold]', flush=True)\n"
        "print('protocol 1', flush=True); print('ready', flush=True)\n"
        "sys.stdin.readline(); sys.stdin.readline()\n"
        "sys.stderr.write('boom\\x1b[2J\\u202e\\n'); sys.exit(3)\n"
    )
    player = ExternalPlayer(f"{sys.executable} {script}", move_time=5)
    state = random_views(SINGLE, 4)
    view = state.view(state.to_act)
    with pytest.raises(BotForfeit) as forfeit:
        player.choose(view, state.legal_actions(view.seat))
    message = str(forfeit.value)
    assert "\x1b" not in message and "\u202e" not in message and "\n" not in message
    assert message.startswith("Evil\\x1b]0;owned\\x07[bold] (cmd:")
    assert message.endswith("exited with status 3: boom\\x1b[2J\\u202e")


def test_a_command_that_cannot_be_read_is_refused_by_the_registry() -> None:
    with pytest.raises(PinochleError, match="No closing quotation"):
        entry("cmd:python 'unclosed")
    with pytest.raises(PinochleError, match="needs a command line"):
        entry("cmd:   ")
    assert entry("cmd:python bot.py").offered
    with pytest.raises(UnknownPlayerError):
        entry("cmdpython")


# -- from the command line ---------------------------------------------------------------


def run_pinochle(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pinochle_tui.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_match_against_the_random_example_prints_its_json_line() -> None:
    done = run_pinochle(
        "match",
        "--a",
        "cmd:python examples/bot_random.py",
        "--b",
        "easy",
        "--deals",
        "3",
        "--no-progress",
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.splitlines()[-1])
    assert figures["a"] == "cmd:python examples/bot_random.py" and figures["deals"] == 3
    assert figures["forfeits"] == {"a": 0, "b": 0} and sum(figures["hands_won"].values()) == 6


def test_match_tells_each_forfeit_on_one_line_and_scores_it() -> None:
    done = run_pinochle(
        "match",
        "--a",
        "easy",
        "--b",
        "cmd:python examples/bots/crash.py",
        "--deals",
        "2",
        "--no-progress",
        "--move-time",
        "2",
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.splitlines()[-1])
    assert figures["forfeits"] == {"a": 0, "b": 4}
    assert figures["hands_won"] == {"a": 4, "b": 0, "drawn": 0}
    assert figures["mean_diff"] == FORFEIT_POINTS
    told = done.stderr.splitlines()
    assert len(told) == 4 and all(
        "crash-example (cmd:python examples/bots/crash.py) forfeits" in t for t in told
    )
