"""The environment's text rendering: the whole table in a few lines.

A spectator's picture for watching agents play, both hands face up; agents
get their own seat's observation instead.

>>> import random
>>> from pinochle_tui.engine import GameState, Rules, Seat, shuffled_deck
>>> state = GameState.new(Rules(game="single-deal"), dealer=Seat.NORTH)
>>> _ = state.deal(shuffled_deck(state.rules, random.Random(3)))
>>> print(render_table(state).splitlines()[0])
hand 1, trump ♦ (turn-up K♦), stock 23, trick 1, South to lead
"""

from __future__ import annotations

from collections.abc import Iterable

from pinochle_tui.engine import Card, GameState, Phase, Seat


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def render_table(state: GameState) -> str:
    """Who is to do what, then each seat's hand, table, points and score."""
    view = state.view(Seat.SOUTH)
    if view.outcome is not None:
        head = f"game over: {view.outcome.reason()}, scores {view.outcome.scores}"
    elif view.phase is Phase.DEAL or view.trump is None:
        head = f"hand {view.hand_no + 1} is to be dealt"
    else:
        turn_up = f" (turn-up {view.turn_up})" if view.turn_up is not None else ""
        lead = f", {view.leader} led {view.lead}" if view.lead is not None else ""
        head = (
            f"hand {view.hand_no}, trump {view.trump}{turn_up}, stock {view.stock_size}, "
            f"trick {view.trick_no + 1}{lead}, {view.to_act} to {view.phase.value}"
        )
    lines = [head]
    for seat in Seat:
        mine = state.view(seat)
        lines.append(
            f"{seat!s:>5}: hand {_cards(mine.hand)} | table {_cards(mine.tables[seat])} | "
            f"meld {mine.meld_points[seat]}, tricks {mine.won_points[seat]}, "
            f"score {mine.scores[seat]}"
        )
    return "\n".join(lines)
