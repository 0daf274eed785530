"""``pinochle games | verify | schema``: the record commands of the command line.

Every line printed is made ``inert``: names, reasons and file names come
from files anyone may have written.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from pinochle_tui.engine import GameState
from pinochle_tui.plaintext import inert, plural
from pinochle_tui.record.models import GameLog, PlayerInfo, seat_of
from pinochle_tui.record.store import GameSummary, list_games, save_dir, skipped_note
from pinochle_tui.record.verify import check


def run_command(args: argparse.Namespace) -> int:
    """Run ``args.command``; the exit status is the return value."""
    command: str = args.command
    if command == "schema":
        print(json.dumps(GameLog.model_json_schema(), indent=2))
        return 0
    if command == "games":
        return _games(args)
    if command == "verify":
        return _verify(args)
    raise ValueError(f"not a record command: {command}")


def _say(line: str, file: TextIO | None = None) -> None:
    print(inert(line), file=file or sys.stdout)


def _games(args: argparse.Namespace) -> int:
    listing = list_games(save_dir(args.save_dir))
    if not listing.games:
        _say(f"No saved games in {listing.directory}.{skipped_note(listing.skipped)}")
        return 0
    _say(f"{plural(len(listing.games), 'saved game')} in {listing.directory}:")
    for game in listing.games:
        _say(describe_summary(game))
    if listing.skipped:
        _say(skipped_note(listing.skipped).strip())
    return 0


def describe_summary(game: GameSummary) -> str:
    """One line of ``pinochle games``: when, who, the score, and how it stands."""
    if game.error is not None or game.players is None or game.started is None:
        return f"  {game.path.name}  unreadable: {game.error}"
    when = game.started.strftime("%Y-%m-%d %H:%M")
    names = _score_line(game.players, game.scores)
    if game.result is None:
        status = f"in progress, hand {game.hands}" if game.hands else "not dealt yet"
    elif game.result.winner is None:
        status = "finished, drawn"
    else:
        status = f"finished, {game.players[seat_of(game.result.winner)].name} won"
    return f"  {when}  {names}  ({status}, {_setting(game)})  {game.path.name}"


def _setting(game: GameSummary) -> str:
    """The computer's level (or hotseat) and the pack: ``level hard, 48 cards``."""
    assert game.players is not None
    levels = [p.level for p in game.players if p.level is not None]
    who = f"level {', '.join(levels)}" if levels else "hotseat"
    return who if game.rules is None else f"{who}, {game.rules.pack} cards"


def _score_line(players: tuple[PlayerInfo, PlayerInfo], scores: tuple[int, int]) -> str:
    return f"{players[0].name} {scores[0]} - {scores[1]} {players[1].name}"


def _verify(args: argparse.Namespace) -> int:
    verdict = check(args.file, save_dir(args.save_dir))
    if verdict.game is None:
        _say(f"pinochle: {verdict.message}", sys.stderr)
    else:
        _say(verdict.message)
        _say(_outcome(verdict.game.log, verdict.game.state))
    return verdict.exit_status


def _outcome(log: GameLog, state: GameState) -> str:
    """How the game stands, the players named throughout (never a seat, which the
    line does not tie to a name): ``Ann won: Ann 1020 - 850 Bob (Ann reached 1000).``"""
    score = _score_line(log.players, (state.scores[0], state.scores[1]))
    if state.outcome is None:
        return f"Unfinished after hand {state.hand_no}: {score}."
    reason = state.outcome.reason([player.name for player in log.players])
    if state.outcome.winner is None:
        return f"Drawn: {score} ({reason})."
    return f"{log.players[state.outcome.winner].name} won: {score} ({reason})."
