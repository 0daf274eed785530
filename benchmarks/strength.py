"""Measure the levels' strength: duplicate matches easy-random, normal-easy, hard-normal.

Each pair plays ``--deals`` duplicate deals (see ``pinochle match``); the
stronger level is A. Prints each match's figures; the last line is one JSON
object with all of them, for scripts.

    python benchmarks/strength.py --deals 200 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.match import MatchSpec, summarize
from pinochle_tui.engine import Rules
from pinochle_tui.match_cli import play_deals, report

PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", nargs="+", default=[f"{a}-{b}" for a, b in PAIRS])
    args = parser.parse_args(argv)
    figures: dict[str, object] = {}
    for pair in args.pairs:
        a, b = pair.split("-")
        spec = MatchSpec(a, b, args.seed, Rules())
        pairs = sorted(play_deals(spec, args.deals, args.jobs), key=lambda p: p[0].deal_no)
        stats = summarize(pairs, spec.rules)
        print(report(spec, stats), flush=True)
        figures[pair] = stats.as_dict()
    print(json.dumps({"deals": args.deals, "seed": args.seed, "matches": figures}))


if __name__ == "__main__":
    main()
