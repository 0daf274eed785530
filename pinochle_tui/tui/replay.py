"""``pinochle replay FILE``: step through a saved game as it happened.

The record is replayed once into a list of positions (``timeline``); the app
only moves an index through it, so stepping back is as cheap as stepping on.
Both hands are face up unless one seat's view is chosen. ``r`` reviews the
game (``tui.review_panel``): each costly move is marked, and the review of the
move on screen is shown under the table.

Where the replay is, is told by the action's number in the game, from 1 over
both players' actions (deals not counted): the number ``pinochle review`` and
``pinochle verify`` give an action, so "action 37" there is action 37 here.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Footer, Header, Static

from pinochle_tui.coach.models import GameReview
from pinochle_tui.coach.review import review_file
from pinochle_tui.engine import Event, GameState, Phase, PinochleError, Seat
from pinochle_tui.engine.events import CardDrawn, TrickWon
from pinochle_tui.names import in_sentences
from pinochle_tui.plaintext import inert
from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.models import GameLog
from pinochle_tui.record.replay import Frame, timeline
from pinochle_tui.record.store import open_game, save_dir
from pinochle_tui.tui.app import CardTableApp
from pinochle_tui.tui.cardfaces import hand_order
from pinochle_tui.tui.launch import crash_report, display_from_args
from pinochle_tui.tui.narrate import Narrator
from pinochle_tui.tui.review_panel import ReviewPanel, marks
from pinochle_tui.tui.screens.go_to_action import GoToActionScreen
from pinochle_tui.tui.setup import Display
from pinochle_tui.tui.widgets.cards import SUIT_COMPONENTS, card_text

#: What the seat to act is to do, in each phase of a hand.
_DOING = {Phase.LEAD: "lead", Phase.FOLLOW: "follow", Phase.MELD: "meld or draw"}
#: The views the view key cycles through: both hands, then each seat's own.
VIEWS: tuple[Seat | None, ...] = (None, Seat.SOUTH, Seat.NORTH)
#: The header's columns that are not its title: Textual's icon (8) and clock space (10).
HEADER_CHROME = 18
#: Fewer columns than this left for the file's name in the header, and it is left out.
NAME_AT_LEAST = 9


def launch_replay(args: argparse.Namespace) -> int:
    """Check the record, then run the viewer; a bad record is one line and exit 2 (1 if illegal)."""
    try:
        game = open_game(args.file, save_dir(args.save_dir))
    except RecordError as error:
        print(f"pinochle: {error}", file=sys.stderr)
        return 1 if isinstance(error, IllegalRecordError) else 2
    viewer = ReplayApp(
        game.log,
        timeline(game.log),
        game.path.name,
        display_from_args(args),
        path=game.path,
        review=args.review,
    )
    viewer.run()
    return crash_report(viewer, game.path.parent, "the saved game is unchanged")


# -- moving through the timeline ----------------------------------------------


def _ends_trick(frame: Frame) -> bool:
    return frame.step is not None and any(isinstance(e, TrickWon) for e in frame.step.events)


def _is_deal(frame: Frame) -> bool:
    return frame.step is not None and frame.step.seat is None


def place_of(frame: Frame, actions: int) -> str:
    """Where ``frame`` is in a game of ``actions`` actions, by the action's number:
    ``action 37 of 84``; a deal, between actions, is named by its hand."""
    step = frame.step
    if step is None:
        return "before the first deal"
    if step.seat is None:
        return f"the deal of hand {step.hand_no}"
    return f"action {step.number} of {actions}"


def squeeze(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns: whole if it fits, else its start and
    its end around a "…", so a game file keeps its date and its players' end.

    >>> squeeze("2026-11-30T18-30-05-ann-vs-computer.json", 21)
    '2026-11-30…puter.json'
    """
    if cell_len(text) <= width:
        return text
    room = width - 1  # the "…" takes one column
    head, tail = "", ""
    for char in text:  # column by column: a wide character takes two
        if cell_len(head + char) > room - room // 2:
            break
        head += char
    for char in reversed(text):
        if cell_len(head + char + tail) > room:
            break
        tail = char + tail
    return f"{head}…{tail}"


