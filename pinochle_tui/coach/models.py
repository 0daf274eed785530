"""The review of a game as a document: what ``pinochle review --json`` prints and
the review cache beside a game holds (``docs/review.md`` describes it).

Points are raw points of a hand (meld, cards taken, the last trick's 10,
before rounding) and a cost is a loss in the difference between the player's
points and the opponent's, rounded to tenths.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from pinochle_tui.record.models import PlayerInfo, SeatName, UndoRecord

FORMAT: Final = "pinochle-review"
#: 2: the first phase played out by hard's weighing, not the one-trick habit,
#: and each undo named by its number in the game: a review kept by version 1
#: no longer reads, so the game is reviewed again.
VERSION: Final = 2

Mark = Literal["", "?", "??"]


class _Document(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DecisionReview(_Document):
    """One decision of a reviewed player: what was done, what was best, what it cost."""

    hand: int = Field(description="the hand, from 1")
    number: int = Field(description="the action's number in the whole game, from 1")
    in_hand: int = Field(description="the action's number within its hand, from 1")
    trick: int = Field(description="the trick the decision belongs to, from 1")
    seat: SeatName
    phase: Literal["lead", "follow", "meld"] = Field(
        description="leading, following, or the trick winner's turn (meld, dix, draw)"
    )
    playoff: bool
    taken: str = Field(description="the action taken, in the record's text form")
    taken_text: str = Field(description="the action taken, as a player reads it")
    best: str = Field(description="the best action found, in the record's text form")
    best_text: str
    cost: float = Field(description="points of the difference lost against the best action")
    low: float = Field(description="the low end of the cost's 95% interval")
    high: float = Field(description="the high end of the cost's 95% interval")
    mine: float = Field(description="of the cost: the player's own points lost")
    theirs: float = Field(description="of the cost: the opponent's points gained")
    method: Literal["exact", "sampled", "played out"]
    samples: int = Field(description="sampled deals weighed (1 when exact or played out)")
    options: int = Field(description="distinct options weighed")
    mark: Mark = Field(description='"?" a costly choice, "??" a very costly one')
    remark: str = Field(
        description="one line for the player; empty unless the choice surely cost a point or more"
    )


class ReviewedUndo(UndoRecord):
    """A use of undo as the game record notes it, with the number in the whole
    game of the first action taken back: the review names every action by that
    number, as the replay does, not by its number within the hand."""

    number: int = Field(
        ge=1, description="the game-wide number (from 1) of the first action taken back"
    )


class Note(_Document):
    """A remark that is no cost in points: declaring out, or a chance to."""

    hand: int
    number: int = Field(description="the action's number in the game (0: at the end of the hand)")
    seat: SeatName
    text: str


class SeatSummary(_Document):
    """One player's decisions in a hand, or in the whole game."""

    seat: SeatName
    decisions: int
    points_lost: float = Field(description="the points surely lost (the costs above the noise)")
    exact_lost: float = Field(description="of them, those lost in the playoff, exactly")
    costliest: list[int] = Field(
        description="the numbers of the (up to three) costliest decisions, costliest first"
    )


class HandSummary(_Document):
    hand: int
    seats: list[SeatSummary]


class GameReview(_Document):
    """The review of one saved game."""

    model_config = ConfigDict(title="Pinochle game review")

    format: Literal["pinochle-review"] = FORMAT
    version: Literal[2] = VERSION
    file: str = Field(description="the game file's name")
    sha256: str = Field(description="the SHA-256 of the game file reviewed")
    samples: int = Field(description="sampled deals per first-phase decision")
    seconds: float = Field(description="how long the analysis took")
    players: tuple[PlayerInfo, PlayerInfo]
    reviewed: list[SeatName] = Field(description="the seats whose decisions were reviewed")
    hands: int = Field(description="hands in the game")
    undo_allowed: bool
    undos: tuple[ReviewedUndo, ...]
    decisions: list[DecisionReview]
    notes: list[Note]
    per_hand: list[HandSummary]
    totals: list[SeatSummary]

    def decision(self, number: int) -> DecisionReview | None:
        """The reviewed decision at action ``number`` of the game, if any."""
        return next((d for d in self.decisions if d.number == number), None)
