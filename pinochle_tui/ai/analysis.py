"""What each of a seat's options is worth, judged from its view alone: the base of
the hint and of the review of a game.

In the first phase the hidden cards are sampled from the view (``world``),
and every option is played out to the end of the hand in the same samples
(``rollout``): common samples make the comparison fair, and the spread of the
differences over the samples gives the uncertainty. In the playoff nothing is
hidden, and the solver values every option exactly (``playoff.EXACT_CARDS``:
the whole playoff with either pack; a larger hand would be played out once).

Points are the hand's raw points, this seat's and the opponent's: meld (the
dix included), the card points taken in tricks and the last trick's 10,
before the trick count is rounded to tens. An option's value is the
difference, this seat's points minus the opponent's.

>>> from pinochle_tui.engine import GameState, Rules, Seat, pack
>>> state = GameState.new(Rules(), dealer=Seat.NORTH)
>>> _ = state.deal(pack(Rules()))
>>> view = state.view(Seat.SOUTH)
>>> found = evaluate(view, state.legal_actions(Seat.SOUTH), samples=2)
>>> found.method, found.samples, len(found.options)
('sampled', 2, 6)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pinochle_tui.ai.appraisal import KEEPING, NORMAL
from pinochle_tui.ai.knowledge import Knowledge, mask
from pinochle_tui.ai.playoff import EXACT_CARDS
from pinochle_tui.ai.rollout import Policy, play_out, weighing
from pinochle_tui.ai.solver import PlayoffSolver
from pinochle_tui.ai.world import World, build_state, sample_world
from pinochle_tui.engine.actions import Action, DeclareOut, ExchangeDix, Meld, Play, ShowDix
from pinochle_tui.engine.rules import PlayoffHead
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.state import GameState
from pinochle_tui.engine.tricks import reply_wins, trick_points
from pinochle_tui.engine.view import SeatView

#: Samples of the hidden cards per decision, for the hint and the review alike.
SAMPLES = 32
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96

Method = Literal["exact", "sampled", "played out"]


def hand_points(state: GameState, seat: Seat) -> int:
    """``seat``'s raw points of the hand so far: meld, card points won, and the
    last trick's bonus once it is taken."""
    rules = state.rules
    points = state.meld_points[seat] + trick_points(state.won[seat], rules.card_points)
    if state.tricks and state.tricks[-1].last and state.tricks[-1].winner == seat:
        points += rules.last_trick_bonus
    return points


def option_key(action: Action, view: SeatView) -> tuple[object, ...]:
    """What tells options apart for a player: the faces and where the cards come
    from (hand or table), and for a dix whether it has scored already. Two
    copies of one card in the same place are one option."""
    table = {c.id for c in view.tables[view.seat]}
    counted = {c.id for c in view.dix_counted}
    if isinstance(action, Play):
        return ("play", action.card.face.id, action.card.id in table)
    if isinstance(action, Meld):
        places = tuple(sorted((c.face.id, c.id in table) for c in action.cards))
        return ("meld", action.kind, places)
    if isinstance(action, ShowDix | ExchangeDix):
        return (type(action).__name__, action.card.face.id, action.card.id in counted)
    return (action,)


def distinct_options(view: SeatView, legal: Sequence[Action]) -> list[Action]:
    """The seat's options without declaring out, one per distinct choice, in the
    order of ``legal``."""
    seen: set[tuple[object, ...]] = set()
    out: list[Action] = []
    for action in legal:
        if isinstance(action, DeclareOut) or action.seat != view.seat:
            continue
        key = option_key(action, view)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


