"""A fast policy that plays a sampled hand out to its end, for the hard player.

It sees the whole (sampled) state and looks one trick ahead, which is cheap
enough to play hundreds of hands a second; once the playoff is down to
``EXACT_CARDS`` cards a hand, where solving costs well under a millisecond,
both seats play it exactly. With ``keep_melds`` (the analysis behind the hint
and the review) the quick policy also keeps back, in the first phase, the cards
of the melds a seat could make, as a player saving them for a trick won would.
"""

from __future__ import annotations

from pinochle_tui.ai.heuristic import quick_card
from pinochle_tui.ai.solver import PlayoffSolver
from pinochle_tui.engine.actions import Action, Draw, ExchangeDix, Meld, Play, ShowDix
from pinochle_tui.engine.cards import CARDS, ids_of
from pinochle_tui.engine.melds import legal_ways
from pinochle_tui.engine.rules import PlayoffHead
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.state import GameState
from pinochle_tui.engine.tricks import playoff_replies, trick_points
from pinochle_tui.engine.view import Phase

_PLAYING = (Phase.LEAD, Phase.FOLLOW, Phase.MELD)

#: Hand size from which a rollout plays the rest of the playoff exactly.
EXACT_CARDS = 6


def play_out(state: GameState, keep_melds: bool = False) -> None:
    """Play the hand to its end with the quick policy for both seats, and the
    end of the playoff exactly (``keep_melds``: see the module's docstring).

    Every action is legal by construction (a winner's option from
    ``legal_actions``, a card from the seat's legal cards), so it goes through
    the engine's unchecked ``apply_legal``, here and in ``final_scores``.
    """
    solver = _play_quick(state, keep_melds)
    while state.phase in _PLAYING:
        assert solver is not None
        seat, hands = state.to_act, (state.hands[0], state.hands[1])
        state.apply_legal(Play(seat, CARDS[solver.solve(hands, seat, state.lead).best]))


def final_scores(state: GameState) -> tuple[int, int]:
    """The scores ``play_out`` ends the hand with, for a single deal (``world.
    build_state``): the exact end is not played out card by card, its value
    comes from one solve. The state is left where the exact end begins."""
    solver = _play_quick(state)
    if solver is None:
        return state.scores[0], state.scores[1]
    hands = (state.hands[0], state.hands[1])
    rest = solver.solve(hands, state.to_act, state.lead).points
    points = state.rules.card_points
    south, north = (
        state.scores[s] + rounded(trick_points(state.won[s], points) + rest[s]) for s in Seat
    )
    return south, north


def _play_quick(state: GameState, keep_melds: bool = False) -> PlayoffSolver | None:
    """Play the quick policy until the hand ends (None) or the playoff is
    down to ``EXACT_CARDS`` cards a hand (the solver of that position)."""
    head = state.rules.playoff_head is PlayoffHead.ALWAYS
    while state.phase in _PLAYING:
        seat = state.to_act
        if state.phase is Phase.MELD:
            state.apply_legal(_winner_action(state, seat))
            continue
        hands = (state.hands[0], state.hands[1])
        if state.playoff and hands[seat].bit_count() <= EXACT_CARDS:
            rules = state.rules
            points, bonus = rules.card_points, rules.last_trick_bonus
            return PlayoffSolver.at(hands, seat, state.lead, state.trump, points, head, bonus)
        state.apply_legal(Play(seat, CARDS[_quick_card(state, seat, head, keep_melds)]))
    return None


def _winner_action(state: GameState, seat: Seat) -> Action:
    """Dix first, then the biggest meld, then draw."""
    best: Meld | None = None
    for action in state.legal_actions(seat):
        if isinstance(action, ExchangeDix | ShowDix):
            return action
        if isinstance(action, Meld) and (best is None or action.points > best.points):
            best = action
    return best if best is not None else Draw(seat)


def _quick_card(state: GameState, seat: Seat, head: bool, keep_melds: bool = False) -> int:
    """The one-trick habit (``quick_card``), knowing both hands in the playoff;
    with ``keep_melds``, sparing the cards of the melds the seat could make."""
    lead = state.lead
    if state.playoff and lead is not None:
        cards = playoff_replies(state.hands[seat], lead, state.trump, head)
    else:
        cards = state.hands[seat] | state.tables[seat]
        if keep_melds and not state.playoff:
            cards = _spare(state, seat, cards)
    theirs = state.hands[seat.other] if state.playoff else None
    return quick_card(ids_of(cards), lead, state.trump, state.rules.card_points, theirs)


def _spare(state: GameState, seat: Seat, cards: int) -> int:
    """``cards`` less those of the melds ``seat`` could make now, unless that is all."""
    hand, table = state.hands[seat], state.tables[seat]
    kept = 0
    for way in legal_ways(state.patterns, hand, table, state.history):
        kept |= way.mask
    return cards & ~kept or cards
