"""Exact solver for the playoff, the last tricks once the stock is gone.

In the playoff both hands are known to both players, so what is left of the
deal is a two-player, zero-sum game of perfect information: each side
maximises the card points it takes plus the bonus for the last trick.

``minimax_playoff`` is the plain definition of that game's value and serves as
the reference. ``solve_playoff`` computes the same value fast enough for play
(a 16-card hand of the 64-card pack in about a second at the median): a
null-window alpha-beta search (MTD(f)) over trick starts with a transposition table
that keeps positions alike but for which worthless low cards are left as one,
merging of interchangeable cards, and move ordering that tries forcing leads
first, those that leave the follower the fewest replies. A solve may be given
a deadline (``OutOfTime``): what it proved by then stays in the table, so the
next solve of the same playoff goes on from it.

The score counts each seat's trick points rounded to tens, so the players
solve for that (``taken``, the points won before): as a seat's margin on
the score never falls when it takes more points, best play for the points
is best play for the score, and a solve need find the points only as far
as the rounding tells them apart.
"""

from __future__ import annotations

import gc
import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import groupby
from time import perf_counter

from pinochle_tui.engine.cards import ids_of, rank_of, suit_of
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.tricks import playoff_replies, reply_wins


class OutOfTime(Exception):
    """A solve reached its deadline before it was done."""


#: The search orders leads by how many replies worth trying the follower has,
#: from one up to this many; leads that leave it more come last (``searcher``,
#: which spells out its four groups for speed).
_FEWEST = 4

#: The search looks at the clock once in this many positions (a power of
#: two), a fraction of a millisecond apart.
_CLOCK_EVERY = 64


@dataclass(frozen=True, slots=True)
class PlayoffSolution:
    """The value of a playoff position under best play by both sides."""

    #: Points (card points plus the last-trick bonus) seat 0 and seat 1 take
    #: from the remaining tricks, including the card already led if any. A
    #: solve given the points already ``taken`` gives a split that rounds as
    #: best play's does, which need not be best play's to the point.
    points: tuple[int, int]
    #: A card id the player to act may play to reach ``points`` (rounded, if
    #: the solve was given ``taken``).
    best: int


def minimax_playoff(
    hands: tuple[int, int],
    to_act: int,
    trump: int,
    points: tuple[int, ...],
    head_always: bool,
    lead: int | None = None,
    last_bonus: int = 10,
) -> PlayoffSolution:
    """Solve a playoff position by exhaustive minimax, without pruning or memory.

    Exponential and meant only as the obviously correct reference for
    ``solve_playoff``; the arguments are the same.
    """
    _check(hands, to_act, lead)

    def value(hands: tuple[int, int], to_act: int, lead: int | None) -> tuple[tuple[int, int], int]:
        if lead is None:
            moves = hands[to_act]
        else:
            moves = playoff_replies(hands[to_act], lead, trump, head_always)
        best: tuple[tuple[int, int], int] | None = None
        for card in ids_of(moves):
            rest = list(hands)
            rest[to_act] ^= 1 << card
            after = (rest[0], rest[1])
            if lead is None:
                pts, _ = value(after, 1 - to_act, card)
            else:
                winner = to_act if reply_wins(lead, card, trump) else 1 - to_act
                won = points[rank_of(lead)] + points[rank_of(card)]
                if after == (0, 0):
                    later = [0, 0]
                    won += last_bonus
                else:
                    later = list(value(after, winner, None)[0])
                later[winner] += won
                pts = (later[0], later[1])
            if best is None or pts[to_act] > best[0][to_act]:
                best = (pts, card)
        assert best is not None
        return best

    pts, best = value(hands, to_act, lead)
    return PlayoffSolution(pts, best)


