"""The environment's fixed action space: every action of the game as one number.

One ``Discrete(N_ACTIONS)`` space serves every position, both packs and every
rule option; a position's legal actions are a mask over it. The engine tells
the two physical copies of a card apart, the numbers only by what differs for
the player: where a card comes from (the hand or the player's table) and, for
the dix, whether it has scored already. So the two copies of a face in the hand
are one action, a copy in the hand and one on the table two.

====================  =====  ==============================================
ids                   count  action
====================  =====  ==============================================
0 .. 31               32     play the face ``f`` from the hand (id ``f``)
32 .. 63              32     play the face ``f`` from the table (``32 + f``)
64                    1      show the dix
65                    1      exchange a dix not yet counted (it scores 10)
66                    1      exchange a dix already counted (it scores 0)
67                    1      draw
68                    1      draw, taking the turn-up (winner-chooses last draw)
69                    1      declare out
70 .. 306             237    melds: a pattern and which of its cards come
                             from the table (see ``MELDS``)
====================  =====  ==============================================

A face is ``suit * 8 + rank`` (suits S H D C = 0..3, ranks A 10 K Q J 9 8 7 =
0..7), the engine's card id halved. The meld patterns, in order, are the flush
in S H D C (32 ids each), the royal marriage in S H D C (4 each), the marriage
in S H D C (4 each), 100 aces, 80 kings, 60 queens, 40 jacks (16 each), the
pinochle (4) and the double pinochle (9). A pattern's ids count, for each
distinct face it needs (in the order of ``MeldShape.faces``), how many of that
face's cards come from the table, in mixed radix with the first face lowest: a
flush from the hand alone is its first id, a flush whose jack alone comes from
the table its 17th (``16 = 1 * 2 ** 4``), and the double pinochle's ids count
the queens of spades taken from the table (0..2) plus 3 times the jacks of
diamonds. When two legal physical choices fall on one id (both copies of a face
on the table), the env takes the first that ``legal_actions`` lists.

>>> from pinochle_tui.engine import Card, Meld, MeldKind, Play, Seat
>>> N_ACTIONS
307
>>> describe(action_id(Play(Seat.SOUTH, Card.parse("QS#2")), table=()))
'play QS from the hand'
>>> cards = tuple(Card.parse(c) for c in "AH 10H KH QH JH".split())
>>> flush = Meld(Seat.SOUTH, MeldKind.FLUSH, cards)
>>> describe(action_id(flush, table=(Card.parse("KH"), Card.parse("QH"))))
'meld flush H, A10KQJ from the table: 0 0 1 1 0'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from itertools import accumulate
from math import prod

from pinochle_tui.engine import (
    Action,
    Card,
    DeclareOut,
    Draw,
    ExchangeDix,
    Meld,
    MeldClass,
    MeldKind,
    Play,
    Rank,
    ShowDix,
    Suit,
)

FACES = 32
PLAY_HAND = 0
PLAY_TABLE = PLAY_HAND + FACES
SHOW_DIX = PLAY_TABLE + FACES
EXCHANGE_DIX = SHOW_DIX + 1
EXCHANGE_COUNTED = EXCHANGE_DIX + 1
DRAW = EXCHANGE_COUNTED + 1
DRAW_TURN_UP = DRAW + 1
DECLARE_OUT = DRAW_TURN_UP + 1
MELD_BASE = DECLARE_OUT + 1


def face(rank: Rank, suit: Suit) -> int:
    """The face number of a rank and suit: ``suit * 8 + rank``."""
    return suit * 8 + rank


@dataclass(frozen=True, slots=True)
class MeldShape:
    """One meld in one suit (or across suits): the distinct faces it needs, how
    many of each, and its first action id."""

    kind: MeldKind
    suit: Suit | None
    faces: tuple[int, ...]
    copies: tuple[int, ...]
    base: int

    @property
    def size(self) -> int:
        """How many ids it takes: each face's number from the table, 0..copies."""
        return prod(n + 1 for n in self.copies)

    def label(self) -> str:
        ranks = "".join(Rank(f & 7).code for f in self.faces)
        suit = "" if self.suit is None else f" {self.suit.letter}"
        return f"{self.kind.code}{suit}, {ranks}"


