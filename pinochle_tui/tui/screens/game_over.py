"""The end of the match: who won, the final scores, and play again or quit."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from pinochle_tui.engine import GameState, Seat


def summary_text(state: GameState, names: tuple[str, str]) -> str:
    """Who won, both scores, and why, with the players' names."""
    headline = "The game is drawn." if state.winner is None else f"{names[state.winner]} won!"
    rows = "\n".join(f"{names[s]:<16}{state.scores[s]:>6}" for s in Seat)
    played = "1 hand" if state.hand_no == 1 else f"{state.hand_no} hands"
    reason = state.outcome.reason(names) if state.outcome is not None else ""
    return f"{headline}\n\n{rows}\n\n{reason[:1].upper()}{reason[1:]}, after {played}."


class GameOverScreen(ModalScreen[bool]):
    """Dismissed with True to play again, False to quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,a", "answer(True)", "Play again"),
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

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "again")

    def action_answer(self, again: bool) -> None:
        self.dismiss(again)