def solve_playoff(
    hands: tuple[int, int],
    to_act: int,
    trump: int,
    points: tuple[int, ...],
    head_always: bool,
    lead: int | None = None,
    last_bonus: int = 10,
    taken: tuple[int, int] | None = None,
) -> PlayoffSolution:
    """Solve a playoff position exactly.

    ``hands`` are the two seats' card masks, without ``lead``. With ``lead``
    None, ``to_act`` leads the next trick; otherwise seat ``1 - to_act`` has
    led the card ``lead`` and ``to_act`` must reply. ``points`` gives the card
    points of each rank, ``head_always`` the playoff heading rule (see
    ``tricks.playoff_replies``) and ``last_bonus`` the last trick's bonus.

    Given ``taken``, the trick points each seat has won this hand before this
    position, the solve is exact for the score that counts, each seat's trick
    count rounded (``scoring.rounded``): it stops once it knows the rounded
    counts best play reaches, not the points to the last one (a 16-card
    playoff of the 64-card pack: about half the positions at the median,
    three quarters at the 95th percentile).
    """
    solver = PlayoffSolver.at(hands, to_act, lead, trump, points, head_always, last_bonus)
    return solver.solve(hands, to_act, lead, taken=taken)


def _holdings(hands: tuple[int, int], to_act: int, lead: int | None) -> tuple[int, int]:
    """The cards each seat has in play, the led card counted in its leader's."""
    _check(hands, to_act, lead)
    if lead is None:
        return hands
    held = list(hands)
    held[1 - to_act] |= 1 << lead
    return held[0], held[1]


def _check(hands: tuple[int, int], to_act: int, lead: int | None) -> None:
    """Reject positions that cannot arise, which the searches would misjudge."""
    if to_act not in (0, 1):
        raise ValueError(f"to_act is a seat, 0 or 1, not {to_act}")
    if hands[0] & hands[1] or (lead is not None and (hands[0] | hands[1]) >> lead & 1):
        raise ValueError("a card is in both hands, or the led card is still in a hand")
    leader_cards = hands[to_act].bit_count() if lead is None else hands[1 - to_act].bit_count() + 1
    if (
        leader_cards != hands[1 - to_act if lead is None else to_act].bit_count()
        or not leader_cards
    ):
        raise ValueError("each seat must hold the same number of cards, counting the led card")


