"""The one entry point: ``pinochle [command] [options]``.

Without a command, ``pinochle`` starts a match against the computer. Each
command hands its parsed arguments to the layer that does the work. The rule
flags are generated from the ``Rules`` model, and every bad argument is one
line on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from pinochle_tui.engine import PinochleError, Rules
from pinochle_tui.plaintext import inert

if typing.TYPE_CHECKING:
    from pinochle_tui.ai.budget import Budget

COMMANDS = (
    "play",
    "hotseat",
    "resume",
    "games",
    "replay",
    "review",
    "stats",
    "export",
    "import",
    "verify",
    "schema",
    "match",
    "bot",
    "serve",
)
#: The slowest pace the app accepts: a computer move stays 10 times longer on screen.
MAX_SPEED = 10.0


class UsageError(PinochleError):
    """A command-line argument that cannot be used."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line and exit status 2, not the usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _version() -> str:
    try:
        return version("pinochle-tui")
    except PackageNotFoundError:
        return "unknown"


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _choices(annotation: Any) -> list[Any] | None:
    """The values a rule field may take, or None for a free number."""
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [member.value for member in annotation]
    return list(typing.get_args(annotation)) or None


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """One flag per field of ``Rules``, with its description and Hoyle's default."""
    group = parser.add_argument_group("rules (see rules.md)")
    defaults = Rules()
    for name, field in Rules.model_fields.items():
        default = getattr(defaults, name)
        shown = default.value if isinstance(default, Enum) else default
        about = f"{field.description} (default: {shown})"
        if field.annotation is bool:
            group.add_argument(
                _flag(name), dest=name, action=argparse.BooleanOptionalAction, help=about
            )
            continue
        choices = _choices(field.annotation)
        kind = int if choices is None or isinstance(choices[0], int) else str
        group.add_argument(_flag(name), dest=name, type=kind, choices=choices, help=about)


