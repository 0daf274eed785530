"""The last draw (R15): the trick-12 winner may still meld, then takes the last
face-down card and shows it (default) or chooses (option); melds go back into the
hands and the playoff starts with the winner's lead."""

from __future__ import annotations

import pytest

from pinochle_tui.engine import (
    Card,
    DeclareOut,
    Draw,
    ExchangeDix,
    GameState,
    MeldKind,
    Phase,
    Rules,
)
from pinochle_tui.engine.events import (
    CardDrawn,
    GameOver,
    LastCardRevealed,
    MeldScored,
    PlayoffStarted,
)
from pinochle_tui.engine.outcome import Outcome, Termination
from tests.helpers import N, S, meld, melder, refused, south_wins

CHOOSE = Rules(last_draw="winner-chooses")
LAST = "? " * 22 + "JD"  # the last face-down card is a J♦


def at_last_draw(rules: Rules | None = None) -> GameState:
    """Spades trump, turn-up K♠#1: South has won all twelve tricks and, holding the
    dix, is still in its turn before the last draw (the J♦ face down)."""
    state = melder("9S", "KS", stock=LAST, rules=rules)
    south_wins(state, 12, keep="9S")
    assert state.phase is Phase.MELD and state.to_act is S and state.stock_size == 1
    return state


def test_default_winner_takes_the_face_down_card_and_shows_it() -> None:
    state = at_last_draw()
    hidden = Card.from_id(state.stock[0])
    turn_up = Card.parse("KS#1")
    assert hidden.code == "JD" and state.turn_up == turn_up.id
    assert Draw(S, take_turn_up=True) not in state.legal_actions()
    events = state.apply(Draw(S))
    assert events == [
        CardDrawn(S, hidden, False),
        LastCardRevealed(S, hidden),
        CardDrawn(N, turn_up, True),
        PlayoffStarted(S),
    ]
    assert hidden in state.hand(S) and turn_up in state.hand(N)
    assert state.view(N).revealed == hidden and hidden in state.view(N).opponent_known
    assert turn_up in state.view(S).opponent_known
    assert state.turn_up is None and state.stock_size == 0
    assert state.playoff and state.phase is Phase.LEAD and state.to_act is S
    assert len(state.hand(S)) == len(state.hand(N)) == 12


def test_trick_12_winner_melds_before_drawing_and_melds_return_to_the_hand() -> None:
    state = melder("QS JD", "KS", stock="? " * 22 + "10H")
    south_wins(state, 1, keep="QS JD")
    state.apply(Draw(S))
    south_wins(state, 11, keep="QS JD")
    assert state.stock_size == 1 and state.phase is Phase.MELD
    events = meld(state, MeldKind.PINOCHLE, "QS JD")
    assert isinstance(events[0], MeldScored) and events[0].points == 40
    assert state.scores[S] == 40 and not state.playoff
    state.apply(Draw(S))
    assert state.tables == [0, 0] and len(state.hand(S)) == 12
    assert {"QS", "JD"} <= {c.code for c in state.hand(S)}
    assert Card.parse("QS") in state.view(N).opponent_known  # melded cards stay known


def test_winner_chooses_the_turn_up() -> None:
    state = at_last_draw(CHOOSE)
    hidden, turn_up = Card.from_id(state.stock[0]), Card.parse("KS#1")
    assert {a for a in state.legal_actions(S) if isinstance(a, Draw)} == {
        Draw(S),
        Draw(S, take_turn_up=True),
    }
    events = state.apply(Draw(S, take_turn_up=True))
    assert events == [
        CardDrawn(S, turn_up, True),
        LastCardRevealed(N, hidden),
        CardDrawn(N, hidden, False),
        PlayoffStarted(S),
    ]
    assert turn_up in state.hand(S) and hidden in state.hand(N)


def test_winner_chooses_the_face_down_card() -> None:
    state = at_last_draw(CHOOSE)
    hidden = Card.from_id(state.stock[0])
    state.apply(Draw(S))
    assert hidden in state.hand(S) and Card.parse("KS#1") in state.hand(N)


def test_no_choice_before_the_last_draw() -> None:
    state = melder("9S", "KS", stock=LAST, rules=CHOOSE)
    south_wins(state, 1, keep="9S")
    assert state.phase is Phase.MELD
    refused(state, Draw(S, take_turn_up=True), "only choose the turn-up at the last draw")


def test_loser_takes_the_exchanged_dix() -> None:
    state = at_last_draw()
    state.apply(ExchangeDix(S, Card.parse("9S")))
    state.apply(Draw(S))
    assert state.playoff and Card.parse("9S") in state.hand(N)
    assert Card.parse("KS") in state.hand(S)


def test_winner_may_choose_the_dix_it_just_exchanged() -> None:
    state = at_last_draw(CHOOSE)
    hidden = Card.from_id(state.stock[0])
    state.apply(ExchangeDix(S, Card.parse("9S")))
    assert state.phase is Phase.MELD  # two ways to draw remain
    state.apply(Draw(S, take_turn_up=True))
    assert Card.parse("9S") in state.hand(S) and Card.parse("KS") in state.hand(S)
    assert hidden in state.hand(N)


@pytest.mark.parametrize("packet", [3, 4])
def test_64_card_last_draw_after_trick_16(packet: int) -> None:
    rules = Rules(pack=64, deal_packet=packet)
    state = melder("9S", "KS", stock="? " * 30 + "JD", rules=rules)
    assert state.stock_size == 31
    south_wins(state, 15, keep="9S")
    state.apply(Draw(S))
    assert state.stock_size == 1 and not state.playoff
    south_wins(state, 1, keep="9S")
    state.apply(Draw(S))
    assert state.playoff and len(state.hand(S)) == len(state.hand(N)) == 16
    assert Card.from_id(state.revealed or 0).code == "JD"


def test_declaring_out_at_the_last_draw_choice() -> None:
    rules = Rules(last_draw="winner-chooses", target=170)
    state = at_last_draw(rules)
    legal = state.legal_actions()
    assert DeclareOut(N) in legal and DeclareOut(S) in legal
    events = state.apply(DeclareOut(S))  # no melds, 167 in tricks: rounded up to 170
    assert events[-1] == GameOver(Outcome(Termination.DECLARED_OUT_WON, S, (170, 0), 170, S))
