"""Time the computer's decisions, level by level, in seeded games against normal.

Each level plays duplicate deals (both seats) against the normal level, on the
wall-clock deadline the app gives it (``registry.app_budget``: normal 50 ms,
hard 1 s, expert 2 s), or with ``--fixed`` on its own sample budget; only
decisions with a real choice are timed. Prints the median, the 99th
percentile and the slowest decision per level, against the deadline; the last
line is one JSON object, for scripts. Run it beside a strength run to see the
deadlines hold under load:

    python benchmarks/decisions.py --deals 10 --seed 1 --levels normal hard expert
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.match import MatchSpec, percentile, play_duplicate
from pinochle_tui.ai.registry import app_budget, player_names
from pinochle_tui.engine import Rules


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels", nargs="+", choices=player_names(), default=["easy", "normal", "hard", "expert"]
    )
    parser.add_argument("--fixed", action="store_true", help="each level's own sample budget")
    args = parser.parse_args(argv)
    figures: dict[str, dict[str, float | None]] = {}
    for level in args.levels:
        budget = None if args.fixed else app_budget(level)
        spec = MatchSpec(level, "normal", args.seed, Rules(), budgets=(budget, None))
        times = [
            t
            for deal_no in range(args.deals)
            for game in play_duplicate(spec, deal_no)
            for t in game.a_times
        ]
        median, p99 = statistics.median(times), percentile(times, 99)
        deadline = None if budget is None or budget.seconds is None else budget.seconds * 1000
        over = sum(t > deadline for t in times) if deadline is not None else 0
        figures[level] = {
            "decisions": len(times),
            "median_ms": round(median, 2),
            "p99_ms": round(p99, 2),
            "max_ms": round(max(times), 2),
            "deadline_ms": deadline,
            "over_deadline": over,
        }
        against = f", deadline {deadline:.0f} ms, {over} over it" if deadline is not None else ""
        print(
            f"{level:>7}: {len(times)} decisions, median {median:.1f} ms, "
            f"99th percentile {p99:.1f} ms, max {max(times):.1f} ms{against}",
            flush=True,
        )
    print(json.dumps({"deals": args.deals, "seed": args.seed, "levels": figures}))


if __name__ == "__main__":
    main()
