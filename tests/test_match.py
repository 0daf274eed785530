"""The match (R19..R23): the end-of-hand check and escalation, declaring out
(standard, alternative 1 and 2), the single deal, and the deal alternating.

Seeded hands are played with ``greedy_action``. Seed 0 (North deals) scores melds
220/200 and tricks 167/83 (rounded 170/80): South +390, North +280.
"""

from __future__ import annotations

import random

import pytest

from pinochle_tui.engine import (
    Card,
    DeclareOut,
    DeclareOutRule,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    end_of_hand,
    shuffled_deck,
)
from pinochle_tui.engine.events import (
    ClaimCounted,
    DixTurned,
    GameOver,
    HandDealt,
    HandScored,
    MeldScored,
    OutDeclared,
    TargetRaised,
)
from pinochle_tui.engine.outcome import Outcome, Termination
from pinochle_tui.engine.scoring import HandOutcome
from tests.helpers import N, S, finish_hand, greedy_action, play, refused, snapshot


def seeded(seed: int, rules: Rules | None = None, start: tuple[int, int] = (0, 0)) -> GameState:
    """Seed ``seed``'s deck dealt by North, with ``start`` as the scores so far."""
    rules = rules or Rules()
    south, north = start
    waiting = f"hand=0 turn=N:deal target={rules.target} scores={south},{north}"
    state = GameState.from_position(waiting, rules)
    state.deal(shuffled_deck(rules, random.Random(seed)))
    return state


def play_tricks(state: GameState, tricks: int) -> None:
    """Greedy play until ``tricks`` tricks are done and their winner's turn is over."""
    while len(state.tricks) < tricks or state.phase is not Phase.LEAD:
        state.apply(greedy_action(state))


@pytest.mark.parametrize(
    ("scores", "target", "continue_", "reevaluate"),
    [
        ((1000, 999), 1000, HandOutcome(S, 1000, ()), HandOutcome(S, 1000, ())),
        ((640, 1000), 1000, HandOutcome(N, 1000, ()), HandOutcome(N, 1000, ())),
        ((990, 400), 1000, HandOutcome(None, 1000, ()), HandOutcome(None, 1000, ())),
        ((1000, 1000), 1000, HandOutcome(None, 1250, (1250,)), HandOutcome(None, 1250, (1250,))),
        ((1260, 1240), 1000, HandOutcome(None, 1250, (1250,)), HandOutcome(S, 1250, (1250,))),
        ((1240, 1260), 1000, HandOutcome(None, 1250, (1250,)), HandOutcome(N, 1250, (1250,))),
        (
            (1510, 1500),
            1000,
            HandOutcome(None, 1750, (1250, 1500, 1750)),
            HandOutcome(None, 1750, (1250, 1500, 1750)),
        ),
        ((1600, 1250), 1250, HandOutcome(None, 1500, (1500,)), HandOutcome(S, 1500, (1500,))),
    ],
)
def test_end_of_hand(
    scores: tuple[int, int], target: int, continue_: HandOutcome, reevaluate: HandOutcome
) -> None:
    assert end_of_hand(scores, target, Rules()) == continue_
    assert end_of_hand(scores, target, Rules(escalation="reevaluate")) == reevaluate


def test_1260_against_1240_continues_at_1250() -> None:
    state = seeded(0, start=(870, 960))
    events = finish_hand(state)
    assert state.scores == [1260, 1240]
    assert TargetRaised(1000, 1250) in events
    assert state.target == 1250 and state.winner is None and state.phase is Phase.DEAL


def test_declaring_out_in_a_raised_game_uses_the_raised_target() -> None:
    state = seeded(0, start=(870, 960))
    finish_hand(state)
    state.deal(shuffled_deck(Rules(), random.Random(7)))
    assert state.target == 1250
    assert state.apply(DeclareOut(N))[1:] == [
        ClaimCounted(N, 1240, 1250, False),
        GameOver(Outcome(Termination.DECLARED_OUT_LOST, S, (1260, 1240), 1250, N)),
    ]


def test_1260_against_1240_with_reevaluation_south_wins() -> None:
    state = seeded(0, Rules(escalation="reevaluate"), start=(870, 960))
    events = finish_hand(state)
    assert TargetRaised(1000, 1250) in events
    assert events[-1] == GameOver(Outcome(Termination.TARGET_REACHED, S, (1260, 1240), 1250))
    assert state.is_over and state.winner is S


def test_both_over_1250_raise_twice() -> None:
    state = seeded(0, start=(900, 990))
    events = finish_hand(state)
    assert [e for e in events if isinstance(e, TargetRaised)] == [
        TargetRaised(1000, 1250),
        TargetRaised(1250, 1500),
    ]
    assert state.target == 1500 and state.phase is Phase.DEAL


