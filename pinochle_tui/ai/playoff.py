"""The playoff from a seat view: both hands are known then, so the solver decides."""

from __future__ import annotations

from pinochle_tui.ai.knowledge import mask
from pinochle_tui.ai.solver import PlayoffSolution, PlayoffSolver
from pinochle_tui.engine.actions import Play
from pinochle_tui.engine.cards import CARDS
from pinochle_tui.engine.rules import PlayoffHead
from pinochle_tui.engine.view import SeatView

#: Hand size from which the playoff is solved exactly: all of it, with either
#: pack (16 cards a hand with the 64-card pack, 12 with the 48-card one).
EXACT_CARDS = 16


class ExactPlayoff:
    """A seat's exact playoff play, keeping one solver from trick to trick.

    The first solve of a playoff does the work; the later tricks' positions
    are mostly in its transposition table already.
    """

    def __init__(self) -> None:
        self._solver: PlayoffSolver | None = None
        self._rules: tuple[int, tuple[int, ...], bool, int] | None = None

    def ready(self, view: SeatView) -> bool:
        """Whether this seat's hand is small enough to solve exactly."""
        return view.playoff and len(view.hand) <= EXACT_CARDS

    def solve(self, view: SeatView, deadline: float | None = None) -> PlayoffSolution:
        """Solve the playoff position of ``view``, where this seat is to act, for
        the rounded trick counts (``solver.PlayoffSolver.solve`` given ``taken``).

        In the playoff every card the seat has not seen is in the opponent's hand.
        With a ``deadline`` (``time.perf_counter`` time) it may raise ``solver.
        OutOfTime``; the next solve of the same playoff goes on from where it stopped.
        """
        assert view.playoff and view.trump is not None and view.to_act == view.seat
        mine = mask(view.hand)
        theirs = mask(view.opponent_known) | mask(view.unseen)
        hands = (mine, theirs) if view.seat == 0 else (theirs, mine)
        to_act = int(view.seat)
        lead = view.lead.id if view.lead is not None else None
        rules = (
            int(view.trump),
            view.rules.card_points,
            view.rules.playoff_head is PlayoffHead.ALWAYS,
            view.rules.last_trick_bonus,
        )
        solver = self._solver
        if solver is None or rules != self._rules or not solver.covers(hands, to_act, lead):
            solver = self._solver = PlayoffSolver.at(hands, to_act, lead, *rules)
            self._rules = rules
        return solver.solve(hands, to_act, lead, deadline, taken=view.won_points)

    def play(self, view: SeatView, deadline: float | None = None) -> Play:
        """A card that takes the most from here under best play by both sides,
        as the score counts it: each seat's trick count rounded (``deadline``:
        as ``solve``)."""
        return Play(view.seat, CARDS[self.solve(view, deadline).best])
