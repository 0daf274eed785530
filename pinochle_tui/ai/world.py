"""Hidden cards sampled from a seat view, and a game state built from them.

A world fixes what the view leaves open: the opponent's unknown cards and the
order of the stock. Every card the view names stays where the view puts it.
``build_state`` makes the game state of a view filled in with a world.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle_tui.ai.knowledge import Knowledge
from pinochle_tui.engine.cards import CARDS, cards_of, ids_of
from pinochle_tui.engine.rules import GameMode
from pinochle_tui.engine.state import GameState
from pinochle_tui.engine.view import SeatView


@dataclass(frozen=True, slots=True)
class World:
    """One guess at the hidden cards."""

    #: The opponent's concealed cards that the view does not name.
    opp_hidden: int
    #: The face-down stock, the top card last (the engine's order).
    stock: tuple[int, ...]


def sample_world(know: Knowledge, rng: random.Random) -> World:
    """Deal the unseen cards at random: some to the opponent, the rest to the stock."""
    pool = ids_of(know.unseen)
    rng.shuffle(pool)
    hidden, stock = pool[: know.opp_hidden], pool[know.opp_hidden :]
    assert len(stock) == know.stock_size, "the view's unseen cards do not add up"
    return World(sum(1 << c for c in hidden), tuple(stock))


def build_state(view: SeatView, world: World) -> GameState:
    """A single-deal game at the position of ``view`` with the hidden cards of
    ``world``, for playing the hand out (see ``GameState.from_view``)."""
    return GameState.from_view(
        view,
        cards_of(world.opp_hidden),
        [CARDS[c] for c in world.stock],
        rules=view.rules.model_copy(update={"game": GameMode.SINGLE_DEAL}),
    )
