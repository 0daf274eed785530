"""What the opponent's play says about its hidden cards: a weight for each world.

A world (``world.World``) guesses the opponent's concealed cards. Some guesses
fit its play badly: it won a trick and did not meld a meld it would have held,
did not show a dix it would have held, let a counter go when it would have
held a cheap card that takes it, led a card while it would have held a
cheaper one to lead. Each such past decision (a ``Moment``)
multiplies the world's weight by the chance a sensible player would have
played that way with those cards, never less than a floor (``MELD_KEPT``...),
so no world consistent with the view ever gets zero weight: the true one
included.

What the opponent held at a past moment is its cards now, plus the cards it
has played since, less the cards it has drawn since; which ones it drew is not
known, so ``Moment.held`` takes them as drawn at random from the cards not
known to be older.

Only the first phase says anything new: at the last draw the two cards drawn
are shown (the view names them), and in the playoff every card is known. The
timing of the opponent's melds and dix is not in the view; ``Memory`` records
it from the views a player is given, and without it (a player asked in the
middle of a hand) the signals that need it are left out.

``sample`` draws worlds by weight (rejection sampling with a cap on tries).

One more signal needs the whole state of a world, not just the opponent's
cards: the card the opponent has just led (``fits_lead``). The play-outs
model the opponent as the normal player (``rollout.weighed_card``); a world
where that model would have led another card is kept only at the chance
``MODEL_MISSED``. The lead is made with the cards held now (no draw since),
so no guess about draws blurs it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Flag, auto

from pinochle_tui.ai.appraisal import NORMAL, Weights
from pinochle_tui.ai.heuristic import TAKE_BONUS, card_cost
from pinochle_tui.ai.knowledge import Knowledge, mask
from pinochle_tui.ai.rollout import weighed_card
from pinochle_tui.ai.world import World, sample_world
from pinochle_tui.engine.cards import rank_of
from pinochle_tui.engine.deck import pack
from pinochle_tui.engine.melds import MeldHistory, legal_ways
from pinochle_tui.engine.state import GameState
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.engine.view import Phase, SeatView

#: The chance a player wins a trick and melds nothing while it holds a meld.
MELD_KEPT = 0.1
#: ... melds something worth less than another meld it holds (sometimes wise:
#: a smaller meld first can leave both to score).
MELD_SMALLER = 0.5
#: ... wins a trick and does not show (or exchange) a dix it holds.
DIX_KEPT = 0.05
#: ... lets a counter (10 points or more) go while holding a cheap card that takes it.
COUNTER_LET_GO = 0.3
#: ... leads a plain card below the ace while holding a card cheaper by
#: ``LEAD_MARGIN`` (``heuristic.card_cost``) to lead instead.
LEAD_DEARER = 0.4
LEAD_MARGIN = 2
#: ... leads another card than the model of normal (``rollout.weighed_card``)
#: would lead in its place, with the cards it holds.
MODEL_MISSED = 0.25
#: Past decisions of each kind looked at, the latest first: the draws since
#: blur older ones.
LOOK_BACK = 6
#: Uniform worlds tried for each weighted one before the likeliest tried is taken.
TRIES = 24


class Signal(Flag):
    """The kinds of evidence the weight uses (all by default; fewer for the ablation)."""

    NONE = 0
    MELDS = auto()
    DIX = auto()
    COUNTERS = auto()
    LEADS = auto()
    MODEL = auto()
    ALL = MELDS | DIX | COUNTERS | LEADS | MODEL

    @classmethod
    def parse(cls, names: str) -> Signal:
        """``melds,dix``, ``all`` or ``none``."""
        found = cls.NONE
        for name in filter(None, names.lower().split(",")):
            found |= cls[name.upper()]
        return found


class Memory:
    """What a player saw at its own decisions this hand: the number of melds
    and of counted dixes at its first card decision after each trick.

    The opponent's winner turn after a trick falls between two such decisions,
    so what it melded there is read off the difference. A view from earlier in
    the hand than the last one (a move taken back) forgets what came after it.
    """

    def __init__(self) -> None:
        self.hand_no = -1
        self.melds: dict[int, int] = {}
        self.dix: dict[int, int] = {}

    def record(self, view: SeatView) -> None:
        if view.hand_no != self.hand_no:
            self.hand_no, self.melds, self.dix = view.hand_no, {}, {}
        now = view.trick_no
        for table in (self.melds, self.dix):
            for later in [t for t in table if t > now]:
                del table[later]
        if view.phase in (Phase.LEAD, Phase.FOLLOW) and now not in self.melds:
            self.melds[now] = len(view.melds)
            self.dix[now] = len(view.dix_counted)

    def between(self, trick: int) -> tuple[int, int, bool] | None:
        """For the winner turn after trick index ``trick`` (0-based): the
        melds list's length before and after it, and whether a dix was counted
        in it; None if this player did not see both sides."""
        if trick not in self.melds or trick + 1 not in self.melds:
            return None
        dix = self.dix[trick + 1] > self.dix[trick]
        return self.melds[trick], self.melds[trick + 1], dix


@dataclass(frozen=True, slots=True)
class Moment:
    """A past decision of the opponent and what it tells.

    ``played`` are the cards it has played since (they were in its hands
    then), ``certain`` those it surely held then, ``draws`` the cards it has
    drawn since.
    """

    played: int
    certain: int
    draws: int
    #: A winner turn: the melds it could have made (patterns, table, history)
    #: and the points of the one it made (0: none); None when not known.
    made: int | None = None
    table: int = 0
    history: MeldHistory | None = None
    #: A winner turn whose dix action was free, and the dix cards not counted.
    dix: int = 0
    #: A counter let go, or a card led: the cards it would have played
    #: instead (cheap cards that take the counter, cheaper cards to lead).
    instead: int = 0
    floor: float = 1.0

    def held(self, possible: int, cards: int) -> float:
        """The chance all of ``cards`` were held then, given what it may hold now
        (``possible``, with the cards played since)."""
        if cards & ~possible:
            return 0.0
        pool = possible & ~self.certain
        n, s, d = pool.bit_count(), (cards & pool).bit_count(), self.draws
        chance = 1.0
        for i in range(s):
            chance *= max(0, n - d - i) / (n - i)
        return chance

    def none_held(self, possible: int, cards: int) -> float:
        """The chance none of ``cards`` was held then: each was drawn since."""
        cards &= possible
        if cards & self.certain:
            return 0.0
        n, s, d = (possible & ~self.certain).bit_count(), cards.bit_count(), self.draws
        chance = 1.0
        for i in range(s):
            chance *= max(0, d - i) / (n - i)
        return chance


@dataclass(slots=True)
class Evidence:
    """The opponent's past decisions from one view: ``weight`` scores a world."""

    know: Knowledge
    moments: list[Moment] = field(default_factory=list)

    def weight(self, world: World) -> float:
        """The world's likelihood, in (0, 1]: 1 when nothing speaks against it."""
        know = self.know
        now = know.opp_known | know.opp_table | world.opp_hidden
        weight = 1.0
        for moment in self.moments:
            possible = now | moment.played
            if moment.instead:
                held = 1.0 - moment.none_held(possible, moment.instead)
                weight *= 1.0 - (1.0 - moment.floor) * held
                continue
            dix = moment.dix & possible
            while dix:
                low = dix & -dix
                dix ^= low
                weight *= 1.0 - (1.0 - DIX_KEPT) * moment.held(possible, low)
            if moment.made is not None:
                weight *= 1.0 - (1.0 - moment.floor) * self._meld_held(moment, possible)
        return weight

    def _meld_held(self, moment: Moment, possible: int) -> float:
        """The best chance it held a meld worth more than the one it made."""
        assert moment.history is not None and moment.made is not None
        hand = possible & ~moment.table
        best = 0.0
        for way in legal_ways(self.know.patterns, hand, moment.table, moment.history):
            if way.kind.points > moment.made:
                best = max(best, moment.held(possible, way.mask))
                if best == 1.0:
                    break
        return best

    def sample(self, rng: random.Random, tries: int = TRIES) -> World:
        """A world drawn by weight: the first of up to ``tries`` uniform worlds
        that a weighted coin accepts, else the likeliest of them."""
        best, best_weight = sample_world(self.know, rng), -1.0
        if not self.moments:
            return best
        for _ in range(tries):
            world = sample_world(self.know, rng)
            weight = self.weight(world)
            if rng.random() < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        return best


