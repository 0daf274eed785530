"""Time the computer's decisions, level by level, in seeded games against normal.

Each level plays duplicate deals (both seats) against the normal level, on the
wall-clock deadline the app gives it (``registry.app_budget``: normal 50 ms,
hard 1 s, expert 2 s), or with ``--fixed`` on its own sample budget; only
decisions with a real choice are timed. Prints the median, the 99th
percentile and the slowest decision per level, against the deadline; and for
the levels that search, how many worlds (samples of the hidden cards) a
first-phase search that spent its budget played out, beside the fixed number
the strength runs give the level: on a deadline, what its play in the app
rests on. The last line is one JSON object, for scripts. Run it beside a
strength run to see the deadlines hold under load:

    python benchmarks/decisions.py --deals 10 --seed 1 --levels normal hard expert
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.match import MatchSpec, percentile, play_duplicate, registered
from pinochle_tui.ai.player import Player
from pinochle_tui.ai.registry import app_budget, player_names
from pinochle_tui.ai.sampling import HardPlayer, Search
from pinochle_tui.engine import Rules


class Kept:
    """Makes the registered players (``MatchSpec.make``) and keeps them, to
    read their searches once the deals are played."""

    def __init__(self) -> None:
        self.players: list[Player] = []

    def __call__(self, name: str, seed: int, budget: Budget | None, move_time: float) -> Player:
        player = registered(name, seed, budget, move_time)
        self.players.append(player)
        return player

    def searches(self) -> list[Search]:
        """The searches every searching player has made."""
        return [s for p in self.players if isinstance(p, HardPlayer) for s in p.searches]


def reach(searches: list[Search]) -> dict[str, float | None]:
    """The worlds the searches that spent their budget played out: how many
    searches, the median and the 10th and 90th percentiles (None without one)."""
    worlds: list[float] = [s.worlds for s in searches if s.spent]
    if not worlds:
        return {"searches": 0, "median": None, "p10": None, "p90": None}
    return {
        "searches": len(worlds),
        "median": statistics.median(worlds),
        "p10": percentile(worlds, 10),
        "p90": percentile(worlds, 90),
    }


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
        kept = Kept()
        spec = MatchSpec(level, "normal", args.seed, Rules(), budgets=(budget, None), make=kept)
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
        worlds = reach(kept.searches())
        against = f", deadline {deadline:.0f} ms, {over} over it" if deadline is not None else ""
        print(
            f"{level:>7}: {len(times)} decisions, median {median:.1f} ms, "
            f"99th percentile {p99:.1f} ms, max {max(times):.1f} ms{against}",
            flush=True,
        )
        if worlds["searches"]:
            figures[level].update({f"worlds_{name}": value for name, value in worlds.items()})
            fixed = next(p.BUDGET for p in kept.players if isinstance(p, HardPlayer))
            print(
                f"{'':>7}  worlds a search played out: median {worlds['median']:g}"
                f" (10th-90th percentile {worlds['p10']:g} .. {worlds['p90']:g}) over the"
                f" {worlds['searches']:g} searches that spent the budget; {fixed} in strength runs",
                flush=True,
            )
    print(json.dumps({"deals": args.deals, "seed": args.seed, "levels": figures}))


if __name__ == "__main__":
    main()
