"""The easy and normal players: rules of thumb over the seat view.

Both share the winner's turn (dix first, then a meld, then draw) and the rule
for declaring out; they differ in how they choose cards. ``normal`` weighs
every play (see ``play_scores``) and solves the playoff exactly
(``TimedPlayoff``: within its deadline in the app); ``easy`` follows a few
simple habits (``quick_card``) and sometimes plays at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

from pinochle_tui.ai.appraisal import NORMAL, Appraisal, Weights, legal_keys
from pinochle_tui.ai.budget import Budget, Clock
from pinochle_tui.ai.knowledge import Knowledge, mask
from pinochle_tui.ai.playoff import ExactPlayoff
from pinochle_tui.ai.solver import OutOfTime
from pinochle_tui.engine.actions import Action, DeclareOut, Draw, ExchangeDix, Meld, Play, ShowDix
from pinochle_tui.engine.cards import CARDS, Suit, ids_of, rank_of, suit_of
from pinochle_tui.engine.rules import PlayoffHead, Rules
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.tricks import playoff_replies, reply_wins
from pinochle_tui.engine.view import Phase, SeatView

#: What the one-trick habit reckons a trick won is worth beyond its points.
TAKE_BONUS = 8
#: How often the easy player plays a card at random.
EASY_RANDOM = 0.2
#: The normal player's budget when none is given: it samples nothing, so a
#: sample budget means no deadline (the whole playoff solved exactly).
NORMAL_BUDGET = Budget(samples=1)

#: Each suit's cards as a mask, by suit number.
SUIT_MASKS = tuple(s.mask for s in Suit)


def declare_if_sure(view: SeatView, legal: Sequence[Action]) -> DeclareOut | None:
    """Declare out when the count already reaches the target, never otherwise.

    The count (score plus rounded trick points so far) only grows, so under
    every declaring-out rule a claim made now is sure to win.
    """
    seat = view.seat
    if rounded(view.won_points[seat]) + view.scores[seat] < view.target:
        return None
    return next((a for a in legal if isinstance(a, DeclareOut) and a.seat == seat), None)


def card_cost(card: int, trump: int, points: tuple[int, ...]) -> int:
    """A quick price of giving up a card: its trick points and its static strength."""
    return card_costs(trump, points)[card]


@cache
def card_costs(trump: int, points: tuple[int, ...]) -> tuple[int, ...]:
    """``card_cost`` of every card id, looked up once per trump and count
    (the rollouts price cards thousands of times a decision)."""
    return tuple(
        points[rank_of(card)]
        + (NORMAL.trump_keep if suit_of(card) == trump else NORMAL.plain_keep)[rank_of(card)]
        for card in range(64)
    )


def distinct_plays(view: SeatView, legal: Sequence[Action]) -> list[Play]:
    """The plays, leaving out a second copy of the same card from the same place
    (hand or table): the two are the same play."""
    table = set(view.tables[view.seat])
    found: dict[tuple[int, bool], Play] = {}
    for action in legal:
        if isinstance(action, Play):
            found.setdefault((action.card.face.id, action.card in table), action)
    return list(found.values())


def appraise(know: Knowledge, weights: Weights = NORMAL) -> Appraisal:
    return Appraisal(
        know.patterns,
        know.history,
        know.hand,
        know.table,
        know.unseen,
        know.stock_size,
        know.trump,
        weights,
    )


def play_scores(
    view: SeatView, plays: Sequence[Play], know: Knowledge, weights: Weights = NORMAL
) -> dict[Play, float]:
    """Weigh each first-phase play by ``weights``: trick points won or lost, the
    chance to meld a trick won brings, and what the card played was worth keeping.

    A lead the opponent cannot beat is a sure win; any other lead is counted as
    lost, fully when it carries 10 points or more (the opponent will take it),
    half otherwise.
    """
    appraisal = appraise(know, weights)
    points = view.rules.card_points
    up = view.turn_up.id if view.turn_up is not None else None
    dix = dix_to_score(know.hand, know.trump, view.rules, up, mask(view.dix_counted))
    dix_bonus = weights.dix_chance if dix else 0
    last = weights.last_draw if view.stock_size == 1 else 0
    scores: dict[Play, float] = {}
    for play in plays:
        card = play.card.id
        keep = appraisal.keep(card)
        if view.lead is None:
            wins, trick = not know.beatable(card), points[rank_of(card)]
            lost = trick if trick >= 10 else trick / 2
        else:
            lead = view.lead.id
            wins = reply_wins(lead, card, know.trump)
            trick = lost = points[rank_of(lead)] + points[rank_of(card)]
        if wins:
            chance = appraisal.best_meld_now(1 << card) + dix_bonus
            scores[play] = trick + weights.meld_chance * chance + last - keep
        else:
            scores[play] = -lost - keep
    return scores


def dix_to_score(hand: int, trump: int, rules: Rules, turn_up: int | None, counted: int) -> bool:
    """Whether a trick won now would let the holder of ``hand`` score a dix:
    it holds one, and may exchange it for the turn-up or show one not counted
    yet (``counted``: the mask of the dixes that have scored)."""
    face = (trump * 8 + rules.dix_rank) << 1
    held = hand >> face & 3
    if not held:
        return False
    if turn_up is not None and rank_of(turn_up) != rules.dix_rank:
        return True
    return bool(held << face & ~counted)


def best_meld(melds: Sequence[Meld], know: Knowledge) -> Meld:
    """The meld worth most now, counting (at a discount) the melds it leaves possible.

    Melding a royal marriage before the flush scores both, but waits for another
    trick won: the discount makes the lower meld first win only when clearly better.
    """

    def value(meld: Meld) -> tuple[float, int]:
        cards = sum(c.bit for c in meld.cards)
        history = know.history.copy()
        history.record(meld.kind, [c.id for c in meld.cards])
        later = legal_keys(know.patterns, know.hand & ~cards, know.table | cards, history)
        return meld.points + NORMAL.later * sum(kind.points for kind, _ in later), meld.points

    return max(melds, key=value)


def winner_turn(
    view: SeatView, legal: Sequence[Action], pick: Callable[[Sequence[Meld]], Meld]
) -> Action:
    """The trick winner's turn: exchange or show the dix, then the meld ``pick``
    chooses, then draw.

    The dix comes first so that a meld may use the turn-up it gains.
    """
    for kind in (ExchangeDix, ShowDix):
        dix = [a for a in legal if isinstance(a, kind)]
        if dix:
            return dix[0]
    melds = [a for a in legal if isinstance(a, Meld)]
    if melds:
        return pick(melds)
    draws = [a for a in legal if isinstance(a, Draw)]
    if len(draws) > 1 and view.turn_up is not None:
        # Winner chooses: a trump above the dix or an ace beats an unknown card.
        up = view.turn_up
        take = (up.suit == view.trump and up.rank != view.rules.dix_rank) or rank_of(up.id) == 0
        return next(d for d in draws if d.take_turn_up == take)
    return draws[0]


def routine_choice(
    view: SeatView, legal: Sequence[Action], know: Knowledge, playoff: TimedPlayoff, clock: Clock
) -> Action | None:
    """The choices normal and hard make alike: declaring out when sure, the
    winner's turn, and the playoff (solved by ``playoff`` within ``clock``)."""
    declare = declare_if_sure(view, legal)
    if declare is not None:
        return declare
    if view.phase is Phase.MELD:
        return winner_turn(view, legal, lambda melds: best_meld(melds, know))
    if view.playoff:
        return playoff.play(view, legal, clock)
    return None


