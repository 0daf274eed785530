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
``^WEIGHTS`` makes a searching player (hard, expert, the cheater) model its
opponent with other weights: ``expert^keeping`` plays out and reads the
opponent as if it weighed its plays as hard does. ``~PRIOR`` makes hard or
expert add its weighing of a play to the play's mean at another weight
(``sampling.PRIOR``): ``expert~1`` at twice expert's own 0.5. ``%MISSED`` makes
hard or expert keep a world whose opponent its model says would have led another
card at another chance (``inference.MODEL_MISSED``): ``expert%0.5`` at twice 0.25.

    python benchmarks/strength.py --pairs normal@keeping-normal --deals 400 --seed 7

``seer`` is the hard player shown the opponent's hand but not the stock's
order: its margin over hard is what reading the opponent's cards perfectly
could be worth, the part of the cheater's margin that inference might close.

    python benchmarks/strength.py --pairs seer-hard --deals 300 --seed 1

``--per-deal FILE`` also writes each deal's margin (A - B, both seatings
averaged), one JSON object a line, so that two runs on the same deals can be
compared deal by deal (``benchmarks/paired.py``). Each deal is written as it
ends, with the seed and the budgets it was played on, and ``--resume`` plays
only the deals the file lacks and adds them to it (a file of another seed or
other budgets is refused), so a run too long for one sitting can be played in
several; it then prints the figures of all the deals in the file too.

    python benchmarks/strength.py --pairs expert-hard --per-deal eh.jsonl --resume
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import RunError, budget_label, describe, read_runs

from pinochle_tui.ai.appraisal import KEEPING, NORMAL, Weights
from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.cheater import CheaterPlayer, SeerPlayer
from pinochle_tui.ai.heuristic import NormalPlayer
from pinochle_tui.ai.inference import Signal
from pinochle_tui.ai.match import MatchSpec, registered, summarize
from pinochle_tui.ai.registry import UnknownPlayerError, entry
from pinochle_tui.ai.sampling import ExpertPlayer, HardPlayer
from pinochle_tui.engine import Player, Rules
from pinochle_tui.match_cli import budgets, play_deals, play_matches, report

LADDER = ("expert", "hard", "normal", "easy", "random")
PAIRS = (
    *pairwise(LADDER),
    *(("cheater", level) for level in LADDER[:-1]),
)


#: The searching players a variant may be made of.
SEARCHERS: dict[str, type[HardPlayer]] = {"hard": HardPlayer, "expert": ExpertPlayer}


#: The weights a variant may weigh its own plays with (``normal@keeping``).
WEIGHTS = {"normal": NORMAL, "keeping": KEEPING}


def _weights(name: str) -> Weights | None:
    """The weights named ``name`` (None for ""); a name it does not know stops
    the benchmark, before any deal is played."""
    if name and name not in WEIGHTS:
        raise SystemExit(f"strength.py: weights are one of {', '.join(WEIGHTS)}, not {name!r}")
    return WEIGHTS[name] if name else None


def _number(text: str, what: str, top: float = math.inf) -> float | None:
    """The number ``text`` names (None for ""); anything but a number from 0
    to ``top`` stops the benchmark, before any deal is played."""
    if not text:
        return None
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if not 0 <= number <= top:
        bound = "of 0 or more" if top == math.inf else f"from 0 to {top:g}"
        raise SystemExit(f"strength.py: {what} is a number {bound}, not {text!r}")
    return number


def parts(
    name: str,
) -> tuple[str, str, Weights | None, Weights | None, float | None, float | None]:
    """A variant's base player, its signals (after ``/``), the weights of
    its own plays (after ``@``) and of its model of the opponent (after
    ``^``), its prior weight (after ``~``) and the chance it keeps a world
    that misses the lead just made (after ``%``)."""
    rest, _, missed = name.partition("%")
    rest, _, prior = rest.partition("~")
    rest, _, opponent = rest.partition("^")
    rest, _, own = rest.partition("@")
    base, _, signals = rest.partition("/")
    if name != "seer":
        try:
            entry(base)
        except UnknownPlayerError as error:
            raise SystemExit(f"strength.py: {error}, or seer") from None
    if (prior or missed) and base not in SEARCHERS:
        raise SystemExit(f"strength.py: only hard and expert take ~ and %, not {base!r}")
    return (
        base,
        signals,
        _weights(own),
        _weights(opponent),
        _number(prior, "a prior weight"),
        _number(missed, "the chance to keep a world that misses the lead", top=1.0),
    )


