"""The statistics of the saved games (``coach.stats``), with a chart of the results.

The games are read in a thread (a save directory may hold hundreds); every
line is plain text, since names and file names come from the files.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Sparkline, Static

from pinochle_tui.coach.stats import Stats, collect, stats_lines
from pinochle_tui.engine import PinochleError
from pinochle_tui.plaintext import inert


class StatsScreen(ModalScreen[None]):
    """Escape (or the button) closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Close")]

    def __init__(self, directory: Path) -> None:
        super().__init__()
        self.directory = directory
        self.stats: Stats | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="stats"):
            yield Static("Statistics", classes="dialog-title")
            with VerticalScroll(id="stats-body"):
                yield Static(Text("Reading the saved games…"), id="stats-text")
            yield Static(Text("Results, oldest first:"), id="stats-chart-title")
            yield Sparkline([], id="stats-chart")
            yield Button("Close (esc)", variant="primary", id="close")

    def on_mount(self) -> None:
        self.query_one("#stats-chart").display = False
        self.query_one("#stats-chart-title").display = False
        self._count()

    @work(thread=True, exclusive=True)
    def _count(self) -> None:
        try:
            stats = collect(self.directory)
        except PinochleError as error:
            self.app.call_from_thread(self._failed, str(error))
            return
        self.app.call_from_thread(self._show, stats)

    def _failed(self, message: str) -> None:
        self.query_one("#stats-text", Static).update(Text(inert(message)))

    def _show(self, stats: Stats) -> None:
        self.stats = stats
        lines = [inert(line) for line in stats_lines(stats)]
        self.query_one("#stats-text", Static).update(Text("\n".join(lines)))
        if stats.results:
            chart = self.query_one("#stats-chart", Sparkline)
            chart.data = [float(result.margin) for result in stats.results]
            chart.display = True
            self.query_one("#stats-chart-title").display = True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
