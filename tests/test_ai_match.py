"""The duplicate match runner and its statistics."""

from __future__ import annotations

import argparse
import json
import math

import pytest

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.match import (
    GameResult,
    MatchSpec,
    deal_setup,
    matches_won,
    mean_ci,
    percentile,
    play_duplicate,
    play_duplicate_match,
    summarize,
    wilson,
)
from pinochle_tui.cli import UsageError, parse_args
from pinochle_tui.engine import Rules, Seat
from pinochle_tui.match_cli import budgets, run_match


def result(deal_no: int, a_seat: Seat, a: int, b: int, times: tuple[float, ...] = ()) -> GameResult:
    return GameResult(deal_no, a_seat, a, b, times, ())


def test_mean_and_interval() -> None:
    mean, low, high = mean_ci([100.0, -20.0, 40.0, 0.0])
    assert mean == 30.0
    # sample sd of (100, -20, 40, 0) is 52.915; 1.96 * 52.915 / 2 = 51.857
    assert low == pytest.approx(30.0 - 51.857, abs=1e-3)
    assert high == pytest.approx(30.0 + 51.857, abs=1e-3)
    assert mean_ci([5.0])[1:] == (-math.inf, math.inf)


def test_percentile_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile([3.0, 1.0, 2.0], 99) == 3.0
    assert percentile([], 50) == 0.0


def test_matches_to_the_target_in_deal_order() -> None:
    # A (South) reaches 1000 after three deals (400 + 400 + 300), then a new match starts.
    south = [
        result(i, Seat.SOUTH, a, b)
        for i, (a, b) in enumerate([(400, 100), (400, 200), (300, 200), (500, 900), (0, 200)])
    ]
    # Seated North, both pass 1000 together at deal 2 (target 1250), then B wins at deal 3.
    north = [
        result(i, Seat.NORTH, a, b)
        for i, (a, b) in enumerate([(500, 500), (600, 600), (100, 300), (0, 0), (0, 0)])
    ]
    assert matches_won(south + north, Rules()) == (1, 2)


def test_summary_of_a_tiny_match() -> None:
    pairs = [
        (result(0, Seat.SOUTH, 250, 150, (1.0, 3.0)), result(0, Seat.NORTH, 200, 200, (2.0,))),
        (result(1, Seat.SOUTH, 100, 300), result(1, Seat.NORTH, 180, 120, (4.0,))),
    ]
    stats = summarize(pairs, Rules())
    # Per deal: (100 + 0) / 2 = 50 and (-200 + 60) / 2 = -70.
    assert stats.mean == -10.0
    assert stats.ci_low == pytest.approx(-10.0 - 1.96 * math.sqrt(7200) / math.sqrt(2))
    assert stats.hands == (2, 1, 1)
    assert stats.a_ms == (2.5, 4.0)
    assert stats.deals == 2


def test_duplicate_deals_use_the_same_cards_with_seats_swapped() -> None:
    spec = MatchSpec("random", "easy", seed=4, rules=Rules())
    deck, dealer = deal_setup(spec, 3)
    assert deal_setup(spec, 3) == (deck, dealer) and dealer is Seat.NORTH
    first, second = play_duplicate(spec, 3)
    assert (first.a_seat, second.a_seat) == (Seat.SOUTH, Seat.NORTH)
    again = play_duplicate(spec, 3)  # deterministic, times apart
    assert [(g.a_points, g.b_points) for g in again] == [
        (g.a_points, g.b_points) for g in (first, second)
    ]
    # Single-deal scores: melds plus rounded tricks, in tens; the 250 trick points
    # (240 card points and the last trick) are split between the seats.
    for game in (first, second):
        assert game.a_points % 10 == 0 and game.b_points % 10 == 0


def match_args(deals: int, matches: int) -> argparse.Namespace:
    """``pinochle match --a easy --b random --seed 2`` as parsed, on one core."""
    return argparse.Namespace(
        a="easy",
        b="random",
        deals=deals,
        seed=2,
        jobs=1,
        no_progress=True,
        rules=Rules(),
        move_time=10.0,
        budget=None,
        matches=matches,
    )


def test_match_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_match(match_args(deals=3, matches=1)) == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert figures["deals"] == 3 and figures["a"] == "easy"
    assert sum(figures["hands_won"].values()) == 6
    assert figures["ci95"][0] <= figures["mean_diff"] <= figures["ci95"][1]
    assert "mean point difference per deal" in out[1]
    low, high = figures["deals_won"]["wilson95"]
    assert low <= figures["deals_won"]["share"] <= high
    assert figures["full_matches"]["played"] == 2  # one match, A in each seat
    assert "whole matches to 1000 on duplicate decks" in out[-2]


def test_the_json_line_of_a_single_deal_is_standard_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # One deal has no interval: it is null, not Infinity (which JSON lacks).
    assert run_match(match_args(deals=1, matches=0)) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]

    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} is not JSON: {line}")

    figures = json.loads(line, parse_constant=refuse)
    assert figures["deals"] == 1 and figures["ci95"] == [None, None]
    assert isinstance(figures["mean_diff"], float)


def test_match_budgets_and_whole_matches_on_the_command_line() -> None:
    args = parse_args(["match", "--a", "expert", "--budget", "32", "1s", "--matches", "3"])
    assert budgets(args.budget) == (Budget(samples=32), Budget(seconds=1.0))
    assert args.matches == 3
    assert budgets(parse_args(["match", "--budget", "8"]).budget) == (Budget(samples=8),) * 2
    assert budgets(parse_args(["match"]).budget) == (None, None)
    for wrong in (["soon"], ["1", "2", "3"]):
        with pytest.raises(UsageError):
            parse_args(["match", "--budget", *wrong])


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0


def test_a_whole_duplicate_match_plays_the_same_decks_in_both_seatings() -> None:
    spec = MatchSpec("easy", "random", seed=5, rules=Rules(target=300))
    first, second = play_duplicate_match(spec, 0)
    assert (first.a_seat, second.a_seat) == (Seat.SOUTH, Seat.NORTH)
    assert (first.a_won, second.a_won) == tuple(m.a_won for m in play_duplicate_match(spec, 0))


def test_the_cheater_is_shown_the_game_by_the_match_runner() -> None:
    spec = MatchSpec("cheater", "random", seed=2, rules=Rules(), budgets=(None, None))
    first, second = play_duplicate(spec, 0)
    assert first.margin > 0 and second.margin > 0
