"""``pinochle match``: computer against computer on duplicate deals.

The games are played by ``ai.match`` (in worker processes with ``--jobs``);
this module shows the progress bar and prints the figures, the last line
being one JSON object. Each game a bot program forfeits is told on stderr in
one line as it happens.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TypeVar

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.match import (
    GameResult,
    MatchResult,
    MatchSpec,
    MatchStats,
    play_duplicate,
    play_duplicate_match,
    summarize,
)
from pinochle_tui.plaintext import inert
from pinochle_tui.workers import pool

_Result = TypeVar("_Result")


def budgets(values: list[Budget] | None) -> tuple[Budget | None, Budget | None]:
    """A's and B's budgets from ``--budget`` (one for both, or A's then B's)."""
    if not values:
        return None, None
    return values[0], values[-1]


def run_match(args: argparse.Namespace) -> int:
    """Play ``args.deals`` duplicate deals (and ``args.matches`` whole duplicate
    matches) between levels ``args.a`` and ``args.b``."""
    spec = MatchSpec(args.a, args.b, args.seed, args.rules, args.move_time, budgets(args.budget))
    pairs: list[tuple[GameResult, GameResult]] = []
    full: list[MatchResult] = []
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        disable=args.no_progress,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{args.a} vs {args.b}", total=args.deals + args.matches)
        for pair in play_deals(spec, args.deals, args.jobs):
            pairs.append(pair)
            for game in pair:
                if game.forfeit is not None:
                    where = f"deal {game.deal_no + 1}, A in the {game.a_seat} seat"
                    print(f"pinochle: {where}: {inert(game.forfeit)}", file=sys.stderr)
            progress.advance(task)
        for twins in play_matches(spec, args.matches, args.jobs):
            full += twins
            progress.advance(task)
    pairs.sort(key=lambda pair: pair[0].deal_no)
    stats = summarize(pairs, spec.rules, full)
    print(report(spec, stats))
    print(json.dumps({"a": spec.a, "b": spec.b, "seed": spec.seed, **stats.as_dict()}))
    return 0


def _in_pool(
    play: Callable[[int], _Result], numbers: Iterable[int], jobs: int
) -> Iterator[_Result]:
    """``play(n)`` for each of ``numbers``, as they finish, in ``jobs`` processes."""
    if jobs == 1:
        yield from map(play, numbers)
        return
    with pool(jobs) as workers:
        yield from workers.imap_unordered(play, numbers)


def play_deals(
    spec: MatchSpec, deals: int | Iterable[int], jobs: int
) -> Iterator[tuple[GameResult, GameResult]]:
    """Each deal's two games, as they finish: the first ``deals`` deals, or
    the deals numbered so."""
    numbers = range(deals) if isinstance(deals, int) else deals
    return _in_pool(partial(play_duplicate, spec), numbers, jobs)


def play_matches(
    spec: MatchSpec, matches: int, jobs: int
) -> Iterator[tuple[MatchResult, MatchResult]]:
    """Each duplicate match's two plays, as they finish."""
    return _in_pool(partial(play_duplicate_match, spec), range(matches), jobs)


def report(spec: MatchSpec, stats: MatchStats) -> str:
    """The figures in words, from A's side."""
    a, b = spec.a, spec.b
    won_a, won_b, drawn = stats.hands
    low, high = stats.deals_won_ci
    share = stats.deals_won / max(1, stats.deals)
    budget_a, budget_b = (str(x) if x is not None else "its own" for x in spec.budgets)
    lines = [
        f"A = {a}, B = {b}: {stats.deals} deals, each played twice with the seats swapped"
        f" (budgets: A {budget_a}, B {budget_b})",
        f"mean point difference per deal (A - B): {stats.mean:+.1f}"
        f"  (95% CI {stats.ci_low:+.1f} .. {stats.ci_high:+.1f})",
        f"deals won by A (both seatings added, a tie half): {share:.1%}"
        f"  (Wilson 95% {low:.1%} .. {high:.1%})",
        f"hands won: {a} (A) {won_a}, {b} (B) {won_b}, drawn {drawn}",
        f"matches to {spec.rules.target} won (each seating's deals played in order "
        f"as consecutive hands): A {stats.matches[0]}, B {stats.matches[1]}",
        f"games forfeited: {a} (A) {stats.forfeits[0]}, {b} (B) {stats.forfeits[1]}",
        f"decision time, median / 99th percentile: {a} (A) "
        f"{stats.a_ms[0]:.1f} / {stats.a_ms[1]:.1f} ms, {b} (B) "
        f"{stats.b_ms[0]:.1f} / {stats.b_ms[1]:.1f} ms",
    ]
    won, played = stats.full
    if played:
        low, high = stats.full_ci
        lines.append(
            f"whole matches to {spec.rules.target} on duplicate decks: A won {won} of {played}"
            f" ({won / played:.1%}, Wilson 95% {low:.1%} .. {high:.1%})"
        )
    return "\n".join(lines)
