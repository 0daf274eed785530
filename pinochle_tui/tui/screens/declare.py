"""Declaring out: a confirmation that shows what the claim would count."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from pinochle_tui.engine import DeclareOutRule, SeatView, rounded


def claim_text(view: SeatView) -> str:
    """What declaring out now would count, against the target, in words."""
    seat = view.seat
    raw = view.won_points[seat]
    count = view.scores[seat] + rounded(raw)
    verdict = "You would WIN the game." if count >= view.target else "You would LOSE the game."
    lines = [
        f"Running total        {view.scores[seat]:>6}",
        f"Tricks so far {raw:>4} -> {rounded(raw):>6}",
        f"Your count           {count:>6}",
        f"Target               {view.target:>6}",
        "",
    ]
    if view.rules.declare_out is DeclareOutRule.STANDARD:
        lines.append(f"Play stops now. {verdict}")
    else:
        which = "trick" if view.rules.declare_out is DeclareOutRule.ALT1 else "trick you lead"
        lines.append(
            f"You will be counted when you next win a {which}; "
            "below the target then, you lose the game."
        )
    return "\n".join(lines)


class DeclareOutScreen(ModalScreen[bool]):
    """Yes or no, with the count in front of the player."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Declare out"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        self._view = view

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Declare out?", classes="dialog-title")
            yield Static(claim_text(self._view), id="claim", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Declare out (y)", variant="warning", id="yes")
                yield Button("Keep playing (n)", variant="primary", id="no")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
