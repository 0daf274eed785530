"""The key of each of a player's cards, kept for as long as the card stays theirs.

Cards are sorted (trump first) and numbered whenever cards arrive (the deal,
a draw, the turn-up taken for the dix); a card leaving (played, or melded onto
the table, where it stays the player's) changes no other card's key, so a
number pressed twice never picks a different card. A move taken back brings
back the cards held before it, and with them the keys they had then, every
one: a card coming back is not an arrival. Pure logic: the hand widget only
shows the keys.

>>> keys = HandKeys()
>>> cards = [Card.parse(t) for t in ("9S", "AH", "KC")]
>>> keys.update(cards, Suit.CLUBS)
{Card.parse('KC#1'): '1', Card.parse('AH#1'): '2', Card.parse('9S#1'): '3'}
>>> keys.update(cards[:2], Suit.CLUBS)  # KC played: the others keep their keys
{Card.parse('AH#1'): '2', Card.parse('9S#1'): '3'}
>>> keys.update([cards[1], Card.parse("QD")], Suit.CLUBS)  # 9S played, QD drawn: sorted anew
{Card.parse('AH#1'): '1', Card.parse('QD#1'): '2'}
>>> keys.update(cards[:2], Suit.CLUBS)  # both taken back: the keys are as they were then
{Card.parse('AH#1'): '2', Card.parse('9S#1'): '3'}
"""

from __future__ import annotations

from collections.abc import Iterable

from pinochle_tui.engine import Card, Suit
from pinochle_tui.tui.cardfaces import hand_order

#: The keys, in order: the number row, then letters no other binding of the
#: table uses (not o, n, q, s, u, h, t, which declare out, start, quit, show
#: the hand, undo, hint and open the score history).
PICK_KEYS = "1234567890-=abcdefgijk"

#: Textual's names of the keys that are not letters or digits.
KEY_NAMES = {"-": "minus", "=": "equals_sign"}


def binding_key(key: str) -> str:
    """The name Textual gives the key ``key`` in a binding."""
    return KEY_NAMES.get(key, key)


class HandKeys:
    """The keys of one seat's cards (hand and table together)."""

    def __init__(self) -> None:
        self._keys: dict[Card, str] = {}
        #: The keys of each holding of this hand so far, for a move taken back.
        self._held: dict[frozenset[Card], dict[Card, str]] = {}

    def update(self, cards: Iterable[Card], trump: Suit | None) -> dict[Card, str]:
        """The key of each of ``cards`` (the seat's hand and table cards now)."""
        held = frozenset(cards)
        if held.isdisjoint(self._keys):
            self._held.clear()  # a new deal: the last hand's holdings never come back
        if held in self._held:
            self._keys = self._held[held]
        elif held - self._keys.keys():
            ordered = hand_order(held, trump)
            self._keys = dict(zip(ordered, PICK_KEYS, strict=False))
        else:
            self._keys = {card: key for card, key in self._keys.items() if card in held}
        self._held[held] = self._keys
        return dict(self._keys)
