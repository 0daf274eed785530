"""Choosing another save directory, when the game cannot be saved where it is."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static


class SaveElsewhereScreen(ModalScreen[Path | None]):
    """Asks for a directory; dismissed with it, or None to keep things as they are."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: Path | None, problem: str | None) -> None:
        super().__init__()
        self._current = current
        self._problem = problem

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="save-elsewhere"):
            yield Static("Save the game in another directory", classes="dialog-title")
            if self._problem is not None:
                yield Static(self._problem, id="save-problem", markup=False)
            yield Static(
                "The game goes on there from now on; the old file is left as it was.",
                markup=False,
            )
            yield Input(str(self._current or ""), placeholder="a directory", id="directory")
            with Horizontal(classes="buttons"):
                yield Button("Save there (enter)", variant="primary", id="save")
                yield Button("Cancel (esc)", id="cancel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self) -> None:
        self._choose()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self._choose()
        else:
            self.dismiss(None)

    def _choose(self) -> None:
        text = self.query_one(Input).value.strip()
        if text:
            self.dismiss(Path(text).expanduser())

    def action_cancel(self) -> None:
        self.dismiss(None)
