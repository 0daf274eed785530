"""The rule options of a game, chosen at the start and recorded in every log.

Each field is one row of the rule decisions; the defaults are Hoyle's
(Bicycle) two-handed pinochle. ``rules.md`` describes every option for players.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pinochle_tui.engine.cards import CLASSIC_POINTS, Rank


class TrickCount(StrEnum):
    """How cards won in tricks are counted."""

    CLASSIC = "classic"  # A 11, 10 10, K 4, Q 3, J 2
    SIMPLIFIED = "simplified"  # A and 10 count 10, K and Q count 5
    COUNTERS = "counters"  # A, 10 and K count 10


class LastDraw(StrEnum):
    """Who takes which of the last two stock cards."""

    WINNER_TAKES_STOCK = "winner-takes-stock"  # the trick-12 winner takes the face-down card
    WINNER_CHOOSES = "winner-chooses"


class PlayoffHead(StrEnum):
    """When the second player in the playoff must play a higher card."""

    TRUMP_LEAD = "trump-lead"  # only when a trump is led
    ALWAYS = "always"  # whenever following suit with a card that beats the lead


class GameMode(StrEnum):
    MATCH = "match"  # deals until a player wins at the target (1000)
    SINGLE_DEAL = "single-deal"  # each deal is a game; most points wins


class Escalation(StrEnum):
    """What happens when both players reach the target at the end of a hand."""

    CONTINUE = "continue"  # raise the target; nobody wins this hand
    REEVALUATE = "reevaluate"  # raise it, then a player alone over the new target wins


class DeclareOut(StrEnum):
    STANDARD = "standard"  # play stops at once and the claimant is counted
    ALT1 = "alt1"  # the claimant is counted when it next wins a trick
    ALT2 = "alt2"  # the claimant is counted when it next wins a trick it led


_POINTS: dict[TrickCount, tuple[int, ...]] = {
    TrickCount.CLASSIC: CLASSIC_POINTS,
    TrickCount.SIMPLIFIED: (10, 10, 5, 5, 0, 0, 0, 0),
    TrickCount.COUNTERS: (10, 10, 10, 0, 0, 0, 0, 0),
}


class Rules(BaseModel):
    """Every rule option, with Hoyle's defaults.

    >>> Rules().hand_size, Rules(pack=64).hand_size
    (12, 16)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    pack: Literal[48, 64] = Field(48, description="48 cards, or 64 with the 8s and 7s")
    deal_packet: Literal[3, 4] = Field(4, description="cards dealt at a time")
    trick_count: TrickCount = Field(TrickCount.CLASSIC, description="card points in tricks")
    double_pinochle: bool = Field(True, description="double pinochle is a 300 meld")
    dix_per_trick: Literal[1, 2] = Field(1, description="dix actions allowed per trick won")
    dix_scores_when_played: bool = Field(False, description="a dix played to a trick scores 10")
    last_draw: LastDraw = Field(LastDraw.WINNER_TAKES_STOCK, description="the last draw")
    playoff_head: PlayoffHead = Field(PlayoffHead.TRUMP_LEAD, description="when to head the lead")
    game: GameMode = Field(GameMode.MATCH, description="a match to the target, or one deal")
    target: int = Field(1000, ge=10, le=100_000, description="match target")
    escalation: Escalation = Field(Escalation.CONTINUE, description="both over the target")
    declare_out: DeclareOut = Field(DeclareOut.STANDARD, description="how declaring out works")

    @property
    def hand_size(self) -> int:
        return 12 if self.pack == 48 else 16

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks in the pack, high to low."""
        return tuple(Rank)[: 6 if self.pack == 48 else 8]

    @property
    def dix_rank(self) -> Rank:
        """The dix is the lowest trump: the 9, or the 7 in the 64-card pack."""
        return Rank.NINE if self.pack == 48 else Rank.SEVEN

    @property
    def card_points(self) -> tuple[int, ...]:
        """Trick points of each rank under this count."""
        return _POINTS[self.trick_count]

    @property
    def escalation_step(self) -> int:
        return 250

    @property
    def last_trick_bonus(self) -> int:
        return 10
