"""``pinochle review | stats | export | import``: the coach's commands.

Every line printed from a file (names, reasons, file names) is made ``inert``;
a file that cannot be used is one line on stderr and exit status 2 (by the
command line's handler of ``PinochleError``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from pinochle_tui.coach.models import GameReview
from pinochle_tui.coach.report import review_lines
from pinochle_tui.coach.review import cached_review, digest_of, review_file
from pinochle_tui.coach.stats import collect, stats_lines
from pinochle_tui.engine import Seat
from pinochle_tui.plaintext import inert, plural
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.files import read_file, replace_file, reserve
from pinochle_tui.record.store import (
    MAX_BYTES,
    create_log,
    find_copy,
    find_game,
    open_game,
    save_dir,
)
from pinochle_tui.record.text import read_text, write_text


def run_command(args: argparse.Namespace) -> int:
    """Run ``args.command``; the exit status is the return value."""
    command: str = args.command
    if command == "review":
        return _review(args)
    if command == "stats":
        return _stats(args)
    if command == "export":
        return _export(args)
    if command == "import":
        return _import(args)
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


def comments_of(review: GameReview) -> dict[int, str]:
    """The review's remarks by action number, marked ``?``/``??`` where costly,
    and its notes, for the text record."""
    comments: dict[int, list[str]] = {}
    for decision in review.decisions:
        if decision.remark:
            mark = f"{decision.mark} " if decision.mark else ""
            comments.setdefault(decision.number, []).append(mark + decision.remark)
    for note in review.notes:
        comments.setdefault(note.number, []).append(note.text)
    return {number: " ".join(texts) for number, texts in comments.items()}


def _export(args: argparse.Namespace) -> int:
    path = find_game(args.file, save_dir(args.save_dir))
    game = open_game(path)
    if args.json:
        text = game.log.model_dump_json(indent=1) + "\n"
    else:
        review = None
        if args.review:
            review = review_file(path, samples=args.samples, jobs=args.jobs)
        elif not args.no_comments:
            review = cached_review(path, digest_of(path))
        text = write_text(game.log, comments_of(review) if review is not None else None)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        replace_file(args.output, text.encode())
    except OSError as error:
        raise RecordError(f"cannot write {args.output}: {error.strerror}") from None
    _say(f"{game.path.name} written to {args.output}.")
    return 0


def _import(args: argparse.Namespace) -> int:
    source: Path = args.file
    raw = read_file(source, MAX_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{source.name}: not a text file (invalid UTF-8)") from None
    log = read_text(text, source.name)
    if args.output is not None:
        target: Path = args.output
        try:
            reserve(target)
            replace_file(target, log.model_dump_json(indent=1).encode())
        except FileExistsError:
            raise RecordError(f"{target} exists already: choose another name") from None
        except OSError as error:
            raise RecordError(f"cannot write {target}: {error.strerror}") from None
    else:
        directory = save_dir(args.save_dir)
        copy = find_copy(directory, log)
        if copy is not None:
            _say(f"{source.name}: already saved as {copy}; nothing imported.")
            return 0
        target, lock = create_log(directory, log)
        if lock is not None:
            lock.release()
    hands, actions = plural(len(log.hands), "hand"), plural(log.action_count, "action")
    _say(f"{source.name}: imported as {target} ({hands}, {actions}).")
    return 0


def _stats(args: argparse.Namespace) -> int:
    stats = collect(save_dir(args.save_dir), args.name)
    if args.json:
        print(stats.model_dump_json(indent=2))
        return 0
    for line in stats_lines(stats):
        _say(line)
    return 0
