"""``pinochle review | stats | export | import``: the coach's commands.

Every line printed from a file (names, reasons, file names) is made ``inert``;
a file that cannot be used is one line on stderr and exit status 2 (by the
command line's handler of ``PinochleError``).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from pinochle_tui.coach.report import review_lines
from pinochle_tui.coach.review import review_file
from pinochle_tui.engine import Seat
from pinochle_tui.plaintext import inert
from pinochle_tui.record.store import find_game, save_dir


def run_command(args: argparse.Namespace) -> int:
    """Run ``args.command``; the exit status is the return value."""
    command: str = args.command
    if command == "review":
        return _review(args)
    raise ValueError(f"not a coach command: {command}")


def _say(line: str, file: TextIO | None = None) -> None:
    print(inert(line), file=file or sys.stdout)


def _review(args: argparse.Namespace) -> int:
    path = find_game(args.file, save_dir(args.save_dir))
    seats = list(Seat) if args.both else None
    quiet = args.no_progress or args.json or not sys.stderr.isatty()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        disable=quiet,
        transient=True,
        console=None,
    ) as bar:
        task = bar.add_task("reviewing", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        review = review_file(
            path,
            samples=args.samples,
            jobs=args.jobs,
            seats=seats,
            use_cache=not args.no_cache,
            progress=progress,
        )
    if args.json:
        print(review.model_dump_json(indent=2))
        return 0
    for line in review_lines(review):
        _say(line)
    return 0
