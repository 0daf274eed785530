"""What happened: every applied action returns the events it caused.

The app renders from events and the seat view; the game record keeps actions.
A finished trick and a meld are the same records in an event and in a seat
view (``SeatView.tricks``, ``SeatView.melds``). Events may name hidden cards
(a card drawn); use ``visible_card`` to redact what a seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tui.engine.cards import Card, Suit
from pinochle_tui.engine.melds import MeldKind
from pinochle_tui.engine.outcome import Outcome
from pinochle_tui.engine.seats import Seat


@dataclass(frozen=True, slots=True)
class HandDealt:
    hand_no: int
    dealer: Seat
    trump: Suit
    turn_up: Card


@dataclass(frozen=True, slots=True)
class DixTurned:
    """The dealer turned the dix as the trump card and scores for it."""

    seat: Seat
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card led (``led``) or played in reply, from the hand or from the table."""

    seat: Seat
    card: Card
    from_table: bool
    led: bool


@dataclass(frozen=True, slots=True)
class DixPlayed:
    """Only with the option that a dix played to a trick scores."""

    seat: Seat
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    """A finished trick: who led what, the reply, who took it, its card points
    (the last trick's bonus not included) and whether it was the hand's last."""

    leader: Seat
    lead: Card
    reply: Card
    winner: Seat
    trick_no: int
    points: int
    last: bool


@dataclass(frozen=True, slots=True)
class DixShown:
    seat: Seat
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class DixExchanged:
    seat: Seat
    dix: Card
    turn_up: Card
    points: int


@dataclass(frozen=True, slots=True)
class MeldScored:
    """A meld laid down: the exact physical cards, and what it scored."""

    seat: Seat
    kind: MeldKind
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A card drawn from the stock; ``turn_up`` when it was the face-up trump card."""

    seat: Seat
    card: Card
    turn_up: bool


@dataclass(frozen=True, slots=True)
class LastCardRevealed:
    """The last face-down card of the stock, shown to both players."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class PlayoffStarted:
    leader: Seat


@dataclass(frozen=True, slots=True)
class OutDeclared:
    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimCounted:
    """A declared-out player's count against the target."""

    seat: Seat
    count: int
    target: int
    won: bool


@dataclass(frozen=True, slots=True)
class HandScored:
    trick_points: tuple[int, int]
    rounded: tuple[int, int]
    meld_points: tuple[int, int]
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TargetRaised:
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is decided: how is in ``outcome``."""

    outcome: Outcome

    @property
    def winner(self) -> Seat | None:
        """None for a drawn single deal."""
        return self.outcome.winner


Event = (
    HandDealt
    | DixTurned
    | CardPlayed
    | DixPlayed
    | TrickWon
    | DixShown
    | DixExchanged
    | MeldScored
    | CardDrawn
    | LastCardRevealed
    | PlayoffStarted
    | OutDeclared
    | ClaimCounted
    | HandScored
    | TargetRaised
    | GameOver
)


def visible_card(event: CardDrawn, viewer: Seat) -> Card | None:
    """The drawn card if ``viewer`` may see it: its own draw, or the face-up turn-up."""
    return event.card if event.seat == viewer or event.turn_up else None
