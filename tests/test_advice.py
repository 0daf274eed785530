"""The hint: the analysis's best action from the seat's view alone, with a reason
a player reads; legal, blind to the hidden cards, exact in the playoff."""

from __future__ import annotations

import random
from pathlib import Path

from pinochle_tui.ai.advice import Words, hint
from pinochle_tui.ai.analysis import evaluate
from pinochle_tui.ai.knowledge import Knowledge
from pinochle_tui.ai.solver import minimax_playoff
from pinochle_tui.ai.world import build_state, sample_world
from pinochle_tui.coach.review import review_file
from pinochle_tui.engine import (
    DeclareOut,
    Draw,
    GameState,
    Meld,
    MeldKind,
    Phase,
    Play,
    Rules,
    Seat,
    rounded,
    shuffled_deck,
)
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.record.session import GameSession
from tests.coach_helpers import throwaway_game
from tests.helpers import N, S, first_action, melder, random_action, won
from tests.record_helpers import PLAYERS

#: The hint's samples in tests: what they check does not depend on the number.
SAMPLES = 3


def positions(seed: int, count: int, rules: Rules | None = None) -> list[GameState]:
    """``count`` positions of random single deals, each a decision of the seat to act."""
    rules = rules or Rules(game="single-deal")
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        state = GameState.new(rules, dealer=N)
        state.deal(shuffled_deck(rules, rng))
        while state.phase in (Phase.LEAD, Phase.FOLLOW, Phase.MELD) and len(found) < count:
            if rng.random() < 0.2:
                found.append(state.copy())
            state.apply(random_action(state, rng))
    return found


def test_the_hint_is_always_a_legal_action() -> None:
    rules = [Rules(game="single-deal"), Rules(pack=64, deal_packet=3, last_draw="winner-chooses")]
    for seed, rule in enumerate(rules):
        for state in positions(seed, 25, rule):
            seat = state.to_act
            legal = state.legal_actions(seat)
            advice = hint(state.view(seat), legal, samples=SAMPLES)
            assert advice.action in legal and not isinstance(advice.action, DeclareOut)
            assert advice.reason and "\n" not in advice.reason


def test_the_hint_does_not_depend_on_the_cards_the_seat_cannot_see() -> None:
    """Two games alike in all the seat sees, unlike in the opponent's hidden cards
    and the stock: the same hint, word for word."""
    compared = 0
    for state in positions(11, 30):
        if state.playoff:
            continue  # nothing is hidden in the playoff
        seat = state.to_act
        view = state.view(seat)
        know = Knowledge.from_view(view)
        rng = random.Random(compared)
        one, two = (build_state(view, sample_world(know, rng)) for _ in range(2))
        if one.position() == two.position():
            continue
        # Through the position notation, as a bug report would carry them.
        one, two = (GameState.from_position(s.position(), s.rules) for s in (one, two))
        assert one.view(seat) == two.view(seat)
        first = hint(one.view(seat), one.legal_actions(seat), samples=SAMPLES)
        second = hint(two.view(seat), two.legal_actions(seat), samples=SAMPLES)
        assert (first.action, first.reason) == (second.action, second.reason)
        compared += 1
    assert compared >= 15


def test_in_the_playoff_every_option_is_valued_exactly() -> None:
    """The analysis agrees with the reference minimax (no pruning, no tables) on
    the last few tricks of random deals."""
    checked = 0
    for state in positions(5, 200):
        if not state.playoff or len(state.hand(state.to_act)) > 4:
            continue
        seat = state.to_act
        view = state.view(seat)
        found = evaluate(view, state.legal_actions(seat))
        assert found.method == "exact" and found.samples == 1
        best = max(found.value(i) for i in range(len(found.options)))
        hands = (state.hands[0], state.hands[1])
        points = state.rules.card_points
        solved = minimax_playoff(hands, seat, state.trump, points, False, state.lead)
        future = solved.points[seat] - solved.points[seat.other]
        now = [state.meld_points[s] + view.won_points[s] for s in Seat]
        assert best == now[seat] - now[seat.other] + future
        checked += 1
    assert checked >= 10