@dataclass(frozen=True, slots=True)
class Cost:
    """What choosing an option instead of the best one cost, in points of the
    difference: its mean, a 95% interval (the mean itself when exact), and the
    split into this seat's points lost and the opponent's points gained."""

    points: float
    low: float
    high: float
    mine: float
    theirs: float


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Each option's points at the end of the hand, this seat's (``mine``) and the
    opponent's (``theirs``), sample by sample (one line of play when exact)."""

    seat: Seat
    options: tuple[Action, ...]
    mine: tuple[tuple[float, ...], ...]
    theirs: tuple[tuple[float, ...], ...]
    method: Method
    #: Each option's key (``option_key``), to find the option an action is.
    keys: tuple[tuple[object, ...], ...]

    @property
    def samples(self) -> int:
        return len(self.mine[0]) if self.mine else 0

    def values(self, index: int) -> list[float]:
        """The difference (this seat minus the opponent) of option ``index``, per sample."""
        return [m - t for m, t in zip(self.mine[index], self.theirs[index], strict=True)]

    def value(self, index: int) -> float:
        return statistics.fmean(self.values(index))

    @property
    def ranking(self) -> list[int]:
        """The options' indices, best first (ties in the order of the options)."""
        return sorted(range(len(self.options)), key=lambda i: -self.value(i))

    @property
    def best(self) -> Action:
        return self.options[self.ranking[0]]

    def index(self, action: Action, view: SeatView) -> int:
        """The option ``action`` is (``ValueError`` if it is none of them)."""
        return self.keys.index(option_key(action, view))

    def cost(self, index: int, against: int | None = None) -> Cost:
        """What option ``index`` costs against option ``against`` (the best one by
        default); negative where ``index`` did better."""
        best = self.ranking[0] if against is None else against
        lost = [b - o for b, o in zip(self.values(best), self.values(index), strict=True)]
        mean = statistics.fmean(lost)
        spread = 0.0
        if self.method == "sampled" and len(lost) > 1:
            spread = Z95 * statistics.stdev(lost) / math.sqrt(len(lost))
        mine = statistics.fmean(self.mine[best]) - statistics.fmean(self.mine[index])
        theirs = statistics.fmean(self.theirs[index]) - statistics.fmean(self.theirs[best])
        return Cost(mean, mean - spread, mean + spread, mine, theirs)


def evaluate(view: SeatView, legal: Sequence[Action], samples: int = SAMPLES) -> Evaluation:
    """Every distinct option of ``view``'s seat (declaring out aside), valued from
    the view alone: sampled in the first phase, exact in the playoff."""
    options = distinct_options(view, legal)
    if view.playoff and len(view.hand) <= EXACT_CARDS:
        lines = PlayoffLines(view)
        points = [lines.points(option) for option in options]
        exact_mine = tuple((float(p[view.seat]),) for p in points)
        exact_theirs = tuple((float(p[view.seat.other]),) for p in points)
        return _evaluation(view, options, exact_mine, exact_theirs, "exact")
    if view.playoff:
        return _played(view, options, [_playoff_world(view)], "played out")
    return _played(view, options, sample_worlds(view, samples), "sampled")


def _played(
    view: SeatView, options: list[Action], worlds: list[World], method: Method
) -> Evaluation:
    """Every option played out in every world."""
    policy = _policy(view.seat)
    mine_rows: list[list[float]] = [[] for _ in options]
    theirs_rows: list[list[float]] = [[] for _ in options]
    for world in worlds:
        base = build_state(view, world)
        for index, option in enumerate(options):
            state = base.copy()
            state.apply(option)
            play_out(state, policy)
            mine_rows[index].append(hand_points(state, view.seat))
            theirs_rows[index].append(hand_points(state, view.seat.other))
    mine = tuple(tuple(row) for row in mine_rows)
    theirs = tuple(tuple(row) for row in theirs_rows)
    return _evaluation(view, options, mine, theirs, method)


def _policy(seat: Seat) -> Policy:
    """How the samples are played out: as the hard player plays them out,
    ``seat`` by hard's weighing and the opponent by normal's
    (``rollout.weighing``). The one-trick habit that spared only the melds in
    hand threw a meld's cards away once they were on the table: with three
    marriages in hand it rated drawing above melding the royal marriage."""
    own, other = KEEPING, NORMAL
    return weighing(own, other) if seat is Seat.SOUTH else weighing(other, own)


@dataclass(frozen=True, slots=True)
class Judgement:
    """An action judged: the best option found, and what the action cost against it."""

    best: Action
    cost: Cost
    method: Method
    samples: int
    options: int


def judge(
    view: SeatView, legal: Sequence[Action], taken: Action, samples: int = SAMPLES
) -> Judgement:
    """What ``taken`` cost, from ``view`` alone, against the best option.

    The best option is the one ``evaluate`` ranks first (the hint's). Sampled,
    the best of many noisy means looks better than it is; so its cost is then
    measured again, ``taken`` against it alone, in as many fresh deals: the
    estimate is fair, and where ``taken`` did as well there it costs nothing
    (its interval still says how sure that is). Exact, the cost is exact.
    """
    evaluation = evaluate(view, legal, samples)
    index = evaluation.index(taken, view)
    best = evaluation.ranking[0]
    option = evaluation.options[best]
    count = len(evaluation.options)
    if best == index or evaluation.method != "sampled":
        cost = evaluation.cost(index)
        found = option if cost.points > 0 else taken  # a tie is no loss
        return Judgement(found, cost, evaluation.method, evaluation.samples, count)
    check = _played(view, [option, taken], sample_worlds(view, samples, "check"), "sampled")
    cost = check.cost(1, against=0)
    if cost.points <= 0:  # as good as the best found, in fresh deals
        zero = Cost(0.0, cost.low, cost.high, 0.0, 0.0)
        return Judgement(taken, zero, "sampled", samples, count)
    return Judgement(option, cost, "sampled", samples, count)


