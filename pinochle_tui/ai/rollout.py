"""Fast policies that play a sampled hand out to its end, for the hard player.

They see the whole (sampled) state and look one trick ahead, which is cheap
enough to play hundreds of hands a second; once the playoff is down to
``EXACT_CARDS`` cards a hand, where solving costs about a millisecond, both
seats play it exactly. Before that, the playoff's tricks go by a one-trick
habit that knows both hands and the opponent's legal replies
(``heuristic.playoff_habit``), and the first phase's by a ``Policy``:

- ``habit_card``: the one-trick habit (``heuristic.quick_card``);
- ``sparing_card``: the habit sparing the cards of the melds a seat could
  make, as a player saving them for a trick won would (the analysis behind
  the hint and the review);
- ``weighed_card``: the normal player's weighing of every play, at mask level,
  with normal's weights or others (``weighing``: the hard and expert players'
  play-outs, their own seat by their weights and the opponent by normal's).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from pinochle_tui.ai.appraisal import NORMAL, Weights
from pinochle_tui.ai.heuristic import SUIT_MASKS, dix_to_score, playoff_habit, quick_card
from pinochle_tui.ai.solver import PlayoffSolver, solve_playoff
from pinochle_tui.engine.actions import Action, Draw, ExchangeDix, Meld, Play, ShowDix
from pinochle_tui.engine.cards import CARDS, ids_of
from pinochle_tui.engine.melds import legal_ways
from pinochle_tui.engine.rules import PlayoffHead
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.state import GameState
from pinochle_tui.engine.tricks import trick_points
from pinochle_tui.engine.view import Phase

_PLAYING = (Phase.LEAD, Phase.FOLLOW, Phase.MELD)

#: A first-phase card policy: the card id ``seat`` plays in ``state``, one of
#: its hand or table cards.
Policy = Callable[[GameState, Seat], int]

#: Hand size from which a rollout plays the rest of the playoff exactly (from
#: 8 cards rather than 6: a third closer to the exact value, at about 0.5 ms
#: more a play-out; see ``heuristic.playoff_habit``).
EXACT_CARDS = 8


def habit_card(state: GameState, seat: Seat) -> int:
    """The one-trick habit (``quick_card``) over the seat's hand and table."""
    cards = state.hands[seat] | state.tables[seat]
    return quick_card(ids_of(cards), state.lead, state.trump, state.rules.card_points)


def sparing_card(state: GameState, seat: Seat) -> int:
    """The one-trick habit, sparing the cards of the melds ``seat`` could make
    now (unless that is all it has)."""
    hand, table = state.hands[seat], state.tables[seat]
    kept = 0
    for way in legal_ways(state.patterns, hand, table, state.history):
        kept |= way.mask
    cards = (hand | table) & ~kept or hand | table
    return quick_card(ids_of(cards), state.lead, state.trump, state.rules.card_points)


