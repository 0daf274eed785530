"""The score board: the match scores against the target, the dealer, trumps, and
this hand's meld and trick points so far."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from pinochle_tui.engine import GameMode, SeatView, rounded


class ScoreBoard(Static):
    """A small table of both players' points."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"score--leader", "score--dim"}

    def __init__(self, names: tuple[str, str], ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._names = names
        self._ascii_only = ascii_only
        self._view: SeatView | None = None

    def show(self, view: SeatView) -> None:
        if view != self._view:
            self._view = view
            self.update(self._table(view))

    def _table(self, view: SeatView) -> Group:
        title = f"Match to {view.target}" if view.rules.game is GameMode.MATCH else "Single deal"
        dim = self.get_component_rich_style("score--dim")
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(ratio=1)
        table.add_column(justify="right")
        table.add_column(justify="right")
        table.add_column(justify="right")
        table.add_row(
            Text(title, style="bold"), Text("meld", dim), Text("tricks", dim), Text("total", dim)
        )
        leader = max((0, 1), key=lambda s: view.scores[s])
        for seat in (0, 1):
            name = Text(self._names[seat])
            if view.dealer == seat and view.hand_no:
                name.append(" (dealer)", dim)
            total = Text(str(view.scores[seat]))
            if view.scores[seat] and seat == leader and view.scores[0] != view.scores[1]:
                total.stylize(self.get_component_rich_style("score--leader"))
            tricks = view.won_points[seat]
            table.add_row(name, str(view.meld_points[seat]), f"{tricks}", total)
        return Group(table, Text(self._footer(view), dim))

    def _footer(self, view: SeatView) -> str:
        parts = [f"Hand {view.hand_no}"] if view.hand_no else []
        if view.trump is not None:
            suit = view.trump.letter if self._ascii_only else view.trump.symbol
            parts.append(f"trump {suit}")
        if view.tricks or view.lead:
            parts.append(f"trick {view.trick_no + (1 if view.lead else 0)}")
        mine = view.won_points[view.seat]
        if mine:
            parts.append(f"your tricks count {rounded(mine)}")
        return " · ".join(parts)