def _shapes() -> tuple[MeldShape, ...]:
    ace, ten, king, queen, jack = Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK
    rows: list[tuple[MeldKind, Suit | None, tuple[int, ...], tuple[int, ...]]] = []
    for kind, ranks in (
        (MeldKind.FLUSH, (ace, ten, king, queen, jack)),
        (MeldKind.ROYAL_MARRIAGE, (king, queen)),
        (MeldKind.MARRIAGE, (king, queen)),
    ):
        rows += [(kind, s, tuple(face(r, s) for r in ranks), (1,) * len(ranks)) for s in Suit]
    for kind, rank in (
        (MeldKind.ACES, ace),
        (MeldKind.KINGS, king),
        (MeldKind.QUEENS, queen),
        (MeldKind.JACKS, jack),
    ):
        rows.append((kind, None, tuple(face(rank, s) for s in Suit), (1, 1, 1, 1)))
    pinochle = (face(queen, Suit.SPADES), face(jack, Suit.DIAMONDS))
    rows.append((MeldKind.PINOCHLE, None, pinochle, (1, 1)))
    rows.append((MeldKind.DOUBLE_PINOCHLE, None, pinochle, (2, 2)))
    sizes = [prod(n + 1 for n in copies) for *_, copies in rows]
    bases = accumulate(sizes, initial=MELD_BASE)  # one more than needed: zip drops it
    return tuple(
        MeldShape(kind, suit, faces, copies, base)
        for (kind, suit, faces, copies), base in zip(rows, bases, strict=False)
    )


#: Every meld pattern, in id order.
MELDS: tuple[MeldShape, ...] = _shapes()
N_ACTIONS = MELDS[-1].base + MELDS[-1].size
_SHAPE_OF = {(s.kind, s.suit): s for s in MELDS}


def _shape(action: Meld) -> MeldShape:
    suit = action.cards[0].suit if action.kind.meld_class is MeldClass.A else None
    return _SHAPE_OF[action.kind, suit]


def action_id(action: Action, table: Iterable[Card], counted: Collection[Card] = ()) -> int:
    """The id of a seat's action, given the cards on that seat's ``table`` and the
    dix copies already ``counted`` (``SeatView.tables[seat]``, ``dix_counted``)."""
    on_table = {c.id for c in table}
    match action:
        case Play(card=card):
            return (PLAY_TABLE if card.id in on_table else PLAY_HAND) + (card.id >> 1)
        case ShowDix():
            return SHOW_DIX
        case ExchangeDix(card=card):
            return EXCHANGE_COUNTED if card in counted else EXCHANGE_DIX
        case Draw(take_turn_up=turn_up):
            return DRAW_TURN_UP if turn_up else DRAW
        case DeclareOut():
            return DECLARE_OUT
    shape = _shape(action)
    index, radix = 0, 1
    for f, n in zip(shape.faces, shape.copies, strict=True):
        index += radix * sum(1 for c in action.cards if c.id >> 1 == f and c.id in on_table)
        radix *= n + 1
    return shape.base + index


def describe(number: int) -> str:
    """The action an id stands for, in words (for logs, tests and the docs)."""
    if not 0 <= number < N_ACTIONS:
        raise ValueError(f"no action has the id {number}: ids are 0..{N_ACTIONS - 1}")
    if number < SHOW_DIX:
        place = "hand" if number < PLAY_TABLE else "table"
        f = number % FACES
        return f"play {Rank(f & 7).code}{Suit(f >> 3).letter} from the {place}"
    fixed = {
        SHOW_DIX: "show the dix",
        EXCHANGE_DIX: "exchange a dix not yet counted",
        EXCHANGE_COUNTED: "exchange a dix already counted",
        DRAW: "draw",
        DRAW_TURN_UP: "draw, taking the turn-up",
        DECLARE_OUT: "declare out",
    }
    if number in fixed:
        return fixed[number]
    shape = next(s for s in MELDS if s.base <= number < s.base + s.size)
    index, counts = number - shape.base, []
    for n in shape.copies:
        counts.append(index % (n + 1))
        index //= n + 1
    return f"meld {shape.label()} from the table: {' '.join(map(str, counts))}"


def legal_ids(
    legal: Iterable[Action], table: Iterable[Card], counted: Collection[Card] = ()
) -> dict[int, Action]:
    """Each id that a legal action takes, with the first legal action on it."""
    cards = tuple(table)
    found: dict[int, Action] = {}
    for action in legal:
        found.setdefault(action_id(action, cards, counted), action)
    return found