def weighed_card(state: GameState, seat: Seat, weights: Weights = NORMAL) -> int:
    """The play ``heuristic.play_scores`` would weigh best by ``weights``, at mask level.

    The same terms, cheaper: trick points won or lost, ``meld_chance`` of the
    best meld (or dix) left to score after a trick won, the last draw's bonus,
    and what the card is worth keeping: its strength (``trump_keep``,
    ``plain_keep``), the points of the melds it is needed for now, and a share
    of the melds one drawn card away (``_near_melds``). A lead wins if no card
    this seat has not seen (the opponent's, the stock's) can beat it.

    It is a model of the normal player as much as a policy: the play-outs
    play the opponent by it. Over 60 hands between two normal players it
    picks normal's card at 96% of the leads and 95% of the replies (knowing
    the opponent's cards for the lead and only the melds made now, it picked
    69% and 78%).
    """
    trump, points = state.trump, state.rules.card_points
    hand, table = state.hands[seat], state.tables[seat]
    ways = legal_ways(state.patterns, hand, table, state.history)
    # Each meld by its faces, with the cards every set of physical cards that
    # makes it holds: a card is needed for it only if every set holds it.
    needed: dict[tuple[int, int], int] = {}
    for way in ways:
        faces = (way.kind.points, way.mask | way.mask >> 1)
        needed[faces] = needed.get(faces, way.mask) & way.mask
    melds = [(meld_points, mask) for (meld_points, _), mask in needed.items()]
    # The melds left to make after a trick won, the richest first.
    richest = sorted(((way.kind.points, way.mask) for way in ways), reverse=True)
    lead = state.lead
    other = seat.other
    theirs = state.hands[other] | state.tables[other]
    for stocked in state.stock:
        theirs |= 1 << stocked
    their_trumps = theirs & SUIT_MASKS[trump]
    unseen = theirs & ~state.tables[other] & ~state.public[other]
    near = _near_melds(state, hand | table, unseen, weights.later)
    dix = (
        weights.dix_chance
        if dix_to_score(hand, trump, state.rules, state.turn_up, state.dix_counted)
        else 0
    )
    last = weights.last_draw if len(state.stock) == 1 else 0
    trump_keep, plain_keep = weights.trump_keep, weights.plain_keep
    meld_chance = weights.meld_chance
    best_card, best_value = -1, -float("inf")
    cards = hand | table
    while cards:
        bit = cards & -cards
        cards ^= bit
        card = bit.bit_length() - 1
        rank, suit = (card >> 1) & 7, card >> 4
        keep: float = trump_keep[rank] if suit == trump else plain_keep[rank]
        for meld_points, mask in melds:
            if mask & bit:
                keep += meld_points
        for near_mask, value in near:
            if near_mask & bit:
                keep += value
        if lead is None:
            higher = theirs & SUIT_MASKS[suit] & ((1 << ((card >> 1) << 1)) - 1)
            wins = not higher and (suit == trump or not their_trumps)
            trick = points[rank]
            lost = trick if trick >= 10 else trick / 2
        else:
            # tricks.reply_wins, inline:
            wins = card >> 1 < lead >> 1 if suit == lead >> 4 else suit == trump
            trick = lost = points[(lead >> 1) & 7] + points[rank]
        if wins:
            after = dix
            for meld_points, mask in richest:
                if not mask & bit:
                    after = meld_points + dix
                    break
            value = trick + meld_chance * after + last - keep
        else:
            value = -lost - keep
        if value > best_value:
            best_card, best_value = card, value
    return best_card


def weighing(south: Weights, north: Weights) -> Policy:
    """``weighed_card`` with each seat's own weights: a player's play-outs
    weigh its plays its own way and model the opponent by normal's."""
    by_seat = (south, north)

    def policy(state: GameState, seat: Seat) -> int:
        return weighed_card(state, seat, by_seat[seat])

    return policy


def _near_melds(state: GameState, owned: int, unseen: int, later: float) -> list[tuple[int, float]]:
    """The melds one card away, as normal's appraisal counts them (but not
    asking whether the reuse rule would allow them): the cards of ``owned``
    each one needs (losing one puts it two away) and its worth, ``later``
    times the chance of drawing the missing card times its points."""
    draws = (len(state.stock) + 1) // 2
    if not draws or not unseen:
        return []
    pool = unseen.bit_count()
    found: list[tuple[int, float]] = []
    for pattern in state.patterns:
        held = owned & pattern.copies
        if held.bit_count() < len(pattern.faces) - 1:
            continue  # two cards or more short, however they are held
        missing, needed = -1, 0
        for face, want in pattern.counts:
            have = held >> face & 3
            short = want - have.bit_count()
            if short > 0:
                if short > 1 or missing >= 0:
                    break
                missing = face
            if want == 2 or have != 3:
                needed |= have << face
        else:
            if missing >= 0:
                out = (unseen >> missing & 3).bit_count()
                if out:
                    chance = 1.0 - (1.0 - out / pool) ** draws
                    found.append((needed, later * pattern.kind.points * chance))
    return found


