"""How far the play-outs' playoff lands from the exact one.

The hard and expert players' play-outs play the playoff's first tricks by a
habit and solve only its end (``rollout.EXACT_CARDS`` cards a hand), for
speed. This deals ``--deals`` hands, plays each to its playoff between two
normal players, and compares the trick-count margin the play-out ends the
hand with against the playoff's exact value, for each ``--exact-from`` hand
size: the mean and mean absolute error (points, South's margin) and the time
a play-out of the playoff takes. The last line is one JSON object, for scripts.

    python benchmarks/playouts.py --deals 300 --exact-from 6 8
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

from pinochle_tui.ai import rollout
from pinochle_tui.ai.heuristic import NormalPlayer
from pinochle_tui.ai.solver import solve_playoff
from pinochle_tui.engine import GameState, Rules, Seat, shuffled_deck
from pinochle_tui.engine.rules import PlayoffHead
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.tricks import trick_points


def at_playoff(seed: int, pack: int = 48) -> GameState:
    """A single-deal hand played by two normal players to its first playoff lead."""
    rules = Rules(game="single-deal", pack=pack)
    state = GameState.new(rules, dealer=Seat.NORTH)
    state.deal(shuffled_deck(rules, random.Random(seed)))
    player = NormalPlayer()
    while not state.playoff:
        seat = state.to_act
        state.apply(player.choose(state.view(seat), list(state.legal_actions(seat))))
    return state


def exact_margin(state: GameState) -> int:
    """South's margin of the hand's rounded trick counts under best play."""
    rules = state.rules
    points = rules.card_points
    taken = [trick_points(state.won[seat], points) for seat in Seat]
    hands = (state.hands[0], state.hands[1])
    head = rules.playoff_head is PlayoffHead.ALWAYS
    rest = solve_playoff(
        hands,
        state.to_act,
        state.trump,
        points,
        head,
        None,
        rules.last_trick_bonus,
        (taken[0], taken[1]),
    ).points
    return rounded(taken[0] + rest[0]) - rounded(taken[1] + rest[1])


def compare(states: list[GameState], exact: list[int], cards: int) -> dict[str, float]:
    """Play each playoff out as the play-outs do, exact from ``cards`` cards a
    hand; prints and returns its error against ``exact`` and its time."""
    errors, times = [], []
    for state, value in zip(states, exact, strict=True):
        played = state.copy()
        start = time.perf_counter()
        south, north = rollout.final_scores(played)
        times.append(time.perf_counter() - start)
        errors.append((south - state.scores[0]) - (north - state.scores[1]) - value)
    figures = {
        "mean_error": round(statistics.fmean(errors), 1),
        "mean_abs_error": round(statistics.fmean(abs(e) for e in errors), 1),
        "median_ms": round(1000 * statistics.median(times), 2),
    }
    print(
        f"exact from {cards:2d} cards: error {figures['mean_error']:+6.1f} on the average,"
        f" {figures['mean_abs_error']:5.1f} in size; {figures['median_ms']:6.2f} ms a playoff"
    )
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="hands played to their playoff")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument(
        "--exact-from", type=int, nargs="+", default=[rollout.EXACT_CARDS], help="hand sizes"
    )
    args = parser.parse_args(argv)
    states = [at_playoff(args.seed + n) for n in range(args.deals)]
    exact = [exact_margin(state) for state in states]
    summary: dict[str, object] = {"deals": args.deals, "seed": args.seed}
    kept = rollout.EXACT_CARDS
    try:
        for cards in args.exact_from:
            rollout.EXACT_CARDS = cards
            summary[f"exact_from_{cards}"] = compare(states, exact, cards)
    finally:
        rollout.EXACT_CARDS = kept
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