def rule_argv(rules: Rules) -> list[str]:
    """The rule flags that give ``rules`` (only those that differ from Hoyle's),
    to pass the rules on to another ``pinochle`` command.

    >>> rule_argv(Rules(pack=64, double_pinochle=False, trick_count="counters"))
    ['--pack', '64', '--trick-count', 'counters', '--no-double-pinochle']
    """
    argv: list[str] = []
    defaults = Rules()
    for name in Rules.model_fields:
        value = getattr(rules, name)
        if value == getattr(defaults, name):
            continue
        if isinstance(value, bool):
            argv.append(_flag(name) if value else "--no-" + _flag(name)[2:])
        else:
            argv += [_flag(name), str(value.value if isinstance(value, Enum) else value)]
    return argv


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The ``Rules`` the rule flags describe (a flag not given keeps its default)."""
    given = {name: getattr(args, name) for name in Rules.model_fields}
    try:
        return Rules.model_validate({k: v for k, v in given.items() if v is not None})
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        flag = _flag(str(problem["loc"][0])) if problem["loc"] else "the rules"
        raise UsageError(f"{flag}: {problem['msg']}") from None


def _speed(text: str) -> float:
    try:
        speed = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(speed) or not 0 <= speed <= MAX_SPEED:
        raise argparse.ArgumentTypeError(f"must be from 0 (instant) to {MAX_SPEED:g}")
    return speed


def _whole(least: int) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``least``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}")
        return value

    return parse


_at_least_one = _whole(1)
_at_least_zero = _whole(0)


def _budget(text: str) -> Budget:
    from pinochle_tui.ai.budget import Budget

    try:
        return Budget.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(seconds) or not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError("must be more than 0 and at most 3600 seconds")
    return seconds


def _add_display_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("display")
    group.add_argument("--ascii", action="store_true", help="cards as QS, 10H (no suit symbols)")
    group.add_argument("--four-color", action="store_true", help="a colour for each suit")
    group.add_argument("--theme", choices=("dark", "light"), default="dark")
    group.add_argument(
        "--speed", type=_speed, default=1.0, help="computer pace: 0 instant, 1 normal, up to 10"
    )


def _add_undo(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-undo", action="store_true", help="no taking moves back (u) in this game"
    )


def _add_save_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--save-dir",
        metavar="DIR",
        help="where games are saved (default: $PINOCHLE_HOME or the user data dir)",
    )


def _add_game_file(parser: argparse.ArgumentParser, *, resume: bool = False) -> None:
    """The saved game a command opens: a path, a file name in the save directory, or
    ``latest``, which the help explains: the game saved last (``find_game``), but for
    ``resume`` the unfinished game saved last (``find_resumable``), its default."""
    game = "a saved game (a path, or a file name in the save directory), or 'latest'"
    if resume:
        about = f"{game} (the default): the unfinished game saved last"
        parser.add_argument("file", nargs="?", default="latest", help=about)
    else:
        parser.add_argument("file", help=f"{game}: the game saved last, finished or not")


def build_parser() -> argparse.ArgumentParser:
    from pinochle_tui.ai.analysis import SAMPLES
    from pinochle_tui.ai.registry import player_names
    from pinochle_tui.bots.external import DEFAULT_MOVE_TIME

    offered = ", ".join(player_names(offered=True))
    parser = _Parser(
        prog="pinochle",
        description="Two-handed pinochle in the terminal. Without a command: play the computer.",
    )
    parser.add_argument("--version", action="version", version=f"pinochle {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play a match against the computer (the default)")
    play.add_argument(
        "--level",
        "--opponent",
        dest="level",
        default="normal",
        help=f"the computer: {offered}, or cmd:COMMAND, a bot program (docs/bot-protocol.md)",
    )
    play.add_argument("--seed", type=int, help="seed for the shuffle and the computer")
    play.add_argument("--name", default="You", help="your name")
    _add_undo(play)
    add_rule_options(play)
    _add_display_options(play)
    _add_save_dir(play)

    hotseat = sub.add_parser("hotseat", help="two players at one terminal")
    hotseat.add_argument("--names", nargs=2, metavar=("FIRST", "SECOND"), default=["Ann", "Bob"])
    hotseat.add_argument("--seed", type=int, help="seed for the shuffle")
    _add_undo(hotseat)
    add_rule_options(hotseat)
    _add_display_options(hotseat)
    _add_save_dir(hotseat)

    resume = sub.add_parser("resume", help="continue an unfinished game")
    _add_game_file(resume, resume=True)
    resume.add_argument(
        "--opponent",
        dest="level",
        help="for a game against a bot program: the cmd:COMMAND (or level) to go on with",
    )
    _add_display_options(resume)
    _add_save_dir(resume)

    games = sub.add_parser("games", help="list saved games")
    _add_save_dir(games)

    replay = sub.add_parser("replay", help="step through a saved game")
    _add_game_file(replay)
    replay.add_argument(
        "--review", action="store_true", help="review the game at once (else press r)"
    )
    _add_display_options(replay)
    _add_save_dir(replay)

    verify = sub.add_parser("verify", help="check a saved game against the rules")
    _add_game_file(verify)
    _add_save_dir(verify)

    review = sub.add_parser(
        "review", help="every decision of a saved game: what it cost and what was better"
    )
    _add_game_file(review)
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    review.add_argument(
        "--samples",
        type=_at_least_one,
        default=SAMPLES,
        help=f"sampled deals per first-phase decision (default: {SAMPLES})",
    )
    review.add_argument(
        "--jobs", type=_at_least_one, default=2, help="processes to use (default: 2)"
    )
    review.add_argument("--both", action="store_true", help="review both seats, not the humans")
    review.add_argument("--no-cache", action="store_true", help="review again, even if kept")
    review.add_argument("--no-progress", action="store_true", help="no progress bar")
    _add_save_dir(review)

    stats = sub.add_parser("stats", help="statistics across the saved games")
    stats.add_argument("--name", help="count only this player's games")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    _add_save_dir(stats)

    export = sub.add_parser("export", help="write a saved game as a text record for people")
    _add_game_file(export)
    form = export.add_mutually_exclusive_group()
    form.add_argument("--text", action="store_true", help="the text record (the default)")
    form.add_argument("--json", action="store_true", help="the JSON game log itself")
    export.add_argument("--output", "-o", type=Path, metavar="PATH", help="write to PATH")
    export.add_argument(
        "--review", action="store_true", help="review the game for the comments if not done yet"
    )
    export.add_argument("--no-comments", action="store_true", help="leave the review out")
    export.add_argument(
        "--samples", type=_at_least_one, default=SAMPLES, help="samples for --review"
    )
    export.add_argument("--jobs", type=_at_least_one, default=2, help="processes for --review")
    _add_save_dir(export)

    imported = sub.add_parser(
        "import",
        help="read a text record back into a saved game (one saved already is named, not copied)",
    )
    imported.add_argument("file", type=Path, help="a text record (pinochle export --text)")
    imported.add_argument(
        "--output", "-o", type=Path, metavar="PATH", help="write the game to PATH (new file)"
    )
    _add_save_dir(imported)

    sub.add_parser("schema", help="print the JSON Schema of the game log")

    every = ", ".join(player_names())
    match = sub.add_parser("match", help="computer against computer on duplicate deals")
    match.add_argument("--a", default="hard", help=f"first player ({every})")
    match.add_argument("--b", default="normal", help="second player")
    match.add_argument("--deals", type=_at_least_one, default=200, help="deals (each played twice)")
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--jobs", type=_at_least_one, default=1, help="processes to use")
    match.add_argument("--no-progress", action="store_true", help="no progress bar")
    match.add_argument(
        "--move-time",
        type=_seconds,
        default=DEFAULT_MOVE_TIME,
        metavar="SECONDS",
        help=f"time a cmd: bot has for each decision (default: {DEFAULT_MOVE_TIME:g})",
    )
    match.add_argument(
        "--budget",
        type=_budget,
        nargs="+",
        metavar="BUDGET",
        help="what the levels may think a decision: samples (64) for reproducible "
        "results, or seconds (1s); one for both, or A's then B's (default: each level's own)",
    )
    match.add_argument(
        "--matches",
        type=_at_least_zero,
        default=0,
        help="whole matches to the target to play too, each twice on the same decks",
    )
    add_rule_options(match)

    serve = sub.add_parser("serve", help="serve the game to web browsers (textual-serve)")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--level", default="normal", help=f"the computer: {offered}")
    add_rule_options(serve)
    _add_display_options(serve)
    _add_save_dir(serve)

    bot = sub.add_parser("bot", help="speak the bot protocol on stdin/stdout as a level")
    bot.add_argument("--level", default="normal", help=f"the player: {every}")
    bot.add_argument("--seed", type=int, help="seed for the player")
    return parser


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line, with ``rules`` built and player names checked;
    raises ``UsageError`` (one line) for anything unusable."""
    from pinochle_tui.ai.registry import entry

    argv = list(argv)
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version")):
        argv.insert(0, "play")  # plain ``pinochle`` plays the computer
    args = build_parser().parse_args(argv)
    if hasattr(args, "pack"):
        args.rules = rules_from_args(args)
    for option in ("level", "a", "b"):
        if getattr(args, option, None) is not None:
            entry(getattr(args, option))  # UnknownPlayerError names the choices
    if len(getattr(args, "budget", None) or ()) > 2:
        raise UsageError("--budget: one budget for both players, or A's then B's")
    level = getattr(args, "level", None)
    if args.command in ("play", "resume", "serve") and level is not None:
        _check_opponent(level)
    _check_names(args)
    return args


