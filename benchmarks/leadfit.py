"""How well a model of the opponent reads its leads: the evidence behind
``inference.MODEL_MISSED``, the chance a searching player keeps a world whose
opponent, by the model, would have led another card than the one it led.

A normal South plays single deals against ``--opponent`` (named as in
``strength.py``). At each first-phase lead of the opponent's that South
answers, the lead is checked against the model (``inference.fits_lead``;
``--model``: the weights it weighs the opponent's plays by, normal's unless
``keeping``, hard's and expert's own) in
the true world and in ``--samples`` worlds drawn as the searching players draw
them before the lead is read (``inference.evidence``, every other signal).
A miss is evidence against a world only as far as the true world misses less
often than the drawn ones: the chance worth keeping a world that misses at,
next to one that fits, is the ratio of the two likelihood ratios,
(true misses / drawn misses) / (true fits / drawn fits). Prints the shares and
that chance; the last line is one JSON object, for scripts.

    python benchmarks/leadfit.py --opponent hard --positions 100 --seed 1
    python benchmarks/leadfit.py --opponent hard --model keeping --positions 100 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import WEIGHTS, variant

from pinochle_tui.ai.heuristic import NormalPlayer
from pinochle_tui.ai.inference import Memory, Signal, evidence, fits_lead
from pinochle_tui.ai.knowledge import Knowledge
from pinochle_tui.ai.world import build_state
from pinochle_tui.engine import GameState, Phase, Rules, Seat, shuffled_deck


def main(argv: list[str] | None = None) -> dict[str, float | None]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="hard", help="the player whose leads are read")
    parser.add_argument("--positions", type=int, default=100, help="leads answered by South")
    parser.add_argument("--samples", type=int, default=10, help="drawn worlds a position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--model", choices=WEIGHTS, default="normal", help="the weights the model weighs leads by"
    )
    args = parser.parse_args(argv)
    if args.positions < 1 or args.samples < 1:
        parser.error("--positions and --samples are 1 or more")
    rules = Rules(game="single-deal")
    model = WEIGHTS[args.model]
    signals = Signal.ALL & ~Signal.MODEL
    true_fits = drawn_fits = positions = 0
    game = 0
    while positions < args.positions:
        seed = args.seed * 100_000 + game
        state = GameState.new(rules, dealer=Seat(game % 2))
        state.deal(shuffled_deck(rules, random.Random(seed)))
        players = (NormalPlayer(), variant(args.opponent, seed, None, 1.0))
        memory = Memory()
        game += 1
        while state.phase is not Phase.GAME_OVER and positions < args.positions:
            seat = state.to_act
            view = state.view(seat)
            if seat is Seat.SOUTH:
                memory.record(view)
                if view.lead is not None and view.leader is Seat.NORTH and not view.playoff:
                    positions += 1
                    true_fits += fits_lead(view, state, model)
                    know = Knowledge.from_view(view)
                    weighed = evidence(view, know, memory, signals)
                    rng = random.Random(f"{seed}/{positions}")
                    for _ in range(args.samples):
                        drawn = build_state(view, weighed.sample(rng))
                        drawn_fits += fits_lead(view, drawn, model)
            state.apply(players[seat].choose(view, list(state.legal_actions(seat))))
    true_share = true_fits / positions
    drawn_share = drawn_fits / (positions * args.samples)
    print(f"{args.opponent}'s leads over {positions} positions ({game} deals, seed {args.seed}):")
    print(f"  the model (weights: {args.model}) fits the true world at {true_share:.1%}")
    print(f"  and the worlds drawn before the lead is read at {drawn_share:.1%}")
    keep = None
    if true_share > 0 and 0 < drawn_share < 1:
        keep = round(((1 - true_share) / (1 - drawn_share)) / (true_share / drawn_share), 3)
        print(f"  a world that misses is worth keeping at {keep:.2f} of one that fits")
    figures = {"true_fits": true_share, "drawn_fits": drawn_share, "keep": keep}
    print(
        json.dumps(
            {"opponent": args.opponent, "model": args.model, "positions": positions, **figures}
        )
    )
    return figures


if __name__ == "__main__":
    main()
