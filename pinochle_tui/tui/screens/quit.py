"""Quitting in the middle of a match: a confirmation that says how to come back."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

RESUME_ADVICE = (
    "The game is saved after every move: `pinochle resume` goes on from here, at this very card."
)


class QuitScreen(ModalScreen[bool]):
    """Dismissed with True to quit, False to play on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Play on"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="quit"):
            yield Static("Quit the match?", classes="dialog-title")
            yield Static(RESUME_ADVICE, markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Quit (y)", variant="warning", id="yes")
                yield Button("Play on (n)", variant="primary", id="no")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
