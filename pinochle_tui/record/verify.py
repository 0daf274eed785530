"""What a saved game is worth: valid, illegal or unreadable, in one line.

``check`` is the one classification of a file, used by ``pinochle verify``
(exit 0, 1 or 2) and by the fuzz tests: whatever a file holds, the verdict is
one of the three, with a one-line message free of control characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pinochle_tui.plaintext import inert, plural
from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.store import OpenGame, open_game

Kind = Literal["valid", "illegal", "unreadable"]
#: ``pinochle verify``'s exit status for each kind of verdict.
EXIT_STATUS: dict[Kind, int] = {"valid": 0, "illegal": 1, "unreadable": 2}


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a file fared: its kind, one line saying why, and the game if it is valid."""

    kind: Kind
    message: str
    game: OpenGame | None = None

    @property
    def exit_status(self) -> int:
        return EXIT_STATUS[self.kind]


def check(name: str | Path, directory: Path | None = None) -> Verdict:
    """Open the game ``name`` means (as ``open_game`` does) and judge it."""
    try:
        game = open_game(name, directory)
    except IllegalRecordError as error:
        return Verdict("illegal", str(error))
    except RecordError as error:
        return Verdict("unreadable", str(error))
    hands = plural(len(game.log.hands), "hand")
    actions = plural(game.log.action_count, "action")
    return Verdict("valid", inert(f"{game.path.name}: valid, {hands}, {actions}."), game)