def next_where(frames: Sequence[Frame], position: int, wanted: Callable[[Frame], bool]) -> int:
    """The first frame after ``position`` that is ``wanted``, else the end."""
    for index in range(position + 1, len(frames)):
        if wanted(frames[index]):
            return index
    return len(frames) - 1


def previous_where(frames: Sequence[Frame], position: int, wanted: Callable[[Frame], bool]) -> int:
    """The last frame before ``position`` that is ``wanted``, else the start."""
    for index in range(position - 1, 0, -1):
        if wanted(frames[index]):
            return index
    return 0


# -- the widgets ----------------------------------------------------------------


class CardLines(Static):
    """Text with cards in it, each card in its suit's style (from ``cards.tcss``)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(SUIT_COMPONENTS)


class SeatPanel(CardLines):
    """One seat: name, score, hand (face up or not) and the melds on its table."""

    class Resized(Message):
        """The panel's width changed: its figures are to be broken anew."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class CentrePanel(CardLines):
    """The middle of the table: trump, turn-up, stock, the trick in play and the last one."""


class EventLine(Static):
    """One step of the game in words, in the list of events; a click goes there."""

    class Chosen(Message):
        """The player clicked the step at ``index`` of the timeline."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.index))


class TableColumn(VerticalScroll, can_focus=False):
    """The seats, the centre and the review, one under the other. In a short
    terminal (80x24) they may not all fit: the wheel scrolls the column, and the
    review is scrolled into view whenever it shows a move. The keys are the
    events list's and the replay's."""


class EventList(VerticalScroll, inherit_bindings=False):
    """Every step of the game, one ``EventLine`` each, the one on screen marked.

    The wheel scrolls it, and so do the up and down keys while it has the focus
    (it takes it at the start: nothing else on the screen wants keys), to read
    back through the game without moving the replay; the replay's own keys
    (left and right, home and end) are left to the app.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll", show=False),
        Binding("down", "scroll_down", "Scroll", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]


class FittedHeader(Header):
    """The header, its sub-title (the file's name) squeezed in the middle to the
    columns the title leaves, or left out: Textual would cut the line's end, the
    place in the game with it. Fitted again whenever the terminal is resized."""

    def format_title(self) -> Content:
        title = self.screen_title
        room = self.size.width - HEADER_CHROME - cell_len(title) - len(" — ")
        name = squeeze(self.screen_sub_title, room) if room >= NAME_AT_LEAST else ""
        return self.app.format_title(title, name)

    def on_resize(self) -> None:
        self.query_one("HeaderTitle", Static).update(self.format_title())


