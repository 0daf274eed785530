"""Time the exact playoff solver on random full playoffs.

Deals two random hands from the 48-card pack (12 cards each) or the 64-card
pack (``--pack 64``, 16 cards each) with a random trump and a random leader,
solves each playoff from its first lead with classic points and the default
heading rule (trump leads only), and reports how long that took (wall clock,
and the process's CPU time, which other work on the machine disturbs less)
and how many positions the search worked through (the work itself, the same on
any machine). The last line printed is one JSON object, for scripts.

With ``--scored`` each playoff is solved as the players solve it, for the
rounded trick counts (``PlayoffSolver.solve`` given ``taken``): each seat is
given a random count of points taken before the playoff, which decides where
the rounding falls (the deals are the same as without).

    python benchmarks/solver.py --positions 50 --seed 1 --pack 64
    python benchmarks/solver.py --positions 50 --seed 1 --pack 64 --scored
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.solver import PlayoffSolver
from pinochle_tui.engine.cards import CLASSIC_POINTS, rank_of


def deal(rng: random.Random, pack: int) -> tuple[tuple[int, int], int, int]:
    """Two random hands of a quarter of ``pack`` each, a trump suit and the seat on lead."""
    cards = rng.sample([card for card in range(64) if rank_of(card) < pack // 8], pack // 2)
    n = pack // 4
    hands = (sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n:]))
    return hands, rng.randrange(4), rng.randrange(2)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50, help="playoffs to solve")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random deals")
    parser.add_argument("--pack", type=int, choices=(48, 64), default=48, help="cards in the pack")
    parser.add_argument(
        "--scored", action="store_true", help="solve for the rounded counts, as the players do"
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    before = random.Random(f"{args.seed} taken")
    measures: dict[str, list[float]] = {"ms": [], "cpu_ms": [], "searched": []}
    for n in range(args.positions):
        hands, trump, leader = deal(rng, args.pack)
        taken = (before.randrange(100), before.randrange(100)) if args.scored else None
        start, cpu = time.perf_counter(), time.process_time()
        solver = PlayoffSolver.at(hands, leader, None, trump, CLASSIC_POINTS, head_always=False)
        solution = solver.solve(hands, leader, taken=taken)
        ms = (time.perf_counter() - start) * 1000
        cpu_ms = (time.process_time() - cpu) * 1000
        for name, value in (("ms", ms), ("cpu_ms", cpu_ms), ("searched", solver.searched[0])):
            measures[name].append(value)
        print(
            f"{n:3d}  trump {'SHDC'[trump]}  points {solution.points}"
            f"{f'  taken {taken}' if taken else ''}  {ms:8.1f} ms"
            f"  (cpu {cpu_ms:8.1f} ms)  {solver.searched[0]:9d} positions",
            flush=True,
        )
    summary: dict[str, float] = {"pack": args.pack, "seed": args.seed, "positions": args.positions}
    for name, values in measures.items():
        median, p95, top = spread(values)
        print(f"{name:8s}  median {median:10.1f}  95th percentile {p95:10.1f}  max {top:10.1f}")
        summary |= {f"median_{name}": median, f"p95_{name}": p95, f"max_{name}": top}
    rounded = {name: round(value, 1) for name, value in summary.items()}
    print(json.dumps({"scored": args.scored} | rounded))


def spread(values: list[float]) -> tuple[float, float, float]:
    """The median, the 95th percentile (the nearest rank) and the maximum."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(values), p95, ordered[-1]


if __name__ == "__main__":
    main()
