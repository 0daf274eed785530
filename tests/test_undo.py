"""Undo in the record and the table driver: ``Table.take_back`` returns a seat to
its previous decision of the hand, the session rebuilds the state and keeps
in its record only the game as finally played, noting each undo."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path

import pytest

from pinochle_tui.ai.player import RandomPlayer
from pinochle_tui.engine import (
    Card,
    DeclareOut,
    GameState,
    IllegalActionError,
    Meld,
    MeldKind,
    Phase,
    Play,
    Rules,
    ShowDix,
    Table,
    UnsavedGame,
    shuffled_deck,
)
from pinochle_tui.record.models import UndoRecord
from pinochle_tui.record.replay import timeline
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.verify import check
from tests.helpers import N, S, held, stacked_deck
from tests.record_helpers import PLAYERS

#: Diamonds trump (turn-up K♦): South leads and holds a marriage and a pinochle in
#: spades; North holds junk, two trumps and the dix.
SOUTH = "AH AH 10H KH QH JH AS AS 10S KS QS JD"
NORTH = "9S 9S JS JS 9C 9C JC JC 9D 9D JD QD"
DECK = stacked_deck(Rules(), N, (SOUTH, NORTH), "KD")


def stacked_session(directory: Path | None = None, undo: bool = True) -> GameSession:
    """A match against a computer on the stacked deck above, North dealing."""
    return GameSession.new(
        Rules(),
        PLAYERS,
        seed=1,
        save_dir=directory,
        first_dealer=N,
        decks=lambda _: DECK,
        undo=undo,
    )


def play(table: Table, text: str) -> None:
    """The seat to act plays the card ``text`` (a face it holds)."""
    state = table.state
    table.act(Play(state.to_act, held(state, state.to_act, text)))


def verified(session: GameSession) -> None:
    """The saved file is valid and replays to the session's very position."""
    assert session.path is not None
    verdict = check(session.path)
    assert verdict.kind == "valid", verdict.message
    assert verdict.game is not None
    assert where(verdict.game.state) == where(session.state)


def where(state: GameState) -> object:
    """The position, or how the game ended once it is over."""
    return state.outcome if state.is_over else state.position()


def test_undo_after_a_lead_takes_back_the_lead(tmp_path: Path) -> None:
    session = stacked_session(tmp_path)
    table = Table(session)
    table.advance()
    before, move = session.state.position(), table.move_no
    play(table, "AS")
    assert table.state.to_act is N  # the computer is to reply
    assert table.take_back(S) == 1
    assert session.state.position() == before and table.state.to_act is S
    assert table.move_no > move + 1  # an answer for the old position is stale
    assert session.log.hands[0].actions == ()
    assert session.log.undos == (UndoRecord(hand=1, at_action=1, taken_back=1, seat="south"),)
    verified(session)


def test_undo_after_a_meld_takes_back_the_meld_and_its_points(tmp_path: Path) -> None:
    session = stacked_session(tmp_path)
    table = Table(session)
    table.advance()
    play(table, "AS")
    play(table, "9S")  # North loses the trick: South's turn to meld
    at_meld = session.state.position()
    state = session.state
    pinochle = Meld(S, MeldKind.PINOCHLE, (held(state, S, "QS"), held(state, S, "JD")))
    table.act(pinochle)
    assert session.state.scores[S] == 40
    # The turn ended by itself (nothing but the draw was left): South leads again.
    assert session.state.phase is Phase.LEAD and session.state.to_act is S
    assert table.take_back(S) == 1
    assert session.state.position() == at_meld and session.state.scores[S] == 0
    assert pinochle in table.legal(S)
    verified(session)


def test_undo_after_the_computer_won_the_trick_goes_back_to_the_lead(tmp_path: Path) -> None:
    session = stacked_session(tmp_path)
    table = Table(session)
    table.advance()
    before = session.state.position()
    play(table, "10S")
    play(table, "9D")  # North trumps the 10 and wins
    state = session.state
    table.act(ShowDix(N, held(state, N, "9D")))  # then North's turn ends by itself
    play(table, "JC")  # North leads: South's reply is due
    assert table.state.to_act is S and len(session.log.hands[0].actions) == 4
    assert session.state.scores == [0, 10]  # North showed the dix
    assert table.take_back(S) == 4
    assert session.state.position() == before and session.state.scores == [0, 0]
    assert session.log.undos[-1] == UndoRecord(hand=1, at_action=1, taken_back=4, seat="south")
    verified(session)


def deck_of_hand(seed: int, hand_no: int) -> list[Card]:
    return shuffled_deck(Rules(), random.Random(f"{seed}:{hand_no}"))


def test_a_card_that_had_to_be_played_is_not_a_decision_to_take_back() -> None:
    """In a match declaring out is always open, so the table asks South even when
    one card is legal; taking back skips such a card to the real choice before."""
    for seed in range(30):
        game = UnsavedGame.new(Rules(), partial(deck_of_hand, seed))
        table = Table(game)
        players = (RandomPlayer(seed), RandomPlayer(seed + 1))
        table.advance()
        chose: list[int] = []  # the action numbers of South's real choices
        while game.state.hand_no == 1 and table.outcome is None:
            decision = table.decision()
            assert decision is not None
            cards = [a for a in decision.legal if not isinstance(a, DeclareOut)]
            if decision.seat is S and len(cards) == 1 and chose:
                table.act(cards[0])  # South's only card: not a choice
                expected = len(game.hand_actions()) - chose[-1]
                assert table.undo_count(S) == expected > 1
                assert table.take_back(S) == expected
                return
            if decision.seat is S:
                chose.append(len(game.hand_actions()))
            table.act(players[decision.seat].choose(decision.view, decision.legal))
    pytest.fail("South never had a single card to play")


