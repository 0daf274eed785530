"""The environment's observation: one seat's ``SeatView`` as a fixed-size vector.

Everything comes from the view (never the game state), so an agent learns from
exactly what a player at that seat could know. Values lie in ``[0, 1]``: a card
zone gives each of the 32 faces the number of its copies there, halved; a
one-hot block marks one choice; a count is divided by its largest value;
points are divided by a fixed scale and clipped at 1. ``LAYOUT`` names each
block and its length, in order; ``docs/env.md`` explains them.

>>> import random
>>> from pinochle_tui.engine import GameState, Rules, Seat, shuffled_deck
>>> state = GameState.new(Rules(game="single-deal"), dealer=Seat.NORTH)
>>> _ = state.deal(shuffled_deck(state.rules, random.Random(3)))
>>> vector = encode(state.view(Seat.SOUTH))
>>> vector.shape, vector.dtype, float(vector[:32].sum() * 2)   # the 12 cards in hand
((381,), dtype('float32'), 12.0)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from pinochle_tui.engine import Card, GameMode, Phase, Seat, SeatView, Suit

#: Points are divided by this and clipped at 1 (tricks, melds); scores by the target.
POINT_SCALE = 1000.0
_PHASES = (Phase.LEAD, Phase.FOLLOW, Phase.MELD, Phase.GAME_OVER)

#: The blocks of the vector, in order: a name and a length.
LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", 32),
    ("my table", 32),
    ("opponent's table", 32),
    ("opponent's cards known in its hand", 32),
    ("cards I won in tricks", 32),
    ("cards the opponent won in tricks", 32),
    ("unseen cards", 32),
    ("card led to the current trick", 32),
    ("turn-up", 32),
    ("last stock card revealed", 32),
    ("dix copies already counted", 32),
    ("trump suit S H D C", 4),
    ("phase: lead, follow, meld, game over", 4),
    ("my turn, I dealt, I lead this trick, playoff", 4),
    ("melded this turn, dix actions left / 2, I declared out, opponent declared out", 4),
    ("stock size, opponent's hand size, my hand size, tricks played (each / its most)", 4),
    ("scores: mine, the opponent's (/ target)", 2),
    ("meld points this hand: mine, the opponent's (/ 1000)", 2),
    ("trick points this hand: mine, the opponent's (/ 1000)", 2),
    ("rules: 64-card pack, single deal, target / 100000", 3),
)
SIZE = sum(n for _, n in LAYOUT)

Vector = npt.NDArray[np.float32]


def _zone(cards: Iterable[Card | None]) -> list[float]:
    counts = [0.0] * 32
    for card in cards:
        if card is not None:
            counts[card.id >> 1] += 0.5
    return counts


def _one_hot(index: int | None, size: int) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


def _scaled(value: float, scale: float) -> float:
    return min(max(value / scale, 0.0), 1.0)


def _won(view: SeatView, seat: Seat) -> list[Card]:
    return [card for t in view.tricks if t.winner == seat for card in (t.lead, t.reply)]


def encode(view: SeatView) -> Vector:
    """The observation vector of ``view`` (``SIZE`` float32 values in [0, 1])."""
    me, other = view.seat, view.seat.other
    rules = view.rules
    hand_size = rules.hand_size
    stock_most = rules.pack - 2 * hand_size
    values = [
        *_zone(view.hand),
        *_zone(view.tables[me]),
        *_zone(view.tables[other]),
        *_zone(view.opponent_known),
        *_zone(_won(view, me)),
        *_zone(_won(view, other)),
        *_zone(view.unseen),
        *_zone([view.lead]),
        *_zone([view.turn_up]),
        *_zone([view.revealed]),
        *_zone(view.dix_counted),
        *_one_hot(None if view.trump is None else Suit(view.trump), 4),
        *_one_hot(_PHASES.index(view.phase) if view.phase in _PHASES else None, 4),
        float(view.my_turn),
        float(view.dealer == me),
        float(view.lead is not None and view.leader == me),
        float(view.playoff),
        float(view.melded),
        view.dix_left / 2,
        float(me in view.claims),
        float(other in view.claims),
        _scaled(view.stock_size, stock_most),
        _scaled(view.opponent_hand_size, hand_size),
        _scaled(len(view.hand), hand_size),
        _scaled(view.trick_no, rules.pack // 2),
        _scaled(view.scores[me], view.target),
        _scaled(view.scores[other], view.target),
        _scaled(view.meld_points[me], POINT_SCALE),
        _scaled(view.meld_points[other], POINT_SCALE),
        _scaled(view.won_points[me], POINT_SCALE),
        _scaled(view.won_points[other], POINT_SCALE),
        float(rules.pack == 64),
        float(rules.game is GameMode.SINGLE_DEAL),
        _scaled(rules.target, 100_000),
    ]
    return np.asarray(values, dtype=np.float32)
