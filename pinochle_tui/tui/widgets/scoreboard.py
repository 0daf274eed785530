"""The score board: this hand's meld and trick points (raw, and what they count
as once rounded), each player's running total, and how the totals went hand
by hand; then the target, the hand, trumps and the trick (the one just won,
in the winner's turn)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from pinochle_tui.engine import GameMode, Seat, SeatView, rounded
from pinochle_tui.tui.cardfaces import suit_symbol
from pinochle_tui.tui.chart import spark
from pinochle_tui.tui.widgets.prompt import trick_status


@dataclass(frozen=True, slots=True)
class Board:
    """The view the board reads, and both totals after each finished hand."""

    view: SeatView | None = None
    totals: tuple[tuple[int, int], ...] = ()


class ScoreBoard(Widget):
    """A small table, one column per player."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"score--leader", "score--dim", "score--title"}

    board: reactive[Board] = reactive(Board, layout=True)

    def __init__(self, names: tuple[str, str], ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._names = names
        self._ascii_only = ascii_only

    def show(self, view: SeatView, totals: tuple[tuple[int, int], ...]) -> None:
        self.board = Board(view, totals)

    def render(self) -> Group | Text:
        view = self.board.view
        if view is None:
            return Text()
        style = self.get_component_rich_style
        dim = style("score--dim")
        seats = (view.seat, view.seat.other)
        melds = [Text(str(view.meld_points[s])) for s in seats]
        tricks = [Text(f"{view.won_points[s]} → {rounded(view.won_points[s])}") for s in seats]
        leader = max(Seat, key=lambda s: view.scores[s])
        totals = []
        for seat in seats:
            total = Text(str(view.scores[seat]))
            if view.scores[seat] and seat == leader and view.scores[0] != view.scores[1]:
                total.stylize(style("score--leader"))
            totals.append(total)
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(ratio=1, no_wrap=True)
        heads = [Text(self._names[s], "bold", overflow="ellipsis") for s in seats]
        columns = zip(melds, tricks, totals, strict=True)
        numbers = [max(cell.cell_len for cell in column) for column in columns]
        for width in self._name_widths(heads, numbers):
            table.add_column(justify="right", no_wrap=True, max_width=width)
        table.add_row("", *heads)
        table.add_row(Text("Meld", dim), *melds)
        table.add_row(Text("Tricks", dim), *tricks)
        table.add_row(Text("Total", dim), *totals)
        parts: list[Table | Text] = [Text(self._title(view), style("score--title")), table]
        history = self.board.totals
        if history:
            top = max(view.target, *(max(pair) for pair in history))
            for seat in seats:
                line = Text(f"{self._names[seat][:8]:<9}", dim)
                line.append(spark([pair[seat] for pair in history][-24:], top))
                parts.append(line)
        parts.append(Text(self._footer(view), dim))
        return Group(*parts)

    def _name_widths(self, heads: list[Text], numbers: list[int]) -> list[int]:
        """Each player's column width: the name whole up to 10 columns, but
        cut (never below its numbers' width) before the rows' labels are."""
        room = self.content_size.width - len("Tricks") - 2
        for cap in range(10, 0, -1):
            widths = [max(n, min(h.cell_len, cap)) for h, n in zip(heads, numbers, strict=True)]
            if sum(widths) <= room:
                return widths
        return numbers

    def _title(self, view: SeatView) -> str:
        if view.rules.game is GameMode.MATCH:
            return f"Match to {view.target}"
        return "Single deal"

    def _footer(self, view: SeatView) -> str:
        """The hand and trumps, then on a line of its own the trick
        (``trick_status``, cut to the board's width: it never takes two)."""
        parts = [f"Hand {view.hand_no}"] if view.hand_no else []
        if view.trump is not None:
            parts.append(f"trump {suit_symbol(view.trump, self._ascii_only)}")
        status = trick_status(view, self._names, self.content_size.width)
        return "\n".join(line for line in (" · ".join(parts), status) if line)