def play_out(state: GameState, policy: Policy = habit_card) -> None:
    """Play the hand to its end with ``policy`` for both seats in the first
    phase, the playoff's habit (``heuristic.playoff_habit``) in the playoff, and its end
    exactly.

    Every action is legal by construction (a winner's option from
    ``legal_actions``, a card from the seat's legal cards), so it goes through
    the engine's unchecked ``apply_legal``, here and in ``final_scores``.
    """
    if not _play_quick(state, policy):
        return
    head, points, bonus = _playoff_rules(state)
    hands = (state.hands[0], state.hands[1])
    solver = PlayoffSolver.at(hands, state.to_act, state.lead, state.trump, points, head, bonus)
    while state.phase in _PLAYING:
        seat, hands = state.to_act, (state.hands[0], state.hands[1])
        best = solver.solve(hands, seat, state.lead, taken=_taken(state)).best
        state.apply_legal(Play(seat, CARDS[best]))


def final_scores(state: GameState, policy: Policy = habit_card) -> tuple[int, int]:
    """The scores ``play_out`` ends the hand with, for a single deal (``world.
    build_state``): the exact end is not played out card by card, its value
    comes from one solve. The state is left where the exact end begins."""
    if not _play_quick(state, policy):
        return state.scores[0], state.scores[1]
    hands = (state.hands[0], state.hands[1])
    taken = _taken(state)
    rest = _exact_end(hands, state.to_act, state.lead, state.trump, *_playoff_rules(state), taken)
    south, north = (state.scores[s] + rounded(taken[s] + rest[s]) for s in Seat)
    return south, north


@lru_cache(maxsize=1 << 14)
def _exact_end(
    hands: tuple[int, int],
    to_act: Seat,
    lead: int | None,
    trump: int,
    head: bool,
    points: tuple[int, ...],
    bonus: int,
    taken: tuple[int, int],
) -> tuple[int, int]:
    """The points each seat takes from the exact end of a play-out, as
    ``solver.solve_playoff`` finds them. Remembered: about one play-out in
    seven ends where another one has (15% of those of three deals between
    expert and hard), often candidates that the playoff tells apart no more."""
    return solve_playoff(hands, to_act, trump, points, head, lead, bonus, taken).points


def _playoff_rules(state: GameState) -> tuple[bool, tuple[int, ...], int]:
    """The rules the playoff's solve takes: whether a follower must always
    head the trick, the card points and the last trick's bonus."""
    rules = state.rules
    return rules.playoff_head is PlayoffHead.ALWAYS, rules.card_points, rules.last_trick_bonus


def _taken(state: GameState) -> tuple[int, int]:
    """The trick points each seat has won this hand."""
    points = state.rules.card_points
    return trick_points(state.won[0], points), trick_points(state.won[1], points)


def _play_quick(state: GameState, policy: Policy) -> bool:
    """Play until the hand ends (False) or the playoff is down to
    ``EXACT_CARDS`` cards a hand (True)."""
    head = state.rules.playoff_head is PlayoffHead.ALWAYS
    while state.phase in _PLAYING:
        seat = state.to_act
        if state.phase is Phase.MELD:
            state.apply_legal(_winner_action(state, seat))
            continue
        if not state.playoff:
            state.apply_legal(Play(seat, CARDS[policy(state, seat)]))
            continue
        hands = (state.hands[0], state.hands[1])
        if hands[seat].bit_count() <= EXACT_CARDS:
            return True
        theirs, lead = state.hands[seat.other], state.lead
        card = playoff_habit(hands[seat], theirs, lead, state.trump, state.rules.card_points, head)
        state.apply_legal(Play(seat, CARDS[card]))
    return False


def _winner_action(state: GameState, seat: Seat) -> Action:
    """Dix first, then the biggest meld, then draw."""
    best: Meld | None = None
    for action in state.legal_actions(seat):
        if isinstance(action, ExchangeDix | ShowDix):
            return action
        if isinstance(action, Meld) and (best is None or action.points > best.points):
            best = action
    return best if best is not None else Draw(seat)
