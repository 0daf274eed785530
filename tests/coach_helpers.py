"""Games for the coach's tests, played in memory by fixed policies (no AI level
whose play might change): a game with a sure playoff trick thrown away, and
directories of saved games for the statistics."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from pinochle_tui.ai.solver import solve_playoff
from pinochle_tui.engine import (
    Action,
    Card,
    GameState,
    Play,
    PlayoffHead,
    Rules,
    shuffled_deck,
)
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.record.session import GameSession
from tests.helpers import N, S, first_action
from tests.record_helpers import PLAYERS

#: The deck of the game with a trick thrown away: a fixed shuffle.
THROW_DECK = shuffled_deck(Rules(game="single-deal"), random.Random(6))


def solved(state: GameState) -> Play:
    """The playoff card the solver finds best for the seat to act."""
    rules = state.rules
    head = rules.playoff_head is PlayoffHead.ALWAYS
    hands = (state.hands[0], state.hands[1])
    best = solve_playoff(
        hands, state.to_act, state.trump, rules.card_points, head, state.lead, 10
    ).best
    return Play(state.to_act, Card.from_id(best))


@dataclass(frozen=True)
class Thrown:
    """The game, the number of South's throw in it, the position before it, and
    the cards: the best reply (which took the trick) and the one played."""

    session: GameSession
    number: int
    before: GameState
    best: Play
    played: Play


def throwaway_game(directory: Path | None) -> Thrown:
    """A single deal on ``THROW_DECK``: both seats play ``first_action`` (the
    lowest card, drawing without melding) in the first phase and exactly in the
    playoff, except that with four cards left South answers North's lead with
    the 9, letting go a trick its ace took for sure."""
    session = GameSession.new(
        Rules(game="single-deal"),
        PLAYERS,
        seed=6,
        save_dir=directory,
        first_dealer=N,
        decks=lambda _: THROW_DECK,
    )
    session.deal()
    thrown: tuple[int, GameState, Play, Play] | None = None
    while not session.state.is_over:
        state = session.state
        action: Action = first_action(state)
        if state.playoff:
            action = solved(state)
            if thrown is None and action.seat is S and len(state.hand(S)) == 4:
                assert state.lead is not None
                assert reply_wins(state.lead, action.card.id, state.trump)
                losing = [
                    a
                    for a in state.legal_actions(S)
                    if isinstance(a, Play) and not reply_wins(state.lead, a.card.id, state.trump)
                ]
                thrown = (session.log.action_count + 1, state.copy(), action, losing[0])
                action = losing[0]
        session.apply(action)
    assert thrown is not None
    return Thrown(session, *thrown)
