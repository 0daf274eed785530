"""The "lowball" player: melds the biggest meld, plays its lowest card, draws.

A pinochle_tui plugin: the entry point ``lowball`` in the group
``pinochle_tui.players`` loads ``factory``, which the registry calls with a seed
to make a player for each game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle_tui.engine import Action, DeclareOut, Meld, Play, Player, SeatView


class Lowball:
    """Melds the biggest meld, plays its lowest card (ties broken at random)."""

    name = "lowball"

    def __init__(self, seed: int | None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=lambda meld: meld.points)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:  # a higher rank number is a lower card
            lowest = max(play.card.rank for play in plays)
            return self._rng.choice([p for p in plays if p.card.rank == lowest])
        # The trick winner's turn with no meld: draw (the last choice listed).
        return [a for a in legal if not isinstance(a, DeclareOut)][-1]


def factory(seed: int | None) -> Player:
    """Plays its lowest card and melds its biggest meld."""
    return Lowball(seed)
