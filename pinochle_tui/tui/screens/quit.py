"""Quitting in the middle of a match: a confirmation that says how to come back."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from pinochle_tui.tui.screens.confirm import ConfirmScreen

RESUME_ADVICE = (
    "The game is saved after every move: pinochle resume goes on from here, at this very card."
)


class QuitScreen(ConfirmScreen):
    """Dismissed with True to quit, False to play on."""

    QUESTION, YES, NO = "Quit the match?", "Quit", "Play on"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Play on"),
    ]

    def __init__(self) -> None:
        super().__init__(RESUME_ADVICE)
