"""``pinochle bot --level LEVEL``: one of our players speaking the bot protocol
on standard input and output, so that any harness that speaks it can play it.

It answers the greeting with its name, and each ``go`` with the action its
player chooses from the view and the legal actions the message carries;
events are not needed (the view holds all the seat knows) and are read past.
A new player is made for each ``newgame``, seeded from ``--seed`` and the game
number, so a run is reproducible. It stops at ``quit`` or the end of input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from pinochle_tui.ai.registry import make_player
from pinochle_tui.bots.protocol import GREETING, VERSION, view_from_data
from pinochle_tui.engine import LegalActions, Player, parse_action


def serve_bot(level: str, seed: int | None, lines: Iterable[str], out: TextIO) -> int:
    """Answer the host's ``lines`` on ``out`` as the player ``level``."""

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    player: Player | None = None
    games = 0
    for raw in lines:
        word, _, rest = raw.strip().partition(" ")
        if word == "quit":
            break
        if raw.strip() == GREETING or word == "pinochle-bot":
            say(f"id name pinochle-{level}")
            say("id author pinochle_tui")
            say(f"protocol {VERSION}")
            say("ready")
        elif word == "newgame":
            games += 1
            player = make_player(level, None if seed is None else seed * 1_000_003 + games)
        elif word == "go":
            message = json.loads(rest)
            view = view_from_data(message["view"])
            legal = LegalActions([parse_action(text, view.seat) for text in message["legal"]])
            if player is None:  # a host that skipped newgame
                player = make_player(level, seed)
            say(f"action {player.choose(view, legal).text}")
    return 0


def run_bot(args: argparse.Namespace) -> int:
    return serve_bot(args.level, args.seed, sys.stdin, sys.stdout)
