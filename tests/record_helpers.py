"""Helpers for the record tests: sessions driven by random legal actions."""

from __future__ import annotations

import multiprocessing
import random
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pinochle_tui.engine import GameState, Phase, Rules, Seat
from pinochle_tui.record.models import PlayerInfo
from pinochle_tui.record.session import GameSession
from tests.helpers import random_action

PLAYERS = (
    PlayerInfo(name="Ann", kind="human"),
    PlayerInfo(name="Computer", kind="computer", level="random"),
)


def step(session: GameSession, rng: random.Random, declare: float = 0.0) -> None:
    """Deal if the next hand is due, else apply a random legal action
    (declaring out, which ends a match at once, only with probability ``declare``)."""
    if session.needs_deal:
        session.deal()
    else:
        session.apply(random_action(session.state, rng, declare))


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything a replay must reproduce: both views, scores, phase, whose turn, legal actions."""
    return (
        state.view(Seat.SOUTH),
        state.view(Seat.NORTH),
        tuple(state.scores),
        state.phase,
        state.to_act if state.phase is not Phase.GAME_OVER else None,
        tuple(state.legal_actions()),
        state.winner,
        state.result,
    )


def start_games_at_once(
    barrier: threading.Barrier, directory: Path, rounds: int, paths: multiprocessing.Queue[str]
) -> None:
    """In a worker process: ``rounds`` times, wait for the others, then start a saved game."""
    for _ in range(rounds):
        barrier.wait()
        with GameSession.new(Rules(), PLAYERS, seed=1, save_dir=directory) as session:
            paths.put(str(session.path))


@contextmanager
def no_hang(seconds: float) -> Iterator[None]:
    """Fail, instead of hanging, if the block runs longer than ``seconds`` (SIGALRM
    interrupts even a blocking ``open``; POSIX, main thread only). The failure is an
    AssertionError, which no ``except OSError`` in the code under test can swallow."""

    def expire(signum: int, frame: object) -> None:
        raise AssertionError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
