"""The rules, as the engine plays them, rendered from the packaged ``rules.md``."""

from __future__ import annotations

from importlib.resources import files
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer


def rules_markdown() -> str:
    return files("pinochle_tui").joinpath("rules.md").read_text(encoding="utf-8")


class RulesScreen(ModalScreen[None]):
    """Scrollable rules with a table of contents; Escape or ? goes back to the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Back to the game")
    ]

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_markdown(), show_table_of_contents=False, id="rules")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).document.focus()

    def action_close(self) -> None:
        self.dismiss(None)
