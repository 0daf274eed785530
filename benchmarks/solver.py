"""Time the exact playoff solver on random full playoffs.

Deals two random hands from the 48-card pack (12 cards each) or the 64-card
pack (``--pack 64``, 16 cards each) with a random trump and a random leader,
solves each playoff from its first lead with classic points and the default
heading rule (trump leads only), and reports how long that took. The last line
printed is one JSON object, for scripts.

    python benchmarks/solver.py --positions 50 --seed 1 --pack 64
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

from pinochle_tui.ai.solver import solve_playoff
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
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    times: list[float] = []
    for n in range(args.positions):
        hands, trump, leader = deal(rng, args.pack)
        start = time.perf_counter()
        solution = solve_playoff(hands, leader, trump, CLASSIC_POINTS, head_always=False)
        ms = (time.perf_counter() - start) * 1000
        times.append(ms)
        print(f"{n:3d}  trump {'SHDC'[trump]}  points {solution.points}  {ms:8.1f} ms", flush=True)
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    median = statistics.median(times)
    print(f"median {median:.1f} ms, 95th percentile {p95:.1f} ms, max {ordered[-1]:.1f} ms")
    summary = {
        "pack": args.pack,
        "positions": len(times),
        "median_ms": round(median, 1),
        "p95_ms": round(p95, 1),
        "max_ms": round(ordered[-1], 1),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
