"""Fuzz the record reader: mutate valid game files and judge each one with ``check``.

Each mutation (see ``MUTATIONS`` in ``tests/record_helpers.py``: byte flips,
truncation, deleted keys, changed types, huge numbers, deep nesting, hostile
strings and keys, swapped items) damages one of a few valid records; the file
is then judged exactly as ``pinochle verify`` judges it. Every verdict must be
valid, illegal or unreadable with one inert line; anything else (an exception
escaping ``check``, a message with a newline or a control character) is a
failure, counted and shown. Prints the counts by verdict and by mutation
kind; the last line printed is one JSON object, for scripts.

    python benchmarks/fuzz.py --mutations 100000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.engine import Rules
from pinochle_tui.plaintext import is_inert
from pinochle_tui.record.verify import check
from tests.record_helpers import MUTATIONS, finished_record, unfinished_record

VERDICTS = ("valid", "illegal", "unreadable", "FAILED")


def bases() -> list[bytes]:
    """Valid records to damage: finished single deals (one 64-card) and unfinished matches."""
    return [
        finished_record(8, Rules(game="single-deal")),
        finished_record(9, Rules(game="single-deal", pack=64, deal_packet=3)),
        unfinished_record(3, 80),
        unfinished_record(4, 200),
    ]


def judge(path: Path) -> tuple[str, str]:
    """The verdict's kind and message, or ``FAILED`` and what went wrong."""
    try:
        verdict = check(path)
    except Exception:  # the very thing this benchmark hunts for
        return "FAILED", traceback.format_exc(limit=3)
    if not is_inert(verdict.message):
        return "FAILED", f"a message that is not one inert line: {verdict.message!r}"
    return verdict.kind, verdict.message


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutations", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    records, kinds = bases(), sorted(MUTATIONS)
    counts: Counter[tuple[str, str]] = Counter()
    failures: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "fuzz.json"
        for _ in range(args.mutations):
            kind = rng.choice(kinds)
            path.write_bytes(MUTATIONS[kind](rng.choice(records), rng))
            verdict, message = judge(path)
            path.unlink()  # a new file each time: on ext4, truncating an old one flushes it
            counts[kind, verdict] += 1
            if verdict == "FAILED" and len(failures) < 5:
                failures.append(f"{kind}: {message}")
    seconds = time.perf_counter() - started
    by_verdict = {v: sum(n for (_, got), n in counts.items() if got == v) for v in VERDICTS}
    by_kind = {k: {v: counts[k, v] for v in VERDICTS if counts[k, v]} for k in kinds}
    print(f"{args.mutations} mutations (seed {args.seed}) in {seconds:.1f} s")
    print(f"{'kind':<16}" + "".join(f"{v:>12}" for v in VERDICTS))
    for kind in kinds:
        print(f"{kind:<16}" + "".join(f"{counts[kind, v]:>12}" for v in VERDICTS))
    print(f"{'all':<16}" + "".join(f"{by_verdict[v]:>12}" for v in VERDICTS))
    for failure in failures:
        print(f"FAILED {failure}")
    summary = {
        "mutations": args.mutations,
        "seed": args.seed,
        "seconds": round(seconds, 1),
        "by_verdict": by_verdict,
        "by_kind": by_kind,
    }
    print(json.dumps(summary))
    if by_verdict["FAILED"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
