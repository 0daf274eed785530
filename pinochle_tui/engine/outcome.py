"""How a game ended: a termination, a winner and the scores, like python-chess's
``Outcome``. The English sentence is derived from these facts, never stored.

>>> outcome = Outcome(Termination.DECLARED_OUT_LOST, Seat.NORTH, (990, 200), 1000, Seat.SOUTH)
>>> outcome.reason()
'South declared out and fell short of 1000'
>>> outcome.reason(("Ann", "Bob"))
'Ann declared out and fell short of 1000'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pinochle_tui.engine.seats import Seat


class Termination(Enum):
    """Why the game is over."""

    #: A match: at the end of a hand one player alone stood at or over the target.
    TARGET_REACHED = "target reached"
    #: A player declared out and its count reached the target: it wins.
    DECLARED_OUT_WON = "declared out and won"
    #: A player declared out and its count fell short: the opponent wins.
    DECLARED_OUT_LOST = "declared out and lost"
    #: A single-deal game: the player with more points won.
    SINGLE_DEAL_WON = "single deal won"
    #: A single-deal game ended level.
    SINGLE_DEAL_DRAWN = "single deal drawn"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: ``winner`` is None only for a drawn single deal;
    ``claimant`` is the player who declared out, if the game ended that way."""

    termination: Termination
    winner: Seat | None
    scores: tuple[int, int]
    #: The target in force when the game ended (after any escalation).
    target: int
    claimant: Seat | None = None

    def reason(self, names: Sequence[str] | None = None) -> str:
        """Why the game ended, in words, with the seats' ``names`` (default
        ``South``/``North``): the text a game record stores."""

        def name(seat: Seat | None) -> str:
            assert seat is not None
            return str(seat) if names is None else names[seat]

        match self.termination:
            case Termination.TARGET_REACHED:
                return f"{name(self.winner)} reached {self.target}"
            case Termination.DECLARED_OUT_WON:
                return f"{name(self.claimant)} declared out and reached {self.target}"
            case Termination.DECLARED_OUT_LOST:
                return f"{name(self.claimant)} declared out and fell short of {self.target}"
            case Termination.SINGLE_DEAL_WON:
                return f"{name(self.winner)} scored more in the deal"
        return "the deal is drawn"