def test_exactly_the_target_wins() -> None:
    state = seeded(0, start=(610, 719))
    events = finish_hand(state)
    assert events[-1] == GameOver(Outcome(Termination.TARGET_REACHED, S, (1000, 999), 1000))


def test_match_continues_and_the_deal_alternates() -> None:
    state = seeded(0)
    finish_hand(state)
    assert state.phase is Phase.DEAL and list(state.legal_actions()) == []
    assert state.dealer is N
    events = state.deal(shuffled_deck(Rules(), random.Random(1)))
    assert isinstance(events[0], HandDealt) and events[0].hand_no == 2
    assert events[0].dealer is S and state.dealer is S and state.to_act is N
    assert events[1] == DixTurned(S, Card.parse("9S#2"), 10)  # South dealt and turned the dix
    assert state.scores == [400, 280]
    assert state.tricks == [] and state.tables == [0, 0] and not state.playoff
    finish_hand(state)
    state.deal(shuffled_deck(Rules(), random.Random(2)))
    assert state.dealer is N and state.to_act is S and state.hand_no == 3


# -- declaring out: standard ----------------------------------------------
# After 8 tricks of seed 0: melds 50/200, tricks won 38/50 points, North to lead.


def test_standard_claimant_at_the_target_wins_even_if_the_opponent_has_more() -> None:
    state = seeded(0, start=(910, 900))
    play_tricks(state, 8)
    assert state.scores == [960, 1100] and state.to_act is N
    events = state.apply(DeclareOut(S))  # not South's turn: allowed
    assert events == [
        OutDeclared(S),
        ClaimCounted(S, 1000, 1000, True),  # 960 + 38 rounded to 40
        GameOver(Outcome(Termination.DECLARED_OUT_WON, S, (1000, 1100), 1000, S)),
    ]


def test_standard_claimant_below_the_target_loses() -> None:
    state = seeded(0, start=(900, 0))
    play_tricks(state, 8)
    events = state.apply(DeclareOut(S))
    assert events[1:] == [
        ClaimCounted(S, 990, 1000, False),
        GameOver(Outcome(Termination.DECLARED_OUT_LOST, N, (990, 200), 1000, S)),
    ]


def test_standard_count_is_rounded() -> None:
    state = seeded(0, start=(0, 737))
    play_tricks(state, 9)  # North: melds 200, tricks 63 (exactly 1000 unrounded)
    events = state.apply(DeclareOut(N))
    assert events[1] == ClaimCounted(N, 997, 1000, False)  # 63 counts 60


def test_a_card_led_but_unanswered_is_not_counted() -> None:
    state = seeded(0, start=(780, 0))
    play_tricks(state, 12)  # South: melds 220, tricks 54
    play(state, "AD")  # 11 more points in the air
    assert state.phase is Phase.FOLLOW
    events = state.apply(DeclareOut(S))  # between lead and reply
    assert events[1] == ClaimCounted(S, 1050, 1000, True)  # 780 + 220 + 50
    state = seeded(0, start=(0, 0))
    play_tricks(state, 12)
    play(state, "AD")
    assert state.apply(DeclareOut(N))[1] == ClaimCounted(N, 260, 1000, False)  # 200 + 66 -> 60


def test_declare_out_in_the_winners_turn() -> None:
    state = seeded(0, start=(960, 0))
    play_tricks(state, 0)
    state.apply(greedy_action(state))
    state.apply(greedy_action(state))
    assert state.phase is Phase.MELD and state.to_act is S  # South won trick 1
    assert DeclareOut(N) in state.legal_actions() and DeclareOut(S) in state.legal_actions()
    events = state.apply(DeclareOut(S))
    assert events[1] == ClaimCounted(S, 980, 1000, False)  # 960 + 21 rounded to 20


def test_no_declaring_out_after_the_game_or_twice() -> None:
    state = seeded(0, Rules(declare_out="alt1"))
    state.apply(DeclareOut(S))
    assert DeclareOut(S) not in state.legal_actions()
    refused(state, DeclareOut(S), "already declared out this hand")


# -- declaring out: alternatives 1 and 2 ----------------------------------
# Seed 0: South wins tricks 1 and 2 (21 and 15 points), North wins trick 3 as
# the follower (7 points, then shows the dix) and trick 4 on its own lead.

ALT1, ALT2 = Rules(declare_out="alt1"), Rules(declare_out="alt2")


