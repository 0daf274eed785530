"""What one seat may know: the only picture of the game the AI and a hotseat
player ever get, so the computer cannot peek."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pinochle_tui.engine.cards import Card, Suit
from pinochle_tui.engine.events import MeldScored, TrickWon
from pinochle_tui.engine.outcome import Outcome
from pinochle_tui.engine.rules import Rules
from pinochle_tui.engine.seats import Seat


class Phase(Enum):
    """The decision the game waits for."""

    DEAL = "deal"  # the next hand is to be dealt
    LEAD = "lead"
    FOLLOW = "follow"
    MELD = "meld"  # the trick winner's turn: dix, one meld, then draw
    GAME_OVER = "game over"


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` can see or deduce from what was shown, and nothing more."""

    seat: Seat
    rules: Rules
    phase: Phase
    to_act: Seat
    dealer: Seat
    hand_no: int
    target: int
    scores: tuple[int, int]
    meld_points: tuple[int, int]
    trump: Suit | None
    turn_up: Card | None
    stock_size: int
    revealed: Card | None
    hand: tuple[Card, ...]
    tables: tuple[tuple[Card, ...], tuple[Card, ...]]
    melds: tuple[MeldScored, ...]
    lead: Card | None
    leader: Seat
    tricks: tuple[TrickWon, ...]
    #: Card points in each seat's tricks this hand, with the last trick's 10 once it is won.
    won_points: tuple[int, int]
    trick_no: int
    playoff: bool
    opponent_hand_size: int
    opponent_known: tuple[Card, ...]
    unseen: tuple[Card, ...]
    dix_counted: tuple[Card, ...]
    #: In the trick winner's turn: whether it has melded, and how many dix
    #: actions (show or exchange) it may still take.
    melded: bool
    dix_left: int
    claims: tuple[Seat, ...]
    #: How the game ended; None while it goes on.
    outcome: Outcome | None

    @property
    def winner(self) -> Seat | None:
        return None if self.outcome is None else self.outcome.winner

    @property
    def my_turn(self) -> bool:
        return self.phase in (Phase.LEAD, Phase.FOLLOW, Phase.MELD) and self.to_act == self.seat

    def visible_cards(self) -> set[Card]:
        """Every card this view names: the test that a view never leaks looks here."""
        cards = set(self.hand) | set(self.tables[0]) | set(self.tables[1])
        cards |= {t.lead for t in self.tricks} | {t.reply for t in self.tricks}
        cards |= set(self.opponent_known)
        for extra in (self.turn_up, self.revealed, self.lead):
            if extra is not None:
                cards.add(extra)
        return cards
