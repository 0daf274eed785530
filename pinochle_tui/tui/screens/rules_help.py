"""The rules screen: a table of contents beside the rules, as the engine plays
them. The text comes drawn from ``rulebook`` (cached, drawn in a thread), so
``?`` opens at once."""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer, OptionList

from pinochle_tui.tui.rulebook import Rulebook, cached, rulebook

#: Columns of the table of contents.
TOC_WIDTH = 30
#: Columns around the text on the screen (``dialogs.tcss``): the screen's
#: padding (2 + 2), the dialog's border (1 + 1), the text's padding (1 + 1) and
#: its scrollbar (2).
AROUND_TEXT = 10


def text_width(screen_width: int) -> int:
    """The width the rules are drawn at on a screen this wide, the width of
    the text that shows (the app warms the cache with it)."""
    return max(40, screen_width - TOC_WIDTH - AROUND_TEXT)


class RulesText(ScrollView, can_focus=True):
    """The drawn lines of the rules, scrolled with the keys or the mouse."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll", key_display="↑↓", show=True),
        Binding("down", "scroll_down", "Scroll", show=False),
        Binding("pageup", "page_up", "Page", key_display="PgUp/PgDn"),
        Binding("pagedown", "page_down", "Page", show=False),
        Binding("space", "page_down", "Page", show=False),
        Binding("home", "scroll_home", "Top", show=False),
        Binding("end", "scroll_end", "End", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.book: Rulebook | None = None

    def show(self, book: Rulebook) -> None:
        self.book = book
        self.virtual_size = Size(book.width, len(book.lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        book = self.book
        index = int(self.scroll_offset.y) + y
        if book is None or not 0 <= index < len(book.lines):
            return Strip.blank(self.size.width)
        return book.lines[index].crop_extend(0, self.size.width, None)


class RulesScreen(ModalScreen[None]):
    """The contents on the left (Enter jumps to a section), the rules on the right;
    Escape, ? or q goes back to the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Back to the game", key_display="esc"),
        Binding("tab", "app.focus_next", "Contents/text", show=True),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules"):
            yield OptionList(id="rules-toc")
            yield RulesText(id="rules-text")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(RulesText).focus()
        width = text_width(self.app.size.width)
        book = cached(width)
        if book is not None:
            self._show(book)
        else:
            self._draw(width)

    def on_resize(self, event: Resize) -> None:
        width = text_width(event.size.width)
        book = self.query_one(RulesText).book
        if book is not None and book.width != width:
            self._draw(width)

    @work(thread=True, exclusive=True, group="rules")
    def _draw(self, width: int) -> None:
        book = rulebook(width)
        self.app.call_from_thread(self._show, book)

    def _show(self, book: Rulebook) -> None:
        text = self.query_one(RulesText)
        text.show(book)
        toc = self.query_one("#rules-toc", OptionList)
        if toc.option_count != len(book.sections):
            toc.clear_options()
            toc.add_options([section.title for section in book.sections])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        text = self.query_one(RulesText)
        if text.book is not None:
            line = text.book.sections[event.option_index].line
            text.scroll_to(y=line, animate=False)
            text.focus()

    def action_close(self) -> None:
        self.dismiss(None)