def _evaluation(
    view: SeatView,
    options: list[Action],
    mine: tuple[tuple[float, ...], ...],
    theirs: tuple[tuple[float, ...], ...],
    method: Method,
) -> Evaluation:
    keys = tuple(option_key(option, view) for option in options)
    return Evaluation(view.seat, tuple(options), mine, theirs, method, keys)


def sample_worlds(view: SeatView, count: int, stream: str = "choose") -> list[World]:
    """``count`` guesses at the hidden cards, consistent with the view; the same
    view and ``stream`` always give the same guesses (so the hint and the review
    agree), another stream other guesses."""
    lead = -1 if view.lead is None else view.lead.id
    key = (
        f"pinochle-analysis:{stream}:{view.hand_no}:{view.trick_no}:{view.phase.value}:"
        f"{int(view.seat)}:{mask(view.hand)}:{mask(view.tables[view.seat])}:{lead}:"
        f"{len(view.melds)}"
    )
    rng = random.Random(key)
    know = Knowledge.from_view(view)
    return [sample_world(know, rng) for _ in range(count)]


def _playoff_world(view: SeatView) -> World:
    """The playoff hides nothing: every card the seat has not seen is the opponent's."""
    return World(mask(view.unseen), ())


class PlayoffLines:
    """Exact play of one playoff position from a seat's view, with one solver for
    the position and every one after it."""

    def __init__(self, view: SeatView) -> None:
        assert view.playoff and view.trump is not None
        self.view = view
        seat = view.seat
        mine, theirs = mask(view.hand), mask(view.opponent_known) | mask(view.unseen)
        self.hands = (mine, theirs) if seat is Seat.SOUTH else (theirs, mine)
        self.lead = view.lead.id if view.lead is not None else None
        self.trump = int(view.trump)
        rules = view.rules
        self.card_points = rules.card_points
        self.bonus = rules.last_trick_bonus
        head = rules.playoff_head is PlayoffHead.ALWAYS
        self.solver = PlayoffSolver.at(
            self.hands, int(view.to_act), self.lead, self.trump, self.card_points, head, self.bonus
        )

    def _after(self, card: int) -> tuple[tuple[int, int], int | None, int | None, list[int]]:
        """The position after the seat to act plays ``card``: hands, the seat to
        act next (None at the end), the card led, and the points the trick gave."""
        seat = int(self.view.to_act)
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        won = [0, 0]
        if self.lead is None:
            return (hands[0], hands[1]), 1 - seat, card, won
        winner = seat if reply_wins(self.lead, card, self.trump) else 1 - seat
        rank = self.card_points
        won[winner] = rank[(self.lead >> 1) & 7] + rank[(card >> 1) & 7]
        if not hands[0] | hands[1]:
            won[winner] += self.bonus
            return (hands[0], hands[1]), None, None, won
        return (hands[0], hands[1]), winner, None, won

    def future(self, option: Play) -> tuple[int, int]:
        """The points each seat (South, North) takes from here after ``option``,
        under best play by both."""
        hands, to_act, lead, won = self._after(option.card.id)
        if to_act is None:
            return won[0], won[1]
        rest = self.solver.solve(hands, to_act, lead).points
        return won[0] + rest[0], won[1] + rest[1]

    def points(self, option: Action) -> tuple[int, int]:
        """Each seat's raw points at the end of the hand after ``option``."""
        assert isinstance(option, Play)
        future = self.future(option)
        view = self.view
        return (
            view.meld_points[0] + view.won_points[0] + future[0],
            view.meld_points[1] + view.won_points[1] + future[1],
        )

    def tricks(self, option: Play) -> tuple[int, int]:
        """The tricks each seat (South, North) takes from here (the one in play
        included) when ``option`` is followed by best play on both sides."""
        hands, to_act, lead, _ = self._after(option.card.id)
        taken = [0, 0]
        if self.lead is not None:
            seat = int(self.view.to_act)
            winner = seat if reply_wins(self.lead, option.card.id, self.trump) else 1 - seat
            taken[winner] += 1
        while to_act is not None:
            card = self.solver.solve(hands, to_act, lead).best
            held = list(hands)
            held[to_act] &= ~(1 << card)
            if lead is None:
                hands, lead, to_act = (held[0], held[1]), card, 1 - to_act
                continue
            winner = to_act if reply_wins(lead, card, self.trump) else 1 - to_act
            taken[winner] += 1
            hands, lead = (held[0], held[1]), None
            to_act = winner if hands[0] | hands[1] else None
        return taken[0], taken[1]
