"""Reading an action as a player writes it, in the context of a position:
``state.parse_action("play QS")`` takes the copy the player holds."""

from __future__ import annotations

import pytest

from pinochle_tui.engine import (
    ActionParseError,
    AmbiguousActionError,
    Card,
    DeclareOut,
    Draw,
    IllegalActionError,
    Meld,
    MeldKind,
    Play,
    ShowDix,
    parse_action,
)
from tests.helpers import N, S, meld, melder, stacked_state, won

# North deals, South leads. South's second A♥ and North's Q♠ are the second copies
# in the deck (each face's first appearance is copy 1).
SOUTH = "AH AH 10H KH QC JC 9C AS 10S 9D 9D 10D"
NORTH = "KS QS JS 9S 10C 10C JH 9H QD JD AC KC"


def test_a_plain_card_means_the_copy_held() -> None:
    state = stacked_state(SOUTH, NORTH, "QS", stock="KD KD JD")
    # The turn-up is the second Q♠; North holds the first.
    assert state.parse_action("play AS") == Play(S, Card.parse("AS#1"))
    state.apply(state.parse_action("play AS"))
    assert state.parse_action("play qs") == Play(N, Card.parse("QS#1"))
    assert state.parse_action("play Q♠", N) == Play(N, Card.parse("QS#1"))


def test_two_copies_in_the_hand_are_one_choice() -> None:
    state = stacked_state(SOUTH, NORTH, "QS", stock="KD KD JD")
    assert state.parse_action("play AH") == Play(S, Card.parse("AH#1"))
    assert state.parse_action("play 9D") == Play(S, Card.parse("9D#1"))


def test_a_copy_number_names_one_physical_card() -> None:
    state = stacked_state(SOUTH, NORTH, "QS", stock="KD KD JD")
    assert state.parse_action("play AH#2") == Play(S, Card.parse("AH#2"))
    with pytest.raises(IllegalActionError, match="You do not hold Q♠"):
        state.parse_action("play QS#2")


def test_one_copy_in_the_hand_and_one_on_the_table_is_ambiguous() -> None:
    state = melder("KS QS QS JD", "JH")
    won(state, "10C")
    meld(state, MeldKind.PINOCHLE, "QS#1 JD")
    won(state, "10C", to_meld=False)
    with pytest.raises(AmbiguousActionError, match="'play QS#1' or 'play QS#2'"):
        state.parse_action("play QS")
    assert state.parse_action("play QS#1") == Play(S, Card.parse("QS#1"))


def test_a_meld_by_faces_takes_the_cards_held() -> None:
    state = melder("KS QS JD", "JH")
    won(state, "10C")
    action = state.parse_action("meld pinochle QS JD")
    assert isinstance(action, Meld) and action.kind is MeldKind.PINOCHLE
    assert {c.code for c in action.cards} == {"QS", "JD"}
    assert action in state.legal_actions()


def test_dix_draw_and_declaring_out() -> None:
    state = melder("9H KS", "JH")
    won(state, "10C")
    assert state.parse_action("show 9H") == ShowDix(S, Card.parse("9H#1"))
    assert state.parse_action("draw") == Draw(S)
    assert state.parse_action("declare-out", N) == DeclareOut(N)


def test_refusals_give_the_reason() -> None:
    state = stacked_state(SOUTH, NORTH, "QS", stock="KD KD JD")
    with pytest.raises(IllegalActionError, match="You do not hold K♠"):
        state.parse_action("play KS")
    with pytest.raises(IllegalActionError, match="not your turn"):
        state.parse_action("play QS", N)
    with pytest.raises(IllegalActionError, match="right after winning a trick"):
        state.parse_action("draw")
    with pytest.raises(IllegalActionError, match=r"meld .* right after winning a trick"):
        state.parse_action("meld marriage AH 10H")
    won_trick = melder("KS QS JD", "JH")
    won(won_trick, "10C")
    with pytest.raises(IllegalActionError, match="Those cards are not a marriage"):
        won_trick.parse_action("meld marriage KS JD")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty action"),
        ("dance", "is not an action: actions look like"),
        ("play ZZ", "is not a card"),
        ("meld trio AS KS", "unknown meld 'trio'"),
        ("play", "is not an action: actions look like"),
    ],
)
def test_text_that_is_no_action(text: str, message: str) -> None:
    state = stacked_state(SOUTH, NORTH, "QS", stock="KD KD JD")
    with pytest.raises(ActionParseError, match=message):
        state.parse_action(text)
    with pytest.raises(ActionParseError, match=message):
        parse_action(text, S)
