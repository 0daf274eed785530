"""The two seats at the table."""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """A player's seat. South is the first seat (you, in a game against the computer)."""

    SOUTH = 0
    NORTH = 1

    @property
    def other(self) -> Seat:
        return _OTHER[self]

    def __str__(self) -> str:
        return self.name.title()


#: The opponent of each seat (a lookup: building an enum member is slow in a hot loop).
_OTHER = (Seat.NORTH, Seat.SOUTH)
