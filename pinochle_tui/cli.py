"""The one entry point: ``pinochle [command] [options]``.

Without a command, ``pinochle`` starts a match against the computer. Each
command hands its parsed arguments to the layer that does the work.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from pinochle_tui.engine import PinochleError, Rules

COMMANDS = ("play", "hotseat", "resume", "games", "replay", "verify", "schema", "match")
LEVELS = ("easy", "normal", "hard")


def _version() -> str:
    try:
        return version("pinochle-tui")
    except PackageNotFoundError:
        return "unknown"


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The rule options, one flag each; their defaults are Hoyle's."""
    group = parser.add_argument_group("rules (see rules.md)")
    group.add_argument("--pack", type=int, choices=(48, 64), default=48)
    group.add_argument(
        "--packet", type=int, choices=(3, 4), default=4, help="cards dealt at a time"
    )
    group.add_argument("--count", choices=("classic", "simplified", "counters"), default="classic")
    group.add_argument(
        "--no-double-pinochle", action="store_true", help="two pinochles score 40 each"
    )
    group.add_argument("--dix-per-trick", type=int, choices=(1, 2), default=1)
    group.add_argument("--dix-scores-when-played", action="store_true")
    group.add_argument(
        "--last-draw",
        choices=("winner-takes-stock", "winner-chooses"),
        default="winner-takes-stock",
    )
    group.add_argument("--playoff", choices=("trump-lead", "always"), default="trump-lead")
    group.add_argument("--single-deal", action="store_true", help="each deal is a game")
    group.add_argument("--target", type=int, default=1000, help="points to win a match")
    group.add_argument("--escalation", choices=("continue", "reevaluate"), default="continue")
    group.add_argument("--declare-out", choices=("standard", "alt1", "alt2"), default="standard")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The ``Rules`` the rule flags describe."""
    return Rules(
        pack=args.pack,
        deal_packet=args.packet,
        trick_count=args.count,
        double_pinochle=not args.no_double_pinochle,
        dix_per_trick=args.dix_per_trick,
        dix_scores_when_played=args.dix_scores_when_played,
        last_draw=args.last_draw,
        playoff_head=args.playoff,
        game="single-deal" if args.single_deal else "match",
        target=args.target,
        escalation=args.escalation,
        declare_out=args.declare_out,
    )


def _add_display_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("display")
    group.add_argument("--ascii", action="store_true", help="cards as QS, 10H (no suit symbols)")
    group.add_argument("--four-color", action="store_true", help="a colour for each suit")
    group.add_argument("--theme", choices=("dark", "light"), default="dark")
    group.add_argument("--speed", type=float, default=1.0, help="computer pace (0 = instant)")


def _add_save_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--save-dir",
        metavar="DIR",
        help="where games are saved (default: $PINOCHLE_HOME or the user data dir)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pinochle",
        description="Two-handed pinochle in the terminal. Without a command: play the computer.",
    )
    parser.add_argument("--version", action="version", version=f"pinochle {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="command")

    play = sub.add_parser("play", help="play a match against the computer (the default)")
    play.add_argument("--level", choices=LEVELS, default="normal", help="the computer's strength")
    play.add_argument("--seed", type=int, help="seed for the shuffle and the computer")
    play.add_argument("--name", default="You", help="your name")
    add_rule_options(play)
    _add_display_options(play)
    _add_save_dir(play)

    hotseat = sub.add_parser("hotseat", help="two players at one terminal")
    hotseat.add_argument("--names", nargs=2, metavar=("FIRST", "SECOND"), default=["Ann", "Bob"])
    hotseat.add_argument("--seed", type=int, help="seed for the shuffle")
    add_rule_options(hotseat)
    _add_display_options(hotseat)
    _add_save_dir(hotseat)

    resume = sub.add_parser("resume", help="continue an unfinished game")
    resume.add_argument("file", nargs="?", default="latest", help="a saved game, or 'latest'")
    _add_display_options(resume)
    _add_save_dir(resume)

    games = sub.add_parser("games", help="list saved games")
    _add_save_dir(games)

    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("file", help="a saved game, or 'latest'")
    _add_display_options(replay)
    _add_save_dir(replay)

    verify = sub.add_parser("verify", help="check a saved game against the rules")
    verify.add_argument("file", help="a saved game, or 'latest'")
    _add_save_dir(verify)

    sub.add_parser("schema", help="print the JSON Schema of the game log")

    match = sub.add_parser("match", help="computer against computer on duplicate deals")
    match.add_argument(
        "--a", default="hard", help="first player's level (easy, normal, hard, random)"
    )
    match.add_argument("--b", default="normal", help="second player's level")
    match.add_argument("--deals", type=int, default=200, help="deals (each played twice)")
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--jobs", type=int, default=1, help="processes to use")
    match.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_rule_options(match)
    return parser


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    argv = list(argv)
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version")):
        argv.insert(0, "play")  # plain ``pinochle`` plays the computer
    args = build_parser().parse_args(argv)
    if hasattr(args, "pack"):
        args.rules = rules_from_args(args)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        return run(args)
    except PinochleError as error:
        print(f"pinochle: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


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
    from pinochle_tui.match_cli import run_match

    return run_match(args)


if __name__ == "__main__":
    sys.exit(main())
