"""``pinochle play | hotseat | resume``: set up the session and run the app."""

from __future__ import annotations

import argparse
import sys

from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import find_resumable, save_dir
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.setup import Display, MatchSetup


def display_from_args(args: argparse.Namespace) -> Display:
    return Display(
        ascii_only=args.ascii,
        four_color=args.four_color,
        theme=args.theme,
        speed=max(0.0, args.speed),
    )


def setup_from_args(args: argparse.Namespace) -> MatchSetup:
    """The match the ``play`` or ``hotseat`` command asks for."""
    directory = save_dir(args.save_dir)
    if args.command == "hotseat":
        first, second = args.names
        return MatchSetup(args.rules, (first, second), None, args.seed, directory)
    return MatchSetup(args.rules, (args.name, "Computer"), args.level, args.seed, directory)


def resumed(args: argparse.Namespace) -> tuple[MatchSetup, GameSession]:
    """The saved game ``resume`` names, and a setup to play again with the same choices."""
    directory = save_dir(args.save_dir)
    path, warning = find_resumable(args.file, directory)
    if warning is not None:
        print(f"pinochle: warning: {warning}", file=sys.stderr)
    session = GameSession.load(path)
    south, north = session.players
    setup = MatchSetup(
        session.state.rules,
        (south.name, north.name),
        north.level if north.kind == "computer" else None,
        None,
        directory,
    )
    return setup, session


def launch(args: argparse.Namespace) -> int:
    """Run the app for ``args``; record errors (no such game) propagate to the CLI."""
    if args.command == "resume":
        setup, session = resumed(args)
    else:
        setup = setup_from_args(args)
        session = setup.start()
    PinochleApp(setup, session, display_from_args(args)).run()
    return 0