def evidence(
    view: SeatView, know: Knowledge, memory: Memory | None, signals: Signal = Signal.ALL
) -> Evidence:
    """The opponent's decisions of this hand that ``signals`` look at, latest first."""
    found = Evidence(know)
    if view.playoff or not signals:
        return found
    opp = view.seat.other
    tricks = view.tricks
    count = len(tricks)
    # The cards the opponent played, by trick index; a lead now counts as the next trick.
    plays = [t.lead.bit if t.leader == opp else t.reply.bit for t in tricks]
    if view.lead is not None and view.leader == opp:
        plays.append(view.lead.bit)
    after = [0] * (count + 2)
    for index in range(len(plays) - 1, -1, -1):
        after[index] = after[index + 1] | plays[index]
    dix = _uncounted_dix(view)
    turns = follows = leads = 0
    for index in range(count - 1, -1, -1):
        trick = tricks[index]
        draws = count - index
        if trick.winner == opp and turns < LOOK_BACK:
            turns += 1
            moment = _winner_turn(view, memory, signals, index, after[index + 1], draws, dix)
            if moment is not None:
                found.moments.append(moment)
        if trick.leader != opp and Signal.COUNTERS in signals and follows < LOOK_BACK:
            follows += 1
            moment = _counter_let_go(view, index, after[index], draws)
            if moment is not None:
                found.moments.append(moment)
        if trick.leader == opp and Signal.LEADS in signals and leads < LOOK_BACK:
            leads += 1
            moment = _lead(view, trick.lead.id, after[index], draws)
            if moment is not None:
                found.moments.append(moment)
    if view.lead is not None and view.leader == opp and Signal.LEADS in signals:
        moment = _lead(view, view.lead.id, after[count], 0)
        if moment is not None:
            found.moments.append(moment)
    return found