class PlayoffSolver:
    """Solves the positions of one playoff, keeping what it learns between them.

    Built from the two hands at some point of the playoff (``hands`` hold every
    card in play: a card already led is in its leader's), it solves that
    position and every later one (``covers``); later positions mostly reuse
    the transposition table, so a player solving trick after trick pays
    for the first solve only.

    The cards in play are renumbered 0..n-1, richest first (then by card id),
    so that a set of them is a small int, every table is a short list, and
    taking a set's cards lowest bit first tries richer cards first. Cards
    never change hands, so a position at the start of a trick is just the
    mask of cards still in play and the seat on lead.
    """

    def __init__(
        self,
        hands: tuple[int, int],
        trump: int,
        points: tuple[int, ...],
        head_always: bool,
        last_bonus: int = 10,
    ) -> None:
        ids = sorted(ids_of(hands[0] | hands[1]), key=lambda c: (-points[rank_of(c)], c))
        self.ids = ids
        self.held = hands
        self.index = {c: i for i, c in enumerate(ids)}
        self.owner = [0 if hands[0] >> c & 1 else 1 for c in ids]
        self.hand = [sum(1 << i for i, o in enumerate(self.owner) if o == seat) for seat in (0, 1)]
        self.pts = [points[rank_of(c)] for c in ids]
        self.bonus = last_bonus
        masks = [0, 0, 0, 0]
        for i, c in enumerate(ids):
            masks[suit_of(c)] |= 1 << i
        #: The mask of each suit (0 for a suit not in play).
        self.masks = tuple(masks)
        self.trumps = masks[trump]
        self.suit = [masks[suit_of(c)] for c in ids]
        #: face[i]: card i's face (its id without the copy bit).
        self.face = [c >> 1 for c in ids]
        #: by_id[bit of a card]: the cards of its suit, in card id order
        #: (``merge`` walks a suit's cards from its highest down).
        in_order = [sorted(ids_of(m), key=ids.__getitem__) for m in masks]
        self.by_id = {1 << i: in_order[suit_of(c)] for i, c in enumerate(ids)}
        #: higher[i]: the cards of i's suit that beat it (not its twin).
        higher = [sum(1 << j for j in in_order[suit_of(c)] if ids[j] >> 1 < c >> 1) for c in ids]
        #: beat[i]: the cards a follower must head i with when it can.
        self.beat = [
            h if head_always or suit_of(c) == trump else 0 for h, c in zip(higher, ids, strict=True)
        ]
        #: wins[i]: the replies that take a trick led with i.
        self.wins = [
            h | (0 if suit_of(c) == trump else self.trumps)
            for h, c in zip(higher, ids, strict=True)
        ]
        #: like[i]: the cards of i's block of like cards (``alike``), or 0.
        #: canon: a block's cards in play to the like ones positions are kept by.
        self.like, self.canon = self.alike()
        #: What ``merge`` says of the cards in play of one suit, by those cards.
        self.moves = _Moves(self.merge)
        #: Bounds on the leader's points and the best lead found, by position.
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.rules = (trump, head_always)
        #: The running solve's deadline (``perf_counter`` time), in a cell the search reads.
        self._deadline = [math.inf]
        #: How many positions the search has worked through (not settled by a
        #: table), in a cell it counts in: a measure of the work, for benchmarks.
        self.searched = [0]
        self.search = self.searcher()

    def alike(self) -> tuple[list[int], dict[int, int]]:
        """The blocks of like cards, and the canonical cards of each block.

        A block is a longest sequence of cards in play of one suit, next in
        rank and worth the same points (with the 64-card pack, a suit's 9s, 8s
        and 7s). Which of a block's cards are left does not change the game,
        only how they lie: their seats from the highest down, a face split
        between the seats as a tie. Two sets of a block's cards that lie alike
        are the same game (play one card for the other: each beats, heads and
        follows the same cards), so the search keeps a position by the set
        that lies alike with the lowest mask, and lines of play that let go
        different 9s, 8s or 7s meet in one position.
        """
        ids, owner, pts = self.ids, self.owner, self.pts
        like = [0] * len(ids)
        canon: dict[int, int] = {}
        for mask in self.masks:
            present = sorted(ids_of(mask), key=ids.__getitem__)
            for _, run in groupby(present, key=pts.__getitem__):
                block = list(run)
                if len({ids[j] >> 1 for j in block}) < 2:
                    continue  # one face: no other face to stand in for it
                bits = sum(1 << j for j in block)
                seen: dict[tuple[int, ...], int] = {}
                sub, moved = 0, False
                while True:
                    lie: list[int] = []
                    for _, same in groupby(ids_of(sub), key=lambda j: ids[j] >> 1):
                        face = [owner[j] for j in same]
                        lie += [2] if len(set(face)) == 2 else face
                    first = canon[sub] = seen.setdefault(tuple(lie), sub)
                    moved |= first != sub
                    sub = (sub - bits) & bits
                    if not sub:
                        break
                if moved:
                    for j in block:
                        like[j] = bits
        return like, canon

    def at_like(self, cards: int, *played: int) -> int:
        """``cards`` with the block of like cards of each of the ``played``
        cards (the ones just played) put as the block's set that lies alike."""
        for i in played:
            block = self.like[i]
            if block:
                cards = cards & ~block | self.canon[cards & block]
        return cards

    def merge(self, bits: int) -> int:
        """What the search needs to know of ``bits``, the cards in play of one
        suit, packed in one int of n-bit fields: the leads worth trying (field
        0), the replies worth trying if they take the trick (1) and if they
        lose it (2); then, for seat 0 and seat 1 as leader, its leads here if
        the other seat has no reply worth trying in the suit (fields 3, 4),
        one (5, 6), two (7, 8), and so on up to ``_FEWEST``, which orders the
        leads (``searcher``).

        A run is a longest sequence of one seat's cards with no card of the
        other seat ranking between or equal to them (of two equal cards, the
        one played first wins). The cards of a run take the same tricks, so
        only their points differ, and which of them ranks higher does not
        matter. So a leader need try one card of each score in a run, and a
        follower only the run's richest card when it takes the trick and its
        poorest when it loses it. (Play after the other choice can be mirrored
        with the two cards swapped, taking the same tricks; the richer card
        scores at least as well in a trick won now, the poorer costs no more in
        a trick lost now.) Of equal choices the highest card is kept, so that
        different lines of play meet in the same positions more often.
        """
        owner, pts, face = self.owner, self.pts, self.face
        present = [j for j in self.by_id[bits & -bits] if bits >> j & 1]
        runs: list[list[int]] = []
        run_owner = -1
        i, last = 0, len(present) - 1
        while i <= last:
            j = present[i]
            i += 1
            same = [j]
            if i <= last and face[present[i]] == face[j]:
                twin = present[i]
                i += 1
                if owner[twin] != owner[j]:
                    runs += [[j], [twin]]
                    run_owner = -1
                    continue
                same.append(twin)
            if owner[j] == run_owner:
                runs[-1] += same
            else:
                runs.append(same)
                run_owner = owner[j]
        keep = rich = poor = 0
        for run in runs:
            first = run[0]
            richest = poorest = first
            keep |= 1 << first
            if len(run) > 1:
                scores = {pts[first]}
                for j in run[1:]:
                    if pts[j] not in scores:
                        scores.add(pts[j])
                        keep |= 1 << j
                    if pts[j] > pts[richest]:
                        richest = j
                    elif pts[j] < pts[poorest]:
                        poorest = j
            rich |= 1 << richest
            poor |= 1 << poorest
        n = len(self.ids)
        packed = keep | rich << n | poor << 2 * n
        options = rich | poor
        for seat in (0, 1):
            leads = keep & self.hand[seat]
            count = (options & self.hand[1 - seat]).bit_count()
            if count <= _FEWEST:
                packed |= leads << (3 + 2 * count + seat) * n
        return packed

    @classmethod
    def at(
        cls,
        hands: tuple[int, int],
        to_act: int,
        lead: int | None,
        trump: int,
        points: tuple[int, ...],
        head_always: bool,
        last_bonus: int = 10,
    ) -> PlayoffSolver:
        """A solver for the position ``solve_playoff`` takes, and those after it."""
        return cls(_holdings(hands, to_act, lead), trump, points, head_always, last_bonus)

    def covers(self, hands: tuple[int, int], to_act: int, lead: int | None = None) -> bool:
        """Whether the position (as ``solve`` takes it) can follow the one this
        solver was built for: each seat's cards are some of the ones it held."""
        held = _holdings(hands, to_act, lead)
        return not (held[0] & ~self.held[0] or held[1] & ~self.held[1])

    def solve(
        self,
        hands: tuple[int, int],
        to_act: int,
        lead: int | None = None,
        deadline: float | None = None,
        taken: tuple[int, int] | None = None,
    ) -> PlayoffSolution:
        """Solve a position this solver ``covers``; the arguments are those of
        ``solve_playoff``. With a ``deadline`` (a ``time.perf_counter()`` time)
        it raises ``OutOfTime`` once that has passed; the positions proved by
        then stay in the table for the next solve.

        The root's moves worth trying are taken in the search's order: the
        first one's value by MTD(f), each later one by a null-window test
        against the best so far, and by MTD(f) from there if it does better.
        So the value and a move that reaches it come together, and each move
        that does no better costs one proof that it does not.

        With ``taken`` the tests are made only where a seat's rounded count
        changes (``_steps``): between two such points the score is the same,
        so which of them best play reaches is not searched for. The table
        holds bounds on the points either way, so solves with and without
        ``taken`` share it.
        """
        if not self.covers(hands, to_act, lead):
            raise ValueError("the position does not follow the one this solver was built for")
        self._deadline[0] = math.inf if deadline is None else deadline
        # The table grows by many thousands of tuples, and the cyclic collector
        # would walk all of them again and again (a pause of tens of ms that a
        # deadline cannot see); the search makes no reference cycles.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._solve(hands, to_act, lead, taken)
        finally:
            self._deadline[0] = math.inf
            if collecting:
                gc.enable()

    def _solve(
        self, hands: tuple[int, int], to_act: int, lead: int | None, taken: tuple[int, int] | None
    ) -> PlayoffSolution:
        held = _holdings(hands, to_act, lead)
        cards = sum(1 << self.index[c] for c in ids_of(held[0] | held[1]))
        total = sum(self.pts[i] for i in ids_of(cards)) + self.bonus
        s = to_act if lead is None else 1 - to_act
        steps = range(1, total + 1) if taken is None else _steps(total, taken[s], taken[1 - s])
        if lead is None:
            k = held[to_act].bit_count()

            def after_lead(led: int) -> Callable[[int, int], int]:
                replies = self.replies(cards, s, led)

                def bound(alpha: int, beta: int) -> int:
                    worst = total
                    for r in replies:
                        worst = min(
                            worst, self.after_trick(cards, s, led, r, total, k, alpha, beta)
                        )
                        if worst <= alpha:
                            break
                    return worst

                return bound

            guess = self.guess(cards, s)
            mine, best = _best(self.leads(cards, s), after_lead, steps, total, guess, 1)
        else:
            led = self.index[lead]
            k = held[s].bit_count()

            def after_reply(r: int) -> Callable[[int, int], int]:
                return lambda alpha, beta: self.after_trick(cards, s, led, r, total, k, alpha, beta)

            replies = self.replies(cards, s, led)
            theirs, best = _best(replies, after_reply, steps, total, self.guess(cards, s), -1)
            mine = total - theirs
        pts = (mine, total - mine) if to_act == 0 else (total - mine, mine)
        return PlayoffSolution(pts, self.ids[best])

    def guess(self, cards: int, s: int) -> int:
        """A rough guess of seat ``s``'s points as leader of ``cards``, to start
        MTD(f) near the value: the card points it holds, half the bonus, and
        about 5 for each trump it holds more than the other seat."""
        mine, theirs = self.hand[s] & cards, self.hand[1 - s] & cards
        length = (mine & self.trumps).bit_count() - (theirs & self.trumps).bit_count()
        return sum(self.pts[i] for i in ids_of(mine)) + self.bonus // 2 + 5 * length

    def legal(self, hand: int, led: int) -> list[int]:
        """The indices of the cards of ``hand`` that may answer the lead ``led``."""
        replies = playoff_replies(
            sum(1 << self.ids[i] for i in ids_of(hand)), self.ids[led], *self.rules
        )
        return [self.index[card] for card in ids_of(replies)]

    def leads(self, cards: int, s: int) -> list[int]:
        """The leads worth trying (``merge``) for seat ``s`` with ``cards`` in
        play, in the search's order (``searcher``)."""
        packed = 0
        for mask in self.masks:
            packed |= self.moves[cards & mask]
        n = len(self.ids)
        mine = packed & self.hand[s]
        options = (packed >> n | packed >> 2 * n) & self.hand[1 - s] & cards
        void, *groups = (packed >> (3 + 2 * count + s) * n & mine for count in range(_FEWEST + 1))
        if void:
            count = ((options & self.trumps) or options).bit_count()
            if count <= _FEWEST:
                groups[count - 1] |= void
        entry = self.tt.get(cards | s << n)
        first = 1 << entry[2] if entry is not None and entry[2] >= 0 else 0
        order: list[int] = []
        for group in (first, *groups, mine):
            order += [led for led in ids_of(group & mine) if led not in order]
        return order

    def replies(self, cards: int, s: int, led: int) -> list[int]:
        """The replies worth trying (``merge``) when seat ``s`` leads ``led``
        with ``cards`` in play, in the search's order: those that take the
        trick first, the poorer first in each."""
        packed = 0
        for mask in self.masks:
            packed |= self.moves[cards & mask]
        n = len(self.ids)
        theirs = self.hand[1 - s] & cards
        rich, poor = packed >> n & theirs, packed >> 2 * n & theirs
        wins = self.wins[led]
        tried = [r for r in self.legal(theirs, led) if (rich if wins >> r & 1 else poor) >> r & 1]
        return sorted(tried, key=lambda r: (not wins >> r & 1, -r))

    def bound(self, cards: int, s: int, total: int, k: int, alpha: int, beta: int) -> int:
        """``search``, probing the transposition table first as it expects."""
        entry = self.tt.get(cards | s << len(self.ids))
        if entry is not None:
            if entry[0] >= beta:
                return entry[0]
            if entry[1] <= alpha:
                return entry[1]
        return self.search(cards, s, total, k, alpha, beta, entry)

    def after_trick(
        self, cards: int, s: int, led: int, r: int, total: int, k: int, alpha: int, beta: int
    ) -> int:
        """The points seat ``s`` takes from the trick where it leads ``led`` to the
        follower's ``r`` on, fail-soft within (alpha, beta); ``k`` cards each."""
        won = self.pts[led] + self.pts[r]
        after = self.at_like(cards ^ (1 << led) ^ (1 << r), led, r)
        leader_wins = not self.wins[led] >> r & 1
        if k == 1:
            return total if leader_wins else 0
        left = total - won
        if leader_wins:
            return won + self.bound(after, s, left, k - 1, alpha - won, beta - won)
        return left - self.bound(after, 1 - s, left, k - 1, left - beta, left - alpha)

    def searcher(self) -> _Search:
        """The search, a closure over this position's tables for speed.

        ``search(cards, s, total, k, alpha, beta, entry)`` is the points seat
        ``s`` takes when it leads with ``cards`` in play (``k`` each, worth
        ``total`` with the bonus), fail-soft within the window. ``entry`` is the
        position's transposition-table entry, already probed by the caller
        without a cutoff: most children are settled by the table, and probing
        before the call saves the call. The legal replies and the trick's
        outcome are worked out inline, for the same reason, and so is the
        step to the like position after a trick (``alike``). The callers pass
        the window on unclamped, so it may lie outside the points in play: then
        it is answered at once (and the window is never narrowed to 0..total,
        which could leave it empty and let a reply seem to refute a lead).

        Move order decides most of the cost. Leads are grouped by how many
        replies worth trying the follower has: the suits where it has one
        first, then two, three, four (``_FEWEST``), then the rest (a void
        follower counts its trumps, or all its cards; ``merge`` sorts the
        others suit by suit): forcing leads settle a position fastest,
        whether they work or fail. (Three groups, one, two and more, searched
        a 16-card playoff of the 64-card pack in about a third more positions
        at the 95th percentile; more groups than four gain no more.) Within a
        group the richer leads come first. Replies that take the trick come
        before those that lose it, the poorer first in each.
        """
        hand = self.hand
        pts = self.pts
        trumps = self.trumps
        suit = self.suit
        beat = self.beat
        wins = self.wins
        moves = self.moves
        m0, m1, m2, m3 = self.masks
        tt = self.tt
        tt_get = tt.get
        seat_bit = len(self.ids)
        poor_bit = 2 * seat_bit
        void_bit = (3 * seat_bit, 4 * seat_bit)
        one_bit = (5 * seat_bit, 6 * seat_bit)
        two_bit = (7 * seat_bit, 8 * seat_bit)
        three_bit = (9 * seat_bit, 10 * seat_bit)
        four_bit = (11 * seat_bit, 12 * seat_bit)
        loses = [~w for w in wins]
        like = self.like
        canon = self.canon
        deadline = self._deadline
        searched = self.searched
        clock = perf_counter
        every = _CLOCK_EVERY - 1

        def search(
            cards: int,
            s: int,
            total: int,
            k: int,
            alpha: int,
            beta: int,
            entry: tuple[int, int, int] | None,
        ) -> int:
            # A window outside 0..total: any value fails high, or low.
            if beta <= 0:
                return 0
            if alpha >= total:
                return total
            if entry is None:
                lo, hi, move = 0, total, -1
            else:
                lo, hi, move = entry
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            searched[0] = count = searched[0] + 1
            if not count & every and clock() > deadline[0]:
                raise OutOfTime
            o = 1 - s
            s_key = s << seat_bit
            o_key = o << seat_bit
            packed = moves[cards & m0] | moves[cards & m1] | moves[cards & m2] | moves[cards & m3]
            mine = packed & hand[s]
            rich = packed >> seat_bit & hand[o]
            poor = packed >> poor_bit & hand[o]
            options = rich | poor
            # The best lead found before first; then the leads of the suits where
            # the follower has one reply worth trying, two, three, four, more;
            # richest first.
            one = packed >> one_bit[s] & mine
            two = packed >> two_bit[s] & mine
            three = packed >> three_bit[s] & mine
            four = packed >> four_bit[s] & mine
            void = packed >> void_bit[s] & mine
            if void:
                n = ((options & trumps) or options).bit_count()
                if n == 1:
                    one |= void
                elif n == 2:
                    two |= void
                elif n == 3:
                    three |= void
                elif n == 4:
                    four |= void
            best = -1
            a = alpha
            for group in (1 << move if move >= 0 else 0, one, two, three, four, mine):
                group &= mine
                mine ^= group
                while group:
                    bit = group & -group
                    group ^= bit
                    led = bit.bit_length() - 1
                    same = options & suit[led]
                    legal = (same & beat[led] or same) if same else (options & trumps or options)
                    taken_by = wins[led]
                    take = legal & rich & taken_by
                    lose = legal & poor & loses[led]
                    rest = cards ^ bit
                    led_pts = pts[led]
                    led_like = like[led]
                    worst = total + 1
                    top = beta
                    # Replies that take the trick first, then the others; poorer first.
                    while True:
                        if take:
                            r = take.bit_length() - 1
                            bit = 1 << r
                            take ^= bit
                        elif lose:
                            r = lose.bit_length() - 1
                            bit = 1 << r
                            lose ^= bit
                        else:
                            break
                        won = led_pts + pts[r]
                        after = rest ^ bit
                        if k > 2:
                            if led_like:
                                after = after & ~led_like | canon[after & led_like]
                            block = like[r]
                            if block and block != led_like:
                                after = after & ~block | canon[after & block]
                            left = total - won
                            if taken_by & bit:
                                # The follower leads next: v = left - (its points from there).
                                down = left - top
                                up = left - a
                                child = tt_get(after | o_key)
                                if child is None:
                                    v = left - search(after, o, left, k - 1, down, up, None)
                                elif child[0] >= up:
                                    v = left - child[0]
                                elif child[1] <= down:
                                    v = left - child[1]
                                else:
                                    v = left - search(after, o, left, k - 1, down, up, child)
                            else:
                                down = a - won
                                up = top - won
                                child = tt_get(after | s_key)
                                if child is None:
                                    v = won + search(after, s, left, k - 1, down, up, None)
                                elif child[0] >= up:
                                    v = won + child[0]
                                elif child[1] <= down:
                                    v = won + child[1]
                                else:
                                    v = won + search(after, s, left, k - 1, down, up, child)
                        elif k == 2:
                            # One card each is left: play the last trick out here.
                            if taken_by & bit:
                                x = after & hand[o]
                                v = total - won if wins[x.bit_length() - 1] & (after ^ x) else 0
                            else:
                                x = after & hand[s]
                                v = won if wins[x.bit_length() - 1] & (after ^ x) else total
                        else:
                            v = 0 if taken_by & bit else total
                        if v < worst:
                            worst = v
                            if v <= a:
                                break
                            if v < top:
                                top = v
                    if worst > best:
                        best = worst
                        move = led
                        if worst > a:
                            if worst >= beta:
                                break
                            a = worst
                else:
                    continue
                break  # a cutoff
            key = cards | s_key
            if best <= alpha:
                tt[key] = (lo, best, move)
            elif best >= beta:
                tt[key] = (best, hi, move)
            else:
                tt[key] = (best, best, move)
            return best

        return search


