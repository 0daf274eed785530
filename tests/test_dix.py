"""The dix (R14): turned by the dealer, shown, exchanged, once per trick by
default, twice with the option, scored when played with the option, never after
the last draw, and the 7 of trumps in the 64-card pack."""

from __future__ import annotations

from pinochle_tui.engine import (
    Card,
    Draw,
    ExchangeDix,
    Meld,
    MeldKind,
    Phase,
    Rules,
    ShowDix,
)
from pinochle_tui.engine.events import DixExchanged, DixPlayed, DixShown, DixTurned
from tests.helpers import (
    N,
    S,
    advance,
    first_action,
    meld,
    melder,
    phase,
    play,
    refused,
    stacked_state,
    won,
)

NINE_1, NINE_2 = Card.parse("9S#1"), Card.parse("9S#2")
NORTH = "9H 9H 9D 9D 9C 9C JH JH JD JC JC QH"


def test_dealer_turning_the_dix_scores_10() -> None:
    south = "AH AH 10H 10H AC AC 10C 10C AD AD 10D 10D"
    state = stacked_state(south, NORTH, "9S")
    assert state.scores == [0, 10] and state.meld_points == [0, 10]
    assert state.dix_counted == NINE_1.bit
    state = stacked_state(south, NORTH, "9S", dealer=S)
    assert state.scores == [10, 0]


def test_dix_turned_event() -> None:
    from pinochle_tui.engine import GameState
    from tests.helpers import stacked_deck

    state = GameState.new(Rules(), dealer=N)
    south = "AH AH 10H 10H AC AC 10C 10C AD AD 10D 10D"
    events = state.deal(stacked_deck(Rules(), N, (south, NORTH), "9S"))
    assert events[1] == DixTurned(N, NINE_1, 10)


def test_show_scores_10_and_the_dix_stays_in_hand() -> None:
    state = melder("9S", "KS")
    won(state)
    dix = {a for a in state.legal_actions(S) if isinstance(a, ShowDix | ExchangeDix)}
    assert dix == {ShowDix(S, NINE_1), ExchangeDix(S, NINE_1)}
    events = state.apply(ShowDix(S, NINE_1))
    assert events[0] == DixShown(S, NINE_1, 10)
    assert state.scores == [10, 0] and NINE_1 in state.hand(S)
    assert NINE_1 in state.view(N).opponent_known  # shown: North knows it
    assert state.phase is Phase.LEAD  # the draw was all that was left


def test_exchange_scores_10_and_takes_the_turn_up() -> None:
    state = melder("9S", "KS")
    won(state)
    events = state.apply(ExchangeDix(S, NINE_1))
    assert events[0] == DixExchanged(S, NINE_1, Card.parse("KS#1"), 10)
    assert state.turn_up == NINE_1.id and Card.parse("KS") in state.hand(S)
    assert state.scores == [10, 0]
    assert Card.parse("KS") in state.view(N).opponent_known


def test_exchange_of_an_already_shown_dix_scores_nothing() -> None:
    state = melder("9S", "KS")
    won(state)
    state.apply(ShowDix(S, NINE_1))
    won(state)
    refused(state, ShowDix(S, NINE_1), "has already been counted")
    events = state.apply(ExchangeDix(S, NINE_1))
    assert events[0] == DixExchanged(S, NINE_1, Card.parse("KS#1"), 0)
    assert state.scores == [10, 0]


def test_no_exchange_when_the_turn_up_is_a_dix() -> None:
    state = melder("9S", "9S")  # North dealt and turned 9♠#2
    assert state.scores == [0, 10]
    won(state)
    nine = Card.parse("9S#1")
    assert ShowDix(S, nine) in state.legal_actions()
    refused(state, ExchangeDix(S, nine), "The turn-up is itself a dix: show your dix instead")
    state.apply(ShowDix(S, nine))
    assert state.scores == [10, 10]


def test_after_an_exchange_the_other_dix_can_only_be_shown() -> None:
    state = melder("9S 9S", "KS")
    won(state)
    state.apply(ExchangeDix(S, NINE_1))
    won(state)
    assert ExchangeDix(S, NINE_2) not in state.legal_actions()
    refused(state, ExchangeDix(S, NINE_2), "The turn-up is itself a dix")
    state.apply(ShowDix(S, NINE_2))
    assert state.scores == [20, 0]


