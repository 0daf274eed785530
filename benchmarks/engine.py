"""Time the rules engine against the engine before the speed work: random
single deals per second, and legal meld enumeration.

A run plays deals for a few seconds. Each deal is dealt from a seeded shuffle
and played to its end under single-deal rules (which have no declaring out),
every action picked uniformly at random among ``legal_actions()`` (with one
``random()`` call: ``random.choice`` is pure Python and would cost about a
quarter of a deal's time, the same for both engines, hiding what the engine
does) and done the fastest correct public way the engine version has: the
trusted fast path ``apply_legal`` (the action comes from ``legal_actions()``),
or ``apply`` on an engine without it. The loop is the engine's alone, without
the table driver, which the baseline does not have. The time is the CPU time
of the process that plays, so that other load on the machine disturbs the
figure less.

The baseline is commit ``BASELINE``, checked out once as a git worktree under
``.bench/`` (ignored by git) and reused. Each run starts one child process for
this checkout and one for the baseline, interleaved (new, old, new, old...),
with ``PYTHONPATH`` pointing at the engine it times and the same seed, so both
play the same deals; the figures are the medians of the runs. Before timing,
every child plays the same warm-up deals and reports a digest of how they
ended: equal digests show that both engines played identical games.

The meld timing enumerates the legal melds of a 12-card holding (nine in hand,
a royal marriage and a Q♠ on the table) many times and reports the median call
in microseconds. The last line printed is one JSON object, for scripts.

    python benchmarks/engine.py --seconds 2 --runs 3
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The commit before the engine API commit, whose engine is the same as before the speed work.
BASELINE = "5e3e897"
#: Deals every child plays before timing, for the digest that compares the engines.
WARM_UP = 300


def deal_player() -> Callable[[random.Random], tuple[int, tuple[int, ...]]]:
    """``play(rng)``: one random deal with the engine on ``sys.path``; returns the
    number of actions and the final scores."""
    from pinochle_tui.engine import GameState, Phase, Rules, pack

    rules = Rules(game="single-deal")
    cards = pack(rules)
    over = Phase.GAME_OVER
    fast = hasattr(GameState, "apply_legal")

    def play(rng: random.Random) -> tuple[int, tuple[int, ...]]:
        deck = cards.copy()
        rng.shuffle(deck)  # ``shuffled_deck(rules, rng)``, without building the pack each time
        state = GameState.new(rules)
        state.deal(deck)
        legal = state.legal_actions
        step = state.apply_legal if fast else state.apply
        uniform = rng.random
        actions = 0
        while state.phase is not over:
            offered = legal(state.to_act)
            # ``rng.choice`` would cost more than the engine's own work per action.
            step(offered[int(uniform() * len(offered))])
            actions += 1
        return actions, tuple(state.scores)

    return play


def child(seconds: float, seed: int) -> dict[str, Any]:
    """Time the engine on ``sys.path``: the digest of the warm-up deals, then
    deals per second for ``seconds`` of CPU time."""
    import pinochle_tui

    play = deal_player()
    rng = random.Random(0)
    digest = hashlib.sha256(repr([play(rng) for _ in range(WARM_UP)]).encode()).hexdigest()
    rng = random.Random(seed)
    deals = actions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        actions += play(rng)[0]
        deals += 1
    return {
        "engine": str(Path(pinochle_tui.__file__).resolve().parent),
        "rate": deals / elapsed,
        "actions": actions,
        "digest": digest[:16],
    }


def baseline_tree() -> Path:
    """The worktree of ``BASELINE``, made on first use."""
    tree = ROOT / ".bench" / BASELINE
    if not (tree / "pinochle_tui" / "engine" / "state.py").exists():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--force", "--detach", str(tree), BASELINE],
            check=True,
            capture_output=True,
        )
    return tree


def run_child(root: Path, seconds: float, seed: int) -> dict[str, Any]:
    """One timed run of the engine under ``root``, in a child process."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, __file__, "--child", f"--seconds={seconds}", f"--seed={seed}"]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    package = (root / "pinochle_tui").resolve()
    if Path(result["engine"]) != package:
        raise SystemExit(f"the child timed {result['engine']}, not {package}")
    return result


def meld_enumeration_us(calls: int) -> tuple[float, int]:
    """Median microseconds to list the legal melds of a rich 12-card holding."""
    sys.path.insert(0, str(ROOT))
    from pinochle_tui.engine import Card, MeldKind, Suit
    from pinochle_tui.engine.cards import mask_of
    from pinochle_tui.engine.melds import MeldHistory, legal_melds, meld_patterns

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
    parser.add_argument("--runs", type=int, default=3, help="number of runs of each engine")
    parser.add_argument("--calls", type=int, default=20_000, help="meld enumeration calls")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first run")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.seconds, args.seed)))
        return
    old_root = baseline_tree()
    rates: list[float] = []
    old_rates: list[float] = []
    for run in range(args.runs):
        new = run_child(ROOT, args.seconds, args.seed + run)
        old = run_child(old_root, args.seconds, args.seed + run)
        if new["digest"] != old["digest"]:
            raise SystemExit(f"the engines played the warm-up deals differently: {new} {old}")
        rates.append(new["rate"])
        old_rates.append(old["rate"])
        print(
            f"run {run + 1}: {new['rate']:8.1f} deals/s ({new['actions']} actions), "
            f"baseline {old['rate']:8.1f} deals/s ({old['actions']} actions), "
            f"{new['rate'] / old['rate']:.2f}x"
        )
    median, old_median = statistics.median(rates), statistics.median(old_rates)
    speedup = median / old_median
    print(f"median: {median:.1f} deals/s, baseline {old_median:.1f} deals/s: {speedup:.2f}x")
    print("same games: both engines played the warm-up deals identically")
    meld_us, found = meld_enumeration_us(args.calls)
    print(f"legal melds of a 12-card holding ({found} melds): {meld_us:.2f} us (median)")
    print(
        json.dumps(
            {
                "deals_per_second": [round(r, 1) for r in rates],
                "median_deals_per_second": round(median, 1),
                "meld_enumeration_us": round(meld_us, 2),
                "melds_found": found,
                "baseline_median_deals_per_second": round(old_median, 1),
                "baseline_commit": BASELINE,
                "speedup": round(speedup, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
