"""Who sees which cards, without the app: against the computer the human's
cards are always on screen; in hotseat only the player who confirmed at the
pass screen sees theirs, and only on their own turn."""

from __future__ import annotations

from collections.abc import Sequence

from pinochle_tui.engine import Action, Seat, SeatView
from pinochle_tui.record.models import PlayerInfo
from pinochle_tui.tui.seating import Seating

S, N = Seat.SOUTH, Seat.NORTH
ANN = PlayerInfo(name="Ann", kind="human")
BOB = PlayerInfo(name="Bob", kind="human")
BOT = PlayerInfo(name="Computer", kind="computer", level="hard")


class Stub:
    def __init__(self, level: str, seed: int | None) -> None:
        self.name, self.seed = level, seed

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        raise AssertionError("not asked here")


def test_the_computer_is_made_with_the_games_seed_and_its_seat() -> None:
    seating = Seating.of((ANN, BOT), Stub, seed=40, to_act=N)
    computer = seating.computers[N]
    assert isinstance(computer, Stub) and (computer.name, computer.seed) == ("hard", 41)
    assert seating.humans == [S] and not seating.hotseat
    unseeded = Seating.of((ANN, BOT), Stub, seed=None, to_act=S).computers[N]
    assert isinstance(unseeded, Stub) and unseeded.seed is None


def test_against_the_computer_the_human_always_sees_their_hand() -> None:
    seating = Seating.of((ANN, BOT), Stub, seed=1, to_act=N)
    assert seating.viewer is S and seating.unveiled and seating.reader is S
    assert not seating.pass_needed(S) and not seating.pass_needed(N)
    assert seating.shows_hand(S) and seating.shows_hand(N)
    assert seating.at_keys(S, to_act=N)  # declaring out while the computer thinks
    assert not seating.at_keys(N, to_act=N)


def test_in_hotseat_a_hand_shows_only_after_its_owner_confirms() -> None:
    seating = Seating.of((ANN, BOB), Stub, seed=1, to_act=N)
    assert seating.hotseat and seating.viewer is N and seating.reader is None
    assert seating.pass_needed(N) and not seating.shows_hand(N)
    assert not seating.at_keys(N, to_act=N)
    seating.unveil()
    assert not seating.pass_needed(N) and seating.shows_hand(N) and seating.at_keys(N, N)
    # North has played: it is South's turn, and North's cards go face down at once.
    assert not seating.shows_hand(S) and seating.pass_needed(S)
    assert not seating.at_keys(N, to_act=S)  # no declaring out on the other's turn
    seating.pass_to(S)
    assert seating.viewer is S and not seating.shows_hand(S) and seating.pass_needed(S)
    seating.unveil()
    assert seating.shows_hand(S) and not seating.shows_hand(N)
