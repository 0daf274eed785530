"""``pinochle stats``: fifty saved games counted from the human's side, broken and
foreign files skipped with a count, the kept reviews' points lost."""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from pinochle_tui.coach.review import review_file
from pinochle_tui.coach.stats import Stats, collect, sparkline
from pinochle_tui.engine import ClaimCounted, DeclareOut, HandScored, Rules, Seat
from pinochle_tui.record.models import GameLog, PlayerInfo, seat_of
from pinochle_tui.record.replay import initial_state, steps
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import write_log
from tests.helpers import random_action

LEVELS = ("easy", "normal", "hard")
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def saved_game(directory: Path, number: int) -> GameLog:
    """Game ``number``: a match to 300 or a single deal against one of the levels,
    played at random (declaring out now and then), the human in either seat;
    some are left unfinished, and one in five is between two people."""
    rng = random.Random(number)
    rules = Rules(target=300) if number % 3 else Rules(game="single-deal")
    human = Seat(number % 2)
    players = [PlayerInfo(name="Ann", kind="human"), PlayerInfo(name="Ann", kind="human")]
    if number % 5:
        players[human.other] = PlayerInfo(
            name="Computer", kind="computer", level=LEVELS[number // 2 % 3]
        )
    session = GameSession.new(rules, players, seed=number)
    moves = 10**6 if number % 7 else 30  # one game in seven is left unfinished
    while not session.state.is_over and moves:
        if session.needs_deal:
            session.deal()
        else:
            session.apply(random_action(session.state, rng, declare=0.03))
        moves -= 1
    log = session.log.model_copy(update={"started": START + timedelta(hours=number)})
    write_log(directory / f"game-{number:02}.json", log)
    return log


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[GameLog]]:
    directory = tmp_path_factory.mktemp("stats")
    logs = [saved_game(directory, n) for n in range(50)]
    (directory / "zz-broken.json").write_text('{"format": "pinochle-log", "version": 2,')
    (directory / "zz-foreign.json").write_text(json.dumps({"name": "a shopping list"}))
    os.mkfifo(directory / "zz-fifo.json")
    return directory, logs


def expected(logs: list[GameLog]) -> dict[str, object]:
    """The figures worked out plainly from the records themselves."""
    counted = [log for log in logs if [p.kind for p in log.players].count("human") == 1]
    wins = losses = hands = hands_won = meld = declared = declared_won = 0
    outcomes = []
    for log in counted:
        seat = Seat([p.kind for p in log.players].index("human"))
        if log.result is not None:
            won = log.result.winner is not None and seat_of(log.result.winner) == seat
            drawn = log.result.winner is None
            wins += won
            losses += not won and not drawn
            outcomes.append("D" if drawn else "W" if won else "L")
        for step in steps(log, initial_state(log)):
            declared += step.seat == seat and step.text == DeclareOut(seat).text
            for event in step.events:
                if isinstance(event, HandScored):
                    hands += 1
                    meld += event.meld_points[seat]
                    mine = event.meld_points[seat] + event.rounded[seat]
                    hands_won += mine > event.meld_points[seat.other] + event.rounded[seat.other]
                declared_won += isinstance(event, ClaimCounted) and event.seat == seat and event.won
    return {
        "games": len(counted),
        "wins": wins,
        "losses": losses,
        "hands": hands,
        "hands_won": hands_won,
        "meld": round(meld / hands, 1),
        "declared": declared,
        "declared_won": declared_won,
        "outcomes": "".join(outcomes),
    }


def test_fifty_games_counted_and_the_broken_ones_skipped(
    games: tuple[Path, list[GameLog]],
) -> None:
    directory, logs = games
    stats = collect(directory)
    want = expected(logs)
    assert (stats.games, stats.hotseat, stats.unreadable, stats.skipped) == (40, 10, 2, 1)
    assert stats.games == want["games"]
    won = sum(r.matches_won + r.deals_won for r in stats.levels)
    lost = sum(r.matches_lost + r.deals_lost for r in stats.levels)
    assert (won, lost) == (want["wins"], want["losses"])
    assert [r.level for r in stats.levels] == ["easy", "normal", "hard"]  # weakest first
    assert sum(r.matches_unfinished + r.deals_unfinished for r in stats.levels) == 4
    assert (stats.hands, stats.hands_won, stats.meld) == (
        want["hands"],
        want["hands_won"],
        want["meld"],
    )
    assert (stats.declared, stats.declared_won) == (want["declared"], want["declared_won"])
    assert stats.declared > 0
    outcomes = "".join(r.outcome[0].upper() for r in stats.results)
    assert outcomes == want["outcomes"] and len(outcomes) == 36
    assert [r.started for r in stats.results] == sorted(r.started for r in stats.results)
    run = len(outcomes) - len(outcomes.rstrip(outcomes[-1]))
    assert stats.streak == (run if outcomes[-1] == "W" else -run if outcomes[-1] == "L" else 0)
    assert stats.longest_won == max(len(s) for s in outcomes.replace("D", "L").split("L"))
    assert stats.points_lost is None and stats.reviewed_games == 0


def test_the_command_says_it_in_words_and_as_json(
    games: tuple[Path, list[GameLog]], capsys: pytest.CaptureFixture[str]
) -> None:
    directory, _ = games
    assert main(["stats", "--save-dir", str(directory)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"40 games against the computer in {directory}, as the human player."
    assert lines[1] == (
        "(10 hotseat games not counted; 2 files skipped: unreadable or not a game; "
        "1 entry skipped: not regular files)"
    )
    assert any(line.startswith("Against easy: matches ") for line in lines)
    assert "Points lost: no game reviewed yet ('pinochle review FILE')." in lines
    stats = collect(directory)
    assert lines[-2] == "  " + sparkline(r.margin for r in stats.results)
    assert lines[-1] == "  " + "".join(r.outcome[0].upper() for r in stats.results)
    assert main(["stats", "--json", "--save-dir", str(directory)]) == 0
    assert Stats.model_validate_json(capsys.readouterr().out) == stats
    assert main(["stats", "--name", "Nobody", "--save-dir", str(directory)]) == 0
    assert capsys.readouterr().out.startswith("0 games against the computer")


def test_a_game_saved_twice_counts_once(
    games: tuple[Path, list[GameLog]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory, _ = games
    for name in ("game-01.json", "game-01-copy.json", "game-02.json"):
        (tmp_path / name).write_bytes((directory / name.replace("-copy", "")).read_bytes())
    stats = collect(tmp_path)
    assert (stats.games, stats.copies, stats.unreadable) == (2, 1, 0)
    assert len(stats.results) == 2
    assert main(["stats", "--save-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        f"2 games against the computer in {tmp_path}, as the human player.",
        "(1 copy of a game not counted again)",
    ]


def test_points_lost_come_from_the_kept_reviews(
    games: tuple[Path, list[GameLog]], tmp_path: Path
) -> None:
    directory, _ = games
    for name in ("game-01.json", "game-02.json"):
        (tmp_path / name).write_bytes((directory / name).read_bytes())
    reviews = [review_file(tmp_path / n, samples=2) for n in ("game-01.json", "game-02.json")]
    stats = collect(tmp_path)
    hands = [s for r in reviews for h in r.per_hand for s in h.seats if s.decisions]
    lost = sum(s.points_lost for s in hands)
    assert stats.reviewed_games == 2 and stats.reviewed_hands == len(hands) > 0
    assert stats.points_lost == round(lost / len(hands), 1)


def test_an_unreadable_directory_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "file"
    missing.write_text("")
    assert main(["stats", "--save-dir", str(missing)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
