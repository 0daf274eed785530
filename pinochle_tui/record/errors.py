"""The record layer's errors: one line each, naming the file's problem.

Their messages often quote what a file holds (a name, an action, a key, the
file's own name), so every message is made ``inert`` when the error is built:
one line, no character a terminal would obey, wherever it is printed.
"""

from __future__ import annotations

from pinochle_tui.engine.errors import PinochleError
from pinochle_tui.plaintext import inert


class RecordError(PinochleError):
    """A game record that cannot be read, saved or found."""

    def __init__(self, message: str) -> None:
        super().__init__(inert(message))


class IllegalRecordError(RecordError):
    """A readable record whose play breaks the rules (``verify`` exits 1, not 2)."""


class GameLockedError(RecordError):
    """A game another session is playing: it cannot be played here at the same time."""

    def __init__(self, message: str, pid: int | None) -> None:
        super().__init__(message)
        #: The process that plays the game, if its lock file names it.
        self.pid = pid