_Search = Callable[[int, int, int, int, int, int, tuple[int, int, int] | None], int]


class _Moves(dict[int, int]):
    """A memo of ``PlayoffSolver.merge``: one suit's cards in play to what it
    says of them, worked out the first time they are looked up (no cards, 0)."""

    def __init__(self, merge: Callable[[int], int]) -> None:
        super().__init__()
        self.merge = merge
        self[0] = 0

    def __missing__(self, bits: int) -> int:
        value = self[bits] = self.merge(bits)
        return value


def _steps(total: int, mine: int, theirs: int) -> list[int]:
    """The points of a seat, out of ``total`` in play, at which the score
    changes: where its rounded count goes up (``mine`` it has taken already)
    or the other seat's goes down (``theirs``). Between two steps both
    rounded counts are the same."""
    ups = {x - mine for x in _changes(mine + total) if x > mine}
    downs = {theirs + total + 1 - x for x in _changes(theirs + total) if x > theirs}
    return sorted(ups | downs)


@cache
def _changes(limit: int) -> tuple[int, ...]:
    """The counts up to ``limit`` whose rounding is above the count one less
    (each play-out's solve asks for its steps: ``rounded`` is asked once)."""
    return tuple(x for x in range(1, limit + 1) if rounded(x) != rounded(x - 1))


