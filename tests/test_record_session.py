"""GameSession: a game and its record, saved after every deal and action."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from pinochle_tui.engine import (
    Card,
    DeclareOut,
    Draw,
    GameState,
    IllegalActionError,
    Meld,
    MeldKind,
    Phase,
    Play,
    Rules,
    pack,
)
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.models import ActionRecord, GameLog, HandRecord
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import write_log
from tests.helpers import N, S, stacked_deck
from tests.record_helpers import PLAYERS, snapshot, step


def test_new_game_is_saved_at_once_and_not_dealt(tmp_path: Path) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=11, save_dir=tmp_path)
    assert session.needs_deal and session.log.hands == ()
    assert session.path is not None and session.path.parent == tmp_path
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-ann-vs-computer\.json", session.path.name)
    saved = json.loads(session.path.read_text())
    assert (saved["format"], saved["version"], saved["seed"]) == ("pinochle-log", 1, 11)
    assert saved["players"][1] == {"name": "Computer", "kind": "computer", "level": "random"}


def test_same_start_time_and_players_get_distinct_files(tmp_path: Path) -> None:
    first = GameSession.new(Rules(), PLAYERS, seed=1, save_dir=tmp_path)
    second = GameSession.new(Rules(), PLAYERS, seed=1, save_dir=tmp_path)
    assert first.path != second.path
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_without_save_dir_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    session = GameSession.new(Rules(), PLAYERS, seed=3)
    session.deal()
    assert session.path is None and list(tmp_path.iterdir()) == []


def test_first_dealer_comes_from_the_seed_unless_given() -> None:
    dealers = {GameSession.new(Rules(), PLAYERS, seed=s).state.dealer.other for s in range(20)}
    assert dealers == {S, N}
    again = [GameSession.new(Rules(), PLAYERS, seed=7).log.first_dealer for _ in range(3)]
    assert len(set(again)) == 1
    chosen = GameSession.new(Rules(), PLAYERS, seed=7, first_dealer=N)
    assert chosen.log.first_dealer == "north"
    chosen.deal()
    assert chosen.state.dealer is N and chosen.log.hands[0].dealer == "north"


def test_a_game_without_seed_records_a_random_one() -> None:
    seeds = {GameSession.new(Rules(), PLAYERS).log.seed for _ in range(3)}
    assert None not in seeds and len(seeds) == 3


def test_deal_is_a_function_of_seed_and_hand_number() -> None:
    one = GameSession.new(Rules(), PLAYERS, seed=11, first_dealer=N)
    two = GameSession.new(Rules(), PLAYERS, seed=11, first_dealer=S)
    one.deal()
    two.deal()
    deck = one.log.hands[0].deck
    assert deck == two.log.hands[0].deck
    # Pinned: a seed must deal the same game on every machine and Python version.
    assert deck[:6] == ("10S", "JS", "AH", "9S", "KS", "10C")
    assert Counter(deck) == Counter(card.code for card in pack(Rules()))
    other = GameSession.new(Rules(), PLAYERS, seed=12, first_dealer=N)
    other.deal()
    assert other.log.hands[0].deck != deck
    # Hand 2 depends on the seed and its number, not on how hand 1 was played.
    for session, rng in ((one, random.Random(1)), (two, random.Random(2))):
        while session.state.hand_no < 2 and not session.state.is_over:
            step(session, rng)
    assert one.log.hands[0].actions != two.log.hands[0].actions
    assert one.log.hands[1].deck == two.log.hands[1].deck != deck


def test_the_recorded_deck_deals_the_same_hands() -> None:
    session = GameSession.new(Rules(pack=64, deal_packet=3), PLAYERS, seed=5, first_dealer=S)
    session.deal()
    hand = session.log.hands[0]
    assert len(hand.deck) == 64 and hand.dealer == "south"
    again = GameState.new(session.state.rules, dealer=S)
    again.deal(hand.deck)
    assert snapshot(again) == snapshot(session.state)


def test_apply_records_the_action_text_and_seat(tmp_path: Path) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=2, save_dir=tmp_path)
    session.deal()
    seat = session.state.to_act
    card = session.state.hand(seat)[0]
    session.apply(Play(seat, card))
    assert session.log.hands[0].actions == (
        ActionRecord(seat=seat.name.lower(), action=f"play {card.tag}"),
    )
    assert session.path is not None
    saved = json.loads(session.path.read_text())
    assert saved["hands"][0]["actions"] == [
        {"seat": seat.name.lower(), "action": f"play {card.tag}"}
    ]


def test_an_illegal_action_records_and_saves_nothing(tmp_path: Path) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=2, save_dir=tmp_path)
    session.deal()
    assert session.path is not None
    before_file, before_log = session.path.read_bytes(), session.log
    waiting = session.state.to_act.other
    with pytest.raises(IllegalActionError, match="not your turn"):
        session.apply(Play(waiting, session.state.hand(waiting)[0]))
    with pytest.raises(IllegalActionError, match="right after winning a trick"):
        session.apply(Draw(session.state.to_act))
    assert session.log == before_log and session.path.read_bytes() == before_file


def _pinochle_log() -> GameLog:
    """South (to lead) holds the second QS and the first JD; North holds the first QS."""
    deck = stacked_deck(
        Rules(),
        N,
        ("AS JD KH KH QH QH JC JC QS 9C 10C KC", "QS 9S 9S JS JS JH JH 10S 10S KS 9D 9D"),
        "AH",
    )
    return GameLog(
        started=datetime(2026, 11, 30, 18, 30, 5).astimezone(),
        seed=None,
        rules=Rules(),
        players=PLAYERS,
        first_dealer="north",
        hands=(
            HandRecord(
                dealer="north",
                deck=tuple(deck),
                actions=(
                    ActionRecord(seat="south", action="play AS#1"),
                    ActionRecord(seat="north", action="play 9S#1"),
                ),
            ),
        ),
    )


def test_copies_are_told_apart_in_a_resumed_game(tmp_path: Path) -> None:
    path = tmp_path / "pinochle.json"
    write_log(path, _pinochle_log())
    session = GameSession.load(path)
    assert session.state.phase is Phase.MELD and session.state.to_act is S
    assert session.log.seed is not None, "a record without seed gets one to deal on"
    cards = (Card.parse("QS#2"), Card.parse("JD#1"))
    with pytest.raises(IllegalActionError, match="QS#1"):
        session.apply(Meld(S, MeldKind.PINOCHLE, (Card.parse("QS#1"), cards[1])))
    session.apply(Meld(S, MeldKind.PINOCHLE, cards))
    assert session.state.scores == [40, 0]
    resumed = GameSession.load(path)
    assert resumed.log.hands[0].actions[-1].action == "meld pinochle QS#2 JD#1"
    assert snapshot(resumed.state) == snapshot(session.state)


def test_finished_game_records_its_result(tmp_path: Path) -> None:
    session = GameSession.new(Rules(game="single-deal"), PLAYERS, seed=4, save_dir=tmp_path)
    rng = random.Random(4)
    while not session.state.is_over:
        assert session.log.result is None
        step(session, rng)
    result = session.log.result
    assert result is not None
    assert result.scores == tuple(session.state.scores)
    assert result.reason == session.state.result
    winner = session.state.winner
    assert result.winner == (None if winner is None else winner.name.lower())
    with pytest.raises(IllegalActionError, match="The game is over"):
        session.deal()


def test_declaring_out_is_recorded_for_the_seat_not_to_act(tmp_path: Path) -> None:
    session = GameSession.new(Rules(target=10), PLAYERS, seed=9, save_dir=tmp_path)
    session.deal()
    claimant = session.state.to_act.other
    session.apply(DeclareOut(claimant))
    assert session.state.is_over
    assert session.log.hands[0].actions[-1].seat == claimant.name.lower()
    assert session.path is not None
    assert snapshot(GameSession.load(session.path).state) == snapshot(session.state)


def test_a_game_needs_two_players() -> None:
    with pytest.raises(RecordError, match="two players"):
        GameSession.new(Rules(), PLAYERS[:1])