class TimedPlayoff:
    """The exact playoff within a decision's budget.

    On a sample budget it solves the whole playoff, as ``ExactPlayoff`` does.
    On a deadline the solve stops when the deadline's planned share is spent,
    and the one-trick habit plays that trick; what the solve proved stays in
    its table, so the next trick's solve goes on from there and soon finishes
    (a 12-card hand is mostly solved within normal's 50 ms at once).
    """

    def __init__(self) -> None:
        self._exact = ExactPlayoff()

    def play(self, view: SeatView, legal: Sequence[Action], clock: Clock) -> Play:
        if self._exact.ready(view):
            try:
                return self._exact.play(view, clock.deadline)
            except OutOfTime:
                pass
        return playoff_play(view, legal)


class NormalPlayer:
    """Counts cards, keeps melds together, wins tricks when it pays, solves the playoff."""

    name = "normal"

    def __init__(
        self, seed: int | None = None, budget: Budget | None = None, weights: Weights = NORMAL
    ) -> None:
        del seed  # deterministic: nothing to seed
        self._budget = budget or NORMAL_BUDGET
        self._playoff = TimedPlayoff()
        self._weights = weights

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        with self._budget.start() as clock:
            know = Knowledge.from_view(view)
            routine = routine_choice(view, legal, know, self._playoff, clock)
            if routine is not None:
                return routine
            scores = play_scores(view, distinct_plays(view, legal), know, self._weights)
            return max(scores, key=lambda p: scores[p])


