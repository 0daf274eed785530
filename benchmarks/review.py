"""Time the review of whole matches: a human seat played by the normal level
against normal, each match to 1000 reviewed from scratch.

Prints each match's hands, decisions and seconds; the last line is one JSON
object, for scripts.

    python benchmarks/review.py --matches 3 --samples 32 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.ai.analysis import SAMPLES
from pinochle_tui.ai.registry import make_player
from pinochle_tui.coach.review import review_file
from pinochle_tui.engine import Rules, Table
from pinochle_tui.record.models import PlayerInfo
from pinochle_tui.record.session import GameSession

PLAYERS = (
    PlayerInfo(name="Ann", kind="human"),
    PlayerInfo(name="Computer", kind="computer", level="normal"),
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    seconds: list[float] = []
    with tempfile.TemporaryDirectory() as directory:
        for seed in range(args.seed, args.seed + args.matches):
            session = GameSession.new(Rules(), PLAYERS, seed=seed, save_dir=Path(directory))
            Table(session).play((make_player("normal", seed), make_player("normal", seed + 1)))
            assert session.path is not None
            started = time.perf_counter()
            review = review_file(
                session.path, samples=args.samples, jobs=args.jobs, use_cache=False
            )
            took = time.perf_counter() - started
            seconds.append(took)
            print(
                f"match {seed}: {len(session.log.hands)} hands, "
                f"{len(review.decisions)} decisions reviewed in {took:.1f} s"
            )
    figures = {
        "samples": args.samples,
        "jobs": args.jobs,
        "median_s": round(statistics.median(seconds), 1),
        "max_s": round(max(seconds), 1),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
