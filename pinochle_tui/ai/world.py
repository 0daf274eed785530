"""Hidden cards sampled from a seat view, and a game state built from them.

A world fixes what the view leaves open: the opponent's unknown cards and the
order of the stock. Every card the view names stays where the view puts it.
The engine has no constructor for a mid-hand position, so ``build_state``
fills a fresh ``GameState``'s fields from the view and the world.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle_tui.ai.knowledge import Knowledge, history_of, mask, patterns_of
from pinochle_tui.engine.cards import ids_of
from pinochle_tui.engine.rules import GameMode
from pinochle_tui.engine.state import GameState
from pinochle_tui.engine.view import Phase, SeatView


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
    """A single-deal game at the position of ``view`` (before a lead or a reply),
    with the hidden cards of ``world``, for playing the hand out.

    The scores are those of the view; the game ends with the hand. What the
    opponent knows of this seat's hand is not in the view and is left empty.
    """
    assert view.phase in (Phase.LEAD, Phase.FOLLOW) and view.trump is not None
    seat, other = view.seat, view.seat.other
    state = GameState.new(view.rules.model_copy(update={"game": GameMode.SINGLE_DEAL}))
    state.phase, state.to_act, state.dealer = view.phase, view.to_act, view.dealer
    state.hand_no, state.target = view.hand_no, view.target
    state.scores = list(view.scores)
    state.meld_points = list(view.meld_points)
    state.trump = int(view.trump)
    state.patterns = patterns_of(view)
    state.hands[seat] = mask(view.hand)
    state.hands[other] = mask(view.opponent_known) | world.opp_hidden
    state.tables = [mask(view.tables[0]), mask(view.tables[1])]
    state.public[other] = mask(view.opponent_known)
    state.stock = list(world.stock)
    state.turn_up = view.turn_up.id if view.turn_up is not None else None
    state.revealed = view.revealed.id if view.revealed is not None else None
    state.lead = view.lead.id if view.lead is not None else None
    state.leader = view.leader
    state.tricks = [(t.leader, t.lead.id, t.reply.id, t.winner) for t in view.tricks]
    for t in view.tricks:
        state.won[t.winner] |= t.lead.bit | t.reply.bit
    state.history = history_of(view)
    state.melds = [(r.seat, r.kind, tuple(c.id for c in r.cards)) for r in view.melds]
    state.dix_counted = mask(view.dix_counted)
    state.playoff = view.playoff
    return state
