"""The pack, shuffling, and the deal from a known deck order.

Shuffling is separate from dealing so that a game record can store the deck
itself and replay never depends on a random generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tui.engine.cards import CARDS, Card
from pinochle_tui.engine.errors import DeckError
from pinochle_tui.engine.rules import Rules
from pinochle_tui.engine.seats import Seat


def pack(rules: Rules) -> list[Card]:
    """Every physical card of the pack in id order."""
    ranks = set(rules.ranks)
    return [c for c in CARDS if c.rank in ranks]


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
    size = rules.pack
    if len(deck) != size:
        raise DeckError(f"a deck for the {size}-card pack has {size} cards, not {len(deck)}")
    ranks = set(rules.ranks)
    seen: dict[int, int] = {}
    out: list[Card] = []
    for position, item in enumerate(deck, start=1):
        card = item if isinstance(item, Card) else Card.parse(item)
        if card.rank not in ranks:
            raise DeckError(f"card {position} ({card.code}) is not in the {size}-card pack")
        face = card.id & ~1  # the first copy's id
        count = seen.get(face, 0)
        if count == 2:
            raise DeckError(f"card {position}: {card.code} appears more than twice")
        seen[face] = count + 1
        out.append(CARDS[face + count])
    return out


def packets(rules: Rules) -> list[tuple[bool, int]]:
    """The deal order as (to the dealer?, count), the non-dealer first.

    64 cards in threes: five packets each, then one card each.
    """
    size: int = rules.deal_packet
    per_hand = rules.hand_size
    rounds, rest = divmod(per_hand, size)
    order: list[tuple[bool, int]] = [
        (to_dealer, size) for _ in range(rounds) for to_dealer in (False, True)
    ]
    if rest:
        order += [(False, rest), (True, rest)]
    return order


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
    hands: tuple[list[Card], list[Card]] = ([], [])
    position = 0
    for to_dealer, count in packets(rules):
        seat = dealer if to_dealer else dealer.other
        hands[seat].extend(cards[position : position + count])
        position += count
    return Deal(
        hands=(tuple(hands[0]), tuple(hands[1])),
        turn_up=cards[position],
        stock=tuple(cards[position + 1 :]),
    )
