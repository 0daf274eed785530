"""Helpers for the record tests: sessions driven by random legal actions."""

from __future__ import annotations

import random

from pinochle_tui.engine import GameState, Phase, Seat
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
