"""How often player A picks player B's card: a cheap look at how much a variant
changes the play, before hours of duplicate deals measure what the change is worth.

B plays both seats of each deal (seeded, the deal twice, so each seat has a
turn at being watched); at every decision of the watched seat A is asked too,
from the same view, and its answer is counted but not played. Only the first
phase's plays with a real choice count (two different cards or places; the
playoff is solved exactly by both). Players are named as in ``strength.py``
(``expert``, ``hard^keeping``, ``hard/none``), each on its own fixed budget
unless ``--budget`` gives one for both (or A's, then B's); ``--reseed`` lets A
draw its samples by a seed of its own, so a player asked beside itself shows
how many of its plays are the luck of its samples. Prints the share of plays alike with
its Wilson 95% interval and the plays that differ a deal; the last line is one
JSON object, for scripts.

    python benchmarks/agreement.py --a expert --b hard --deals 6 --seed 11

If A differs from B at one play in six, a margin of a few points a deal is a
fraction of a point a play that differs.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import variant

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.heuristic import distinct_plays
from pinochle_tui.ai.match import MatchSpec, deal_setup, play_game, wilson
from pinochle_tui.ai.sampling import HardPlayer
from pinochle_tui.engine import Action, Play, Player, Rules, Seat, SeatView
from pinochle_tui.match_cli import budgets


class Watched:
    """B's seat, played by B, with A asked the same question at every turn."""

    name = "watched"

    def __init__(
        self, b: Player, a: Player, judge: HardPlayer | None = None, budget: Budget | None = None
    ) -> None:
        self.b, self.a = b, a
        self.judge, self.budget = judge, budget
        self.asked = self.alike = 0
        #: At each play that differs, the judge's worth of A's play less B's.
        self.gains: list[float] = []

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        played = self.b.choose(view, legal)
        other = self.a.choose(view, legal)  # every turn, so A remembers what B's seat saw
        if self.judge is not None:
            self.judge.see(view)
        if isinstance(played, Play) and not view.playoff:
            plays = distinct_plays(view, legal)
            if len(plays) > 1:
                self.asked += 1
                same = _same_play(view, played, other)
                self.alike += same
                judged = self.judge is not None and self.budget is not None
                if not same and judged and isinstance(other, Play):  # not A declaring out
                    self.gains.append(self._gain(view, plays, played, other))
        return played

    def _gain(self, view: SeatView, plays: list[Play], b: Play, a: Play) -> float:
        """How much more the judge thinks A's play worth than B's."""
        assert self.judge is not None and self.budget is not None
        mine, theirs = (next(p for p in plays if _same_play(view, p, c)) for c in (a, b))
        worth = self.judge.judge(view, [mine, theirs], self.budget)
        return worth[mine] - worth[theirs]


def _same_play(view: SeatView, one: Play, other: Action) -> bool:
    """The same card from the same place (two copies of a card are one play)."""
    if not isinstance(other, Play):
        return False
    table = set(view.tables[view.seat])
    return (one.card.face, one.card in table) == (other.card.face, other.card in table)


def agreement(
    a: str,
    b: str,
    deals: int,
    seed: int,
    budgets: tuple[Budget | None, Budget | None] = (None, None),
    reseed: bool = False,
    judge: Budget | None = None,
    judge_by: str | None = None,
) -> dict[str, float]:
    """The plays asked, the plays alike, and the share alike with its interval.
    ``budgets`` are A's and B's; with ``reseed`` A draws its samples by a seed
    of its own, not the watched seat's (a player against itself then shows how
    much of its play is the luck of its samples). With ``judge``, B's search
    (or ``judge_by``'s) on that budget, by a seed of its own and dropping no
    play, values A's play and B's wherever they differ: what the plays that
    differ are worth as that search reckons, its prior weighing included. So
    it can judge what more samples are worth, not a change of the reckoning
    itself: each judge favours its own."""
    spec = MatchSpec(b, b, seed, Rules())
    budget_a, budget_b = budgets
    asked = alike = 0
    gains: list[list[float]] = []  # each game's, apart
    for deal_no in range(deals):
        deck, dealer = deal_setup(spec, deal_no)
        for seat in Seat:
            number = 2 * (seed * 1_000_003 + deal_no) + seat
            asked_a = variant(a, number + 2_000_000 * reseed, budget_a, 0.0)
            judged = _judge(judge_by or b, number + 3_000_000) if judge is not None else None
            watched = Watched(variant(b, number, budget_b, 0.0), asked_a, judged, judge)
            other = variant(b, number + 1_000_000, budget_b, 0.0)
            players = (watched, other) if seat is Seat.SOUTH else (other, watched)
            play_game(spec.deal_rules, deck, dealer, players)
            asked, alike = asked + watched.asked, alike + watched.alike
            gains.append(watched.gains)
    low, high = wilson(alike, asked)
    return {
        **_judged(gains, deals),
        "deals": deals,
        "plays": asked,
        "alike": alike,
        "share": alike / asked if asked else 0.0,
        "low": low,
        "high": high,
        "differ_per_deal": (asked - alike) / deals if deals else 0.0,
    }


