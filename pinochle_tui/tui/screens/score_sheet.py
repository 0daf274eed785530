"""The end-of-hand score sheet: melds, trick points raw and rounded, totals, target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from pinochle_tui.engine import Seat, SeatView
from pinochle_tui.engine.events import HandScored


@dataclass(frozen=True, slots=True)
class HandSummary:
    """Everything the sheet shows, taken from the view at the end of the hand."""

    names: tuple[str, str]
    view: SeatView
    scored: HandScored
    raised_to: int | None


def _meld_lines(summary: HandSummary, seat: Seat) -> str:
    melds = [m for m in summary.view.melds if m.seat == seat]
    lines = [f"{m.kind} {m.points}" for m in melds]
    dix = summary.scored.meld_points[seat] - sum(m.points for m in melds)
    if dix:
        lines.append(f"dix {dix}")
    return "\n".join(lines) or "-"


def score_table(summary: HandSummary) -> Table:
    scored = summary.scored
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column("")
    for name in summary.names:
        table.add_column(Text(name), justify="right")  # a name is text, never markup
    table.add_row("Melds", _meld_lines(summary, Seat.SOUTH), _meld_lines(summary, Seat.NORTH))
    table.add_row("Meld points", *map(str, scored.meld_points))
    table.add_row("Trick points (with last trick)", *map(str, scored.trick_points))
    table.add_row("Trick points rounded", *map(str, scored.rounded))
    hand = [scored.meld_points[s] + scored.rounded[s] for s in Seat]
    table.add_row("This hand", *map(str, hand), end_section=True)
    table.add_row(Text("Match total", "bold"), *(Text(str(t), "bold") for t in scored.totals))
    return table


class ScoreSheetScreen(ModalScreen[None]):
    """Shown after the last trick; Enter deals the next hand."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, summary: HandSummary) -> None:
        super().__init__()
        self._summary = summary

    def compose(self) -> ComposeResult:
        summary = self._summary
        with Vertical(classes="dialog", id="score-sheet"):
            yield Static(f"Hand {summary.view.hand_no} is over", classes="dialog-title")
            yield Static(score_table(summary), id="score-table")
            yield Static(self._target_line(), id="target-line", markup=False)
            yield Button("Continue (Enter)", variant="primary", id="continue")

    def _target_line(self) -> str:
        summary = self._summary
        if summary.raised_to is not None:
            return (
                f"Both players reached the target: it is raised to {summary.raised_to}. "
                "Play goes on."
            )
        return f"Target: {summary.view.target}"

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
