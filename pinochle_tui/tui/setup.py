"""What a match is set up with, and how the app looks: the choices of the command
line and of the "New game" dialog, turned into a game session and a computer player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pinochle_tui.engine import Card, Rules, Seat
from pinochle_tui.names import COMPUTER
from pinochle_tui.record.models import PlayerInfo
from pinochle_tui.record.session import GameSession

#: The computer's paces, by name: what ``Display.speed`` multiplies the pauses by.
SPEEDS: dict[str, float] = {"slow": 1.8, "normal": 1.0, "fast": 0.4, "instant": 0.0}


def speed_name(speed: float) -> str:
    """The name of the pace nearest to ``speed``.

    >>> speed_name(1.0), speed_name(0), speed_name(0.5)
    ('normal', 'instant', 'fast')
    """
    return min(SPEEDS, key=lambda name: abs(SPEEDS[name] - speed))


@dataclass(frozen=True, slots=True)
class Display:
    """How the app looks and paces the computer; none of it touches the game."""

    ascii_only: bool = False
    four_color: bool = False
    theme: str = "dark"
    #: Multiplies the pause after each computer move; 0 = no pause.
    speed: float = 1.0


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """A new match: rules, the two players (South first) and where it is saved."""

    rules: Rules
    names: tuple[str, str] = ("You", COMPUTER)
    #: The computer's level in the North seat, or None for two humans (hotseat).
    level: str | None = "normal"
    seed: int | None = None
    save_dir: Path | None = None
    #: Each hand's deck by hand number instead of the seeded shuffle (stacked decks).
    decks: Callable[[int], Sequence[Card | str]] | None = None
    first_dealer: Seat | None = None
    #: Whether players may take moves back (``u``) within a hand.
    undo: bool = True

    @property
    def players(self) -> list[PlayerInfo]:
        south = PlayerInfo(name=self.names[0], kind="human", level=None)
        if self.level is None:
            north = PlayerInfo(name=self.names[1], kind="human", level=None)
        else:
            north = PlayerInfo(name=self.names[1], kind="computer", level=self.level)
        return [south, north]

    def start(self) -> GameSession:
        """A fresh, autosaving session for this match (not yet dealt)."""
        return GameSession.new(
            self.rules,
            self.players,
            seed=self.seed,
            save_dir=self.save_dir,
            first_dealer=self.first_dealer,
            decks=self.decks,
            undo=self.undo,
        )
