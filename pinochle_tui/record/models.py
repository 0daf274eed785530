"""The game record: a versioned JSON document described by pydantic models.

A record is self-contained: the rules, the players, and for every hand the
dealer, the whole deck order and every action in order, so a replay never
depends on a random generator. ``docs/log-format.md`` explains the format;
``pinochle schema`` prints its JSON Schema.

>>> ann = PlayerInfo(name="Ann", kind="human")
>>> bot = PlayerInfo(name="Bot", kind="computer", level="hard")
>>> log = GameLog(started=datetime(2026, 11, 30, 18, 30), rules=Rules(), players=(ann, bot),
...               first_dealer="north")
>>> log.model_dump_json()[:48]
'{"format":"pinochle-log","version":2,"started":"'

Version 2 added undo: whether it was allowed (``undo_allowed``) and each time
it was used (``undos``). Version 1 records, which have neither, are still read.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from pinochle_tui.engine import Rules, Seat
from pinochle_tui.plaintext import is_inert

FORMAT: Final = "pinochle-log"
#: The version this program writes.
VERSION: Final = 2
#: The versions this program reads.
READABLE: Final = (1, 2)
SeatName = Literal["south", "north"]
#: A card face as dealt: rank then suit letter; the copy is implied by the deck order.
CardCode = Annotated[str, StringConstraints(pattern=r"^(10|[AKQJ987])[SHDC]$")]


def _plain(name: str) -> str:
    """A name is shown wherever the game is: no character a terminal would obey."""
    if not is_inert(name):
        raise ValueError("a name cannot hold control, bidi or line-separator characters")
    return name


#: A player's name as recorded: at most 100 characters, none of them a control character.
PlayerName = Annotated[str, Field(max_length=100), AfterValidator(_plain)]
#: A computer player's name in the player registry (``pinochle_tui.ai.registry``):
#: the record keeps the name; resuming the game needs that player installed.
LevelName = Annotated[str, Field(min_length=1, max_length=100), AfterValidator(_plain)]


def seat_name(seat: Seat) -> SeatName:
    """The record's name of a seat: ``"south"`` or ``"north"``."""
    return "south" if seat is Seat.SOUTH else "north"


def seat_of(name: SeatName) -> Seat:
    return Seat.SOUTH if name == "south" else Seat.NORTH


class _Record(BaseModel):
    """Every part of the record is immutable and refuses unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerInfo(_Record):
    """Who sits in a seat: a name, human or computer, and the computer's level."""

    name: PlayerName
    kind: Literal["human", "computer"]
    level: LevelName | None = Field(
        None,
        description="a computer's registered player name (easy, normal, hard, ...)",
        examples=["normal"],
    )

    @model_validator(mode="after")
    def _level_fits_kind(self) -> PlayerInfo:
        if self.kind == "computer" and self.level is None:
            raise ValueError("a computer needs its level")
        if self.kind == "human" and self.level is not None:
            raise ValueError("a human player has no level")
        return self


class ActionRecord(_Record):
    """One action as its seat made it, in the engine's text form (``play QS#2``)."""

    seat: SeatName
    action: str = Field(max_length=200, examples=["play QS#2", "meld pinochle QS#1 JD#2"])


class HandRecord(_Record):
    """One deal: who dealt, the deck top card first, and every action in order."""

    dealer: SeatName
    deck: tuple[CardCode, ...] = Field(
        min_length=48,
        max_length=64,
        description="the deck order, top card first; the first QS is QS#1, the second QS#2",
    )
    actions: tuple[ActionRecord, ...] = ()


class UndoRecord(_Record):
    """One use of undo: the last ``taken_back`` actions of hand ``hand`` went back,
    from the hand's action number ``at_action`` (counted from 1) on, to a
    decision of ``seat``, which then chose again.

    The numbers describe the hand as it stood when undo was used: the actions
    taken back are gone from ``hands[].actions``, which keeps only the game as
    finally played.
    """

    hand: int = Field(ge=1, description="the hand, from 1")
    at_action: int = Field(
        ge=1, description="the number within the hand (from 1) of the first action taken back"
    )
    taken_back: int = Field(ge=1, description="how many actions were taken back")
    seat: SeatName = Field(description="whose decision was taken back (who chose again)")


class GameResult(_Record):
    """How the game ended; ``winner`` is null for a drawn single deal."""

    winner: SeatName | None
    scores: tuple[int, int] = Field(description="south's score, then north's")
    reason: str = Field(max_length=200)


class GameLog(_Record):
    """A whole game (a match to the target, or a single deal) as it was played."""

    model_config = ConfigDict(title="Pinochle game record")

    format: Literal["pinochle-log"] = FORMAT
    version: Literal[1, 2] = VERSION
    started: datetime = Field(description="when the game began, with its UTC offset")
    seed: int | None = Field(None, description="the shuffle seed (informational)")
    rules: Rules
    players: tuple[PlayerInfo, PlayerInfo] = Field(description="south, then north")
    first_dealer: SeatName
    hands: tuple[HandRecord, ...] = ()
    result: GameResult | None = Field(None, description="set once the game is over")
    undo_allowed: bool = Field(False, description="whether players could take moves back")
    undos: tuple[UndoRecord, ...] = Field((), description="each use of undo, in order")

    @model_validator(mode="after")
    def _version_fits(self) -> GameLog:
        if self.version == 1 and self.model_fields_set & {"undo_allowed", "undos"}:
            raise ValueError("a version 1 record has no undo fields")
        return self

    @property
    def action_count(self) -> int:
        return sum(len(hand.actions) for hand in self.hands)

    def action_number(self, hand: int, in_hand: int) -> int:
        """The number in the whole game (from 1, deals not counted: the number the
        replay, the review and ``verify`` give) of action ``in_hand`` of hand ``hand``."""
        return sum(len(done.actions) for done in self.hands[: hand - 1]) + in_hand
