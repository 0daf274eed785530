"""Time the computer's decisions, level by level, in seeded games against normal.

Each level plays duplicate deals (both seats) against the normal level; only
decisions with a real choice are timed. Prints the median and the 99th
percentile per level; the last line is one JSON object, for scripts.

    python benchmarks/decisions.py --deals 10 --seed 1 --levels normal hard
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.match import MatchSpec, percentile, play_duplicate
from pinochle_tui.ai.registry import player_names
from pinochle_tui.engine import Rules


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels", nargs="+", choices=player_names(), default=["easy", "normal", "hard"]
    )
    args = parser.parse_args(argv)
    figures: dict[str, dict[str, float]] = {}
    for level in args.levels:
        spec = MatchSpec(level, "normal", args.seed, Rules())
        times = [
            t
            for deal_no in range(args.deals)
            for game in play_duplicate(spec, deal_no)
            for t in game.a_times
        ]
        median, p99 = statistics.median(times), percentile(times, 99)
        figures[level] = {
            "decisions": len(times),
            "median_ms": round(median, 2),
            "p99_ms": round(p99, 2),
            "max_ms": round(max(times), 2),
        }
        print(
            f"{level:>7}: {len(times)} decisions, median {median:.1f} ms, "
            f"99th percentile {p99:.1f} ms, max {max(times):.1f} ms"
        )
    print(json.dumps({"deals": args.deals, "seed": args.seed, "levels": figures}))


if __name__ == "__main__":
    main()
