"""The computer opponent (and the hint), thinking in a separate process.

A thread would share the interpreter lock with the event loop, and a strong
level's search would then stall the screen for hundreds of milliseconds. The
process keeps one player per seat (players may remember what they saw). Each
level thinks within its wall-clock deadline (``registry.app_budget``: normal
50 ms, hard 1 s, expert 2 s, whatever the machine's load), so the computer
never keeps the player waiting longer; the speed setting only paces how its
moves are shown.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool

from pinochle_tui.ai import Player, make_player
from pinochle_tui.ai.advice import Advice, hint
from pinochle_tui.ai.registry import app_budget
from pinochle_tui.engine import Action, SeatView
from pinochle_tui.workers import real_stderr, spawn_executor

#: In the worker process: the players by key.
_PLAYERS: dict[str, Player] = {}


def _choose(key: str, level: str, seed: int | None, view: SeatView, legal: list[Action]) -> Action:
    player = _PLAYERS.get(key)
    if player is None:
        player = _PLAYERS[key] = make_player(level, seed, budget=app_budget(level))
    return player.choose(view, legal)


def _advise(view: SeatView, legal: list[Action], ascii_only: bool) -> Advice:
    return hint(view, legal, ascii_only=ascii_only)


def _warm_up() -> None:
    """Import the AI in the worker before the first move is needed."""


class Brain:
    """A worker process for the computer players of one match; ``close`` ends it."""

    def __init__(self) -> None:
        self._pool = spawn_executor(1)
        with real_stderr():  # the first task starts the worker
            self._pool.submit(_warm_up)

    def player(self, level: str, seed: int | None) -> RemotePlayer:
        return RemotePlayer(self, level, seed)

    def choose(
        self, key: str, level: str, seed: int | None, view: SeatView, legal: list[Action]
    ) -> Action:
        """The move, computed in the worker (blocking the calling thread only)."""
        try:
            return self._pool.submit(_choose, key, level, seed, view, legal).result()
        except BrokenProcessPool:
            # The worker died (killed, out of memory): think here rather than stop the game.
            return _choose(key, level, seed, view, legal)

    def advise(self, view: SeatView, legal: list[Action], ascii_only: bool) -> Advice:
        """The hint for a seat's decision, worked out in the worker (blocking the
        calling thread only)."""
        try:
            return self._pool.submit(_advise, view, legal, ascii_only).result()
        except BrokenProcessPool:
            return _advise(view, legal, ascii_only)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class RemotePlayer:
    """A ``Player`` whose thinking happens in the brain's process."""

    def __init__(self, brain: Brain, level: str, seed: int | None) -> None:
        self.name = level
        self._brain = brain
        self._level = level
        self._seed = seed
        self._key = uuid.uuid4().hex

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self._brain.choose(self._key, self._level, self._seed, view, list(legal))
