"""The end-of-hand score sheet (melds, trick points raw and rounded, totals,
target; a single deal's sheet has its result instead of totals and target), and
the history of every finished hand with a chart of both totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from pinochle_tui.engine import Seat
from pinochle_tui.names import MAX_NAME, fit
from pinochle_tui.tui.chart import spark
from pinochle_tui.tui.narrate import does
from pinochle_tui.tui.scores import HandSummary


class MeldLines:
    """Each player's melds after its name, a paragraph a player, wrapped to the
    width drawn: a line breaks between two melds, never inside one (``100 aces
    100`` keeps its 100s together). Across the sheet, not in a column a meld a
    line, so a hand of many melds still leaves the totals and the Continue
    button on the sheet at 80 x 24."""

    def __init__(self, summary: HandSummary, names: tuple[str, str]) -> None:
        self._rows = [(names[seat], summary.meld_lines(seat) or ["none"]) for seat in Seat]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for name, melds in self._rows:
            # A name is text, never markup.
            text = Text("\n".join(packed(f"{name}: ", melds, options.max_width)))
            text.stylize("bold", 0, len(name))
            yield text


def packed(lead: str, items: Sequence[str], width: int, indent: str = "  ") -> list[str]:
    """``lead`` and then ``items`` joined by commas, in lines of at most ``width``
    cells, broken only between two items; the lines after the first indented.

    >>> packed("Ann: ", ["flush 150", "royal marriage 40", "dix 10"], 24)
    ['Ann: flush 150,', '  royal marriage 40,', '  dix 10']
    """
    lines: list[str] = []
    line = lead
    for number, item in enumerate(items, 1):
        piece = item if number == len(items) else f"{item},"
        if cell_len(line + piece) > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += f"{piece} "
    return [*lines, line.rstrip()]


def score_table(summary: HandSummary, names: tuple[str, str]) -> Table:
    """The hand's points, row by row, then the match totals (a single deal,
    being the whole game, ends at its own points, in bold). Each row and name
    on one line: a long name is cut (…) rather than taking a line more."""
    scored = summary.scored
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column("", no_wrap=True)
    for name in names:
        header = Text(name, no_wrap=True, overflow="ellipsis")  # a name is text, never markup
        table.add_column(header, justify="right")
    table.add_row("Meld points", *map(str, scored.meld_points))
    table.add_row("Trick points (with last trick)", *map(str, scored.trick_points))
    table.add_row("Trick points rounded", *map(str, scored.rounded))
    points = [str(summary.hand_points(seat)) for seat in Seat]
    if summary.single_deal:
        table.add_row(Text("This deal", "bold"), *(Text(p, "bold") for p in points))
        return table
    table.add_row("This hand", *points, end_section=True)
    table.add_row(Text("Match total", "bold"), *(Text(str(t), "bold") for t in scored.totals))
    return table


def target_line(summary: HandSummary, names: tuple[str, str]) -> str:
    """Under the sheet: the target, or that it was raised; a single deal's result."""
    outcome = summary.outcome
    if summary.single_deal and outcome is not None:
        if outcome.winner is None:
            return f"The deal is drawn, {outcome.scores[0]} each."
        won, lost = outcome.scores[outcome.winner], outcome.scores[outcome.winner.other]
        return f"{does(names[outcome.winner], 'wins')} the deal, {won} to {lost}."
    if summary.raised_to is not None:
        return f"Both players reached {summary.target}: the game is now to {summary.raised_to}."
    return f"Target: {summary.target}"


class ScoreSheetScreen(ModalScreen[None]):
    """Shown after the last trick; Enter deals the next hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Continue", key_display="⏎"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, summary: HandSummary, names: tuple[str, str]) -> None:
        super().__init__()
        self._summary = summary
        self._names = names

    def compose(self) -> ComposeResult:
        summary = self._summary
        # The sheet scrolls only if it cannot fit; the button stays on it, docked.
        with VerticalScroll(classes="dialog", id="score-sheet"):
            title = "The deal is over" if summary.single_deal else f"Hand {summary.hand_no} is over"
            yield Static(title, classes="dialog-title")
            yield Static(MeldLines(summary, self._names), id="score-melds")
            yield Static(score_table(summary, self._names), id="score-table")
            yield Static(target_line(summary, self._names), id="target-line", markup=False)
            yield Button("Continue (Enter)", variant="primary", id="continue")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def history_table(hands: Sequence[HandSummary], names: tuple[str, str]) -> Table:
    """One row per finished hand: each player's meld, tricks raw and counted, the
    hand's points and the total after it."""
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column("Hand", justify="right")
    for name in names:
        table.add_column(Text(f"{name}: meld + tricks", overflow="ellipsis"), justify="right")
        table.add_column(Text("total"), justify="right")
    for hand in hands:
        cells = [str(hand.hand_no)]
        for seat in Seat:
            scored = hand.scored
            cells.append(
                f"{scored.meld_points[seat]} + {scored.trick_points[seat]}→{scored.rounded[seat]}"
                f" = {hand.hand_points(seat)}"
            )
            cells.append(str(scored.totals[seat]))
        table.add_row(*cells)
    return table


def history_chart(hands: Sequence[HandSummary], names: tuple[str, str]) -> Text:
    """Both totals across the match as bar lines on one scale, to the target,
    each after its player's name (cut to ``MAX_NAME`` cells)."""
    text = Text()
    if not hands:
        return text
    top = max(hands[-1].target, *(max(h.scored.totals) for h in hands))
    width = min(MAX_NAME, max(map(cell_len, names)))
    for seat in Seat:
        totals = [h.scored.totals[seat] for h in hands]
        text.append(f"{fit(names[seat], width, pad=True)}  ")
        text.append(spark(totals, top), "bold")
        text.append(f"  {totals[-1]}\n")
    text.append(f"{'':<{width}}  scale 0 to {top}")
    return text


class HistoryScreen(ModalScreen[None]):
    """Every finished hand's score sheet, and a chart of both totals."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,t,enter", "close", "Back to the game", key_display="esc")
    ]

    def __init__(self, hands: Sequence[HandSummary], names: tuple[str, str]) -> None:
        super().__init__()
        self._hands = list(hands)
        self._names = names

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="history"):
            yield Static("The match so far", classes="dialog-title")
            if not self._hands:
                yield Static("No hand is finished yet.", markup=False)
            else:
                yield Static(history_chart(self._hands, self._names), id="history-chart")
                with VerticalScroll(id="history-hands"):
                    yield Static(history_table(self._hands, self._names), id="history-table")
                    for hand in self._hands:
                        yield Static(f"Hand {hand.hand_no}", classes="history-hand")
                        yield Static(MeldLines(hand, self._names), classes="history-melds")
                        yield Static(score_table(hand, self._names))
        yield Footer(compact=True)

    def action_close(self) -> None:
        self.dismiss(None)
