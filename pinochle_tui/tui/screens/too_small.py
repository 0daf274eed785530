"""Shown while the terminal is smaller than the game needs; it leaves when it grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_SIZE = (80, 24)
#: The app's modes: the game with its dialogs, and this screen alone.
GAME_MODE, SMALL_MODE = "game", "small"
#: The least size that holds the whole message in its box (its text, padding and border).
BOXED = (55, 9)


def too_small_text(width: int, height: int) -> tuple[str, bool]:
    """The words for a terminal of ``width`` x ``height``, and whether they have
    their box: whole sentences where the box fits, else short lines that a
    terminal of 20 x 6 still shows whole.

    >>> too_small_text(79, 24)[1]
    True
    >>> print(too_small_text(30, 10)[0])
    Terminal too small
    Needs 80 x 24
    Now 30 x 10
    Enlarge the window;
    the game waits.
    """
    need_w, need_h = MIN_SIZE
    if width >= BOXED[0] and height >= BOXED[1]:
        return (
            "The terminal is too small for the card table.\n\n"
            f"Needed: {need_w} x {need_h}   Now: {width} x {height}\n\n"
            "Enlarge the window to go on; the game waits.",
            True,
        )
    return (
        f"Terminal too small\nNeeds {need_w} x {need_h}\nNow {width} x {height}\n"
        "Enlarge the window;\nthe game waits.",
        False,
    )


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
        text, boxed = too_small_text(*self.app.size)
        message = self.query_one("#too-small-text", Static)
        message.set_class(not boxed, "-short")
        message.update(text)