class ReplayApp(CardTableApp):
    """A keyboard-driven viewer of a saved game, in the game's theme and card colours."""

    CSS_PATH = ["cards.tcss", "dialogs.tcss", "replay.tcss"]  # noqa: RUF012 (Textual reads it as is)
    TITLE = "Pinochle replay"
    BINDINGS: ClassVar[list[BindingType]] = [
        # One footer entry per pair of keys, so the footer fits 80 columns; every key
        # is in Ctrl+P's Keys.
        Binding("right,l", "step(1)", "Step", key_display="←→"),
        Binding("left,h", "step(-1)", "Back", show=False),
        Binding("t", "trick(1)", "Trick", key_display="t/T"),
        Binding("T", "trick(-1)", "Prev trick", show=False),
        Binding("n", "hand(1)", "Hand", key_display="n/p"),
        Binding("p", "hand(-1)", "Prev hand", show=False),
        Binding("g", "go_to", "Go to"),
        # Home and End, the usual keys, make room in the footer for "g".
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end,G", "jump(-1)", "End", show=False),
        Binding("v", "switch_view", "View"),
        Binding("r", "review", "Review"),
        Binding("q", "quit", "Quit"),
    ]

    position: reactive[int] = reactive(0, init=False)
    viewer: reactive[Seat | None] = reactive(None, init=False)

    def __init__(
        self,
        log: GameLog,
        frames: Sequence[Frame],
        name: str,
        display: Display | None = None,
        *,
        path: Path | None = None,
        review: bool = False,
    ) -> None:
        super().__init__(display or Display())
        self.record = log
        self.frames = list(frames)
        self.names = (log.players[0].name, log.players[1].name)
        self.ascii_only = self.display_options.ascii_only
        self.sub_title = inert(name)
        #: The game file, for its review; whether to review it at once.
        self.path = path
        self.review: GameReview | None = None
        self._review_at_start = review
        self._marks: dict[int, str] = {}
        #: The list of events, a line per frame.
        self._lines: list[EventLine] = []

    def compose(self) -> ComposeResult:
        yield FittedHeader()
        with Horizontal():
            with TableColumn(id="table"):
                yield SeatPanel(id="north", classes="seat")
                yield CentrePanel(id="centre")
                yield SeatPanel(id="south", classes="seat")
                yield ReviewPanel(id="review")
            with EventList(id="events"):
                for index in range(len(self.frames)):
                    yield EventLine(index)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        events = self.query_one(EventList)
        events.border_title = "Events"
        self._lines = list(events.query(EventLine))
        self.query_one(ReviewPanel).display = False
        self._fill_events()
        self._show()
        if self._review_at_start:
            self.action_review()

    # -- actions -------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.position = max(0, min(len(self.frames) - 1, self.position + delta))

    def action_trick(self, direction: int) -> None:
        move = next_where if direction > 0 else previous_where
        self.position = move(self.frames, self.position, _ends_trick)

    def action_hand(self, direction: int) -> None:
        move = next_where if direction > 0 else previous_where
        self.position = move(self.frames, self.position, _is_deal)

    def action_jump(self, index: int) -> None:
        self.position = index % len(self.frames)

    def action_go_to(self) -> None:
        """Ask for an action's number (``GoToActionScreen``) and go there."""
        if not self.record.action_count:
            self.notify("This game has no action to go to yet.", severity="warning")
            return
        self.push_screen(GoToActionScreen(self.record.action_count), self._go_to)

    def _go_to(self, number: int | None) -> None:
        if number is not None:  # a deal's number is 0: the action's is its own
            steps = (frame.step.number if frame.step else 0 for frame in self.frames)
            self.position = next(i for i, found in enumerate(steps) if found == number)

    def action_switch_view(self) -> None:
        self.viewer = VIEWS[(VIEWS.index(self.viewer) + 1) % len(VIEWS)]

    def action_review(self) -> None:
        """Review the game (or hide and show the review again)."""
        panel = self.query_one(ReviewPanel)
        if self.review is not None:
            panel.display = not panel.display
            return
        if self.path is None:
            self.notify("This game has no file to review.", severity="warning")
            return
        panel.reviewing(0, 0)
        self._review(self.path)

    @work(thread=True, exclusive=True, group="review")
    def _review(self, path: Path) -> None:
        panel = self.query_one(ReviewPanel)

        def progress(done: int, total: int) -> None:
            self.call_from_thread(panel.reviewing, done, total)

        try:
            review = review_file(path, jobs=2, progress=progress)
        except PinochleError as error:
            self.call_from_thread(panel.failed, str(error))
            return
        self.call_from_thread(self._reviewed, review)

    def _reviewed(self, review: GameReview) -> None:
        self.review = review
        self._marks = marks(review)
        self._fill_events()
        self._show()

    def on_event_line_chosen(self, message: EventLine.Chosen) -> None:
        self.position = message.index

    # -- showing a position ----------------------------------------------------

    def watch_position(self) -> None:
        self._show()

    def watch_viewer(self) -> None:
        self._fill_events()
        self._show()

    def _fill_events(self) -> None:
        """Tell every step again (the view or the review's marks changed): the
        lines stay, so the list keeps its place."""
        for line in self._lines:
            line.update(Text(self._describe(line.index)))

    def _describe(self, index: int) -> str:
        step = self.frames[index].step
        if step is None:
            return "Start: the game before the first deal."
        told = " ".join(self._narrate(step.events))
        if step.seat is None:
            return told
        mark = self._marks.get(step.number, "")
        return f"{mark}{' ' if mark else ''}{step.number}. {told}"

    def _narrate(self, events: Sequence[Event]) -> list[str]:
        """The events in words; with both hands face up, every drawn card is named."""
        if self.viewer is not None:
            return Narrator(in_sentences(self.names), self.viewer, self.ascii_only).lines(events)
        lines = []
        for event in events:
            viewer = event.seat if isinstance(event, CardDrawn) else None
            line = Narrator(in_sentences(self.names), viewer, self.ascii_only).line(event)
            if line:
                lines.append(line)
        return lines

    def on_seat_panel_resized(self) -> None:
        """The seats' figures are broken to the panels' width: laid out anew."""
        self._show()

    def _show(self) -> None:
        state = self.frames[self.position].state
        for line in self._lines:
            line.set_class(line.index == self.position, "-current")
        # Once the lines are laid out again (their text may just have changed),
        # the whole of the step on screen is brought into the list's view.
        self.call_after_refresh(self._lines[self.position].scroll_visible, animate=False)
        for seat in Seat:
            panel = self.query_one(f"#{seat.name.lower()}", SeatPanel)
            panel.update(self._seat_text(panel, state, seat))
            panel.set_class(state.to_act == seat and state.phase is not Phase.DEAL, "-to-act")
        centre = self.query_one("#centre", CentrePanel)
        centre.update(self._centre_text(centre, state))
        if self.review is not None:
            step = self.frames[self.position].step
            number = step.number if step is not None and step.seat is not None else None
            review = self.query_one(ReviewPanel)
            review.show(self.review, number)
            self.call_after_refresh(review.scroll_visible, animate=False)
        # "as You saw it": the possessive of a name ("You's view") can read wrong.
        view = "both hands" if self.viewer is None else f"as {self.names[self.viewer]} saw it"
        at = place_of(self.frames[self.position], self.record.action_count)
        self.title = f"Replay: {at} ({view})"

    def _seat_text(self, panel: SeatPanel, state: GameState, seat: Seat) -> Text:
        view = state.view(seat)
        text = Text(f"{self.names[seat]} ({seat})", style="bold")
        figures = [
            f"score {view.scores[seat]}",
            f"melds {view.meld_points[seat]}",
            f"in tricks {view.won_points[seat]}",
        ]
        if state.dealer == seat and state.hand_no:
            figures.append("dealer")
        # Broken between figures, never inside one ("in" / "tricks 51").
        width, line = panel.content_size.width or 80, text.cell_len
        for figure in figures:
            if line + 3 + len(figure) <= width:
                text.append("   " + figure)
                line += 3 + len(figure)
            else:
                text.append("\n" + figure)
                line = len(figure)
        text.append("\nHand:  ")
        hand = hand_order(view.hand, view.trump)
        if self.viewer in (None, seat):
            text.append_text(card_text(panel, hand, self.ascii_only))
        else:
            text.append(f"{len(hand)} cards, face down")
        text.append("\nTable: ")
        text.append_text(
            card_text(panel, hand_order(view.tables[seat], view.trump), self.ascii_only)
        )
        return text

    def _centre_text(self, panel: CentrePanel, state: GameState) -> Text:
        view = state.view(Seat.SOUTH)
        if not state.hand_no:
            return Text("Waiting for the first deal.")
        text = Text(f"Hand {state.hand_no}  target {view.target}  ")
        if view.trump is not None:
            text.append(f"trump {view.trump.letter if self.ascii_only else view.trump.symbol}  ")
        if view.turn_up is not None:
            text.append("turn-up ")
            text.append_text(card_text(panel, [view.turn_up], self.ascii_only))
            text.append(f"  stock {view.stock_size}")
        elif view.playoff:
            text.append("playoff")
        text.append(f"\nTricks played: {view.trick_no}")
        if view.lead is not None:
            text.append(f"   {self.names[view.leader]} led ")
            text.append_text(card_text(panel, [view.lead], self.ascii_only))
        if view.tricks:
            last = view.tricks[-1]
            text.append("\nLast trick: ")
            text.append(f"{self.names[last.leader]} ")
            text.append_text(card_text(panel, [last.lead], self.ascii_only))
            text.append(f", {self.names[last.leader.other]} ")
            text.append_text(card_text(panel, [last.reply], self.ascii_only))
            text.append(f", won by {self.names[last.winner]}")
        if state.is_over:
            reason = state.outcome.reason(self.names) if state.outcome is not None else ""
            text.append(f"\nGame over: {reason}.")
        elif state.phase is Phase.DEAL:
            text.append("\nHand over: the next one is to be dealt.")
        else:
            text.append(f"\n{self.names[state.to_act]} to {_DOING[state.phase]}.")
        return text
