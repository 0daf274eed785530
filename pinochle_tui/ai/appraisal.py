"""What cards are worth keeping in the first phase: melds made or in reach, trumps, aces.

The heuristic players weigh each play by the trick points it wins or gives
away against what the card would still be worth in the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tui.engine.cards import rank_of, suit_of
from pinochle_tui.engine.melds import MeldHistory, MeldKind, MeldPattern, legal_melds


@dataclass(frozen=True, slots=True)
class Weights:
    """The prices the heuristic weighing of a play puts on what it gains and
    gives up (``heuristic.play_scores``, ``rollout.weighed_card``).

    ``NORMAL`` are the normal player's; the hard player weighs its own plays
    with ``KEEPING`` and models its opponent with ``NORMAL``.
    """

    #: Worth of the chance to meld that a trick won brings, against the meld's points.
    meld_chance: float = 0.6
    #: Worth of winning the last trick before the playoff: the lead and the hidden last card.
    last_draw: float = 10
    #: What a dix to score adds to the chance a trick won brings.
    dix_chance: float = 10
    #: Worth of a meld still to be made, against the same meld made now: a
    #: later meld needs another trick won while the stock lasts.
    later: float = 0.5
    #: Worth of keeping a trump (by rank A 10 K Q J 9 8 7) for taking tricks and the playoff.
    trump_keep: tuple[int, ...] = (14, 11, 8, 7, 6, 5, 5, 5)
    #: Worth of keeping a plain card (by rank) as a playoff winner.
    plain_keep: tuple[int, ...] = (5, 2, 0, 0, 0, 0, 0, 0)


#: The normal player's weights (and the hard player's model of its opponent).
NORMAL = Weights()
#: The hard player's weights for its own plays: it keeps trumps, aces and
#: tens longer and chases a meld's chance less than normal does. Tuned by
#: playing the normal player with them against normal (``benchmarks/strength.py
#: --pairs normal@keeping-normal``): +20.4 a deal over the 400 deals of seed 7
#: they were tuned on, +12.8 over the 300 of seed 1.
KEEPING = Weights(
    meld_chance=0.45,
    trump_keep=(28, 22, 16, 14, 12, 10, 10, 10),
    plain_keep=(10, 4, 0, 0, 0, 0, 0, 0),
)

_MeldKey = tuple[MeldKind, tuple[int, ...]]


def _key(kind: MeldKind, ids: list[int] | tuple[int, ...]) -> _MeldKey:
    """A meld regardless of which physical copies make it."""
    return kind, tuple(sorted(i & ~1 for i in ids))


def legal_keys(
    patterns: tuple[MeldPattern, ...], hand: int, table: int, history: MeldHistory
) -> set[_MeldKey]:
    """The distinct melds (by faces) these cards may make now."""
    return {_key(kind, ids) for kind, ids in legal_melds(patterns, hand, table, history)}


def _missing(pattern: MeldPattern, owned: int) -> list[int]:
    """The faces (first-copy ids) the pattern still needs, once per missing copy."""
    out: list[int] = []
    for face in set(pattern.faces):
        have = (owned >> face & 1) + (owned >> (face + 1) & 1)
        out += [face] * max(0, pattern.faces.count(face) - have)
    return out


class Appraisal:
    """The keep value of each card of one seat's hand and table, at one moment."""

    def __init__(
        self,
        patterns: tuple[MeldPattern, ...],
        history: MeldHistory,
        hand: int,
        table: int,
        unseen: int,
        stock_size: int,
        trump: int,
        weights: Weights = NORMAL,
    ) -> None:
        self.patterns = patterns
        self.history = history
        self.hand = hand
        self.table = table
        self.unseen = unseen
        #: Cards this seat will still draw from the stock (the last one is the turn-up).
        self.draws = (stock_size + 1) // 2
        self.trump = trump
        self.weights = weights
        self.base = self.potential(hand, table)
        self._keep: dict[int, float] = {}

    def potential(self, hand: int, table: int) -> float:
        """Melds these cards may make now, plus melds one drawn card away, weighted."""
        keys = legal_keys(self.patterns, hand, table, self.history)
        total = float(sum(kind.points for kind, _ in keys))
        if not self.draws or not self.unseen:
            return total
        owned = hand | table
        pool = self.unseen.bit_count()
        for pattern in self.patterns:
            missing = _missing(pattern, owned)
            if len(missing) != 1:
                continue
            copies = (self.unseen >> missing[0] & 3).bit_count()
            table_ids = [c for f in set(pattern.faces) for c in (f, f + 1) if table >> c & 1]
            if not copies or self.history.blocking(pattern.kind, table_ids) is not None:
                continue
            chance = 1.0 - (1.0 - copies / pool) ** self.draws
            total += self.weights.later * chance * pattern.kind.points
        return total

    def meld_value(self, card: int) -> float:
        """What the melds lose if ``card`` leaves the hand or table."""
        bit = 1 << card
        return self.base - self.potential(self.hand & ~bit, self.table & ~bit)

    def keep(self, card: int) -> float:
        """The whole worth of keeping ``card``: melds, plus trump or ace strength."""
        found = self._keep.get(card)
        if found is None:
            weights = self.weights
            strength = weights.trump_keep if suit_of(card) == self.trump else weights.plain_keep
            found = self._keep[card] = self.meld_value(card) + strength[rank_of(card)]
        return found

    def best_meld_now(self, without: int = 0) -> int:
        """Points of the best meld available right after a trick won (``without`` played)."""
        keys = legal_keys(self.patterns, self.hand & ~without, self.table & ~without, self.history)
        return max((kind.points for kind, _ in keys), default=0)
