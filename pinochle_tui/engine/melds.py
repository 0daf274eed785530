"""Melds: what they are, what they score, and which ones a player may make.

A meld is checked against the rule decisions: one meld per trick won, at least
one card from the hand, and the reuse rule (a card already melded may be melded
again only in another class, or in a higher-scoring meld of the same class).
Each card on the table remembers the best value it scored in each class, which
is all the reuse rule needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from itertools import product

from pinochle_tui.engine.cards import Card, Rank, Suit
from pinochle_tui.engine.errors import MeldParseError

_A, _T, _K, _Q, _J = Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK


class MeldClass(Enum):
    """Melds of one class share cards only by moving up in value."""

    A = 0  # sequences and marriages
    B = 1  # arounds: aces, kings, queens, jacks
    C = 2  # pinochles


class MeldKind(Enum):
    """Every meld, with its name, class and value."""

    FLUSH = ("flush", MeldClass.A, 150)
    ROYAL_MARRIAGE = ("royal marriage", MeldClass.A, 40)
    MARRIAGE = ("marriage", MeldClass.A, 20)
    ACES = ("100 aces", MeldClass.B, 100)
    KINGS = ("80 kings", MeldClass.B, 80)
    QUEENS = ("60 queens", MeldClass.B, 60)
    JACKS = ("40 jacks", MeldClass.B, 40)
    PINOCHLE = ("pinochle", MeldClass.C, 40)
    DOUBLE_PINOCHLE = ("double pinochle", MeldClass.C, 300)

    def __init__(self, label: str, meld_class: MeldClass, value: int) -> None:
        self.label = label
        self.meld_class = meld_class
        self.points = value

    @property
    def code(self) -> str:
        """Short ASCII name used in action text and game records."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def parse(cls, text: str) -> MeldKind:
        key = text.strip().lower().replace(" ", "-").replace("_", "-")
        for kind in cls:
            if key in (kind.code, kind.label.replace(" ", "-")):
                return kind
        names = ", ".join(k.code for k in cls)
        raise MeldParseError(f"unknown meld {text!r}: one of {names}")

    def __str__(self) -> str:
        return self.label


_AROUNDS = {MeldKind.ACES: _A, MeldKind.KINGS: _K, MeldKind.QUEENS: _Q, MeldKind.JACKS: _J}


def _face(rank: Rank, suit: Suit) -> int:
    """Id of the first copy of a face."""
    return (suit * 8 + rank) << 1


#: The bits of every first copy: ``(mask | mask >> 1) & _FIRST_COPIES`` marks each face held.
_FIRST_COPIES = 0x5555_5555_5555_5555


@dataclass(frozen=True, slots=True, eq=False)
class MeldCards:
    """One way to make a meld with physical cards: the pattern's kind, the card
    ids (in the pattern's order) and their mask.

    Built once with its pattern, so it compares by identity: the engine keeps
    the ``Meld`` action of each way instead of building it after every trick.
    """

    kind: MeldKind
    ids: tuple[int, ...]
    mask: int


