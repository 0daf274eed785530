"""Card tracking from a seat view: who may hold what, as card masks.

Both copies of every card are tracked: a card is either seen (in our hand, on
a table, played, the turn-up, shown by the opponent) or among ``unseen``,
which holds the opponent's concealed cards and the stock.

A player builds its ``Knowledge`` once per decision and passes it down: the
masks, the melds of the trump suit and the meld history are read from the
view's cards once, not by every function that weighs a play.
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tui.engine.cards import Card, Suit
from pinochle_tui.engine.melds import MeldHistory, MeldPattern, meld_patterns
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.engine.view import SeatView


def mask(cards: tuple[Card, ...]) -> int:
    """The bitmask of some cards."""
    out = 0
    for card in cards:
        out |= card.bit
    return out


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's picture of the cards, as masks (see ``cards``)."""

    seat: Seat
    trump: int
    hand: int
    table: int
    opp_table: int
    #: Cards in the opponent's concealed hand that this seat knows about.
    opp_known: int
    #: The opponent's concealed cards plus the face-down stock.
    unseen: int
    #: How many of the opponent's concealed cards are not known.
    opp_hidden: int
    stock_size: int
    #: The melds that exist with this trump suit.
    patterns: tuple[MeldPattern, ...]
    #: The reuse record of both tables (``history_of``): copy it before recording.
    history: MeldHistory

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        assert view.trump is not None, "there is nothing to know before the deal"
        known = mask(view.opponent_known)
        return cls(
            seat=view.seat,
            trump=int(view.trump),
            hand=mask(view.hand),
            table=mask(view.tables[view.seat]),
            opp_table=mask(view.tables[view.seat.other]),
            opp_known=known,
            unseen=mask(view.unseen),
            opp_hidden=view.opponent_hand_size - len(view.opponent_known),
            stock_size=view.stock_size,
            patterns=patterns_of(view),
            history=history_of(view),
        )

    @property
    def mine(self) -> int:
        """Every card this seat may play: its hand and its table."""
        return self.hand | self.table

    @property
    def opp_possible(self) -> int:
        """Every card the opponent might hold or play."""
        return self.opp_known | self.opp_table | self.unseen

    def beatable(self, lead: int) -> bool:
        """Whether the opponent might take a trick led with card ``lead``."""
        possible = self.opp_possible
        while possible:
            low = possible & -possible
            if reply_wins(lead, low.bit_length() - 1, self.trump):
                return True
            possible ^= low
        return False


def patterns_of(view: SeatView) -> tuple[MeldPattern, ...]:
    """The melds that exist with this view's trump suit."""
    assert view.trump is not None
    return meld_patterns(Suit(view.trump), view.rules.double_pinochle)


def history_of(view: SeatView) -> MeldHistory:
    """The reuse record of both tables, rebuilt from the melds shown this hand.

    Each physical card is on one table only, so one record serves both seats.
    """
    history = MeldHistory()
    for record in view.melds:
        history.record(record.kind, [c.id for c in record.cards])
    return history
