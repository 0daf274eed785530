"""The computer's levels by name."""

from __future__ import annotations

from collections.abc import Callable

from pinochle_tui.ai.heuristic import EasyPlayer, NormalPlayer
from pinochle_tui.ai.player import Player, RandomPlayer
from pinochle_tui.ai.sampling import HardPlayer

_LEVELS: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}

#: Every level, weakest first.
LEVELS: tuple[str, ...] = tuple(_LEVELS)


def make_player(level: str, seed: int | None = None) -> Player:
    """A computer player of the named level; the same seed gives the same play."""
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}") from None
    return factory(seed)
