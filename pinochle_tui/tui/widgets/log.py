"""The game log: what happened, in words, newest at the bottom."""

from __future__ import annotations

from collections.abc import Iterable

from textual.events import Resize
from textual.widgets import RichLog


class GameLog(RichLog):
    """A wrapping, scrolling list of sentences; ``told`` keeps them as written.

    A RichLog wraps each line once, at the width it has when written; the game
    log wraps them all again when its width changes, so a sentence is never cut
    off after the terminal shrinks nor left narrow after it grows, and the view
    ends on the newest line.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, id=id)
        self.told: list[str] = []
        self._wrapped_at = 0

    def tell(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.told.append(line)
            self.write(line)

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if self._wrapped_at and width != self._wrapped_at:
            self.clear()
            for line in self.told:
                self.write(line, scroll_end=True)
        self._wrapped_at = width