def test_the_hint_before_the_thrown_trick_says_exactly_why() -> None:
    thrown = throwaway_game(None)
    state = thrown.before
    advice = hint(state.view(S), state.legal_actions(S))
    assert advice.action == thrown.best  # the A♣
    assert advice.reason == (
        "wins the trick with the A♣; in the playoff this is exactly best: "
        "you take 3 of the last 4 tricks"
    )
    assert hint(state.view(S), state.legal_actions(S), ascii_only=True).reason.startswith(
        "wins the trick with the AC;"
    )


def test_a_count_at_the_target_is_advised_to_declare_out() -> None:
    state = positions(2, 1, Rules())[0]
    seat = state.to_act
    fields = dict(field.split("=", 1) for field in state.position().split())
    scores = [int(points) for points in fields["meld"].split(",")]  # scores hold the meld
    scores[seat] += 1000
    text = state.position().replace(f"scores={fields['scores']}", f"scores={scores[0]},{scores[1]}")
    state = GameState.from_position(text, Rules())
    advice = hint(state.view(seat), state.legal_actions(seat))
    view = state.view(seat)
    count = view.scores[seat] + rounded(view.won_points[seat])
    assert advice.action == DeclareOut(seat) and count >= 1000
    assert advice.reason == f"your count is {count}, at the target of 1000: declaring out wins now"


def test_a_single_choice_is_named_as_such() -> None:
    for state in positions(9, 300):
        seat = state.to_act
        plays = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
        if state.playoff and state.lead is not None and len({p.card.face for p in plays}) == 1:
            advice = hint(state.view(seat), state.legal_actions(seat))
            assert advice.action.seat == seat and advice.evaluation is None
            assert advice.reason.endswith(": it is your only choice")
            wins = reply_wins(state.lead, plays[0].card.id, state.trump)
            assert advice.reason.startswith("wins the trick" if wins else "lets the trick go")
            return
    raise AssertionError("no single choice found")


def test_a_player_who_follows_every_hint_loses_nothing_in_the_review(tmp_path: Path) -> None:
    session = GameSession.new(
        Rules(game="single-deal"), PLAYERS, seed=8, save_dir=tmp_path, first_dealer=N
    )
    session.deal()
    while not session.state.is_over:
        state = session.state
        seat = state.to_act
        if seat is S:
            session.apply(hint(state.view(S), state.legal_actions(S), samples=SAMPLES).action)
        else:
            session.apply(first_action(state))
    assert session.path is not None
    review = review_file(session.path, samples=SAMPLES)
    assert len(review.decisions) > 10
    assert all(d.cost == 0 and d.best == d.taken for d in review.decisions)
    assert review.totals[0].points_lost == 0


def test_a_marriage_advised_before_the_royal_marriage_says_it_keeps_the_royal() -> None:
    """Spades trumps, K♠ Q♠ and K♥ Q♥ held, a trick won: the plain marriage first
    is the sound order (the trump K Q are kept anyway; the heart K Q, cards to
    throw, are banked), and the hint says the royal marriage is kept for later."""
    state = melder("KS QS KH QH", "JS")
    won(state)
    legal = state.legal_actions(S)
    advice = hint(state.view(S), legal)
    assert isinstance(advice.action, Meld) and advice.action.kind is MeldKind.MARRIAGE
    assert advice.reason.startswith(
        "melds the marriage for 20, keeping your royal marriage for later; "
    ), advice.reason
    royal = next(a for a in legal if isinstance(a, Meld) and a.kind is MeldKind.ROYAL_MARRIAGE)
    assert Words(state.view(S)).does(royal) == "melds the royal marriage for 40"


def test_every_meld_is_worth_more_than_drawing_with_three_marriages_in_hand() -> None:
    """Spades trumps, three marriages held, a trick won. Played out by a habit
    that spared only the melds in hand, the royal marriage's K♠ Q♠ were thrown
    away once on the table: melding 40 rated no better than drawing, and
    the review would have called the meld a mistake. Played out as the hard
    player plays, each meld is worth more than the draw."""
    state = melder("KS QS KH QH KC QC", "JS")
    won(state)
    view = state.view(S)
    found = evaluate(view, state.legal_actions(S))
    draw = next(i for i, a in enumerate(found.options) if isinstance(a, Draw))
    melds = [i for i, a in enumerate(found.options) if isinstance(a, Meld)]
    assert len(melds) == 3
    for index in melds:
        assert found.value(index) > found.value(draw) + 5, found.options[index]
