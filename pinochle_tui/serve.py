"""``pinochle serve``: the app in a web browser, through textual-serve.

The server runs ``pinochle play`` afresh for every browser tab that connects
(so each tab is its own game), with the options given to ``serve``, and every
game saves to the same directory. Whoever reaches the port plays the app as
the user who started the server, with that user's files: the default binds to
127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from textual_serve.server import Server

from pinochle_tui.cli import rule_argv
from pinochle_tui.record.store import save_dir


def play_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs for each tab: ``pinochle play``
    with this server's opponent, rules, look and save directory."""
    argv = [sys.executable, "-m", "pinochle_tui.cli", "play", "--level", args.level]
    argv += ["--save-dir", str(save_dir(args.save_dir)), "--theme", args.theme]
    argv += ["--speed", str(args.speed), *rule_argv(args.rules)]
    argv += [
        flag for flag, on in (("--ascii", args.ascii), ("--four-color", args.four_color)) if on
    ]
    return shlex.join(argv)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted (Ctrl+C)."""
    where = f"http://{args.host}:{args.port}"
    Server(
        play_command(args), host=args.host, port=args.port, title="Pinochle", public_url=where
    ).serve()
    return 0