def variant(name: str, seed: int, budget: Budget | None, move_time: float) -> Player:
    """A registered player, or a variant of normal, hard, expert or the
    cheater: ``hard/SIGNALS`` weighs worlds by ``SIGNALS`` only (``none``,
    ``melds,dix``), or by all but one (``-dix``); ``@WEIGHTS`` weighs its own
    plays with other weights (``normal@keeping``, ``hard@normal``);
    ``^WEIGHTS`` models the opponent with other weights (``hard^keeping``);
    ``~PRIOR`` weighs the weighing of a play at another weight (``expert~1``);
    ``%MISSED`` keeps a world that misses the lead at another chance (``expert%0.5``);
    ``seer`` is hard shown the opponent's hand (``cheater.SeerPlayer``)."""
    base, signals, own, opponent, prior, missed = parts(name)
    if base == "normal" and own is not None:
        return NormalPlayer(seed, budget, own)
    if base == "cheater" and opponent is not None:
        return CheaterPlayer(seed, budget, opponent=opponent)
    if name == "seer":
        return SeerPlayer(seed, budget)
    if base not in SEARCHERS or name == base:
        return registered(name, seed, budget, move_time)
    used = Signal.ALL
    if signals:
        parsed = Signal.parse(signals.removeprefix("-"))
        used = Signal.ALL & ~parsed if signals[0] == "-" else parsed
    return SEARCHERS[base](
        seed, budget, signals=used, weights=own, opponent=opponent, prior=prior, missed=missed
    )


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
    parser.add_argument(
        "--resume",
        action="store_true",
        help="play only the deals the --per-deal file lacks (same pairs, seed and budget)"
        " and add them to it",
    )
    args = parser.parse_args(argv)
    if args.resume and args.per_deal is None:
        raise SystemExit("strength.py: --resume adds to a --per-deal file; name one")
    for pair in args.pairs:
        for name in split_pair(pair):
            parts(name)  # a bad name stops here, before any deal is played
    try:
        known = read_runs(args.per_deal) if args.resume and args.per_deal.exists() else {}
    except RunError as error:
        raise SystemExit(f"strength.py: {error}") from None
    figures: dict[str, object] = {}
    per_deal = (
        args.per_deal.open("a" if args.resume else "w", encoding="utf-8") if args.per_deal else None
    )
    played_on = budgets(args.budget)
    label = budget_label(*played_on)
    for pair in args.pairs:
        done: dict[int, float] = {}
        if pair in known:
            seed, budget, done = known[pair]
            if (seed, budget) != (args.seed, label):
                raise SystemExit(
                    f"strength.py: {str(args.per_deal)!r} holds {pair!r} of seed {seed}"
                    f" on budgets {budget}, not of seed {args.seed} on {label}"
                )
        a, b = split_pair(pair)
        spec = MatchSpec(a, b, args.seed, Rules(), budgets=played_on, make=variant)
        started = time.perf_counter()
        pairs = []
        for x, y in play_deals(spec, [n for n in range(args.deals) if n not in done], args.jobs):
            pairs.append((x, y))
            done[x.deal_no] = (x.margin + y.margin) / 2
            if per_deal is not None:  # each deal as it ends: a run cut short keeps it
                line = {
                    "pair": pair,
                    "seed": args.seed,
                    "deal": x.deal_no,
                    "margin": done[x.deal_no],
                    "budget": label,
                }
                per_deal.write(json.dumps(line) + "\n")
                per_deal.flush()
        pairs.sort(key=lambda p: p[0].deal_no)
        full = [m for twins in play_matches(spec, args.matches, args.jobs) for m in twins]
        if pairs or full:
            stats = summarize(pairs, spec.rules, full)
            seconds = time.perf_counter() - started
            print(report(spec, stats), flush=True)
            print(f"{pair}: {seconds:.1f} s of wall clock on {args.jobs} jobs", flush=True)
            figures[pair] = stats.as_dict() | {"seconds": round(seconds, 1)}
        if args.resume:
            figures[f"{pair} resumed"] = describe(pair, [args.seed], list(done.values()))
    if per_deal is not None:
        per_deal.close()
    print(json.dumps({"deals": args.deals, "seed": args.seed, "matches": figures}))


if __name__ == "__main__":
    main()