@dataclass(frozen=True, slots=True)
class MeldPattern:
    """One meld kind in one suit: the faces it needs (a face twice = both copies)."""

    kind: MeldKind
    faces: tuple[int, ...]
    #: First-copy bits of every face needed: a quick test that each face is held.
    need: int = field(init=False, repr=False, compare=False)
    #: Both copies of every face: ``owned & copies`` is what a player holds of the meld.
    copies: int = field(init=False, repr=False, compare=False)
    #: Each face needed (first-copy id) with how many copies of it, 1 or 2.
    counts: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    #: ``ways[owned & copies]``, for every holding with each face present: the
    #: ways to make the meld with those cards (a face needed once takes either
    #: copy, a face needed twice both), slot by slot and first copy first,
    #: which is the order in which melds are offered. Looking the holding up
    #: beats trying every way (32 for a flush) after every trick.
    ways: dict[int, tuple[MeldCards, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        distinct = list(dict.fromkeys(self.faces))  # a face needed twice fills its first slot
        need = sum(1 << f for f in distinct)
        object.__setattr__(self, "need", need)
        object.__setattr__(self, "copies", need | need << 1)
        object.__setattr__(self, "counts", tuple((f, self.faces.count(f)) for f in distinct))
        slots = [
            [(face, face + 1)] if self.faces.count(face) == 2 else [(face,), (face + 1,)]
            for face in distinct
        ]
        every = []
        for choice in product(*slots):
            ids = tuple(i for copies in choice for i in copies)
            every.append(MeldCards(self.kind, ids, sum(1 << i for i in ids)))
        # Each face is held as its first copy, its second, or both.
        held = product(*[(1 << f, 2 << f, 3 << f) for f in distinct])
        ways = {
            sum(holding): tuple(w for w in every if not w.mask & ~sum(holding)) for holding in held
        }
        object.__setattr__(self, "ways", ways)


@cache
def meld_patterns(trump: Suit, double_pinochle: bool) -> tuple[MeldPattern, ...]:
    """Every meld that can exist in a hand with this trump suit (built once per trump)."""
    patterns = [
        MeldPattern(MeldKind.FLUSH, tuple(_face(r, trump) for r in (_A, _T, _K, _Q, _J))),
        MeldPattern(MeldKind.ROYAL_MARRIAGE, (_face(_K, trump), _face(_Q, trump))),
    ]
    patterns += [
        MeldPattern(MeldKind.MARRIAGE, (_face(_K, s), _face(_Q, s))) for s in Suit if s != trump
    ]
    patterns += [
        MeldPattern(kind, tuple(_face(rank, s) for s in Suit)) for kind, rank in _AROUNDS.items()
    ]
    pinochle = (_face(_Q, Suit.SPADES), _face(_J, Suit.DIAMONDS))
    patterns.append(MeldPattern(MeldKind.PINOCHLE, pinochle))
    if double_pinochle:
        patterns.append(MeldPattern(MeldKind.DOUBLE_PINOCHLE, pinochle + pinochle))
    return tuple(patterns)


class MeldHistory:
    """The best value each table card has scored in each meld class this hand."""

    __slots__ = ("_best",)

    def __init__(self, best: list[int] | None = None) -> None:
        self._best = best if best is not None else [0] * 192

    def copy(self) -> MeldHistory:
        return MeldHistory(self._best.copy())

    def best(self, card_id: int, meld_class: MeldClass) -> int:
        return self._best[card_id * 3 + meld_class.value]

    def record(self, kind: MeldKind, card_ids: list[int]) -> None:
        slot = kind.meld_class.value
        for card_id in card_ids:
            index = card_id * 3 + slot
            self._best[index] = max(self._best[index], kind.points)

    def blocking(self, kind: MeldKind, table_ids: list[int]) -> int | None:
        """The first table card that may not be melded again in ``kind``, if any."""
        slot = kind.meld_class.value
        for card_id in table_ids:
            if self._best[card_id * 3 + slot] >= kind.points:
                return card_id
        return None


def legal_ways(
    patterns: tuple[MeldPattern, ...], hand: int, table: int, history: MeldHistory
) -> list[MeldCards]:
    """Every legal meld from these cards: each distinct set of physical cards once."""
    owned = hand | table
    missing = ~(owned | owned >> 1) & _FIRST_COPIES  # the faces not held at all
    not_table = ~table
    found: list[MeldCards] = []
    for pattern in patterns:
        # Quick tests first, as this runs after every trick: a face not held, or
        # no copy in the hand (a meld already on the table, say).
        if pattern.need & missing or not hand & pattern.copies:
            continue
        for way in pattern.ways[owned & pattern.copies]:
            if not way.mask & not_table:
                continue  # every meld needs a card from the hand
            if way.mask & table:
                on_table = [i for i in way.ids if table >> i & 1]
                if history.blocking(way.kind, on_table) is not None:
                    continue
            found.append(way)
    return found


def legal_melds(
    patterns: tuple[MeldPattern, ...], hand: int, table: int, history: MeldHistory
) -> list[tuple[MeldKind, list[int]]]:
    """Every legal meld from these cards: each distinct set of physical cards once.

    >>> from pinochle_tui.engine.cards import Card, mask_of
    >>> hand = mask_of(Card.parse(c) for c in ("KS", "QS", "QS#2", "JD"))
    >>> [(kind.code, len(ids)) for kind, ids in
    ...  legal_melds(meld_patterns(Suit.HEARTS, True), hand, 0, MeldHistory())]
    [('marriage', 2), ('marriage', 2), ('pinochle', 2), ('pinochle', 2)]
    """
    return [(way.kind, list(way.ids)) for way in legal_ways(patterns, hand, table, history)]


def identify(patterns: tuple[MeldPattern, ...], cards: list[Card]) -> MeldKind | None:
    """The meld these exact cards form, or None."""
    faces = sorted(c.face.id for c in cards)
    copies = {c.id for c in cards}
    if len(copies) != len(cards):
        return None
    for pattern in patterns:
        if sorted(pattern.faces) == faces:
            return pattern.kind
    return None


def describe_pattern(kind: MeldKind, trump: Suit) -> str:
    """What a meld is made of, in words, for error messages."""
    if kind is MeldKind.FLUSH:
        return f"a flush is A 10 K Q J of trumps ({trump.symbol})"
    if kind is MeldKind.ROYAL_MARRIAGE:
        return f"a royal marriage is K and Q of trumps ({trump.symbol})"
    if kind is MeldKind.MARRIAGE:
        return "a marriage is K and Q of one suit that is not trumps"
    if kind in _AROUNDS:
        return f"{kind.label} needs one {_AROUNDS[kind].name.lower()} of each suit"
    if kind is MeldKind.PINOCHLE:
        return "a pinochle is Q♠ and J♦"
    return "a double pinochle is both Q♠ and both J♦"
