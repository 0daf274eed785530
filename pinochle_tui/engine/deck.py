"""The pack, shuffling, and the deal from a known deck order.

Shuffling is separate from dealing so that a game record can store the deck
itself and replay never depends on a random generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NoReturn

from pinochle_tui.engine.cards import CARDS, Card
from pinochle_tui.engine.errors import DeckError
from pinochle_tui.engine.rules import Rules
from pinochle_tui.engine.seats import Seat


@cache
def _pack(size: int) -> tuple[Card, ...]:
    ranks = set(Rules(pack=size).ranks)
    return tuple(c for c in CARDS if c.rank in ranks)


@cache
def _faces(size: int) -> frozenset[int]:
    """The first-copy ids of the faces in the pack of ``size`` cards."""
    return frozenset(c.id for c in _pack(size) if c.copy == 1)


@cache
def _counts(size: int) -> bytes:
    """The copies of each face in the pack of ``size`` cards, by first-copy id."""
    return bytes(2 if face in _faces(size) else 0 for face in range(64))


def pack(rules: Rules) -> list[Card]:
    """Every physical card of the pack in id order."""
    return list(_pack(rules.pack))


def shuffled_deck(rules: Rules, rng: random.Random) -> list[Card]:
    """A random deck order for the pack of these rules."""
    deck = pack(rules)
    rng.shuffle(deck)
    return deck


def physical_deck(deck: Sequence[Card | str], rules: Rules) -> list[Card]:
    """Check a deck order and number the copies: a face's first appearance is copy 1.

    Raises DeckError naming what is wrong (size, a card not in this pack, a
    card more than twice).
    """
    return [CARDS[i] for i in deck_ids(deck, rules)]


def deck_ids(deck: Sequence[Card | str], rules: Rules) -> list[int]:
    """``physical_deck`` as card ids, the form the engine deals from: one pass
    that counts the copies of each face in a bytearray (small ints, nothing
    allocated), then one comparison of the counts with the pack's."""
    size = rules.pack
    if len(deck) != size:
        raise DeckError(f"a deck for the {size}-card pack has {size} cards, not {len(deck)}")
    seen = bytearray(64)  # copies of each face so far, by the face's first-copy id
    ids: list[int] = []
    for item in deck:
        face = (item if isinstance(item, Card) else Card.parse(item)).id & ~1
        count = seen[face]
        seen[face] = count + 1
        ids.append(face + count)  # wrong for a third copy, which the count check refuses
    if seen != _counts(size):
        _fault(deck, size)
    return ids


def _fault(deck: Sequence[Card | str], size: int) -> NoReturn:
    """Raise DeckError for the first card of ``deck`` that is wrong."""
    faces = _faces(size)
    seen = [0] * 64  # copies of each face so far, by the face's first-copy id
    for position, item in enumerate(deck, start=1):
        card = item if isinstance(item, Card) else Card.parse(item)
        face = card.id & ~1
        if face not in faces:
            raise DeckError(f"card {position} ({card.code}) is not in the {size}-card pack")
        if seen[face] == 2:
            raise DeckError(f"card {position}: {card.code} appears more than twice")
        seen[face] += 1
    raise AssertionError("a deck of the right size with no card wrong has every card")


def packets(rules: Rules) -> list[tuple[bool, int]]:
    """The deal order as (to the dealer?, count), the non-dealer first.

    64 cards in threes: five packets each, then one card each.
    """
    return list(_packets(rules.deal_packet, rules.hand_size))


@cache
def _packets(size: int, per_hand: int) -> tuple[tuple[bool, int], ...]:
    rounds, rest = divmod(per_hand, size)
    order = [(to_dealer, size) for _ in range(rounds) for to_dealer in (False, True)]
    if rest:
        order += [(False, rest), (True, rest)]
    return tuple(order)


def places(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The deck positions (from 0, the top) dealt to the non-dealer and to the
    dealer; the next position is the turn-up, the rest the stock."""
    return _places(rules.deal_packet, rules.hand_size)


@cache
def _places(size: int, per_hand: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    found: tuple[list[int], list[int]] = ([], [])
    position = 0
    for to_dealer, count in _packets(size, per_hand):
        found[to_dealer].extend(range(position, position + count))
        position += count
    return tuple(found[0]), tuple(found[1])


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as they lie after the deal: hands, the turn-up and the stock (top first)."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    turn_up: Card
    stock: tuple[Card, ...]


def deal(deck: Sequence[Card | str], dealer: Seat, rules: Rules) -> Deal:
    """Deal a deck order: packets to the non-dealer first, then the next card turned up.

    >>> from pinochle_tui.engine.deck import pack
    >>> d = deal(pack(Rules()), Seat.SOUTH, Rules())
    >>> [str(c) for c in d.hands[Seat.NORTH][:4]], str(d.turn_up), len(d.stock)
    (['A♠', 'A♠', '10♠', '10♠'], 'A♦', 23)
    """
    cards = physical_deck(deck, rules)
    others, dealers = places(rules)
    hands = [tuple(cards[i] for i in others), tuple(cards[i] for i in dealers)]
    if dealer is Seat.SOUTH:
        hands.reverse()
    turn = 2 * rules.hand_size
    return Deal(hands=(hands[0], hands[1]), turn_up=cards[turn], stock=tuple(cards[turn + 1 :]))
