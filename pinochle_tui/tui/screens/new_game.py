"""The "New game" dialog: opponent and level, names, and every rule option.

The rule fields are built from the ``Rules`` model itself, so a new option
appears here without a change to this dialog. What is wrong with the names
(two that read the same, one too wide) is said under them as they are typed,
and Start is refused with the same words until it is put right; an emptied
name field shows the name it gives, its seat's. The computer's pace is
offered only when there is a computer.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from pinochle_tui.ai.registry import players
from pinochle_tui.bots.external import PREFIX
from pinochle_tui.engine import Rules
from pinochle_tui.names import BadNameError, check_names
from pinochle_tui.plaintext import inert
from pinochle_tui.tui.setup import SPEEDS, MatchSetup, speed_name

_HOTSEAT = "hotseat"


def _choices(annotation: Any) -> list[Any] | None:
    """The values a rule field may take, or None for free input."""
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [member.value for member in annotation]
    return list(typing.get_args(annotation)) or None


def _rule_field(name: str, value: Any) -> Widget:
    field = Rules.model_fields[name]
    widget_id = f"rule-{name}"
    if field.annotation is bool:
        return Checkbox(field.description or name, value=bool(value), id=widget_id)
    choices = _choices(field.annotation)
    if choices is None:
        return Input(str(value), type="integer", id=widget_id)
    options = [(str(choice), choice) for choice in choices]
    current = value.value if isinstance(value, Enum) else value
    return Select(options, value=current, allow_blank=False, id=widget_id)


def _program_choice(level: str | None) -> list[tuple[Text, str]]:
    """The bot program of the current match (``--opponent cmd:...``), offered
    again under its command, shown as plain text."""
    if level is None or not level.startswith(PREFIX):
        return []
    return [(Text(f"The program {inert(level.removeprefix(PREFIX))}"), level)]


@dataclass(frozen=True, slots=True)
class NewGame:
    """The dialog's answer: the match to start, and the computer's pace."""

    setup: MatchSetup
    speed: float


class NewGameScreen(ModalScreen[NewGame | None]):
    """Choose and start a new match; Escape keeps the current one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, current: MatchSetup, speed: float) -> None:
        super().__init__()
        self._current = current
        self._speed = speed

    def compose(self) -> ComposeResult:
        current = self._current
        opponent = current.level if current.level is not None else _HOTSEAT
        with Vertical(classes="dialog", id="new-game"):
            yield Static("New game", classes="dialog-title")
            with VerticalScroll(id="new-game-form"):
                yield Label("Opponent")
                yield Select(
                    [
                        (f"Computer, {entry.name}: {entry.summary}", entry.name)
                        for entry in players(offered=True)
                    ]
                    + _program_choice(current.level)
                    + [("Two players at this terminal (hotseat)", _HOTSEAT)],
                    value=opponent,
                    allow_blank=False,
                    id="opponent",
                )
                yield Label("The computer's pace", classes="pace")
                yield Select(
                    [(name, name) for name in SPEEDS],
                    value=speed_name(self._speed),
                    allow_blank=False,
                    id="speed",
                    classes="pace",
                )
                yield Label("Names (South, North)")
                with Horizontal(classes="names"):
                    yield Input(current.names[0], placeholder="South", id="name-south")
                    yield Input(current.names[1], placeholder="North", id="name-north")
                yield Static(id="names-problem", markup=False)
                yield Checkbox(
                    "Allow taking moves back (u) within a hand", value=current.undo, id="undo"
                )
                for name in Rules.model_fields:
                    field = Rules.model_fields[name]
                    if field.annotation is not bool:
                        yield Label(f"{field.description or name}".capitalize())
                    yield _rule_field(name, getattr(current.rules, name))
            with Horizontal(classes="buttons"):
                yield Button("Start (ctrl+s)", variant="primary", id="start")
                yield Button("Cancel (esc)", id="cancel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#opponent", Select).focus()
        self._offer_pace()
        self._names_problem()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "opponent":
            self._offer_pace()

    def _offer_pace(self) -> None:
        """The computer's pace is there only with a computer to pace: hidden in
        hotseat (it keeps its value for a later match against the computer)."""
        computer = self.query_one("#opponent", Select).value != _HOTSEAT
        for widget in self.query(".pace"):
            widget.display = computer

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("name-south", "name-north"):
            self._names_problem(show=event.input.has_focus)  # typed, not set on mounting

    def _names(self) -> tuple[str, str]:
        """The two names the match would start with; BadNameError says why not.
        An empty field shows its seat's name, greyed: the name it gives."""
        fields = (self.query_one(f"#name-{seat}", Input) for seat in ("south", "north"))
        south, north = (field.value or field.placeholder for field in fields)
        return check_names(south, north)

    def _names_problem(self, show: bool = False) -> str | None:
        """What is wrong with the names as typed (None if nothing), said under
        them; with ``show``, the form scrolls to bring it into view."""
        try:
            self._names()
        except BadNameError as error:
            problem: str | None = f"{str(error)[:1].upper()}{str(error)[1:]}."
        else:
            problem = None
        shown = self.query_one("#names-problem", Static)
        shown.update(problem or "")
        shown.display = problem is not None
        if show and problem is not None:
            self.call_after_refresh(shown.scroll_visible)  # once laid out with its text
        return problem

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        values: dict[str, Any] = {}
        for name in Rules.model_fields:
            widget = self.query_one(f"#rule-{name}")
            if isinstance(widget, Input | Checkbox | Select):
                values[name] = widget.value
        try:
            rules = Rules.model_validate(values)
        except ValidationError as error:
            problem = error.errors()[0]
            self.notify(f"{problem['loc'][0]}: {problem['msg']}", severity="error")
            return
        refused = self._names_problem(show=True)
        if refused is not None:
            self.notify(refused, severity="error")
            return
        south, north = self._names()
        opponent = self.query_one("#opponent", Select).value
        setup = MatchSetup(
            rules=rules,
            names=(south, north),
            level=None if opponent == _HOTSEAT else str(opponent),
            save_dir=self._current.save_dir,
            undo=self.query_one("#undo", Checkbox).value,
        )
        self.dismiss(NewGame(setup, SPEEDS[str(self.query_one("#speed", Select).value)]))
