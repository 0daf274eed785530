"""Trick play: who wins a trick, free play while the stock lasts, drawing, and
refusals for the wrong seat or the wrong moment (state unchanged)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pinochle_tui.engine import (
    Card,
    DeclareOut,
    Draw,
    ExchangeDix,
    GameState,
    IllegalActionError,
    Meld,
    MeldKind,
    Phase,
    PinochleError,
    Play,
    Rules,
    ShowDix,
    Suit,
    pack,
    parse_action,
)
from pinochle_tui.engine.events import CardDrawn, CardPlayed, TrickWon
from pinochle_tui.engine.tricks import reply_wins, trick_points
from tests.helpers import N, S, finish_hand, phase, play, refused, stacked_state, trick

SOUTH = "AH AH 10H KH QC JC 9C AS 10S 9D 9D 10D"
NORTH = "KS QS JS 9S 10C 10C JH 9H QD JD AC KC"


def fresh() -> GameState:
    """Spades trump (turn-up Q♠#2); North deals, South leads."""
    return stacked_state(SOUTH, NORTH, "QS", stock="KD KD JD")


@pytest.mark.parametrize(
    ("lead", "reply", "trump", "reply_takes"),
    [
        ("AH", "AH#2", Suit.SPADES, False),  # identical cards: the first played wins
        ("9S", "9S#2", Suit.SPADES, False),  # identical trumps too
        ("KH", "10H", Suit.SPADES, True),  # higher card of the led suit
        ("10H", "KH", Suit.SPADES, False),  # lower card of the led suit
        ("AH", "9S", Suit.SPADES, True),  # any trump on a plain lead
        ("9S", "AH", Suit.SPADES, False),  # a plain card on a trump lead
        ("JS", "QS", Suit.SPADES, True),  # higher trump on a trump lead
        ("9H", "AC", Suit.SPADES, False),  # a third suit never wins
        ("9H", "AC", Suit.DIAMONDS, False),
        ("AH", "10D", Suit.DIAMONDS, True),
    ],
)
def test_reply_wins(lead: str, reply: str, trump: Suit, reply_takes: bool) -> None:
    assert reply_wins(Card.parse(lead).id, Card.parse(reply).id, trump) is reply_takes


def test_identical_cards_through_a_real_trick() -> None:
    south = "AH KD 10H KH QC JC 9C AS 10S 9D 9D 10D"
    state = stacked_state(south, "AH KS QS JS 9S 10C 10C JH 9H QD JD AC", "QS")
    events = trick(state, "AH", "AH")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won == [TrickWon(S, Card.parse("AH#1"), Card.parse("AH#2"), S, 1, 22, False)]


def test_trump_beats_plain_and_third_suit_never_wins() -> None:
    state = fresh()
    trick(state, "AH", "9S")  # North trumps
    assert state.tricks[-1].winner == N and state.phase is Phase.MELD and state.to_act is N
    state.apply(Draw(N))
    trick(state, "9H", "AS")  # South trumps North's 9♥ with A♠
    assert state.tricks[-1].winner == S
    assert phase(state) is Phase.LEAD  # South had nothing but the draw: done by itself
    trick(state, "9D", "AC")  # third suit on a diamond lead
    assert state.tricks[-1].winner == S


def test_legal_actions_are_a_read_only_sequence() -> None:
    state = fresh()
    legal = state.legal_actions(S)
    assert isinstance(legal, Sequence) and len(legal) == 13  # 12 cards, declare out
    first = legal[0]
    assert isinstance(first, Play)
    assert legal.index(first) == 0 and legal[:2] == list(legal)[:2]
    assert first in legal and Play(N, first.card) not in legal
    assert list(reversed(legal))[-1] == first


def test_phase_one_any_card_from_hand_or_table() -> None:
    state = fresh()
    play(state, "AH")
    plays = {a.card.tag for a in state.legal_actions(N) if isinstance(a, Play)}
    assert plays == {c.tag for c in state.hand(N)}  # no duty to follow, trump or win
    assert len(plays) == 12


def test_non_dealer_leads_and_winner_leads_next() -> None:
    state = fresh()
    assert state.dealer is N and state.to_act is S and state.phase is Phase.LEAD
    trick(state, "9C", "10C")
    assert state.to_act is N and phase(state) is Phase.MELD


def test_winner_draws_the_top_card_first() -> None:
    state = fresh()
    trick(state, "9C", "10C")  # North wins
    events = state.apply(Draw(N))
    assert events == [
        CardDrawn(N, Card.parse("KD#1"), False),
        CardDrawn(S, Card.parse("KD#2"), False),
    ]
    assert state.stock_size == 21 and Card.from_id(state.stock[-1]).code == "JD"
    assert state.phase is Phase.LEAD and state.to_act is N


def test_trick_points_event_and_masks() -> None:
    state = fresh()
    events = trick(state, "AH", "10C")
    assert [e.points for e in events if isinstance(e, TrickWon)] == [21]
    assert state.won[S] == Card.parse("AH").bit | Card.parse("10C").bit
    classic = Rules().card_points
    assert trick_points(state.won[S], classic) == 21
    assert trick_points(state.won[S], Rules(trick_count="simplified").card_points) == 20
    assert trick_points(state.won[S], Rules(trick_count="counters").card_points) == 20


def test_wrong_seat_and_wrong_moment() -> None:
    state = fresh()
    refused(state, Play(N, Card.parse("KS")), "It is not your turn: South is to lead")
    refused(state, Draw(S), "You can only draw right after winning a trick")
    refused(state, ShowDix(S, Card.parse("9S")), "only show the dix 9♠ right after winning")
    refused(state, ExchangeDix(S, Card.parse("9S")), "right after winning a trick")
    pinochle = Meld(S, MeldKind.PINOCHLE, (Card.parse("QS"), Card.parse("JD")))
    refused(state, pinochle, "right after winning a trick")
    refused(state, Play(S, Card.parse("KS")), "You do not hold K♠")
    refused(state, Play(S, Card.parse("AS#2")), r"You hold the other copy of A♠: play AS#1")
    play(state, "9C")
    refused(state, Play(S, Card.parse("AS")), "It is not your turn: North is to play")
    play(state, "10C")
    refused(state, Play(N, Card.parse("KS")), "Finish your turn first")
    refused(state, Play(S, Card.parse("AS")), "It is not your turn: North is to meld or draw")
    refused(state, Draw(N, take_turn_up=True), "only choose the turn-up at the last draw")


def test_before_the_deal_and_after_the_game() -> None:
    state = GameState.new(Rules(game="single-deal"))
    refused(state, Play(S, Card.parse("AS")), "The next hand has not been dealt yet")
    refused(state, DeclareOut(S), "not been dealt")
    state.deal(pack(Rules()))
    finish_hand(state)
    assert state.is_over
    refused(state, Play(S, Card.parse("AS")), "The game is over")
    with pytest.raises(IllegalActionError, match="The game is over"):
        state.deal(["AS"] * 48)


def test_action_text_round_trip() -> None:
    state = fresh()
    for action in state.legal_actions():
        assert parse_action(action.text, action.seat) == action
    assert parse_action("meld flush as 10s ks qs js", N).text == (
        "meld flush AS#1 10S#1 KS#1 QS#1 JS#1"
    )
    assert parse_action("show 9♠", N) == ShowDix(N, Card.parse("9S#1"))
    assert parse_action("exchange 9S#2", N) == ExchangeDix(N, Card.parse("9S#2"))
    assert parse_action("draw turn-up", N) == Draw(N, take_turn_up=True)
    assert parse_action("declare-out", S) == DeclareOut(S)


@pytest.mark.parametrize(
    "text", ["", "jump", "play", "play QS QS", "draw now", "meld QS", "meld trio QS JD", "play XX"]
)
def test_bad_action_text(text: str) -> None:
    with pytest.raises(PinochleError):
        parse_action(text, S)


def test_card_played_from_table_is_marked() -> None:
    state = stacked_state("QS JD AH AH 10H KH QC JC 9C 10D 9D 9D", NORTH.replace("QS", "KD"), "9S")
    trick(state, "AH", "10C")
    state.apply(Meld(S, MeldKind.PINOCHLE, (Card.parse("QS"), Card.parse("JD"))))
    assert state.phase is Phase.LEAD  # nothing else to do: the turn ended by itself
    events = play(state, "JD")
    assert events == [CardPlayed(S, Card.parse("JD"), from_table=True, led=True)]
