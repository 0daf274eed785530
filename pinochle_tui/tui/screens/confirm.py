"""A yes-or-no question over the table: Y (or its button) answers yes, N or
Escape no, and the cautious answer has the focus, so Enter never does the
irreversible thing by accident."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True for yes. Subclasses give the question, the two
    answers' labels, and ``BINDINGS`` that call ``answer(True)``/``answer(False)``."""

    QUESTION: ClassVar[str]
    YES: ClassVar[str]
    NO: ClassVar[str]

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.QUESTION, classes="dialog-title")
            yield Static(self._text, classes="question", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(f"{self.YES} (y)", variant="warning", id="yes")
                yield Button(f"{self.NO} (n)", variant="primary", id="no")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
