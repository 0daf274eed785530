"""Compare two strength runs deal by deal.

Reads two ``strength.py --per-deal`` files of runs on the same deals (the
same seed) and prints, over the deals both hold, the mean of the first run's
margin minus the second's with its 95% interval. A deal's own luck, how much
it lets the better player win, is in both runs' margins and drops out of the
difference, so the paired interval is narrower than the two runs' intervals
side by side would suggest. The last line printed is one JSON object, for
scripts.

    python benchmarks/paired.py variant.jsonl base.jsonl
    python benchmarks/paired.py run.jsonl:hard/none-normal run.jsonl:hard-normal

A file holding several pairs' deals names the pair after a colon. Given one
run only, it prints that run's own figures over every deal the file holds:
so a run split over several sittings (``strength.py --resume``) is read whole.

    python benchmarks/paired.py expert-hard.jsonl

With ``--pool``, the runs of one pair on different seeds (different deals) are
read as one run: their figures over all their deals together.

    python benchmarks/paired.py seed1.jsonl --pool seed2.jsonl seed3.jsonl

A player renamed between runs (``expert~0.5`` became ``expert``, the same
play) is pooled under the name ``--as`` gives the pair; its runs must still
be on the same budgets.

    python benchmarks/paired.py expert-hard-seed6.jsonl --pool seed3.jsonl --as expert-hard
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import sys
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.match import figure, mean_ci, wilson

#: The budgets of a run on the levels' own budgets, and of a line written
#: before the lines recorded them.
OWN = "own/own"


class RunError(Exception):
    """A per-deal file that cannot be read as one run, in one line."""


class Run(NamedTuple):
    """One pair's deals in a per-deal file, and what they were played on."""

    seed: int
    #: A's and B's budgets (``budget_label``).
    budget: str
    #: Each deal's margin, by deal number.
    deals: dict[int, float]


def budget_label(a: Budget | None, b: Budget | None) -> str:
    """How a per-deal line records A's and B's budgets (None: the level's own)."""
    return f"{a or 'own'}/{b or 'own'}"


