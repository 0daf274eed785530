"""The playoff from a seat view: both hands are known then, so the solver decides."""

from __future__ import annotations

from pinochle_tui.ai.knowledge import mask
from pinochle_tui.ai.solver import PlayoffSolution, solve_playoff
from pinochle_tui.engine.actions import Play
from pinochle_tui.engine.cards import CARDS
from pinochle_tui.engine.rules import PlayoffHead
from pinochle_tui.engine.view import SeatView


def solve_view(view: SeatView) -> PlayoffSolution:
    """Solve the playoff position of ``view``, where this seat is to act.

    In the playoff every card the seat has not seen is in the opponent's hand.
    """
    assert view.playoff and view.trump is not None and view.to_act == view.seat
    mine = mask(view.hand)
    theirs = mask(view.opponent_known) | mask(view.unseen)
    hands = (mine, theirs) if view.seat == 0 else (theirs, mine)
    return solve_playoff(
        hands,
        int(view.seat),
        int(view.trump),
        view.rules.card_points,
        view.rules.playoff_head is PlayoffHead.ALWAYS,
        lead=view.lead.id if view.lead is not None else None,
        last_bonus=view.rules.last_trick_bonus,
    )


def best_playoff_play(view: SeatView) -> Play:
    """A card that takes the most points from here under best play by both sides."""
    return Play(view.seat, CARDS[solve_view(view).best])