def _check_names(args: argparse.Namespace) -> None:
    """Each player name checked (``--name``), and the two players' different
    (``--names``, and ``play --name`` against the computer's): the pass screen,
    the log and the statistics tell the players apart by name alone."""
    name, names = getattr(args, "name", None), getattr(args, "names", None)
    if name is None and names is None:
        return
    from pinochle_tui.names import COMPUTER, BadNameError, check_name, check_names, same_name

    try:
        if name is not None:
            args.name = check_name(name)
            if args.command == "play" and same_name(args.name, COMPUTER):
                raise BadNameError(f"--name: '{args.name}' is the computer's name; choose another")
        if names is not None:
            args.names = list(check_names(*names))
    except BadNameError as error:
        raise UsageError(str(error)) from None


#: The longest ``cmd:`` opponent of the app: the game record keeps it as the level.
MAX_OPPONENT = 100


def _check_opponent(level: str) -> None:
    """An opponent for the app: offered, and a program's command short enough
    for the record."""
    from pinochle_tui.ai.registry import entry

    if not entry(level).offered:
        raise UsageError(f"--level {level} is not offered as an opponent")
    if len(level) > MAX_OPPONENT:
        raise UsageError(
            f"--opponent: at most {MAX_OPPONENT} characters (the game record keeps it): "
            "put a longer command in a script"
        )


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        return run(args)
    except PinochleError as error:
        print(f"pinochle: {inert(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``pinochle schema | head``): stop quietly, and
        # keep Python from complaining when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def run(args: argparse.Namespace) -> int:
    """Hand the command to its layer (imported here so ``--help`` stays fast)."""
    command: str = args.command
    if command in ("play", "hotseat", "resume"):
        from pinochle_tui.tui.launch import launch

        return launch(args)
    if command == "replay":
        from pinochle_tui.tui.replay import launch_replay

        return launch_replay(args)
    if command in ("games", "verify", "schema"):
        from pinochle_tui.record.commands import run_command

        return run_command(args)
    if command == "bot":
        from pinochle_tui.bot_cli import run_bot

        return run_bot(args)
    if command == "serve":
        from pinochle_tui.serve import run_serve

        return run_serve(args)
    if command in ("review", "stats", "export", "import"):
        from pinochle_tui.coach.commands import run_command as run_coach

        return run_coach(args)
    from pinochle_tui.match_cli import run_match

    return run_match(args)


if __name__ == "__main__":
    sys.exit(main())
