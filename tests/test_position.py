"""The position notation (docs/position.md): written positions read back to the
same game, hand-written positions set up exactly what they say, and impossible
positions are refused with the reason."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from pinochle_tui.engine import (
    Card,
    GameState,
    Meld,
    MeldKind,
    Phase,
    Play,
    PositionError,
    Rules,
    Seat,
    ShowDix,
    Table,
    UnsavedGame,
    pack,
)
from tests.helpers import N, S, meld, melder, random_action, won
from tests.test_properties import RULES, SEEDS, runs

# South to lead the first trick; Hearts trump, turn-up 9H#2.
OPENING = (
    "hand=1 dealer=N turn=S:lead trump=H target=1000 scores=0,0 meld=0,0 "
    "south=AS,AS#2,10S,KS,QS,AH,10H,KH,QH,JH,9H,JD/- "
    "north=10S#2,KS#2,QS#2,JS,JS#2,9S,9S#2,AD,AD#2,10D,10D#2,KD/- "
    "up=9H#2 stock=KD#2,QD,QD#2,JD#2,9D,9D#2,AC,AC#2,10C,10C#2,KC,KC#2,QC,QC#2,JC,JC#2,9C,9C#2,"
    "AH#2,10H#2,KH#2,QH#2,JH#2 lead=- tricks=- melds=- counted=- revealed=- claims=-"
)


def test_an_opening_position_is_what_it_says() -> None:
    state = GameState.from_position(OPENING)
    assert state.phase is Phase.LEAD and state.to_act is S and state.dealer is N
    assert state.trump_suit is not None and state.trump_suit.letter == "H"
    assert Card.parse("9H#2").id == state.turn_up and state.stock_size == 23
    assert len(state.hand(S)) == len(state.hand(N)) == 12
    assert len(state.legal_actions(S)) == 12 + 1  # twelve cards and declaring out
    assert state.position() == OPENING


def test_a_winners_turn_with_melds_on_the_table() -> None:
    state = melder("KS QS JD 9H", "JH")
    won(state, "10C")
    meld(state, MeldKind.PINOCHLE, "QS JD")
    text = state.position()
    assert "melds=S:pinochle:QS+JD" in text and "melded=yes dixleft=1" in text
    again = GameState.from_position(text)
    assert again.view(S) == state.view(S) and again.view(N) == state.view(N)
    assert list(again.legal_actions()) == list(state.legal_actions())
    assert ShowDix(S, Card.parse("9H")) in again.legal_actions(S)
    assert not [a for a in again.legal_actions(S) if isinstance(a, Meld)]  # melded already


def test_a_reply_due() -> None:
    state = GameState.from_position(OPENING)
    state.apply(Play(S, Card.parse("AS")))
    text = state.position()
    assert "turn=N:follow" in text and "lead=AS " in text
    again = GameState.from_position(text)
    assert again.lead == Card.parse("AS").id and again.leader is S
    assert again.view(N) == state.view(N)


def test_waiting_for_the_next_deal() -> None:
    state = GameState.from_position("hand=3 turn=S:deal target=1250 scores=1100,1020")
    assert state.phase is Phase.DEAL and state.hand_no == 3 and state.target == 1250
    state.deal(pack(Rules()))
    assert state.dealer is S and state.hand_no == 4 and state.to_act is N
    assert state.scores == [1100, 1020]


@given(RULES, SEEDS)
@runs(60)
def test_every_position_of_random_games_reads_back_to_the_same_game(
    rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    dealt: list[list[Card]] = []

    def decks(hand_no: int) -> list[Card]:
        dealt.append(pack(rules))
        rng.shuffle(dealt[-1])
        return dealt[-1]

    game = UnsavedGame.new(rules, decks, dealer=rng.choice([S, N]))
    table = Table(game, auto_deal=False, auto_forced=False)
    while table.outcome is None:
        state = game.state
        text = state.position()
        again = GameState.from_position(text, rules)
        assert again.position() == text
        if table.deal_due:
            events = table.deal()
            assert again.deal(dealt[-1]) == events
            assert again.position() == state.position()
            continue
        assert again.view(S) == state.view(S) and again.view(N) == state.view(N)
        assert list(again.legal_actions()) == list(state.legal_actions())
        action = random_action(state, rng, declare=0.004)
        assert again.apply(action) == table.act(action)


def test_the_game_over_has_no_position() -> None:
    state = GameState.from_position(
        OPENING.replace("claims=-", "claims=-"), Rules(game="single-deal")
    )
    state.apply(Play(S, Card.parse("AS")))
    with pytest.raises(PositionError, match="game is over"):
        finished(state).position()


def finished(state: GameState) -> GameState:
    rng = random.Random(1)
    while not state.is_over:
        state.apply(random_action(state, rng))
    return state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("dealer=N", "dealer=X"), "field dealer='X' cannot be read"),
        (("turn=S:lead", "turn=S:bid"), "must be a seat and a phase"),
        ((" meld=0,0", ""), "the field 'meld' is missing"),
        (("claims=-", "claims=- bonus=3"), "unknown field 'bonus'"),
        (("claims=-", "claims=- claims=S"), "appears twice"),
        (("trump=H", "trump"), "is not a key=value field"),
        (("south=AS,", "south=ZS,"), "not a card"),
        (("south=AS,AS#2,", "south=AS,AS,"), "AS#1 is in two places"),
        (("JH#2 lead", "JH lead"), "JH#1 is in two places"),
        ((",JD/-", "/-"), "JD#1 is missing"),
        (("up=9H#2 stock=KD#2,", "up=KD#2 stock=9H#2,"), "the turn-up is a trump"),
        (("up=9H#2 stock=", "up=- stock=9H#2,"), "the turn-up lies"),
        (("lead=-", "lead=AS"), "AS#1 is in two places"),
        (("scores=0,0", "scores=0"), "field scores='0' cannot be read"),
        (("scores=0,0", "scores=0,-5"), "the scores include the meld points"),
        (("hand=1", "hand=0"), "hand number of 1 or more"),
        (("claims=-", "claims=S"), "only under declare-out alt1 or alt2"),
        (("melds=-", "melds=S:flush:AS+KS"), "is not a flush"),
        (("south=AS,AS#2,10S,KS,QS,", "south=AS,AS#2,10S,KS!,QS,"), None),
        (("/- north", "/KH north"), "KH#1 is in two places"),
    ],
)
def test_impossible_positions_are_refused(change: tuple[str, str], message: str | None) -> None:
    old, new = change
    assert old in OPENING
    text = OPENING.replace(old, new, 1)
    if message is None:  # a shown king is a legal thing to know
        assert GameState.from_position(text).public[S] == Card.parse("KS").bit
        return
    with pytest.raises(PositionError, match=message):
        GameState.from_position(text)


def test_card_counts_must_fit_the_tricks_and_draws() -> None:
    moved = OPENING.replace("south=AS,AS#2,", "south=AS,").replace(
        "north=10S#2,", "north=AS#2,10S#2,"
    )
    with pytest.raises(PositionError, match="hold 11 and 13 cards"):
        GameState.from_position(moved)
    no_winner = OPENING.replace("turn=S:lead", "turn=S:meld").replace(
        "claims=-", "claims=- melded=no dixleft=1"
    )
    with pytest.raises(PositionError, match="belongs to the winner of the last trick"):
        GameState.from_position(no_winner)
    with pytest.raises(PositionError, match="only to the trick winner's turn"):
        GameState.from_position(OPENING + " melded=no")


def test_the_64_card_pack_needs_its_rules() -> None:
    with pytest.raises(PositionError, match="7S is not in the 48-card pack"):
        GameState.from_position(OPENING.replace("AS#2", "7S"))
    rules = Rules(pack=64)
    state = GameState.new(rules, dealer=Seat.SOUTH)
    state.deal(pack(rules))
    assert GameState.from_position(state.position(), rules).view(N) == state.view(N)
