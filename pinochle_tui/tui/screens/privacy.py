"""Hotseat: an opaque screen that hides both hands while the terminal changes hands.

It cannot be skipped by accident: Enter (the key that plays a card) does
nothing here, and the key that shows the hand, ``s``, works only after the
screen has been up for a moment, so a key pressed twice by the player who
just moved never uncovers the other player's cards. A key of the table (a
card's, h, t, u...) is answered in words: whom to hand the terminal to.

The name is cut to ``MAX_NAME`` cells (a name read from an old saved game may
be wider), so the box fits the narrowest terminal the app runs in.
"""

from __future__ import annotations

import time
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from pinochle_tui.names import MAX_NAME, fit

#: The key that shows the next player's hand (the README names it).
SHOW_KEY = "s"


class PrivacyScreen(Screen[None]):
    """``Pass to Bob — Bob: press S to see your hand``: nothing of either hand is on screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(SHOW_KEY, "show_hand", "Show my hand", priority=True)
    ]
    #: Seconds after it appears during which the screen ignores the show key.
    GRACE: ClassVar[float] = 0.75

    def __init__(self, name: str) -> None:
        super().__init__()
        self._player = fit(name, MAX_NAME)
        self._shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text(), id="privacy-text", markup=False)
        yield Footer(compact=True)

    def _text(self, table_key: bool = False) -> str:
        """What the screen says; after a key of the table, also that it works
        only at the table (each line fits 80 columns with a 40-cell name)."""
        who = self._player
        text = f"Pass to {who}\n\n{who}: press {SHOW_KEY.upper()} to see your hand"
        if table_key:
            text += f"\n\nThat key works at the table, not here:\nhand the terminal to {who}."
        return text

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()

    def on_key(self, event: events.Key) -> None:
        """A key no binding here takes (a card's, h, t, u, Enter...): say what to do."""
        if event.key not in self.active_bindings:
            self.query_one("#privacy-text", Static).update(self._text(table_key=True))

    def action_show_hand(self) -> None:
        if time.monotonic() - self._shown_at >= self.GRACE:
            self.dismiss(None)
