"""Time the rules engine: complete random deals per second, and legal meld enumeration.

Each deal is dealt from a seeded shuffle and played to the end with random legal
actions (melds and dix actions included, never declaring out) under single-deal
rules. Five runs; the figure is the median. The meld timing enumerates the legal
melds of a 12-card holding (nine in hand, a royal marriage and a Q♠ on the table)
many times and reports the median call in microseconds.
The last line printed is one JSON object, for scripts.

    python benchmarks/engine.py --seconds 2 --runs 5
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

from pinochle_tui.engine import (
    Card,
    DeclareOut,
    GameState,
    MeldKind,
    Rules,
    Suit,
    shuffled_deck,
)
from pinochle_tui.engine.cards import mask_of
from pinochle_tui.engine.melds import MeldHistory, legal_melds, meld_patterns

RULES = Rules(game="single-deal")


def play_deal(rng: random.Random) -> int:
    """Play one whole deal with random legal actions; return the number of actions."""
    state = GameState.new(RULES)
    state.deal(shuffled_deck(RULES, rng))
    actions = 0
    while not state.is_over:
        legal = [a for a in state.legal_actions(state.to_act) if not isinstance(a, DeclareOut)]
        state.apply(rng.choice(legal))
        actions += 1
    return actions


def deals_per_second(seconds: float, seed: int) -> tuple[float, int]:
    """Play deals for ``seconds``; return deals per second and the actions applied."""
    rng = random.Random(seed)
    deals = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += play_deal(rng)
        deals += 1
    return deals / elapsed, actions


def meld_enumeration_us(calls: int) -> tuple[float, int]:
    """Median microseconds to list the legal melds of a rich 12-card holding."""
    patterns = meld_patterns(Suit.HEARTS, double_pinochle=True)
    hand = mask_of(
        Card.parse(c) for c in ["AH", "10H", "JH", "QS#2", "JD", "JD#2", "KS", "KD", "KC"]
    )
    table = mask_of(Card.parse(c) for c in ("KH", "QH", "QS"))
    history = MeldHistory()
    history.record(MeldKind.ROYAL_MARRIAGE, [Card.parse("KH").id, Card.parse("QH").id])
    history.record(MeldKind.PINOCHLE, [Card.parse("QS").id])
    found = len(legal_melds(patterns, hand, table, history))
    times: list[float] = []
    for _ in range(calls):
        start = time.perf_counter()
        legal_melds(patterns, hand, table, history)
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times), found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each run")
    parser.add_argument("--runs", type=int, default=5, help="number of runs")
    parser.add_argument("--calls", type=int, default=20_000, help="meld enumeration calls")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first run")
    args = parser.parse_args(argv)
    rates: list[float] = []
    for run in range(args.runs):
        rate, actions = deals_per_second(args.seconds, args.seed + run)
        rates.append(rate)
        print(f"run {run + 1}: {rate:8.1f} deals/s  ({actions} actions)")
    median = statistics.median(rates)
    print(f"median: {median:.1f} deals/s")
    meld_us, found = meld_enumeration_us(args.calls)
    print(f"legal melds of a 12-card holding ({found} melds): {meld_us:.2f} us (median)")
    print(
        json.dumps(
            {
                "deals_per_second": [round(r, 1) for r in rates],
                "median_deals_per_second": round(median, 1),
                "meld_enumeration_us": round(meld_us, 2),
                "melds_found": found,
            }
        )
    )


if __name__ == "__main__":
    main()
