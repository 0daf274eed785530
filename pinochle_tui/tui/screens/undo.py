"""Hotseat: both players agree before a move is taken back.

The question covers the whole table (no hand is on screen while the keyboard
may change hands), names whose move goes back and how many moves with it, and
asks the other player to agree.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from pinochle_tui.plaintext import plural


def agree_text(names: tuple[str, str], owner: int, asker: int, count: int) -> str:
    """The question, in words (``owner``, ``asker``: seats, as indices of ``names``)."""
    other = names[1 - asker]
    after = f", and {plural(count - 1, 'move')} after it," if count > 1 else ""
    if owner == asker:
        wish = f"their own last move{after} and choose again"
    else:
        wish = f"{names[owner]}'s last move{after} so that {names[owner]} chooses again"
    return f"{names[asker]} asks to take back {wish}.\n\n{other}: press Y if you agree, N if not."


class UndoAgreeScreen(Screen[bool]):
    """Y: both agree, the move goes back; N or Escape: it stands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Agree"),
        Binding("n,escape", "answer(False)", "Do not agree"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text, id="undo-agree", markup=False)
        yield Footer(compact=True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
