"""Hotseat: an opaque screen that hides both hands while the terminal changes hands."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static


class PrivacyScreen(Screen[None]):
    """``Pass to Bob — press Enter``: nothing of either hand is on screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "show_hand", "Show my hand", priority=True)
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Pass to {self._name}\n\n{self._name}: press Enter to see your hand",
                id="privacy-text",
            )
        yield Footer(compact=True)

    def action_show_hand(self) -> None:
        self.dismiss(None)
