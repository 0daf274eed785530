"""The end of the match: who won, the final scores, and play again or quit."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from pinochle_tui.engine import GameState, Seat
from pinochle_tui.names import MAX_NAME, fit


def summary_text(state: GameState, names: tuple[str, str]) -> str:
    """Who won, both scores, and why, with the players' names; the scores line
    up however wide the names (cut to ``MAX_NAME`` cells)."""
    headline = "The game is drawn." if state.winner is None else f"{names[state.winner]} won!"
    width = min(MAX_NAME, max(16, *map(cell_len, names)))
    rows = "\n".join(f"{fit(names[s], width, pad=True)}{state.scores[s]:>6}" for s in Seat)
    played = "1 hand" if state.hand_no == 1 else f"{state.hand_no} hands"
    reason = state.outcome.reason(names) if state.outcome is not None else ""
    return f"{headline}\n\n{rows}\n\n{reason[:1].upper()}{reason[1:]}, after {played}."


class GameOverScreen(ModalScreen[bool]):
    """Dismissed with True to play again, False to quit.

    Nothing has the focus and Enter does nothing here: Enter plays a card, so a
    player pressing it as the last trick falls must not start a new game before
    reading the result. A new game is ``a`` (or a click, or Tab to the button).
    """

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "answer(True)", "Play again"),
        Binding("q,escape", "answer(False)", "Quit"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="game-over"):
            yield Static("Game over", classes="dialog-title")
            yield Static(self._text, id="game-over-text", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Play again (a)", variant="primary", id="again")
                yield Button("Quit (q)", id="quit")
        yield Footer(compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "again")

    def action_answer(self, again: bool) -> None:
        self.dismiss(again)
