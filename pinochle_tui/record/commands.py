"""``pinochle games | verify | schema``: the record commands of the command line."""

from __future__ import annotations

import argparse
import json
import sys

from pinochle_tui.engine import GameState, Seat
from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.models import GameLog, PlayerInfo, seat_of
from pinochle_tui.record.replay import replay
from pinochle_tui.record.store import (
    GameSummary,
    find_game,
    list_games,
    naming,
    read_log,
    save_dir,
)


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


def _games(args: argparse.Namespace) -> int:
    directory = save_dir(args.save_dir)
    games = list_games(directory)
    if not games:
        print(f"No saved games in {directory}.")
        return 0
    print(f"{_count(len(games), 'saved game')} in {directory}:")
    for game in games:
        print(describe_summary(game))
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


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
    return f"  {when}  {names}  ({status})  {game.path.name}"


def _score_line(players: tuple[PlayerInfo, PlayerInfo], scores: tuple[int, int]) -> str:
    return f"{players[0].name} {scores[0]} - {scores[1]} {players[1].name}"


def _verify(args: argparse.Namespace) -> int:
    try:
        path = find_game(args.file, save_dir(args.save_dir))
        log = read_log(path)
    except RecordError as error:
        print(f"pinochle: {error}", file=sys.stderr)
        return 2
    try:
        with naming(path):
            state = replay(log)
    except IllegalRecordError as error:
        print(f"pinochle: {error}", file=sys.stderr)
        return 1
    hands, actions = _count(len(log.hands), "hand"), _count(log.action_count, "action")
    print(f"{path.name}: valid, {hands}, {actions}.")
    print(_outcome(log, state))
    return 0


def _outcome(log: GameLog, state: GameState) -> str:
    score = _score_line(log.players, (state.scores[0], state.scores[1]))
    if not state.is_over:
        return f"Unfinished after hand {state.hand_no}: {score}."
    if state.winner is None:
        return f"Drawn: {score} ({state.result})."
    winner = log.players[Seat(state.winner)].name
    return f"{winner} won: {score} ({state.result})."
