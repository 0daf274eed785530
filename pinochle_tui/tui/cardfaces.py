"""How cards read on screen: their face text, the drawn face in two sizes, and hand order.

Rank and suit are always spelled out (``10♥`` or ``10H`` in ASCII), so colour
is never the only clue; the suit's TCSS component class colours it.

A drawn card is a box of text lines (``Face``): the compact face (5 x 3) fits
80 x 24, the large one (7 x 5: corner indices, a centre pip or court letter)
is chosen from about 120 x 36, the huge one (9 x 7) from 160 x 46. This module
only makes the characters; the widgets colour them (``widgets.cards``).

>>> face(Card.parse("10H"), ascii_only=False), face(Card.parse("QS"), ascii_only=True)
('10♥', 'QS')
>>> [face(c, True) for c in hand_order([Card.parse(t) for t in ("9S", "AH", "KC")], Suit.CLUBS)]
['KC', 'AH', '9S']
>>> print("\\n".join(LARGE.front(Card.parse("KS"), ascii_only=False)))
╭─────╮
│K♠   │
│  K  │
│   K♠│
╰─────╯
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pinochle_tui.engine import Card, Rank, Suit

_COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)


def face(card: Card, ascii_only: bool) -> str:
    """The card as a player writes it: ``Q♠`` or, in ASCII, ``QS``."""
    return card.code if ascii_only else str(card)


def faces(cards: Iterable[Card], ascii_only: bool) -> str:
    """Several cards, space separated."""
    return " ".join(face(card, ascii_only) for card in cards)


def suit_symbol(suit: Suit, ascii_only: bool) -> str:
    return suit.letter if ascii_only else suit.symbol


@dataclass(frozen=True, slots=True)
class Face:
    """One size of drawn card: its box, and how much of it shows when fanned."""

    width: int
    height: int
    #: Columns from one card to the next in a fanned row (the corner index
    #: shows), the widest first.
    fans: tuple[int, ...]
    #: Columns from one back to the next in the opponent's fanned hand.
    back_fan: int

    @property
    def inner(self) -> int:
        return self.width - 2

    def top(self, dashed: bool = False) -> str:
        return "╭" + ("┄" if dashed else "─") * self.inner + "╮"

    def bottom(self, dashed: bool = False) -> str:
        return "╰" + ("┄" if dashed else "─") * self.inner + "╯"

    @property
    def fan(self) -> int:
        """The narrowest fanned step."""
        return self.fans[-1]

    def front(self, card: Card, ascii_only: bool) -> list[str]:
        """The whole face up card, border included, line by line."""
        return [self.top(), *(f"│{line}│" for line in self.inside(card, ascii_only)), self.bottom()]

    def inside(self, card: Card, ascii_only: bool, covered: bool = False) -> list[str]:
        """The lines inside the border: the index, and on the large face a centre
        mark (the suit, or the court's letter) and the index again, bottom right
        (left out when the card is ``covered`` by the next one in a fan)."""
        index = face(card, ascii_only)
        if self.height == 3:
            return [f"{index:<{self.inner}}"]
        corner = "" if covered else index
        centre = card.rank.code if card.rank in _COURTS else suit_symbol(card.suit, ascii_only)
        blank = [" " * self.inner] * (self.height - 5)
        return [
            f"{index:<{self.inner}}",
            *blank[: len(blank) // 2],
            f"{centre:^{self.inner}}",
            *blank[len(blank) // 2 :],
            f"{corner:>{self.inner}}",
        ]

    def pattern(self, ascii_only: bool) -> list[str]:
        """The inside of a card back: a woven pattern, offset on every other line."""
        weave = "/\\" if ascii_only else "▚▞"
        return [
            (weave * self.width)[row % 2 : row % 2 + self.inner] for row in range(self.height - 2)
        ]

    def blank(self) -> list[str]:
        return [" " * self.inner] * (self.height - 2)


COMPACT = Face(width=5, height=3, fans=(4,), back_fan=2)
LARGE = Face(width=7, height=5, fans=(5, 4), back_fan=2)
HUGE = Face(width=9, height=7, fans=(6, 5, 4), back_fan=3)


def suit_order(trump: Suit | None) -> tuple[Suit, ...]:
    """Trump first, then the other suits alternating red and black where possible."""
    if trump is None:
        return (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    others = [s for s in Suit if s != trump]
    opposite = [s for s in others if s.is_red != trump.is_red]
    same = [s for s in others if s.is_red == trump.is_red]
    return (trump, *opposite[:1], *same, *opposite[1:])


def hand_order(cards: Iterable[Card], trump: Suit | None) -> list[Card]:
    """Cards sorted as a player holds them: by suit (trump first), high rank first."""
    rank_of_suit = {suit: i for i, suit in enumerate(suit_order(trump))}
    return sorted(cards, key=lambda c: (rank_of_suit[c.suit], c.rank, c.copy))