def test_alt1_counted_at_the_next_trick_won_before_its_meld() -> None:
    state = seeded(0, ALT1, start=(980, 0))
    assert state.apply(DeclareOut(S)) == [OutDeclared(S)]
    assert state.phase is Phase.LEAD  # play goes on
    events = []
    while not state.is_over:
        events += state.apply(greedy_action(state))
    assert not any(isinstance(e, MeldScored) for e in events)  # counted before melding
    assert events[-2:] == [
        ClaimCounted(S, 1000, 1000, True),  # 980 + 21 rounded to 20
        GameOver(Outcome(Termination.DECLARED_OUT_WON, S, (1000, 0), 1000, S)),
    ]
    assert len(state.tricks) == 1


def test_alt1_and_alt2_differ_on_a_trick_won_as_follower() -> None:
    one = seeded(0, ALT1, start=(0, 980))
    one.apply(DeclareOut(N))
    finish_hand(one)
    assert len(one.tricks) == 3 and one.winner is S  # trick 3: 980 + 10 < 1000
    two = seeded(0, ALT2, start=(0, 980))
    two.apply(DeclareOut(N))
    events = finish_hand(two)
    assert len(two.tricks) == 4  # trick 3 did not count: North did not lead it
    assert events[-2] == ClaimCounted(N, 1000, 1000, True)  # 980 + dix 10 + 9 counted 10


def test_alt1_both_claim_the_first_to_win_a_trick_is_counted() -> None:
    state = seeded(0, ALT1, start=(0, 995))
    state.apply(DeclareOut(N))
    state.apply(DeclareOut(S))
    events = finish_hand(state)
    assert len(state.tricks) == 1
    assert events[-2:] == [
        ClaimCounted(S, 20, 1000, False),
        GameOver(Outcome(Termination.DECLARED_OUT_LOST, N, (20, 995), 1000, S)),
    ]


def test_alt1_open_claim_at_the_end_of_the_hand_uses_the_final_total() -> None:
    state = seeded(0, ALT1, start=(0, 720))
    play_tricks(state, 23)
    state.apply(DeclareOut(N))  # South wins the last trick: North never counts before the end
    events = finish_hand(state)
    assert [type(e).__name__ for e in events[-3:]] == ["HandScored", "ClaimCounted", "GameOver"]
    assert events[-2] == ClaimCounted(N, 1000, 1000, True)  # 720 + 280
    assert state.winner is N and state.scores == [390, 1000]


def test_alt2_both_open_at_the_end_the_first_to_declare_is_counted() -> None:
    # Seed 18: South takes the last trick as the follower, which alt2 does not count.
    state = seeded(18, ALT2, start=(0, 820))
    play_tricks(state, 23)
    assert state.to_act is N
    state.apply(DeclareOut(N))
    state.apply(DeclareOut(S))
    events = finish_hand(state)
    assert isinstance(events[-3], HandScored) and events[-3].totals == (130, 1000)
    assert events[-2] == ClaimCounted(N, 1000, 1000, True) and state.winner is N


def test_alt2_both_open_south_declared_first() -> None:
    state = seeded(18, ALT2, start=(0, 820))
    play_tricks(state, 23)
    state.apply(DeclareOut(S))
    state.apply(DeclareOut(N))
    events = finish_hand(state)
    assert events[-2] == ClaimCounted(S, 130, 1000, False) and state.winner is N


def test_alt1_the_same_last_trick_counts_at_once() -> None:
    state = seeded(18, ALT1, start=(0, 820))
    play_tricks(state, 23)
    state.apply(DeclareOut(N))
    state.apply(DeclareOut(S))
    events = finish_hand(state)
    assert not any(isinstance(e, HandScored) for e in events)
    assert isinstance(events[-2], ClaimCounted) and events[-2].seat is S


# -- the single deal -------------------------------------------------------

SINGLE = Rules(game="single-deal")


def test_single_deal_most_points_wins_and_no_declaring_out() -> None:
    state = seeded(0, SINGLE)
    assert not any(isinstance(a, DeclareOut) for a in state.legal_actions())
    refused(state, DeclareOut(S), "cannot declare out in a single-deal game")
    events = finish_hand(state)
    assert events[-1] == GameOver(Outcome(Termination.SINGLE_DEAL_WON, S, (390, 280), 1000))
    with pytest.raises(IllegalActionError, match="The game is over"):
        state.deal(shuffled_deck(SINGLE, random.Random(1)))


def test_single_deal_tie_is_a_draw() -> None:
    state = seeded(99, SINGLE)
    events = finish_hand(state)
    assert events[-1] == GameOver(Outcome(Termination.SINGLE_DEAL_DRAWN, None, (190, 190), 1000))
    assert state.is_over and state.winner is None
    before = snapshot(state)
    assert list(state.legal_actions()) == [] and snapshot(state) == before


def test_declare_out_rule_names() -> None:
    assert [r.value for r in DeclareOutRule] == ["standard", "alt1", "alt2"]