class EasyPlayer:
    """Simple habits: take tricks when it is cheap, throw low cards, meld the
    biggest meld, and one card in five at random."""

    name = "easy"

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        del budget  # it decides at once
        self._rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        declare = declare_if_sure(view, legal)
        if declare is not None:
            return declare
        if view.phase is Phase.MELD:
            return winner_turn(view, legal, lambda melds: max(melds, key=lambda m: m.points))
        plays = [a for a in legal if isinstance(a, Play)]
        if self._rng.random() < EASY_RANDOM:
            return self._rng.choice(plays)
        if view.playoff:
            return playoff_play(view, legal)
        assert view.trump is not None
        lead = view.lead.id if view.lead is not None else None
        cards = [p.card.id for p in plays]
        card = quick_card(cards, lead, int(view.trump), view.rules.card_points)
        return Play(view.seat, CARDS[card])


def quick_card(cards: Sequence[int], lead: int | None, trump: int, points: tuple[int, ...]) -> int:
    """A one-trick habit: follow with the cheapest card that takes the trick when it
    costs less than the trick is worth (its points and the chance to meld), else
    the cheapest card; lead the cheapest card."""
    cost = card_costs(trump, points).__getitem__
    if lead is None:
        return min(cards, key=cost)
    cheapest = min(cards, key=cost)
    winners = [c for c in cards if reply_wins(lead, c, trump)]
    if not winners:
        return cheapest
    winner = min(winners, key=cost)
    if cost(winner) - cost(cheapest) < points[rank_of(lead)] + TAKE_BONUS:
        return winner
    return cheapest


def playoff_habit(
    mine: int, theirs: int, lead: int | None, trump: int, points: tuple[int, ...], head: bool
) -> int:
    """The one-trick habit in the playoff, knowing both hands (the card
    masks ``mine`` and ``theirs``): lead the card that does best in its own
    trick against the opponent's answer to it (a sure winner, the richest
    trick first; else the cheapest loss), and answer ``lead`` with the
    cheapest card that takes the trick, else the cheapest. ``head`` is the
    heading rule (``PlayoffHead.ALWAYS``).

    The opponent's answer is one of its legal replies (it cannot trump while
    it holds the suit led), and is the one the habit would play. Over 300
    playoffs of normal against normal (``benchmarks/playouts.py``), play-outs
    by this habit to the last 8 cards, solved from there, miss the exact
    margin by 14 points on the average (20 from the last 6); the habit before
    it, which led the richest card no card of the opponent's could beat
    (trumps and all, legal or not), missed by 26 from the last 6. Passing only
    the cards ``mine`` may answer ``lead`` with gives the same answer.
    """
    cost = card_costs(trump, points)
    if lead is not None:
        legal = playoff_replies(mine, lead, trump, head)
        return _cheapest(_winners(legal, lead, trump) or legal, cost)
    best_card, best_value = -1, (-1000, 0)
    cards = mine
    while cards:
        bit = cards & -cards
        cards ^= bit
        card = bit.bit_length() - 1
        legal = playoff_replies(theirs, card, trump, head)
        taking = _winners(legal, card, trump)
        reply = _cheapest(taking or legal, cost)
        trick = points[(card >> 1) & 7] + points[(reply >> 1) & 7]
        value = (-trick, -cost[card]) if taking else (trick, cost[card])
        if value > best_value:
            best_card, best_value = card, value
    return best_card


def _winners(cards: int, lead: int, trump: int) -> int:
    """The cards of the mask ``cards`` that take a trick led with ``lead``."""
    suit = lead >> 4
    same = cards & SUIT_MASKS[suit]
    higher = same & ((1 << ((lead >> 1) << 1)) - 1)
    return higher if same or suit == trump else cards & SUIT_MASKS[trump]


def _cheapest(cards: int, cost: tuple[int, ...]) -> int:
    """The card of the mask ``cards`` that costs least to give up."""
    return min(ids_of(cards), key=cost.__getitem__)


def playoff_play(view: SeatView, legal: Sequence[Action]) -> Play:
    """The one-trick habit in the playoff, where the opponent's cards are known."""
    assert view.trump is not None
    theirs = mask(view.opponent_known) | mask(view.unseen)
    lead = view.lead.id if view.lead is not None else None
    mine = mask(tuple(a.card for a in legal if isinstance(a, Play)))  # a lead: the whole hand
    head = view.rules.playoff_head is PlayoffHead.ALWAYS
    card = playoff_habit(mine, theirs, lead, int(view.trump), view.rules.card_points, head)
    return Play(view.seat, CARDS[card])