def _best(
    moves: list[int],
    bound_of: Callable[[int], Callable[[int, int], int]],
    steps: Sequence[int],
    total: int,
    guess: int,
    sign: int,
) -> tuple[int, int]:
    """The best of ``moves`` for the side that maximises (``sign`` 1) or
    minimises (-1) the value, and its value: ``bound_of(move)`` is a fail-soft
    null-window search of the value in 0..total after that move. Only the
    ``steps`` (sorted) matter: a value is known once no step lies between
    its bounds, and a move is better only if a step lies between them."""
    best = moves[0]
    value = _mtdf(bound_of(best), steps, 0, total, guess)
    for move in moves[1:]:
        bound = bound_of(move)
        if sign > 0:
            above = bisect_right(steps, value)
            if above < len(steps):
                step = steps[above]
                found = bound(step - 1, step)
                if found >= step:
                    value, best = _mtdf(bound, steps, found, total, found), move
        else:
            below = bisect_right(steps, value) - 1
            if below >= 0:
                step = steps[below]
                found = bound(step - 1, step)
                if found < step:
                    value, best = _mtdf(bound, steps, 0, found, found), move
    return value, best


def _mtdf(
    bound: Callable[[int, int], int], steps: Sequence[int], lo: int, hi: int, guess: int
) -> int:
    """The value in lo..hi of a fail-soft search, by null-window tests (MTD(f))
    starting at ``guess``: the closer the guess, the fewer tests. Only whether
    the value reaches each of the ``steps`` is asked (each point, for the
    exact value), so the answer is a bound that no step separates from it."""
    guess = min(max(guess, lo), hi)
    while True:
        # The test next: the highest step up to the guess above lo, else the lowest above it.
        first, last = bisect_right(steps, lo), bisect_right(steps, hi)
        if first == last:
            return lo
        at = bisect_right(steps, guess) - 1
        beta = steps[at] if at >= first else steps[first]
        guess = bound(beta - 1, beta)
        if guess < beta:
            hi = guess
        else:
            lo = guess
