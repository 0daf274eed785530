"""``pinochle play | hotseat | resume``: set up the session and run the app."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

from pinochle_tui.ai.registry import UnknownPlayerError, player_names
from pinochle_tui.bots.external import PREFIX
from pinochle_tui.engine import PinochleError
from pinochle_tui.names import COMPUTER
from pinochle_tui.plaintext import inert
from pinochle_tui.record.models import PlayerInfo
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import find_resumable, save_dir
from pinochle_tui.tui.app import CardTableApp, PinochleApp
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
    undo = not args.no_undo
    if args.command == "hotseat":
        first, second = args.names
        return MatchSetup(args.rules, (first, second), None, args.seed, directory, undo=undo)
    return MatchSetup(
        args.rules, (args.name, COMPUTER), args.level, args.seed, directory, undo=undo
    )


def _program(info: PlayerInfo) -> bool:
    """Whether a seat was played by a bot program (``cmd:COMMAND``)."""
    return info.level is not None and info.level.startswith(PREFIX)


def _replace_program(session: GameSession, name: str, opponent: str | None) -> None:
    """Put ``--opponent`` in the seat of a bot program: a command read from a
    saved file is never run, so resuming such a game needs the opponent named
    again (and nothing else takes ``--opponent``)."""
    seats = [i for i, info in enumerate(session.players) if _program(info)]
    if not seats:
        if opponent is not None:
            session.close()
            raise PinochleError(f"--opponent: {name} was not played against a bot program")
        return
    if opponent is None:
        level = session.players[seats[0]].level or ""
        session.close()
        raise PinochleError(
            f"{name}: its opponent was the program {inert(level, limit=60)!r}, and a command "
            "read from a file is never run: name it again with --opponent 'cmd:...' (or a level)"
        )
    players = list(session.players)
    for seat in seats:
        players[seat] = players[seat].model_copy(update={"level": opponent})
    session.log = session.log.model_copy(update={"players": tuple(players)})


def resumed(args: argparse.Namespace) -> tuple[MatchSetup, GameSession, str | None]:
    """The saved game ``resume`` names, a setup to play again with the same
    choices, and a warning about a newer file that could not be read."""
    directory = save_dir(args.save_dir)
    path, warning = find_resumable(args.file, directory)
    session = GameSession.load(path)
    _replace_program(session, path.name, args.level)
    south, north = session.players
    for info in session.players:
        if info.level is not None and info.level not in player_names() and not _program(info):
            session.close()
            raise UnknownPlayerError(
                f"{path.name}: its computer player {info.level!r} is not installed here"
            )
    setup = MatchSetup(
        session.state.rules,
        (south.name, north.name),
        north.level if north.kind == "computer" else None,
        None,
        directory,
        undo=session.undo_allowed,
    )
    return setup, session, warning


def launch(args: argparse.Namespace) -> int:
    """Run the app for ``args``; record errors (no such game) propagate to the CLI."""
    notice = None
    if args.command == "resume":
        setup, session, notice = resumed(args)
    else:
        setup = setup_from_args(args)
        session = setup.start()
    app = PinochleApp(setup, session, display_from_args(args), notice)
    try:
        app.run()
    finally:
        session = app.session
        if session.save_error is not None:
            session.retry_save()
        session.close()
    if session.save_error is not None:
        advice = f"the game could not be saved ({session.save_error})"
    else:
        advice = "your game is saved: 'pinochle resume' goes on from where it stopped"
    return crash_report(app, session.directory, advice)


def crash_report(app: CardTableApp, directory: Path | None, advice: str) -> int:
    """After the app stopped: 0, or for a crash, write the details to a crash file
    beside the saves, tell the player in one line with ``advice``, and return 1."""
    error = app.crash
    if error is None:
        return 0
    details = "".join(traceback.format_exception(error))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    where = "(no crash file could be written)"
    for folder in (directory, Path(tempfile.gettempdir())):
        if folder is None:
            continue
        path = folder / f"crash-{stamp}-{os.getpid()}.txt"
        try:
            path.write_text(details, encoding="utf-8")
        except OSError:
            continue
        where = f"(details in {path})"
        break
    summary = inert(f"{type(error).__name__}: {error}", limit=120)
    print(
        f"pinochle: the game stopped on an unexpected error, {summary} {where}; {advice}.",
        file=sys.stderr,
    )
    return 1