def read_runs(path: Path) -> dict[str, Run]:
    """Each pair's run in the per-deal file ``path``."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else None
        raise RunError(f"cannot read {str(path)!r}: {reason or error}") from None
    runs: dict[str, Run] = {}
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
            pair, seed, deal, margin = row["pair"], row["seed"], row["deal"], row["margin"]
            budget = row.get("budget", OWN)
            if not all(
                isinstance(x, t) for x, t in ((pair, str), (seed, int), (deal, int), (budget, str))
            ):
                raise TypeError
            margin = float(margin)
        except (ValueError, TypeError, KeyError):
            raise RunError(f"{str(path)!r} line {number} is not a per-deal record") from None
        run = runs.setdefault(pair, Run(seed, budget, {}))
        if (seed, budget) != (run.seed, run.budget):
            raise RunError(f"{str(path)!r} holds {pair!r} with two seeds or budgets")
        run.deals[deal] = margin
    return runs


def read_run(spec: str) -> tuple[str, Run]:
    """The pair and its run in ``FILE`` or ``FILE:PAIR``."""
    path, wanted = Path(spec), None
    if not path.is_file() and ":" in spec:
        name, _, wanted = spec.rpartition(":")
        path = Path(name)
    runs = read_runs(path)
    if wanted is None:
        if len(runs) != 1:
            names = ", ".join(repr(p) for p in runs) or "none"
            raise RunError(f"{str(path)!r} holds {len(runs)} pairs ({names}): name one, FILE:PAIR")
        wanted = next(iter(runs))
    if wanted not in runs:
        raise RunError(f"{str(path)!r} holds no deals of {wanted!r}")
    return wanted, runs[wanted]


def pooled(specs: list[str], named: str | None = None) -> tuple[str, list[int], list[float]]:
    """The pair, the seeds and every deal's margin of the runs of ``specs``
    read as one: one pair (or, ``named``, runs of pairs that play as that one
    does), on the same budgets, each run on a seed of its own (so no deal is
    counted twice)."""
    runs = [read_run(spec) for spec in specs]
    if named is not None:
        runs = [(named, run) for _, run in runs]
    pair, first = runs[0]
    seeds = [run.seed for _, run in runs]
    if len(set(seeds)) < len(seeds):
        raise RunError(f"two runs of seed {max(seeds, key=seeds.count)}: the same deals twice")
    for other, run in runs[1:]:
        if (other, run.budget) != (pair, first.budget):
            raise RunError(
                f"{other!r} on {run.budget} is not {pair!r} on {first.budget}: not one run"
            )
    return pair, seeds, [m for _, run in runs for m in run.deals.values()]


def describe(pair: str, seeds: list[int], margins: list[float]) -> dict[str, object]:
    """Print one run's figures (as ``strength.py`` gives them) and return them."""
    mean, low, high = mean_ci(margins)
    won = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
    share_low, share_high = wilson(won, len(margins))
    share = won / max(1, len(margins))
    print(
        f"{pair}: {len(margins)} deals of seed{'s' * (len(seeds) > 1)}"
        f" {', '.join(map(str, seeds))}, A - B {mean:+.1f} a deal"
        f" (95% CI {low:+.1f} .. {high:+.1f}); deals won by A {share:.1%}"
        f" (Wilson 95% {share_low:.1%} .. {share_high:.1%})"
    )
    return {
        "pair": pair,
        "seeds": seeds,
        "deals": len(margins),
        "mean_diff": figure(mean),
        "ci95": [figure(low), figure(high)],
        "deals_won": {
            "share": round(share, 4),
            "wilson95": [round(share_low, 4), round(share_high, 4)],
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="a --per-deal file, or FILE:PAIR")
    parser.add_argument(
        "second",
        nargs="?",
        help="the run to compare it with, on the same deals (none: describe it)",
    )
    parser.add_argument(
        "--pool",
        nargs="+",
        default=[],
        metavar="RUN",
        help="more runs of the first's pair on other seeds: describe them all as one",
    )
    parser.add_argument(
        "--as",
        dest="named",
        metavar="PAIR",
        help="with --pool: the pair's name, for runs whose players were named otherwise",
    )
    args = parser.parse_args(argv)
    try:
        if args.named is not None and not args.pool:
            raise RunError("--as names the pair of runs pooled with --pool")
        if args.pool:
            if args.second is not None:
                raise RunError("--pool describes runs of one pair, with no run to compare them to")
            print(json.dumps(describe(*pooled([args.first, *args.pool], args.named))))
            return 0
        pair_a, run_a = read_run(args.first)
        if args.second is None:
            print(json.dumps(describe(pair_a, [run_a.seed], list(run_a.deals.values()))))
            return 0
        pair_b, run_b = read_run(args.second)
        if run_a.seed != run_b.seed:
            raise RunError(
                f"the runs have different seeds ({run_a.seed}, {run_b.seed}): not the same deals"
            )
        a, b = run_a.deals, run_b.deals
        common = sorted(a.keys() & b.keys())
        if len(common) < 2:
            raise RunError(f"the runs have {len(common)} deals in common; two at least are needed")
    except RunError as error:
        print(f"paired.py: {error}", file=sys.stderr)
        return 2
    first, second = [a[d] for d in common], [b[d] for d in common]
    gaps = [x - y for x, y in zip(first, second, strict=True)]
    mean, low, high = mean_ci(gaps)
    correlation = (
        statistics.correlation(first, second)
        if statistics.pstdev(first) and statistics.pstdev(second)
        else 0.0
    )
    for label, pair, values in (("first", pair_a, first), ("second", pair_b, second)):
        m, lo, hi = mean_ci(values)
        print(f"{label}:  {pair}  {m:+.1f} a deal (95% CI {lo:+.1f} .. {hi:+.1f})")
    print(
        f"first - second over the {len(common)} deals both played: {mean:+.1f} a deal"
        f" (95% CI {low:+.1f} .. {high:+.1f}); the runs' margins correlate at {correlation:.2f}"
    )
    summary = {
        "first": pair_a,
        "second": pair_b,
        "seed": run_a.seed,
        "deals": len(common),
        "mean_diff": figure(mean),
        "ci95": [figure(low), figure(high)],
        "correlation": round(correlation, 3),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # ``paired.py FILE | head``: end quietly, as Unix tools do
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
