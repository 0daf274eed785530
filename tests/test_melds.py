"""Melds through real tricks: one meld per trick won, the fresh card, the reuse
rule (R11.2) with every case of R11.3 and the seed examples E1..E11, and
perft-style counts of the legal melds in hand-built positions."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pinochle_tui.engine import (
    Card,
    DeclareOut,
    Draw,
    GameState,
    Meld,
    MeldClass,
    MeldKind,
    Phase,
    PinochleError,
    Play,
    Rules,
)
from pinochle_tui.engine.melds import identify, meld_patterns
from tests.helpers import (
    N,
    S,
    faces,
    held,
    meld,
    meld_action,
    melder,
    refused,
    south_wins,
    stacked_state,
    win_trick,
    won,
)

K = MeldKind


def test_meld_table() -> None:
    table = {k: (k.meld_class, k.points) for k in MeldKind}
    assert table == {
        K.FLUSH: (MeldClass.A, 150),
        K.ROYAL_MARRIAGE: (MeldClass.A, 40),
        K.MARRIAGE: (MeldClass.A, 20),
        K.ACES: (MeldClass.B, 100),
        K.KINGS: (MeldClass.B, 80),
        K.QUEENS: (MeldClass.B, 60),
        K.JACKS: (MeldClass.B, 40),
        K.PINOCHLE: (MeldClass.C, 40),
        K.DOUBLE_PINOCHLE: (MeldClass.C, 300),
    }
    assert K.parse("royal marriage") is K.ROYAL_MARRIAGE and K.parse("80-kings") is K.KINGS
    with pytest.raises(PinochleError, match="unknown meld 'trio'"):
        K.parse("trio")


@pytest.mark.parametrize(
    ("cards", "trump", "kind"),
    [
        ("AS 10S KS QS JS", "S", K.FLUSH),
        ("AH 10H KH QH JH", "S", None),  # a sequence only counts in trumps
        ("KS QS", "S", K.ROYAL_MARRIAGE),
        ("KS QS", "H", K.MARRIAGE),
        ("AS AH AD AC", "H", K.ACES),
        ("AS AH AH#2 AC", "H", None),  # E10: four different suits
        ("KS KH KD KC", "D", K.KINGS),
        ("QS QH QD QC", "D", K.QUEENS),
        ("JS JH JD JC", "D", K.JACKS),
        ("QS JD", "C", K.PINOCHLE),
        ("QS QS#2 JD JD#2", "C", K.DOUBLE_PINOCHLE),
        ("KS QS JD", "H", None),  # E1: not one meld
        ("9S", "S", None),  # the dix is not a meld action
    ],
)
def test_identify(cards: str, trump: str, kind: MeldKind | None) -> None:
    patterns = meld_patterns(Card.parse(f"A{trump}").suit, double_pinochle=True)
    assert identify(patterns, [Card.parse(c) for c in faces(cards)]) is kind


def test_double_pinochle_off_is_not_a_meld() -> None:
    patterns = meld_patterns(Card.parse("AH").suit, double_pinochle=False)
    assert identify(patterns, [Card.parse(c) for c in ("QS", "QS#2", "JD", "JD#2")]) is None


def test_e1_one_meld_per_trick_and_a_meld_is_one_combination() -> None:
    state = melder("KS QS JD", "JH")
    won(state, "10C")
    refused(state, meld_action(state, K.PINOCHLE, "KS QS JD"), "not a pinochle")
    meld(state, K.PINOCHLE, "QS JD")
    # The turn ended by itself: nothing but the draw was left.
    assert state.phase is Phase.LEAD and state.scores == [40, 0]


def test_e1_second_meld_in_the_same_turn_is_refused() -> None:
    # South holds the dix, so its turn stays open after the meld.
    state = melder("KS QS JD 9H", "JH")
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS JD")
    assert state.phase is Phase.MELD
    refused(state, meld_action(state, K.MARRIAGE, "KS t:QS"), "already melded this turn")


def test_e2_pinochle_then_marriage_with_a_fresh_king() -> None:
    state = melder("KS QS JD", "JH")
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS JD")
    won(state, "10C")
    assert meld_action(state, K.MARRIAGE, "KS t:QS") in state.legal_actions()
    meld(state, K.MARRIAGE, "KS t:QS")
    assert state.scores == [60, 0]


def test_e2_with_spades_trump_the_king_makes_a_royal_marriage() -> None:
    state = melder("KS QS JD", "JS")
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS JD")
    won(state, "10C")
    refused(state, meld_action(state, K.MARRIAGE, "KS t:QS"), "a royal marriage, not a marriage")
    meld(state, K.ROYAL_MARRIAGE, "KS t:QS")
    assert state.scores == [80, 0]


def test_case1_e3_royal_marriage_then_flush() -> None:
    state = melder("KS QS AS 10S JS", "JS")
    won(state, "10C")
    meld(state, K.ROYAL_MARRIAGE, "KS QS")
    won(state, "10C")
    meld(state, K.FLUSH, "AS 10S t:KS t:QS JS")
    assert state.scores == [190, 0]
    assert len(state.table(S)) == 5


def test_case2_e4_flush_then_its_royal_marriage_is_refused() -> None:
    state = melder("AS 10S KS QS JS 9S", "JS")  # the dix keeps South's turn open
    won(state, "10C")
    meld(state, K.FLUSH, "AS 10S KS QS JS")
    state.apply(Draw(S))
    won(state, "10C")
    refused(
        state, meld_action(state, K.ROYAL_MARRIAGE, "t:KS t:QS"), "at least one card from your hand"
    )


def test_case3_e4_flush_then_a_new_king_with_the_flush_queen_is_refused() -> None:
    # South draws KS#2 after the flush trick and QS#2 after the next one.
    state = melder("AS 10S KS QS JS 9S", "JS", stock="KS ? QS ?")
    won(state)
    meld(state, K.FLUSH, "AS 10S KS QS JS")
    state.apply(Draw(S))
    won(state)
    refused(
        state,
        meld_action(state, K.ROYAL_MARRIAGE, "h:KS t:QS"),
        "Q♠ already scored 150 in a class-A meld",
    )
    refused(state, meld_action(state, K.ROYAL_MARRIAGE, "t:KS h:KS"), "not a royal marriage")
    state.apply(Draw(S))
    won(state)
    meld(state, K.ROYAL_MARRIAGE, "h:KS h:QS")  # a new king and a new queen: no reuse
    assert state.scores == [190, 0]


def test_case4_e5_second_marriage_needs_a_new_king_and_queen() -> None:
    state = melder("KD QD KD QD", "AH")
    won(state)
    meld(state, K.MARRIAGE, "KD#1 QD#1")
    won(state, "10C")
    refused(state, meld_action(state, K.MARRIAGE, "KD#2 QD#1"), "Q♦ already scored 20")
    refused(state, meld_action(state, K.MARRIAGE, "KD#1 QD#2"), "K♦ already scored 20")
    assert [a for a in state.legal_actions() if isinstance(a, Meld)] == [
        meld_action(state, K.MARRIAGE, "KD#2 QD#2")
    ]
    meld(state, K.MARRIAGE, "KD#2 QD#2")
    assert state.scores == [40, 0]


def test_case5_e8_arounds_after_one_card_was_played() -> None:
    state = melder("KS KH KD KC QS QH QD QC", "AS", stock="QH ?")
    won(state)
    meld(state, K.QUEENS, "QS QH QD QC")
    won(state, "t:QH")  # E6: a queen played from the table is gone
    assert not state.tables[S] & held(state, S, "QH").bit  # South drew QH#2 into its hand
    refused(state, meld_action(state, K.QUEENS, "t:QS h:QH t:QD t:QC"), "already scored 60")
    meld(state, K.KINGS, "KS KH KD KC")
    won(state, "t:KH", to_meld=False)
    assert state.phase is Phase.LEAD  # no meld left: the turn ended by itself


def test_case5_four_fresh_kings_score_again() -> None:
    state = melder("KS KH KD KC", "AS", stock="KS ? KH ? KD ? KC ?")
    won(state)
    meld(state, K.KINGS, "KS KH KD KC")
    for _ in range(3):
        won(state, to_meld=False)
    won(state)
    assert [a.kind for a in state.legal_actions() if isinstance(a, Meld)] == [K.KINGS]
    meld(state, K.KINGS, "h:KS h:KH h:KD h:KC")
    assert state.scores == [160, 0]


def test_e6_a_played_meld_card_is_gone() -> None:
    state = melder("QS JD 9H", "AH")  # the dix keeps South's turn open
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS JD")
    state.apply(Draw(S))
    queen = held(state, S, "t:QS")
    won(state, "t:QS")
    assert not (state.hands[S] | state.tables[S]) >> queen.id & 1
    refused(state, Meld(S, K.PINOCHLE, (queen, held(state, S, "t:JD"))), "do not hold QS#1")


def test_case6_e7_queen_of_spades_in_four_classes() -> None:
    state = melder("KS QS AS 10S JS JD QH QD QC", "KS", stock="10C ? 10C ? 10D ?")
    won(state)
    meld(state, K.ROYAL_MARRIAGE, "KS QS")
    won(state)
    meld(state, K.FLUSH, "AS 10S t:KS t:QS JS")
    won(state)
    meld(state, K.PINOCHLE, "t:QS JD")
    won(state)
    meld(state, K.QUEENS, "t:QS QH QD QC")
    assert state.scores == [40 + 150 + 40 + 60, 0]


def test_case6_marriage_then_queens_then_pinochle_with_hearts_trump() -> None:
    state = melder("KS QS JD QH QD QC", "AH")
    won(state)
    meld(state, K.MARRIAGE, "KS QS")
    won(state)
    meld(state, K.QUEENS, "t:QS QH QD QC")
    won(state)
    meld(state, K.PINOCHLE, "t:QS JD")
    assert state.scores == [120, 0]


def test_e9_two_table_cards_never_form_a_new_meld() -> None:
    state = melder("KS QS JS JH JD JC 9H", "AH")  # the dix keeps South's turn open
    won(state)
    meld(state, K.MARRIAGE, "KS QS")
    state.apply(Draw(S))
    won(state)
    meld(state, K.JACKS, "JS JH JD JC")
    state.apply(Draw(S))
    won(state)
    refused(state, meld_action(state, K.PINOCHLE, "t:QS t:JD"), "at least one card from your hand")


def test_e10_arounds_need_four_suits() -> None:
    state = melder("AS AH AH AC 9D", "KD")  # the dix keeps South's turn open
    won(state, "10C")
    refused(state, meld_action(state, K.ACES, "AS AH#1 AH#2 AC"), "one ace of each suit")
    assert not any(isinstance(a, Meld) and a.kind is K.ACES for a in state.legal_actions())


def test_case7_e11_pinochle_then_double_pinochle() -> None:
    state = melder("QS JD QS JD", "AH")
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS#1 JD#1")
    won(state, "10C")
    refused(state, meld_action(state, K.PINOCHLE, "QS#2 JD#1"), "J♦ already scored 40")
    meld(state, K.DOUBLE_PINOCHLE, "QS#1 QS#2 JD#1 JD#2")
    assert state.scores == [340, 0]


def test_case7_double_pinochle_then_a_pinochle_out_of_it_is_refused() -> None:
    state = melder("QS JD QS JD 9H", "AH")  # the dix keeps South's turn open
    won(state, "10C")
    meld(state, K.DOUBLE_PINOCHLE, "QS#1 QS#2 JD#1 JD#2")
    state.apply(Draw(S))
    won(state, "10C")
    refused(state, meld_action(state, K.PINOCHLE, "QS#1 JD#1"), "at least one card from your hand")
    assert not any(isinstance(a, Meld) for a in state.legal_actions())


def test_case7_two_separate_pinochles_never_make_a_double() -> None:
    state = melder("QS JD QS JD 9H", "AH")  # the dix keeps South's turn open
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS#1 JD#1")
    state.apply(Draw(S))
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS#2 JD#2")  # no card reused: a second pinochle scores
    state.apply(Draw(S))
    won(state, "10D")
    refused(
        state,
        meld_action(state, K.DOUBLE_PINOCHLE, "QS#1 QS#2 JD#1 JD#2"),
        "at least one card from your hand",
    )
    assert state.scores == [80, 0]


def test_double_pinochle_off_two_pinochles_score_40_each() -> None:
    state = melder("QS JD QS JD", "AH", rules=Rules(double_pinochle=False))
    won(state, "10C")
    options = [a for a in state.legal_actions() if isinstance(a, Meld)]
    assert {a.kind for a in options} == {K.PINOCHLE} and len(options) == 4
    refused(
        state,
        meld_action(state, K.DOUBLE_PINOCHLE, "QS#1 QS#2 JD#1 JD#2"),
        "Double pinochle is not a meld under these rules: two pinochles score 40 each",
    )
    meld(state, K.PINOCHLE, "QS#1 JD#1")
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS#2 JD#2")
    assert state.scores == [80, 0]


def test_case8_second_pinochle_with_a_melded_jack_is_refused() -> None:
    state = melder("QS JD QS", "AH")
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS#1 JD")
    won(state, "10C")
    refused(state, meld_action(state, K.PINOCHLE, "QS#2 t:JD"), "already scored 40")


def test_case9_flush_cards_in_kings_and_queens() -> None:
    state = melder("AS 10S KS QS JS KH KD KC QH QD QC", "KS", stock="10H ? 10D ?")
    won(state)
    meld(state, K.FLUSH, "AS 10S KS QS JS")
    won(state)
    meld(state, K.KINGS, "t:KS KH KD KC")
    won(state)
    meld(state, K.QUEENS, "t:QS QH QD QC")
    assert state.scores == [290, 0]


def test_meld_cards_stay_face_up_and_may_be_led() -> None:
    state = melder("QS JD", "AH")
    won(state, "10C")
    meld(state, K.PINOCHLE, "QS JD")
    view = state.view(N)
    assert {c.code for c in view.tables[S]} == {"QS", "JD"}
    assert Play(S, held(state, S, "t:JD")) in state.legal_actions()
    win_trick(state, "t:JD")
    assert [c.code for c in state.table(S)] == ["QS"]


def test_meld_errors() -> None:
    state = melder("QS JD KH QH", "AD")
    refused(state, meld_action(state, K.PINOCHLE, "QS JD"), "right after winning a trick")
    won(state, "10C")
    refused(state, Meld(N, K.PINOCHLE, (Card.parse("QS"), Card.parse("JD"))), "not your turn")
    refused(state, meld_action(state, K.MARRIAGE, "QS JD"), "a pinochle, not a marriage")
    refused(state, meld_action(state, K.ROYAL_MARRIAGE, "KH QH"), "a marriage, not a royal")
    refused(
        state,
        meld_action(state, K.FLUSH, "QS JD KH QH"),
        r"not a flush: a flush is A 10 K Q J of trumps \(♦\)",
    )
    refused(state, Meld(S, K.PINOCHLE, (Card.parse("QS#2"), Card.parse("JD"))), "do not hold QS#2")
    refused(state, Meld(S, K.PINOCHLE, (Card.parse("QS"), Card.parse("QS"))), "not a pinochle")


def test_no_meld_in_the_playoff() -> None:
    state = melder("QS JD", "AH")
    south_wins(state, 12, keep="QS JD")
    state.apply(Draw(S))  # the last draw, without melding the pinochle
    assert state.playoff and state.phase is Phase.LEAD and state.to_act is S
    action = Meld(S, K.PINOCHLE, (held(state, S, "QS"), held(state, S, "JD")))
    refused(state, action, "right after winning a trick, while the stock lasts")


# -- perft-style counts ---------------------------------------------------


def perft_position() -> GameState:
    """Hearts trump; South leads A♣ and wins, holding 11 cards."""
    south = "AH 10H KH QH JH QS QS JD JD KS 9C AC"
    north = "9S 9S 9D 9D 9C JC JC 10D 10D KD KD QD"
    state = stacked_state(south, north, "AH", stock="10S 10S 9H 9H")
    win_trick(state, "AC")
    return state


def meld_set(state: GameState) -> set[tuple[MeldKind, tuple[str, ...]]]:
    return {
        (a.kind, tuple(c.tag for c in a.cards))
        for a in state.legal_actions()
        if isinstance(a, Meld)
    }


def test_perft_hand_only() -> None:
    state = perft_position()
    # By hand: flush 1, royal marriage 1, spade marriages K♠ with each Q♠ 2,
    # pinochles 2 x 2 = 4, double pinochle 1; no arounds. 9 melds.
    assert meld_set(state) == {
        (K.FLUSH, ("AH#1", "10H#1", "KH#1", "QH#1", "JH#1")),
        (K.ROYAL_MARRIAGE, ("KH#1", "QH#1")),
        (K.MARRIAGE, ("KS#1", "QS#1")),
        (K.MARRIAGE, ("KS#1", "QS#2")),
        (K.PINOCHLE, ("QS#1", "JD#1")),
        (K.PINOCHLE, ("QS#1", "JD#2")),
        (K.PINOCHLE, ("QS#2", "JD#1")),
        (K.PINOCHLE, ("QS#2", "JD#2")),
        (K.DOUBLE_PINOCHLE, ("QS#1", "QS#2", "JD#1", "JD#2")),
    }
    # 9 melds + draw, and both seats may declare out.
    assert len(state.legal_actions()) == 12
    assert len(state.legal_actions(S)) == 11 and list(state.legal_actions(N)) == [DeclareOut(N)]


def test_perft_with_table_cards() -> None:
    state = perft_position()
    meld(state, K.ROYAL_MARRIAGE, "KH QH")
    win_trick(state, "10S")  # drawn from the stock
    # Flush over the royal marriage 1 (higher, same class); the royal marriage
    # again 0 (no fresh card); marriages 2, pinochles 4, double 1. 8 melds.
    melds = meld_set(state)
    assert len(melds) == 8
    assert (K.FLUSH, ("AH#1", "10H#1", "KH#1", "QH#1", "JH#1")) in melds
    assert not any(kind is K.ROYAL_MARRIAGE for kind, _ in melds)
    assert len(state.legal_actions()) == 11


def test_perft_with_double_pinochle_off() -> None:
    south = "AH 10H KH QH JH QS QS JD JD KS 9C AC"
    north = "9S 9S 9D 9D 9C JC JC 10D 10D KD KD QD"
    state = stacked_state(south, north, "AH", rules=Rules(double_pinochle=False))
    win_trick(state, "AC")
    assert len(meld_set(state)) == 8


def test_perft_arounds_with_both_copies() -> None:
    """Two copies of the king of spades and one of each other king: 2 sets of 80 kings;
    with both queens of spades too: 2 x 2 = 4 spade marriages (hearts trump)."""
    south = "KS KS KH KD KC QS QS 9C 9C 10C 10C AC"
    north = "9S 9S 9D 9D JC JC 10D 10D JH JH QD QD"
    state = stacked_state(south, north, "AH")
    win_trick(state, "AC")
    melds = meld_set(state)
    assert Counter(kind for kind, _ in melds) == {K.KINGS: 2, K.MARRIAGE: 4}


def test_enumeration_matches_brute_force() -> None:
    """Every set of owned cards that forms a legal meld is offered exactly once."""
    state = perft_position()
    meld(state, K.PINOCHLE, "QS#1 JD#1")
    win_trick(state, "10S")
    owned = state.hand(S) + state.table(S)
    offered = [a for a in state.legal_actions() if isinstance(a, Meld)]
    assert len(offered) == len(set(offered))
    brute = set()
    for size in (2, 4, 5):
        for cards in combinations(owned, size):
            kind = identify(state.patterns, list(cards))
            if kind is not None and state.is_legal(Meld(S, kind, cards)):
                brute.add(Meld(S, kind, cards))
    assert brute == set(offered)