def test_one_dix_action_per_trick_by_default() -> None:
    state = melder("9S 9S QS JD", "KS")
    won(state)
    assert {a for a in state.legal_actions() if isinstance(a, ShowDix | ExchangeDix)} == {
        ShowDix(S, NINE_1),
        ShowDix(S, NINE_2),
        ExchangeDix(S, NINE_1),
        ExchangeDix(S, NINE_2),
    }
    state.apply(ShowDix(S, NINE_1))
    refused(state, ShowDix(S, NINE_2), "already counted a dix for this trick")
    refused(state, ExchangeDix(S, NINE_1), "already counted a dix for this trick")
    # The dix did not use up the meld.
    meld(state, MeldKind.PINOCHLE, "QS JD")
    assert state.scores == [50, 0] and state.phase is Phase.LEAD


def test_two_dix_actions_per_trick_with_the_option() -> None:
    state = melder("9S 9S", "KS", rules=Rules(dix_per_trick=2))
    won(state)
    state.apply(ShowDix(S, NINE_1))
    state.apply(ShowDix(S, NINE_2))
    assert state.scores == [20, 0] and state.phase is Phase.LEAD


def test_show_then_exchange_the_same_dix_with_the_option() -> None:
    state = melder("9S", "KS", rules=Rules(dix_per_trick=2))
    won(state)
    state.apply(ShowDix(S, NINE_1))
    assert state.legal_actions(S)[0] == ExchangeDix(S, NINE_1)
    events = state.apply(ExchangeDix(S, NINE_1))
    assert events[0] == DixExchanged(S, NINE_1, Card.parse("KS#1"), 0)
    assert state.scores == [10, 0]


def test_exchange_then_meld_with_the_card_gained() -> None:
    state = melder("9S QS", "KS")
    won(state)
    marriage = Meld(S, MeldKind.ROYAL_MARRIAGE, (Card.parse("KS"), Card.parse("QS")))
    assert marriage not in state.legal_actions()
    state.apply(ExchangeDix(S, NINE_1))
    assert marriage in state.legal_actions()
    state.apply(marriage)
    assert state.scores == [50, 0]


def test_meld_then_dix_in_the_same_turn() -> None:
    state = melder("9S QS JD", "KS")
    won(state)
    meld(state, MeldKind.PINOCHLE, "QS JD")
    assert state.phase is Phase.MELD
    state.apply(ShowDix(S, NINE_1))
    assert state.scores == [50, 0]


def test_dix_played_scores_only_with_the_option() -> None:
    state = melder("9S", "KS")
    won(state, "9S", to_meld=False)
    assert state.scores == [0, 0]
    state = melder("9S", "KS", rules=Rules(dix_scores_when_played=True))
    won(state)
    state.apply(ShowDix(S, NINE_1))
    events = play(state, "9S")  # already counted, and it scores again
    assert events[1] == DixPlayed(S, NINE_1, 10)
    assert state.scores == [20, 0]


def test_dix_drawn_at_the_last_draw_can_never_be_counted() -> None:
    state = melder("", "KS", stock="? " * 22 + "9S")
    advance(state, 12)
    winner = state.to_act
    assert state.phase is Phase.MELD and state.stock_size == 1
    state.apply(Draw(winner))
    assert state.revealed is not None
    last = Card.from_id(state.revealed)
    assert last.code == "9S" and last in state.hand(winner)
    while phase(state) is not Phase.DEAL:
        assert not any(isinstance(a, ShowDix | ExchangeDix) for a in state.legal_actions())
        state.apply(first_action(state))
    assert state.dix_counted == 0


def test_dix_taken_with_the_turn_up_can_never_be_counted() -> None:
    state = melder("9S", "KS")
    won(state)
    state.apply(ExchangeDix(S, NINE_1))  # the dix is now the turn-up
    advance(state, 12)
    loser = state.to_act.other
    state.apply(Draw(state.to_act))
    assert NINE_1 in state.hand(loser)
    refused(state, ShowDix(state.to_act, NINE_1), "right after winning a trick")


def test_the_64_card_dix_is_the_seven() -> None:
    rules = Rules(pack=64)
    state = melder("7S 9S", "7S", rules=rules)  # North turned 7♠#2
    assert state.scores == [0, 10]
    won(state)
    refused(state, ShowDix(S, Card.parse("9S")), "9♠ is not the dix: the dix is 7♠")
    state.apply(ShowDix(S, Card.parse("7S")))
    assert state.scores == [10, 10]
    nine_up = melder("7S", "9S", rules=rules)
    assert nine_up.scores == [0, 0]
    won(nine_up)
    assert ExchangeDix(S, Card.parse("7S")) in nine_up.legal_actions()


def test_dix_errors() -> None:
    state = melder("9S QS JD", "KS")
    won(state)
    refused(state, ShowDix(S, Card.parse("QS")), "Q♠ is not the dix: the dix is 9♠")
    refused(state, ShowDix(S, NINE_2), "You do not hold 9S#2 in your hand")
    refused(state, ShowDix(N, NINE_2), "not your turn")