def _uncounted_dix(view: SeatView) -> int:
    """The dix cards not counted yet."""
    assert view.trump is not None
    face = (int(view.trump) * 8 + view.rules.dix_rank) << 1
    return 3 << face & ~mask(view.dix_counted)


def _winner_turn(
    view: SeatView,
    memory: Memory | None,
    signals: Signal,
    index: int,
    played: int,
    draws: int,
    dix: int,
) -> Moment | None:
    """The opponent's turn after winning trick ``index``: the meld it made (if
    this player saw the turn) and the dix it did not show."""
    opp = view.seat.other
    seen = memory.between(index) if memory is not None else None
    made: int | None = None
    table, history = 0, None
    if seen is not None and Signal.MELDS in signals:
        before, upto, _ = seen
        history = MeldHistory()
        for record in view.melds[:before]:
            history.record(record.kind, [c.id for c in record.cards])
            if record.seat == opp:
                table |= mask(record.cards)
        gone = sum(t.lead.bit if t.leader == opp else t.reply.bit for t in view.tricks[: index + 1])
        table &= ~gone
        mine = [m.points for m in view.melds[before:upto] if m.seat == opp]
        made = max(mine, default=0)
    # The dix action was free: known from the memory, or no dix counted at all.
    dix_free = not seen[2] if seen is not None else not view.dix_counted
    shown = dix if Signal.DIX in signals and dix_free else 0
    if made is None and not shown:
        return None
    floor = MELD_SMALLER if made else MELD_KEPT
    return Moment(played, table, draws, made, table, history, shown, floor=floor)


def _counter_let_go(view: SeatView, index: int, played: int, draws: int) -> Moment | None:
    """The opponent's reply to our lead in trick ``index``, if it let a counter
    go: the cheap cards that would have taken it are evidence it had none."""
    assert view.trump is not None
    trick = view.tricks[index]
    points = view.rules.card_points
    lead, reply, trump = trick.lead.id, trick.reply.id, int(view.trump)
    if trick.winner != trick.leader or points[lead >> 1 & 7] < 10:
        return None
    limit = card_cost(reply, trump, points) + points[lead >> 1 & 7] + TAKE_BONUS
    takers = sum(
        card.bit
        for card in pack(view.rules)
        if reply_wins(lead, card.id, trump) and card_cost(card.id, trump, points) < limit
    )
    takers &= ~trick.reply.bit
    if not takers:
        return None
    return Moment(played, trick.reply.bit, draws, instead=takers, floor=COUNTER_LET_GO)


def _lead(view: SeatView, led: int, played: int, draws: int) -> Moment | None:
    """The opponent's lead of ``led``: a plain card below the ace is led to
    lose cheaply, so the cheaper plain cards are evidence it had none."""
    assert view.trump is not None
    trump, points = int(view.trump), view.rules.card_points
    if led >> 4 == trump or rank_of(led) == 0:
        return None
    limit = card_cost(led, trump, points) - LEAD_MARGIN
    cheaper = sum(
        card.bit
        for card in pack(view.rules)
        if card.id >> 4 != trump and card_cost(card.id, trump, points) <= limit
    )
    if not cheaper:
        return None
    return Moment(played, 1 << led, draws, instead=cheaper, floor=LEAD_DEARER)


def fits_lead(view: SeatView, state: GameState, weights: Weights = NORMAL) -> bool:
    """Whether the model of the opponent (``rollout.weighed_card`` by
    ``weights``, normal's unless given others) would have led the card the
    opponent has just led (``view.lead``), with the cards it holds in
    ``state`` (a world of ``view``). ``state`` is left as it was."""
    assert view.lead is not None and view.leader != view.seat
    opp, led = view.seat.other, view.lead.id
    bit = 1 << led
    melded = 0  # a card may be in more than one meld
    for record in view.melds:
        if record.seat == opp:
            melded |= mask(record.cards)
    place = state.tables if melded & bit else state.hands
    place[opp] |= bit
    state.lead = None
    try:
        return weighed_card(state, opp, weights) == led
    finally:
        place[opp] ^= bit
        state.lead = led
