"""What a seat may know: its own hand, both tables, what was played, the
turn-up, shown and revealed cards, and nothing of the opponent's hidden cards."""

from __future__ import annotations

import random

import pytest

from pinochle_tui.engine import (
    CARDS,
    Card,
    Draw,
    ExchangeDix,
    GameState,
    MeldKind,
    Phase,
    PositionError,
    Rules,
    Seat,
    ShowDix,
    Suit,
    shuffled_deck,
)
from pinochle_tui.engine.cards import cards_of
from pinochle_tui.engine.events import CardDrawn, visible_card
from tests.helpers import N, S, meld, melder, south_wins, won


def test_view_after_the_deal() -> None:
    state = melder("9S QS JD", "KS")
    south, north = state.view(S), state.view(N)
    assert south.hand == tuple(state.hand(S)) and len(south.hand) == 12
    assert not set(state.hand(N)) & south.visible_cards()
    assert south.visible_cards() == set(state.hand(S)) | {Card.parse("KS")}
    assert len(south.unseen) == 48 - 12 - 1 and set(state.hand(N)) <= set(south.unseen)
    assert south.trump is Suit.SPADES and south.turn_up == Card.parse("KS")
    assert south.stock_size == 23 and south.opponent_hand_size == 12
    assert south.phase is Phase.LEAD and south.my_turn and not north.my_turn
    assert south.opponent_known == () and north.opponent_known == ()


def test_shown_exchanged_and_melded_cards_are_known() -> None:
    state = melder("9S QS JD", "KS")
    won(state)
    state.apply(ShowDix(S, Card.parse("9S")))
    assert state.view(N).opponent_known == (Card.parse("9S"),)
    assert state.view(S).opponent_known == ()
    meld(state, MeldKind.PINOCHLE, "QS JD")
    north = state.view(N)
    assert north.tables[S] == (Card.parse("QS"), Card.parse("JD"))
    assert north.melds[0].kind is MeldKind.PINOCHLE and north.melds[0].points == 40
    assert north.opponent_known == (Card.parse("9S"),)  # the melded cards are on the table
    assert north.dix_counted == (Card.parse("9S"),)


def test_exchange_shows_the_card_gained() -> None:
    state = melder("9S", "KS")
    won(state)
    state.apply(ExchangeDix(S, Card.parse("9S")))
    assert state.view(N).opponent_known == (Card.parse("KS"),)
    assert state.view(N).turn_up == Card.parse("9S")


def test_drawn_cards_are_hidden_from_the_other_seat() -> None:
    state = melder("9S", "KS")
    won(state)
    events = state.apply(Draw(S))
    south_draw, north_draw = events
    assert isinstance(south_draw, CardDrawn) and isinstance(north_draw, CardDrawn)
    assert visible_card(south_draw, S) == south_draw.card
    assert visible_card(south_draw, N) is None and visible_card(north_draw, S) is None
    assert south_draw.card not in state.view(N).visible_cards()
    assert north_draw.card in state.view(N).hand


def test_the_last_draw_reveals_and_the_turn_up_is_public() -> None:
    state = melder("9S", "KS")
    south_wins(state, 12, keep="9S")
    events = state.apply(Draw(S))
    turn_up_draw = [e for e in events if isinstance(e, CardDrawn) and e.turn_up]
    assert visible_card(turn_up_draw[0], S) == Card.parse("KS")
    north = state.view(N)
    assert north.revealed is not None and north.revealed in north.opponent_known
    assert state.view(S).opponent_known == (Card.parse("KS"),)
    assert north.playoff and north.stock_size == 0 and north.turn_up is None


def test_trick_history_and_points_are_public() -> None:
    state = melder("", "KS")
    south_wins(state, 2)
    north = state.view(N)
    assert north.trick_no == 2 and len(north.tricks) == 2
    assert north.won_points[S] == sum(
        t.lead.points + t.reply.points for t in north.tricks if t.winner is S
    )
    assert {t.lead for t in north.tricks} <= north.visible_cards()


def test_view_before_the_first_deal() -> None:
    view = GameState.new(Rules()).view(S)
    assert view.phase is Phase.DEAL and view.hand == () and view.trump is None
    assert view.unseen == () and view.visible_cards() == set() and not view.my_turn


def _hidden_and_stock(state: GameState, seat: Seat) -> tuple[list[Card], list[Card]]:
    """What ``seat`` cannot see: the opponent's unknown cards and the stock in order."""
    other = seat.other
    hidden = state.hands[other] & ~state.public[other]
    return cards_of(hidden), [CARDS[c] for c in state.stock]


@pytest.mark.parametrize("seed", range(6))
def test_a_view_filled_with_the_hidden_cards_is_the_same_position(seed: int) -> None:
    """``from_view`` with the true hidden cards gives back the position: the same
    view, the same legal actions, and the same hand played out the same way."""
    rules = Rules(
        game="single-deal", last_draw="winner-chooses" if seed % 2 else "winner-takes-stock"
    )
    rng = random.Random(seed)
    state = GameState.new(rules)
    state.deal(shuffled_deck(rules, rng))
    checked = 0
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        rebuilt = GameState.from_view(view, *_hidden_and_stock(state, seat))
        assert rebuilt.view(seat) == view
        assert list(rebuilt.legal_actions(seat)) == list(state.legal_actions(seat))
        if checked % 7 == 0:
            tail = rng.getstate()
            original, copy = state.copy(), rebuilt
            for game in (original, copy):
                rng.setstate(tail)
                while not game.is_over:
                    game.apply(rng.choice(list(game.legal_actions())))
            assert copy.scores == original.scores and copy.result == original.result
            rng.setstate(tail)
        checked += 1
        state.apply(rng.choice(list(state.legal_actions())))
    assert checked > 40


def test_from_view_refuses_cards_that_do_not_fill_the_view() -> None:
    state = melder("9S QS JD", "KS")
    view = state.view(S)
    hidden, stock = _hidden_and_stock(state, S)
    with pytest.raises(PositionError, match="not seen"):
        GameState.from_view(view, hidden[1:], stock)  # one card short
    with pytest.raises(PositionError, match="not seen"):
        GameState.from_view(view, hidden, [*stock[:-1], stock[0]])  # a card twice
    with pytest.raises(PositionError, match="not seen"):
        GameState.from_view(view, hidden + stock[:1], stock[1:])  # wrong numbers
    swapped = GameState.from_view(view, stock[:12], hidden + stock[12:])  # another world
    assert swapped.view(S) == view and set(swapped.hand(N)) == set(stock[:12])
    over = GameState.new(Rules()).view(S)
    with pytest.raises(PositionError, match="hand in progress"):
        GameState.from_view(over, [], [])
