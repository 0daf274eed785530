"""A game in progress and its record, saved after every deal and action.

The session is the only writer of a record: it shuffles each hand from its
seed, applies actions through the engine, appends them to the log and saves
the file atomically, so a game killed at any moment resumes from its last
action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from pinochle_tui.engine import Action, Event, GameState, Phase, Rules, Seat, shuffled_deck
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.models import (
    ActionRecord,
    GameLog,
    HandRecord,
    PlayerInfo,
    seat_name,
)
from pinochle_tui.record.replay import replay, result_of
from pinochle_tui.record.store import naming, new_game_path, read_log, write_log


def _hand_rng(seed: int, hand_no: int) -> random.Random:
    """The shuffle of one hand: a function of the seed and the hand number only."""
    return random.Random(f"pinochle:{seed}:hand:{hand_no}")


class GameSession:
    """A game in progress with its record; every change is saved atomically."""

    def __init__(self, state: GameState, log: GameLog, path: Path | None) -> None:
        self.state = state
        self.log = log
        self.path = path

    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]:
        """South first, as recorded."""
        return self.log.players

    @property
    def seed(self) -> int:
        assert self.log.seed is not None  # sessions always record their seed
        return self.log.seed

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: Sequence[PlayerInfo],
        seed: int | None = None,
        save_dir: Path | None = None,
        first_dealer: Seat | None = None,
    ) -> GameSession:
        """A game waiting for its first deal; saved at once when ``save_dir`` is given.

        Without ``seed`` a random one is drawn (and recorded); without
        ``first_dealer`` the seed chooses it.
        """
        if len(players) != 2:
            raise RecordError(f"a game needs two players, not {len(players)}")
        pair = (players[0], players[1])
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if first_dealer is None:
            first_dealer = random.Random(f"pinochle:{seed}:dealer").choice(list(Seat))
        log = GameLog(
            started=datetime.now().astimezone().replace(microsecond=0),
            seed=seed,
            rules=rules,
            players=pair,
            first_dealer=seat_name(first_dealer),
        )
        path = None if save_dir is None else new_game_path(Path(save_dir), log.started, pair)
        session = cls(GameState.new(rules, dealer=first_dealer), log, path)
        session._save()
        return session

    @classmethod
    def load(cls, path: Path) -> GameSession:
        """The game saved at ``path``, replayed through the engine; it autosaves there.

        Raises RecordError (one line) if the file is unreadable or breaks the rules.
        """
        path = Path(path)
        log = read_log(path)
        with naming(path):
            state = replay(log)
        if log.seed is None:  # written by another program: keep dealing reproducibly
            log = log.model_copy(update={"seed": random.SystemRandom().getrandbits(63)})
        return cls(state, log, path)

    @property
    def needs_deal(self) -> bool:
        return self.state.phase is Phase.DEAL

    def deal(self) -> list[Event]:
        """Shuffle and deal the next hand, record its deck and dealer, and save."""
        deck = shuffled_deck(self.state.rules, _hand_rng(self.seed, self.state.hand_no + 1))
        events = self.state.deal(deck)
        hand = HandRecord(
            dealer=seat_name(self.state.dealer), deck=tuple(card.code for card in deck)
        )
        self._update(hands=(*self.log.hands, hand))
        return events

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` (an illegal one raises and records nothing), record it, save."""
        events = self.state.apply(action)
        *done, hand = self.log.hands
        record = ActionRecord(seat=seat_name(action.seat), action=action.text)
        hand = hand.model_copy(update={"actions": (*hand.actions, record)})
        self._update(hands=(*done, hand), result=result_of(self.state))
        return events

    def _update(self, **changes: object) -> None:
        self.log = self.log.model_copy(update=changes)
        self._save()

    def _save(self) -> None:
        if self.path is not None:
            write_log(self.path, self.log)
