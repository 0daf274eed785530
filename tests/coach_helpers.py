"""Games for the coach's tests, played in memory by fixed policies (no AI level
whose play might change): a game with a sure playoff trick thrown away, and
directories of saved games for the statistics."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from pinochle_tui.engine import (
    Action,
    GameState,
    Play,
    Rules,
    shuffled_deck,
)
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.record.session import GameSession
from tests.helpers import N, S, first_action, playoff_value
from tests.record_helpers import PLAYERS

#: The deck of the game with a trick thrown away: a fixed shuffle (one whose
#: playoff gives South a sure trick to throw, see ``throwaway_game``).
THROW_DECK = shuffled_deck(Rules(game="single-deal"), random.Random(1))


def solved(state: GameState) -> Play:
    """The best playoff card for the seat to act (exact), the lowest card among
    equals: the game below must not depend on how the solver breaks ties."""
    plays = [a for a in state.legal_actions(state.to_act) if isinstance(a, Play)]
    return max(plays, key=lambda a: (playoff_value(state, a.card.id), a.card.id))


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
    playoff (``solved``), except that the first time South can answer a lead
    with a card that takes the trick and is strictly better than any that does
    not (with four cards left, the A♣ on the Q♣), it plays the best card that
    lets the trick go (the J♣) instead."""
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
            lead = state.lead
            if thrown is None and action.seat is S and lead is not None:
                plays = [a for a in state.legal_actions(S) if isinstance(a, Play)]
                value = {a: playoff_value(state, a.card.id) for a in plays}
                taking = [a for a in plays if reply_wins(lead, a.card.id, state.trump)]
                losing = [a for a in plays if a not in taking]
                if taking and losing:
                    best = max(taking, key=lambda a: (value[a], a.card.id))
                    worse = max(losing, key=lambda a: (value[a], a.card.id))
                    if value[best] > value[worse]:
                        thrown = (session.log.action_count + 1, state.copy(), best, worse)
                        action = worse
        session.apply(action)
    assert thrown is not None
    return Thrown(session, *thrown)
