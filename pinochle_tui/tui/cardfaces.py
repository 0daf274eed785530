"""How cards read on screen: their face text, suit style class, and hand order.

Rank and suit are always spelled out (``10♥`` or ``10H`` in ASCII), so colour
is never the only clue; the suit's TCSS class (``suit-hearts``...) colours it.

>>> face(Card.parse("10H"), ascii_only=False), face(Card.parse("QS"), ascii_only=True)
('10♥', 'QS')
>>> [face(c, True) for c in hand_order([Card.parse(t) for t in ("9S", "AH", "KC")], Suit.CLUBS)]
['KC', 'AH', '9S']
"""

from __future__ import annotations

from collections.abc import Iterable

from pinochle_tui.engine import Card, Suit


def face(card: Card, ascii_only: bool) -> str:
    """The card as a player writes it: ``Q♠`` or, in ASCII, ``QS``."""
    return card.code if ascii_only else str(card)


def faces(cards: Iterable[Card], ascii_only: bool) -> str:
    """Several cards, space separated."""
    return " ".join(face(card, ascii_only) for card in cards)


def suit_class(suit: Suit) -> str:
    """The TCSS class that colours a suit (``suit-hearts``)."""
    return f"suit-{suit.name.lower()}"


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
