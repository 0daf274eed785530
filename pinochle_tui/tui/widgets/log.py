"""The game log: what happened, in words, newest at the bottom."""

from __future__ import annotations

from collections.abc import Iterable

from textual.widgets import RichLog


class GameLog(RichLog):
    """A wrapping, scrolling list of sentences; ``told`` keeps them as written."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, id=id)
        self.told: list[str] = []

    def tell(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.told.append(line)
            self.write(line)
