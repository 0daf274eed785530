"""Shown while the terminal is smaller than the game needs; it leaves when it grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_SIZE = (80, 24)
#: The app's modes: the game with its dialogs, and this screen alone.
GAME_MODE, SMALL_MODE = "game", "small"


class TooSmallScreen(Screen[None]):
    """A polite request to enlarge the terminal, with the size needed and the size now."""

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        width, height = self.app.size
        need_w, need_h = MIN_SIZE
        self.query_one("#too-small-text", Static).update(
            f"The terminal is too small for the card table.\n\n"
            f"Needed: {need_w} x {need_h}   Now: {width} x {height}\n\n"
            "Enlarge the window to go on; the game waits."
        )
