"""Who wins a trick, and which replies the playoff allows.

These work on card ids and bitmasks (see ``cards``) because the AI's search
calls them millions of times.
"""

from __future__ import annotations

from functools import cache

from pinochle_tui.engine.cards import Suit

_SUIT_MASKS = tuple(s.mask for s in Suit)


def reply_wins(lead: int, reply: int, trump: int) -> bool:
    """True if the reply takes the trick: a higher card of the led suit, or a
    trump on a plain lead. An identical card is not higher: the first played wins.

    >>> from pinochle_tui.engine.cards import Card, Suit
    >>> reply_wins(Card.parse("10H").id, Card.parse("AH").id, Suit.SPADES)
    True
    >>> reply_wins(Card.parse("AH").id, Card.parse("AH#2").id, Suit.SPADES)
    False
    """
    lead_suit = lead >> 4
    reply_suit = reply >> 4
    if reply_suit == lead_suit:
        return (reply >> 1) < (lead >> 1)
    return reply_suit == trump


def playoff_replies(hand: int, lead: int, trump: int, head_always: bool) -> int:
    """The mask of cards of ``hand`` that may answer ``lead`` in the playoff.

    Follow suit; on a trump lead (on every lead with ``head_always``) beat it
    if able; if void, trump if able; otherwise play anything.
    """
    lead_suit = lead >> 4
    same = hand & _SUIT_MASKS[lead_suit]
    if same:
        if lead_suit == trump or head_always:
            # Higher cards have lower ids; the lead's face (either copy) is not higher.
            higher = same & ((1 << ((lead >> 1) << 1)) - 1)
            return higher or same
        return same
    trumps = hand & _SUIT_MASKS[trump]
    return trumps or hand


def trick_points(cards_mask: int, points: tuple[int, ...]) -> int:
    """Card points in a mask of cards, with ``points`` indexed by rank.

    >>> from pinochle_tui.engine.cards import CLASSIC_POINTS, Card, mask_of
    >>> trick_points(mask_of(Card.parse(c) for c in ("AS", "AS#2", "10H", "9C")), CLASSIC_POINTS)
    32
    """
    total = 0
    for value, rank_mask in _scoring_ranks(points):
        total += value * (cards_mask & rank_mask).bit_count()
    return total


@cache
def _scoring_ranks(points: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Each rank that scores under ``points``, with the mask of its cards in every suit:
    counting cards rank by rank is a few ``bit_count`` calls instead of a loop over cards."""
    return tuple(
        (value, sum(3 << ((suit * 8 + rank) << 1) for suit in Suit))
        for rank, value in enumerate(points)
        if value
    )