def _judge(name: str, seed: int) -> HardPlayer:
    """A searching player as a judge (hard, expert or a variant of them)."""
    judge = variant(name, seed, None, 0.0)
    if not isinstance(judge, HardPlayer):
        raise SystemExit(f"agreement.py: a judge searches: hard or expert, not {name!r}")
    return judge


def _judged(games: list[list[float]], deals: int) -> dict[str, float]:
    """The judge's figures: A's gain over B a play that differs (mean and 95%
    interval), the mean size of the gap either way, and the gain a deal.

    The interval is clustered by game: the plays of one game follow from one
    another, so they are not counted as independent (counted so, reseeded
    expert beside itself seemed to gain +3.3 (+0.6 .. +6.1) a play on three
    deals of seed 12)."""
    gains = [gain for game in games for gain in game]
    if not gains:
        return {}
    mean = statistics.fmean(gains)
    clusters = [game for game in games if game]
    if len(clusters) > 1:
        spread = sum((sum(game) - mean * len(game)) ** 2 for game in clusters)
        scale = len(clusters) / (len(clusters) - 1)
        half = 1.96 * math.sqrt(spread * scale) / len(gains)
    else:
        half = math.inf
    return {
        "judged": len(gains),
        "games": len(clusters),
        "gain": mean,
        "gain_low": mean - half,
        "gain_high": mean + half,
        "gap": statistics.fmean(abs(g) for g in gains),
        "gain_per_deal": sum(gains) / deals,
    }


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expert", help="the player asked beside B")
    parser.add_argument("--b", default="hard", help="the player who plays")
    parser.add_argument("--deals", type=int, default=6, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget",
        type=Budget.parse,
        nargs="+",
        help="samples for both, or A's then B's (default: own)",
    )
    parser.add_argument(
        "--reseed", action="store_true", help="A samples by a seed of its own, not B's"
    )
    parser.add_argument(
        "--judge",
        type=Budget.parse,
        help="samples of B's search that values A's and B's play wherever they differ",
    )
    parser.add_argument("--judge-by", help="the judge's search, if not B's (hard, expert...)")
    args = parser.parse_args(argv)
    figures = agreement(
        args.a,
        args.b,
        args.deals,
        args.seed,
        budgets(args.budget),
        reseed=args.reseed,
        judge=args.judge,
        judge_by=args.judge_by,
    )
    print(
        f"{args.a} picks {args.b}'s play at {figures['alike']:.0f} of {figures['plays']:.0f} "
        f"first-phase plays with a choice: {figures['share']:.1%} "
        f"({figures['low']:.1%} .. {figures['high']:.1%}); "
        f"{figures['differ_per_deal']:.1f} plays differ a deal (both seats)"
    )
    if "judged" in figures:
        print(
            f"judged on {args.judge} samples, A's play over B's: {figures['gain']:+.2f} "
            f"({figures['gain_low']:+.2f} .. {figures['gain_high']:+.2f}, clustered by game over "
            f"{figures['games']:.0f} games) a play that differs, "
            f"{figures['gap']:.2f} apart either way; {figures['gain_per_deal']:+.1f} a deal"
        )
    print(json.dumps({"a": args.a, "b": args.b, "seed": args.seed, **figures}))
    return figures


if __name__ == "__main__":
    main()
