"""Measure the levels' strength: the ladder random < easy < normal < hard <
expert, and the cheater (perfect information) against each level.

Each pair plays ``--deals`` duplicate deals (see ``pinochle match``), and
``--matches`` whole duplicate matches to 1000; the stronger player is A. Every
level thinks on its own fixed sample budget (``--budget`` changes it), so the
figures are the same on any machine. Prints each pair's figures; the last line
is one JSON object with all of them, for scripts.

    python benchmarks/strength.py --deals 300 --seed 1 --jobs 2
    python benchmarks/strength.py --pairs hard-normal --deals 100 --budget 48

The ablation of the hard player's inference plays it against itself with
signals left out: ``hard/-melds`` weighs worlds without the melds not made,
``hard/none`` samples uniformly, as the hard player did before inference.

    python benchmarks/strength.py --pairs hard-hard/none hard-hard/-dix --deals 200

``@WEIGHTS`` makes a player weigh its own plays with other weights:
``normal@keeping`` is the normal player with hard's weights (``appraisal.KEEPING``),
``hard@normal`` the hard player with normal's, as it was before them.

    python benchmarks/strength.py --pairs normal@keeping-normal --deals 400 --seed 7

``--per-deal FILE`` also writes each deal's margin (A - B, both seatings
averaged), one JSON object a line, so that two runs on the same deals can be
compared deal by deal (``benchmarks/paired.py``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.appraisal import KEEPING, NORMAL, Weights
from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.heuristic import NormalPlayer
from pinochle_tui.ai.inference import Signal
from pinochle_tui.ai.match import MatchSpec, registered, summarize
from pinochle_tui.ai.sampling import HardPlayer
from pinochle_tui.engine import Player, Rules
from pinochle_tui.match_cli import budgets, play_deals, play_matches, report

LADDER = ("expert", "hard", "normal", "easy", "random")
PAIRS = (
    *pairwise(LADDER),
    *(("cheater", level) for level in LADDER[:-1]),
)


#: The weights a variant may weigh its own plays with (``normal@keeping``).
WEIGHTS = {"normal": NORMAL, "keeping": KEEPING}


def own_weights(name: str) -> Weights | None:
    """The weights ``name`` names after its ``@`` (None without one); a name
    it does not know stops the benchmark, before any deal is played."""
    _, _, weights = name.partition("@")
    if weights and weights not in WEIGHTS:
        raise SystemExit(f"strength.py: weights are one of {', '.join(WEIGHTS)}, not {weights!r}")
    return WEIGHTS[weights] if weights else None


def variant(name: str, seed: int, budget: Budget | None, move_time: float) -> Player:
    """A registered player, or a variant of normal or hard: ``hard/SIGNALS``
    weighs worlds by ``SIGNALS`` only (``none``, ``melds,dix``), or by all but
    one (``-dix``); ``@WEIGHTS`` weighs its own plays with other weights
    (``normal@keeping``, ``hard@normal``)."""
    rest, _, weights = name.partition("@")
    base, _, signals = rest.partition("/")
    own = own_weights(name)
    if base == "normal" and own is not None:
        return NormalPlayer(seed, budget, own)
    if base != "hard" or not (signals or weights):
        return registered(name, seed, budget, move_time)
    used = Signal.ALL
    if signals:
        parsed = Signal.parse(signals.removeprefix("-"))
        used = Signal.ALL & ~parsed if signals[0] == "-" else parsed
    return HardPlayer(seed, budget, signals=used, weights=own)


def split_pair(pair: str) -> tuple[str, str]:
    """``A-B`` as its two players; a ``-`` just after a ``/`` leaves a signal
    out (``hard/-melds-normal`` is hard without the melds against normal)."""
    names = re.split(r"(?<!/)-", pair, maxsplit=1)
    if len(names) != 2 or not all(names):
        raise SystemExit(f"strength.py: a pair is two players joined by '-', not {pair!r}")
    return names[0], names[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals per pair")
    parser.add_argument("--matches", type=int, default=0, help="whole duplicate matches per pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", nargs="+", default=[f"{a}-{b}" for a, b in PAIRS])
    parser.add_argument(
        "--budget", type=Budget.parse, nargs="+", help="as for pinochle match (default: own)"
    )
    parser.add_argument("--per-deal", type=Path, help="write each deal's margin to this file")
    args = parser.parse_args(argv)
    figures: dict[str, object] = {}
    per_deal = args.per_deal.open("w", encoding="utf-8") if args.per_deal else None
    for pair in args.pairs:
        a, b = split_pair(pair)
        own_weights(a), own_weights(b)  # a bad name stops here, not in a worker
        spec = MatchSpec(a, b, args.seed, Rules(), budgets=budgets(args.budget), make=variant)
        pairs = sorted(play_deals(spec, args.deals, args.jobs), key=lambda p: p[0].deal_no)
        full = [m for twins in play_matches(spec, args.matches, args.jobs) for m in twins]
        stats = summarize(pairs, spec.rules, full)
        if per_deal is not None:
            for x, y in pairs:
                margin = (x.margin + y.margin) / 2
                line = {"pair": pair, "seed": args.seed, "deal": x.deal_no, "margin": margin}
                per_deal.write(json.dumps(line) + "\n")
            per_deal.flush()
        print(report(spec, stats), flush=True)
        figures[pair] = stats.as_dict()
    if per_deal is not None:
        per_deal.close()
    print(json.dumps({"deals": args.deals, "seed": args.seed, "matches": figures}))


if __name__ == "__main__":
    main()
