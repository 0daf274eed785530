"""Who sits at the table: the computer players, and whose cards the screen may
show. Pure logic (no Textual), so the hotseat privacy rules are testable on
their own.

Against the computer the screen always shows the one human seat. In hotseat
two people share the screen: the cards on it belong to the ``viewer``, and only
once that person has confirmed at the pass screen that they hold the keyboard
(``unveiled``); when the turn passes to the other person, their cards stay
hidden until they confirm in turn.

>>> seating = Seating(computers={})
>>> seating.pass_needed(Seat.SOUTH)
True
>>> seating.pass_to(Seat.SOUTH); seating.unveil()
>>> seating.shows_hand(Seat.SOUTH), seating.shows_hand(Seat.NORTH)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pinochle_tui.engine import Player, Seat
from pinochle_tui.record.models import PlayerInfo

#: Makes the computer player of a level, from its seed.
PlayerFactory = Callable[[str, int | None], Player]


@dataclass
class Seating:
    """The computer players by seat, and whose cards are on screen."""

    computers: Mapping[Seat, Player]
    #: The seat whose cards the screen shows (in hotseat: whose turn it was last).
    viewer: Seat = Seat.SOUTH
    #: Hotseat: the viewer has confirmed at the pass screen that they hold the keys.
    unveiled: bool = field(default=False)

    def __post_init__(self) -> None:
        humans = self.humans
        if not self.hotseat:
            self.viewer = humans[0] if humans else Seat.SOUTH
            self.unveiled = True

    @classmethod
    def of(
        cls,
        players: tuple[PlayerInfo, PlayerInfo],
        make: PlayerFactory,
        seed: int | None,
        to_act: Seat,
    ) -> Seating:
        """The seating of a recorded game: a computer (made by ``make`` with the
        game's seed plus its seat) for each computer seat. In hotseat the first
        viewer is the seat to act."""
        computers = {
            seat: make(info.level or "normal", None if seed is None else seed + seat)
            for seat, info in zip(Seat, players, strict=True)
            if info.kind == "computer"
        }
        return cls(computers, viewer=to_act)

    @property
    def humans(self) -> list[Seat]:
        return [seat for seat in Seat if seat not in self.computers]

    @property
    def hotseat(self) -> bool:
        """Two people at one screen."""
        return not self.computers

    @property
    def reader(self) -> Seat | None:
        """The seat the game log is written for; None in hotseat, where both
        people read it and only public cards may be named."""
        return None if self.hotseat else self.viewer

    def pass_needed(self, to_act: Seat) -> bool:
        """Whether the keyboard must change hands before ``to_act`` may play."""
        return self.hotseat and (to_act != self.viewer or not self.unveiled)

    def pass_to(self, seat: Seat) -> None:
        """Hide every hand until ``seat`` confirms that it holds the keyboard."""
        self.viewer, self.unveiled = seat, False

    def unveil(self) -> None:
        self.unveiled = True

    def shows_hand(self, to_act: Seat) -> bool:
        """Whether the viewer's cards may be face up now: always against the
        computer; in hotseat only for the confirmed viewer on their own turn."""
        return not self.hotseat or (self.unveiled and to_act == self.viewer)

    def at_keys(self, seat: Seat, to_act: Seat) -> bool:
        """Whether the person at the keyboard may act for ``seat`` now (declaring
        out included): a human seat, on screen, and in hotseat only on its turn."""
        if seat in self.computers or seat != self.viewer or not self.unveiled:
            return False
        return not self.hotseat or to_act == seat
