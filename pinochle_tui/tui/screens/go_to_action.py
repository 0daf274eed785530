"""The replay's ``g``: asking for the number of the action to go to.

Actions are numbered as everywhere else (the replay's title, the review,
``pinochle verify``): from 1 over the whole game, deals not counted. What is
typed is only read as a number; anything else is refused in words, under the
field, and the dialog stays until a number in range or Escape.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from pinochle_tui.plaintext import inert


def action_number(text: str, actions: int) -> int | str:
    """The action ``text`` names in a game of ``actions`` actions, else why not, in words.

    >>> action_number(" 37 ", 84), action_number("85", 84)
    (37, "There is no action 85: this game's actions are 1 to 84.")
    """
    wanted = text.strip()
    if not wanted:
        return f"Type the action's number, 1 to {actions}; Escape goes back."
    try:
        number = int(wanted)
    except ValueError:
        return f"'{inert(wanted, 20)}' is not a number: type the action's number, 1 to {actions}."
    if not 1 <= number <= actions:
        return f"There is no action {number}: this game's actions are 1 to {actions}."
    return number


class GoToActionScreen(ModalScreen[int | None]):
    """Asks for an action's number; dismissed with it, or None (Escape) to stay."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, actions: int) -> None:
        super().__init__()
        self.actions = actions

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="go-to-action"):
            yield Static(f"Go to action (1-{self.actions})", classes="dialog-title")
            yield Input(placeholder="the action's number, then Enter", id="action-number")
            yield Static(id="go-to-problem")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        found = action_number(event.value, self.actions)
        if isinstance(found, int):
            self.dismiss(found)
        else:
            self.query_one("#go-to-problem", Static).update(Text(found))

    def action_cancel(self) -> None:
        self.dismiss(None)