def test_undo_across_the_last_draw_restores_the_stock_and_the_tables() -> None:
    """A game played at random up to the first playoff trick: South's last decision
    came before the last draw, and taking it back restores the first phase."""
    for seed in range(40):
        session = GameSession.new(Rules(), PLAYERS, seed=seed, undo=True)
        table = Table(session)
        table.advance()
        players = (RandomPlayer(seed), RandomPlayer(seed + 1))
        positions: dict[int, str] = {}
        while not session.state.playoff:
            decision = table.decision()
            assert decision is not None
            positions[len(session.hand_actions())] = session.state.position()
            table.act(players[decision.seat].choose(decision.view, decision.legal))
        if session.state.to_act is S:
            continue  # South leads the playoff: its last decision came before it
        count = table.take_back(S)
        state: GameState = session.state
        assert state.position() == positions[len(session.hand_actions())]
        assert not state.playoff and state.stock_size >= 1 and state.turn_up is not None
        assert state.hand_no == 1 and session.log.undos[0].taken_back == count
        return
    pytest.fail("no seed led to a playoff that North leads")


def test_undo_never_goes_back_across_a_deal() -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=5, undo=True)
    table = Table(session)
    players = (RandomPlayer(1), RandomPlayer(2))
    table.advance()
    while session.state.hand_no < 2:
        decision = table.decision()
        assert decision is not None
        table.act(players[decision.seat].choose(decision.view, decision.legal))
    south_first = session.state.to_act is S
    if not south_first:  # North leads hand 2: let it, so South has a turn to act
        decision = table.decision()
        assert decision is not None
        table.act(players[N].choose(decision.view, decision.legal))
    assert table.undo_count(S) == 0
    with pytest.raises(IllegalActionError, match="no move of yours to take back"):
        table.take_back(S)
    with pytest.raises(IllegalActionError, match="never taken back across a deal"):
        session.take_back(len(session.hand_actions()) + 1, S)


def test_undo_is_refused_when_the_game_does_not_allow_it() -> None:
    session = stacked_session(undo=False)
    table = Table(session)
    table.advance()
    play(table, "AS")
    with pytest.raises(IllegalActionError, match="Taking moves back is off"):
        table.take_back(S)
    assert len(session.log.hands[0].actions) == 1 and session.log.undos == ()


def _play_with_undos(seed: int, directory: Path) -> tuple[GameSession, dict[int, str], int]:
    """A whole single deal between random players, South taking back now and then:
    the session, the position at each decision by the number of actions before
    it, and how many undos there were."""
    rng = random.Random(seed)
    session = GameSession.new(
        Rules(game="single-deal"), PLAYERS, seed=seed, save_dir=directory, undo=True
    )
    table = Table(session)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    table.advance()
    positions: dict[int, str] = {}
    undos = 0
    while table.outcome is None:
        decision = table.decision()
        assert decision is not None
        if decision.seat is S and table.undo_count(S) and rng.random() < 0.3:
            table.take_back(S)
            undos += 1
            done = len(session.hand_actions())
            assert session.state.position() == positions[done]
            positions = {k: v for k, v in positions.items() if k <= done}
            continue
        positions[len(session.hand_actions())] = session.state.position()
        table.act(players[decision.seat].choose(decision.view, decision.legal))
    return session, positions, undos


def test_random_games_with_undo_verify_and_record_only_the_final_play(tmp_path: Path) -> None:
    for seed in range(6):
        session, positions, undos = _play_with_undos(seed, tmp_path)
        assert undos and len(session.log.undos) == undos
        verified(session)
        # The record is the game as finally played: its replay passes through
        # the positions of the decisions kept, each after as many actions.
        frames = timeline(session.log)  # before the deal, after it, after each action
        replayed = {k: frames[k + 1].state.position() for k in positions}
        assert replayed == positions


def test_a_resumed_game_can_take_back_what_was_played_before_it_was_saved(
    tmp_path: Path,
) -> None:
    session = stacked_session(tmp_path)
    table = Table(session)
    table.advance()
    before = session.state.position()
    play(table, "AS")
    play(table, "9S")
    session.close()
    assert session.path is not None
    resumed = GameSession.load(session.path)
    table = Table(resumed)
    assert table.take_back(S) == 2
    assert resumed.state.position() == before
    verified(resumed)
    resumed.close()


def test_a_version_1_game_is_read_and_saved_again_as_version_2(tmp_path: Path) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=3, save_dir=tmp_path)
    table = Table(session)
    table.advance()
    session.close()
    assert session.path is not None
    document = json.loads(session.path.read_text())
    del document["undo_allowed"], document["undos"]
    document["version"] = 1
    session.path.write_text(json.dumps(document))
    assert check(session.path).kind == "valid"
    with GameSession.load(session.path) as resumed:
        assert not resumed.undo_allowed
        assert resumed.retry_save()
    saved = json.loads(session.path.read_text())
    assert (saved["version"], saved["undo_allowed"], saved["undos"]) == (2, False, [])


def test_an_unsaved_game_takes_back_too() -> None:
    rules = Rules()
    rng = random.Random(3)
    game = UnsavedGame.new(rules, lambda _: shuffled_deck(rules, rng), dealer=N)
    table = Table(game)
    table.advance()
    before = game.state.position()
    decision = table.decision()
    assert decision is not None and decision.seat is S
    table.act(RandomPlayer(1).choose(decision.view, decision.legal))
    decision = table.decision()
    assert decision is not None
    table.act(RandomPlayer(2).choose(decision.view, decision.legal))
    assert table.take_back(S) == 2 and game.state.position() == before
    assert game.hand_actions() == []
