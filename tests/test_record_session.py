"""GameSession: a game and its record, saved after every deal and action."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import sys
import tempfile
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
from pinochle_tui.record.errors import GameLockedError, RecordError
from pinochle_tui.record.models import ActionRecord, GameLog, HandRecord
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import open_game, write_log
from tests.helpers import N, S, stacked_deck
from tests.record_helpers import PLAYERS, snapshot, step


def test_new_game_is_saved_at_once_and_not_dealt(tmp_path: Path) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=11, save_dir=tmp_path)
    assert session.needs_deal and session.log.hands == ()
    assert session.path is not None and session.path.parent == tmp_path
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-ann-vs-computer\.json", session.path.name)
    saved = json.loads(session.path.read_text())
    assert (saved["format"], saved["version"], saved["seed"]) == ("pinochle-log", 2, 11)
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
    with GameSession.load(path) as session:
        assert session.state.phase is Phase.MELD and session.state.to_act is S
        assert session.log.seed is not None, "a record without seed gets one to deal on"
        cards = (Card.parse("QS#2"), Card.parse("JD#1"))
        with pytest.raises(IllegalActionError, match="QS#1"):
            session.apply(Meld(S, MeldKind.PINOCHLE, (Card.parse("QS#1"), cards[1])))
        session.apply(Meld(S, MeldKind.PINOCHLE, cards))
        assert session.state.scores == [40, 0]
    resumed = open_game(path)
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
    assert snapshot(open_game(session.path).state) == snapshot(session.state)


def test_a_game_needs_two_players() -> None:
    with pytest.raises(RecordError, match="two players"):
        GameSession.new(Rules(), PLAYERS[:1])


# -- a save that fails ------------------------------------------------------------

#: The calls of a save that a full or read-only disk makes fail.
SAVE_CALLS = [(os, "fsync"), (os, "replace"), (tempfile, "mkstemp")]


def _disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _steps(session: GameSession) -> int:
    return len(session.log.hands) + session.log.action_count


def _temps(directory: Path) -> list[Path]:
    return [p for p in directory.iterdir() if p.suffix == ".tmp"]


@pytest.mark.parametrize(("module", "call"), SAVE_CALLS, ids=[c for _, c in SAVE_CALLS])
def test_a_failed_save_loses_no_move_and_the_next_move_saves_them_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: object, call: str
) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path)
    rng = random.Random(5)
    for _ in range(6):
        step(session, rng)
    assert session.path is not None and session.save_error is None
    saved = session.path.read_bytes()
    monkeypatch.setattr(module, call, _disk_full)
    for done in range(7, 10):
        step(session, rng)  # no exception: the game goes on
        assert _steps(session) == done, "the move is in the log all the same"
        assert session.save_error == (
            f"cannot save the game to {session.path}: No space left on device"
        )
        assert session.path.read_bytes() == saved, "what was saved stays whole"
    assert _temps(tmp_path) == []
    assert session.retry_save() is False
    monkeypatch.undo()
    step(session, rng)
    assert session.save_error is None
    game = open_game(session.path)
    assert game.log == session.log and snapshot(game.state) == snapshot(session.state)


def test_retry_save_saves_the_whole_game_on_demand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path)
    monkeypatch.setattr(os, "replace", _disk_full)
    session.deal()
    assert session.save_error is not None and "\n" not in session.save_error
    monkeypatch.undo()
    assert session.retry_save() is True and session.save_error is None
    assert session.path is not None and open_game(session.path).log == session.log


@pytest.mark.parametrize(("module", "call"), SAVE_CALLS, ids=[c for _, c in SAVE_CALLS])
def test_a_new_game_that_cannot_be_saved_is_played_and_saved_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: object, call: str
) -> None:
    monkeypatch.setattr(module, call, _disk_full)
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path)
    assert session.path is None
    assert session.save_error == f"cannot save the game in {tmp_path}: No space left on device"
    session.deal()
    assert list(tmp_path.iterdir()) == [], "no empty, temporary or lock file is left"
    monkeypatch.undo()
    assert session.retry_save()
    assert session.path is not None and session.path.parent == tmp_path
    assert open_game(session.path).log == session.log


def test_move_to_goes_on_in_a_new_file_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, usb = tmp_path / "home", tmp_path / "usb" / "games"
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=home)
    rng = random.Random(5)
    for _ in range(3):
        step(session, rng)
    old = session.path
    assert old is not None
    left = old.read_bytes()
    monkeypatch.setattr(os, "replace", _disk_full)
    step(session, rng)
    assert session.save_error is not None
    monkeypatch.undo()
    session.move_to(usb)
    assert session.path is not None and session.path.parent == usb
    assert session.save_error is None and session.directory == usb
    assert open_game(session.path).log == session.log
    step(session, rng)
    assert open_game(session.path).log == session.log, "it goes on saving there"
    assert old.read_bytes() == left, "the old file is left as it was"
    with GameSession.load(old) as other:  # and no longer locked
        assert _steps(other) == 3
    if sys.platform != "win32":
        with pytest.raises(GameLockedError):
            GameSession.load(session.path)


def test_a_move_that_fails_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path / "home")
    path = session.path
    monkeypatch.setattr(tempfile, "mkstemp", _disk_full)
    with pytest.raises(RecordError, match=r"cannot save the game in .*usb: No space left"):
        session.move_to(tmp_path / "usb")
    monkeypatch.undo()
    assert session.path == path and session.save_error is None
    session.deal()
    assert path is not None and open_game(path).log == session.log


def test_a_closed_session_plays_no_more(tmp_path: Path) -> None:
    with GameSession.new(Rules(), PLAYERS, seed=5, save_dir=tmp_path) as session:
        session.deal()
    for call in (session.deal, session.retry_save, lambda: session.move_to(tmp_path)):
        with pytest.raises(RecordError, match="this game session is closed"):
            call()
    assert session.path is not None and open_game(session.path).log == session.log
