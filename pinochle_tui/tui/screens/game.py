"""The card table: where a match is played, hand after hand.

The screen holds no rules and no game loop: the table driver (``engine.table``)
deals, applies forced actions and stops at each decision; the screen maps the
decision to its widgets (the hand, the meld panel, a dialog), or hands it to
the computer, which thinks in a worker and posts its move back. Every action
goes through ``Table.act`` and the game session, which saves it before the
screen shows it. Who sees which cards is ``seating.Seating``'s business.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Offset
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Static

from pinochle_tui.ai.advice import Advice
from pinochle_tui.bots.external import BotForfeit
from pinochle_tui.engine import (
    Action,
    Card,
    CardDrawn,
    CardPlayed,
    Decision,
    DeclareOut,
    Event,
    IllegalActionError,
    LastCardRevealed,
    Phase,
    PinochleError,
    Play,
    Player,
    Seat,
    SeatView,
    Table,
)
from pinochle_tui.names import in_sentences
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.aids import highlight, hint_text, undo_target
from pinochle_tui.tui.cardfaces import COMPACT, HUGE, LARGE, Face, face, hand_order
from pinochle_tui.tui.computer import Brain
from pinochle_tui.tui.handkeys import PICK_KEYS, HandKeys
from pinochle_tui.tui.narrate import Narrator, does
from pinochle_tui.tui.past import past_of
from pinochle_tui.tui.scores import ScoreHistory
from pinochle_tui.tui.screens.declare import DeclareOutScreen
from pinochle_tui.tui.screens.game_over import GameOverScreen, summary_text
from pinochle_tui.tui.screens.privacy import PrivacyScreen
from pinochle_tui.tui.screens.save_elsewhere import SaveElsewhereScreen
from pinochle_tui.tui.screens.score_sheet import HistoryScreen, ScoreSheetScreen
from pinochle_tui.tui.screens.too_small import GAME_MODE
from pinochle_tui.tui.screens.undo import UndoAgreeScreen, agree_text
from pinochle_tui.tui.seating import Seating
from pinochle_tui.tui.setup import Display
from pinochle_tui.tui.widgets.cards import fit as fit_cards
from pinochle_tui.tui.widgets.flight import FlyingCard
from pinochle_tui.tui.widgets.hand import HandView, Holding
from pinochle_tui.tui.widgets.log import GameLog
from pinochle_tui.tui.widgets.meld_panel import MeldPanel, distinct_choices
from pinochle_tui.tui.widgets.opponent import Concealed, OpponentHand
from pinochle_tui.tui.widgets.prompt import prompt
from pinochle_tui.tui.widgets.scoreboard import ScoreBoard
from pinochle_tui.tui.widgets.stock import Stock, StockView
from pinochle_tui.tui.widgets.table import Melds, TableMelds
from pinochle_tui.tui.widgets.trick import Trick, TrickView

#: Seconds a computer move stays on screen before the next one, at speed 1.
PAUSE = 0.9
#: Seconds the computer's card takes to cross the table, at speed 1.
FLIGHT = 0.3


#: The layouts, smallest first: the least terminal size of each, and its card faces.
TIERS: tuple[tuple[str, tuple[int, int], Face], ...] = (
    ("compact", (0, 0), COMPACT),
    ("medium", (100, 30), COMPACT),
    ("large", (120, 36), LARGE),
    ("huge", (160, 46), HUGE),
)


def tier_of(width: int, height: int) -> tuple[str, Face]:
    """The layout for a terminal size, and its card faces: ``compact`` below
    100 x 30 (the other hand as a line of text), then ``medium``, ``large`` from
    120 x 36 and ``huge`` from 160 x 46.

    >>> [tier_of(*size)[0] for size in ((80, 24), (100, 30), (120, 40), (200, 32), (200, 50))]
    ['compact', 'medium', 'large', 'medium', 'huge']
    """
    name, face = TIERS[0][0], TIERS[0][2]
    for tier, (least_width, least_height), tier_face in TIERS:
        if width >= least_width and height >= least_height:
            name, face = tier, tier_face
    return name, face


#: Rows of the meld panel at its tallest, its border in: from 100 x 30, and at
#: 80 x 24, where it lies under the stock and the trick with a top border only.
PANEL_ROWS, COMPACT_PANEL_ROWS = 9, 8


def table_row_fits(tier: str, face: Face, height: int) -> bool:
    """Whether the player's table cards may lie in a row of their own above the
    hand (from 100 x 30) at this terminal height, else among the hand's cards,
    tinted. The rows counted: header and footer, the other player's name and
    cards, its melds line (two lines) and table, the stock and the trick (one
    under the other at 100 x 30) beside the meld panel at its tallest, your
    melds line, the prompt, two rows of cards with their keys. And one to
    spare: Textual gives each spacer a row when none is left, which would push
    the hand off the bottom.

    >>> [table_row_fits("medium", COMPACT, h) for h in (30, 33, 34)]
    [False, False, True]
    >>> table_row_fits("large", LARGE, 40), table_row_fits("large", LARGE, 41)
    (False, True)
    """
    card = face.height
    stock_and_trick = (2 if tier == "medium" else 1) * (2 + card)
    middle = max(stock_and_trick, PANEL_ROWS)
    return height > 2 + (1 + card) + (2 + card) + middle + 2 + 2 + 2 * (card + 1)


class ComputerMoved(Message):
    """The computer's choice, for the position numbered ``move_no``."""

    def __init__(self, move_no: int, action: Action, error: str | None = None) -> None:
        super().__init__()
        self.move_no = move_no
        self.action = action
        self.error = error


class GameScreen(Screen[None]):
    """One match in progress: the table, the hand, the score board and the log."""

    class Finished(Message):
        """The match is over and the player chose to play again (or to quit)."""

        def __init__(self, again: bool) -> None:
            super().__init__()
            self.again = again

    #: The game gives the hand or the meld panel the keys on the player's turn,
    #: never Textual's first focusable widget (the hidden panel while the
    #: computer plays first, which put its "1… Option" in the footer).
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        # Short labels: the footer shows every key that works now in 80 columns.
        Binding("o", "declare_out", "Declare"),
        # While declaring out is not open (the one above is off), o says why.
        Binding("o", "declare_closed", show=False),
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("space", "skip", "Skip", key_display="␣"),
        Binding("t", "history", "Scores"),
        Binding("n", "app.new_game", "New", show=False),  # in the palette: New game
        Binding("question_mark", "app.rules", "Rules", key_display="?"),
    ]

    def __init__(self, session: GameSession, display: Display, seed: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.table = Table(session, auto_deal=False)
        self.options = display
        self.names = (session.players[0].name, session.players[1].name)
        self._brain: Brain | None = None
        self.seating = Seating.of(session.players, self._computer, seed, session.state.to_act)
        self._target = session.state.target
        self.narrator = Narrator(in_sentences(self.names), self.seating.reader, display.ascii_only)
        self.thinking = False
        self._pause: tuple[Timer, Callable[[], None]] | None = None
        self._stalled = False
        self._footer_state: tuple[bool, bool, bool] | None = None
        self._queued: tuple[Screen[Any], Callable[[Any], None]] | None = None
        #: The save failure last told to the player (None: everything is saved).
        self._save_problem: str | None = None
        self.tier = ""
        self.scores = ScoreHistory()
        self._keys = {seat: HandKeys() for seat in Seat}
        #: Each seat's card drawn last, marked in its hand until it plays.
        self._fresh: dict[Seat, Card] = {}
        #: Hotseat: the card each seat drew, told to that person alone once
        #: they hold the keys again.
        self._untold: dict[Seat, Card] = {}
        #: A refusal, shown in the prompt line (never over the hand) until the next move.
        self._refusal: str | None = None
        #: Hotseat: the card drawn, told to the person at the keys until their next move.
        self._told = ""
        #: The position a hint is being thought for: the prompt says so until
        #: the hint is told or the position moves on (a move, an undo).
        self._hint_for: int | None = None
        #: A sizing of the meld panel is queued for after the next refresh.
        self._sizing_due = False

    @property
    def brain(self) -> Brain:
        """The process where the computer and the hints think (started on first use)."""
        if self._brain is None:
            self._brain = Brain()
        return self._brain

    def _computer(self, level: str, seed: int | None) -> Player:
        """A computer player thinking in the brain's process."""
        return self.brain.player(level, seed)

    @property
    def move_no(self) -> int:
        """Counts deals and actions, so a computer move for an older position is dropped."""
        return self.table.move_no

    @property
    def viewer(self) -> Seat:
        """The seat whose cards this screen shows."""
        return self.seating.viewer

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        ascii_only = self.options.ascii_only
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield Static(classes="spacer")
                yield OpponentHand(ascii_only, id="opponent")
                yield Static(classes="spacer")
                yield TableMelds(ascii_only, id="melds-opponent")
                yield Static(classes="spacer")
                with Horizontal(id="middle"):
                    with Horizontal(id="stock-trick"):
                        yield StockView(ascii_only, id="stock")
                        yield TrickView(self.names, ascii_only, id="trick")
                    yield MeldPanel(ascii_only, id="meld-panel")
                yield Static(classes="spacer")
                yield TableMelds(ascii_only, id="melds-mine")
                yield Static(id="prompt", markup=False)
                with Horizontal(id="hand-row"):
                    yield HandView(ascii_only, id="hand")
                yield Static(classes="spacer")
            with Vertical(id="side"):
                yield ScoreBoard(self.names, ascii_only, id="score")
                yield GameLog(id="log")
        yield Footer(compact=True)
        yield FlyingCard(ascii_only, id="flying")

    def on_unmount(self) -> None:
        if self._brain is not None:
            self._brain.close()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        self.fit(*self.app.size)  # the size may have changed under a dialog
        self._focus_for_turn()  # not the first focusable widget: the one the turn needs

    def _app_focused(self, focused: bool) -> None:
        """The browser's terminal (``pinochle serve``) has the keyboard again."""
        if focused and self.is_current:
            self._focus_for_turn()

    def fit(self, width: int, height: int) -> None:
        """Lay the table out for the terminal's size, live: the tier's class for
        the styles, the faces of every card widget, the meld panel's height,
        and whether the table cards have a row of their own (``table_row_fits``,
        within a tier too)."""
        tier, cards = tier_of(width, height)
        hand = self.query_one(HandView)
        hand.stacked = tier != "compact" and table_row_fits(tier, cards, height)
        if tier == self.tier:
            return
        self.tier = tier
        for name, _, _ in TIERS:
            self.set_class(tier == name, f"-{name}")
        # After the next refresh (at the board's new width), and once however
        # many resizes come first: one callback queued for each of a storm of
        # them (a window corner dragged) left the app deaf to the keys.
        if not self._sizing_due:
            self._sizing_due = True
            self.call_after_refresh(self._size_panel_due)
        others: Face | None = None if tier == "compact" else cards
        self.query_one(OpponentHand).size_of_face = others
        self.query_one("#melds-opponent", TableMelds).size_of_face = others
        for melds in self.query(TableMelds):
            melds.caption_lines = 1 if tier == "compact" else 2
        self.query_one(StockView).size_of_face = cards
        self.query_one(TrickView).size_of_face = cards
        self.query_one(FlyingCard).size_of_face = cards
        hand.size_of_face = cards

    def on_mount(self) -> None:
        self.fit(*self.app.size)
        self.watch(self.app, "app_focus", self._app_focused, init=False)
        self.title = "Pinochle"
        self.sub_title = " vs ".join(self.names)
        panel = self.query_one(MeldPanel)
        panel.display = False
        panel.border_title = "Meld or draw"
        log = self.query_one(GameLog)
        log.tell(self._opening_lines())
        if self.session.state.hand_no:
            past = past_of(self.session.log)
            self.scores = past.history
            log.tell(self.narrator.lines(past.this_hand))
            log.tell([f"Game resumed in hand {self.session.state.hand_no}."])
        self._after(self._guarded(self.table.advance))

    def _opening_lines(self) -> list[str]:
        """The match in one line (a resumed game's hand is told again after it)."""
        rules = self.session.state.rules
        goal = f"first to {rules.target}" if rules.game.value == "match" else "a single deal"
        first, second = in_sentences(self.names)
        return [f"{first} vs {second}: {goal}. Press ? for the rules."]

    # -- the flow of the game ---------------------------------------------------

    @property
    def view(self) -> SeatView:
        """What the viewer may see now."""
        return self.table.view(self.viewer)

    def advance(self) -> None:
        """Whatever comes next: a deal, the end, a computer move, or a human's turn."""
        self.render_state()
        if self.app.current_mode != GAME_MODE:
            self._stalled = True  # the terminal is too small: wait until it grows
            return
        if self.table.outcome is not None:
            state = self.session.state
            self._show(GameOverScreen(summary_text(state, self.names)), self._game_over_closed)
            return
        if self.table.deal_due:
            self._after(self._guarded(self.table.deal))
            return
        decision = self.table.decision()
        assert decision is not None
        if decision.seat in self.seating.computers:
            self.set_focus(None)  # nothing of the hand or the panel works meanwhile
            self._schedule_computer(decision)
        elif self.seating.pass_needed(decision.seat):
            self._pass_to(decision.seat)
        else:
            self._await_human()

    def wake(self) -> None:
        """The terminal is big enough again: show what waited, or go on."""
        if self._queued is not None:
            screen, callback = self._queued
            self._queued = None
            self.app.push_screen(screen, callback)
        elif self._stalled:
            self._stalled = False
            self.advance()

    def _show(self, screen: Screen[Any], callback: Callable[[Any], None]) -> None:
        if self.app.current_mode != GAME_MODE:
            self._queued = (screen, callback)
        else:
            self.app.push_screen(screen, callback)

    def _guarded(self, move: Callable[[], list[Event]]) -> list[Event] | None:
        """Run a move of the table; a refusal is told, not raised (None)."""
        try:
            return move()
        except PinochleError as error:
            self.notify(str(error), title="Not allowed", severity="error")
            return None

    def _after(self, events: list[Event] | None) -> None:
        """Tell what happened, then show the score sheet at the end of a hand, or go on."""
        if events is None:
            return
        self._report_saving()
        told = self.narrator.lines(events)
        summary = self.scores.feed(events, self._target)
        self._target = self.session.state.target
        if not self._note_cards(events, told if summary is None else None):
            self.query_one(GameLog).tell(told)
        if summary is not None:
            self.render_state()
            self._show(ScoreSheetScreen(summary, self.names), lambda _: self.advance())
            return
        self.advance()

    def _note_cards(self, events: list[Event], told: list[str] | None) -> bool:
        """Mark each seat's card drawn until it plays; keep a hotseat draw to tell
        its owner alone (not the stock's last card, shown to both in the log);
        send the computer's card across the table. True if a card flies: the
        log tells ``told`` when it lands (None: fly none)."""
        flying = False
        shown = {e.card for e in events if isinstance(e, LastCardRevealed)}  # the log tells it
        for event in events:
            if isinstance(event, CardDrawn):
                self._fresh[event.seat] = event.card
                if self.seating.hotseat and not event.turn_up and event.card not in shown:
                    self._untold[event.seat] = event.card
            elif isinstance(event, CardPlayed):
                self._fresh.pop(event.seat, None)
                if event.seat in self.seating.computers and told is not None:
                    flying = self._fly(event, told)
        return flying

    def _fly(self, played: CardPlayed, told: list[str]) -> bool:
        """The computer's card slides from its hand (or its table) into the trick;
        the log and the prompt tell the move when it lands. False if it does not fly."""
        seconds = FLIGHT * self.options.speed
        trick = self.query_one(TrickView)
        if seconds <= 0 or not trick.region:
            return False
        source = self.query_one("#melds-opponent" if played.from_table else "#opponent").region
        start = Offset(source.x + source.width // 2 - 3, source.y + 1)
        end = trick.content_region.offset + trick.slot_offset(played.seat)
        trick.landing = played.seat

        def landed() -> None:
            trick.landing = None
            self.query_one(GameLog).tell(told)
            self.render_state()

        self.query_one(FlyingCard).fly(played.card, start, end, seconds, landed)
        return True

    def apply(self, action: Action) -> bool:
        """Play ``action`` through the table (the session saves it first); False if refused."""
        events = self._guarded(lambda: self.table.act(action))
        if events is None:
            return False
        self._cancel_pause()
        self.query_one(FlyingCard).land()
        self._refusal, self._told = None, ""
        self._after(events)
        return True

    def _report_saving(self) -> None:
        """Say at once when saving fails, and when it works again: the game goes
        on in memory meanwhile, and the session retries after every action."""
        problem = self.session.save_error
        if problem == self._save_problem:
            return
        self._save_problem = problem
        if problem is None:
            self.notify("The game is saved again.", title="Saved")
            return
        self.notify(
            f"{problem}. The game goes on and is saved as soon as it can be; "
            "Ctrl+P, Save elsewhere, to choose another directory.",
            title="Not saved",
            severity="error",
            timeout=30,
        )

    def action_save_elsewhere(self) -> None:
        """Ask for another directory and save the game there from now on."""

        def chosen(directory: Path | None) -> None:
            if directory is None:
                return
            try:
                self.session.move_to(directory)
            except PinochleError as error:
                self.notify(str(error), title="Not saved", severity="error")
                return
            self._save_problem = None
            where = self.session.path or directory
            self.notify(f"The game is saved in {where}.", title="Saved")

        self.app.push_screen(
            SaveElsewhereScreen(self.session.directory, self.session.save_error), chosen
        )

    def _game_over_closed(self, again: bool | None) -> None:
        self.post_message(self.Finished(bool(again)))

    # -- the computer ---------------------------------------------------------

    def _schedule_computer(self, decision: Decision) -> None:
        def think() -> None:
            self._pause = None
            if decision.move_no == self.move_no:
                self.thinking = True
                self.render_state()
                self._think(decision)

        delay = PAUSE * self.options.speed
        if delay <= 0:
            # Draw the last move first: a thinking thread would slow the drawing down.
            self.call_after_refresh(think)
        else:
            self._pause = (self.set_timer(delay, think), think)
        self._sync_bindings()

    def _cancel_pause(self) -> None:
        if self._pause is not None:
            self._pause[0].stop()
            self._pause = None

    @work(thread=True, exclusive=True, group="computer")
    def _think(self, decision: Decision) -> None:
        legal = list(decision.legal)
        try:
            action = self.seating.computers[decision.seat].choose(decision.view, legal)
            error = None
        except BotForfeit as forfeit:  # a bot program lost: it stops, and says why
            self.app.call_from_thread(self._forfeited, str(forfeit))
            return
        except Exception as exc:  # the game must go on even if the computer fails
            action = next(a for a in legal if not isinstance(a, DeclareOut))
            error = f"The computer failed ({exc}); it plays {action}."
        self.post_message(ComputerMoved(decision.move_no, action, error))

    def on_computer_moved(self, message: ComputerMoved) -> None:
        self.thinking = False
        if message.move_no != self.move_no:
            return  # the position changed while it thought (a human declared out)
        if message.error:
            self.notify(message.error, severity="warning", markup=False)
        self.apply(message.action)

    def _forfeited(self, message: str) -> None:
        """A bot program forfeited: say so in plain text; the game stays saved."""
        self.thinking = False
        self.render_state()
        self.notify(
            f"{message}. The game is saved: pinochle resume --opponent LEVEL goes on with it.",
            title="The bot forfeits",
            severity="error",
            timeout=60,
            markup=False,
        )

    @property
    def _skippable(self) -> bool:
        """The pause before the computer's move, or its card's flight, is running."""
        return self._pause is not None or self.query_one(FlyingCard).flying

    def action_skip(self) -> None:
        """Skip the card's flight and the pause after a computer move."""
        self.query_one(FlyingCard).land()
        if self._pause is not None:
            timer, think = self._pause
            timer.stop()
            think()

    def action_history(self) -> None:
        """Every finished hand's score sheet, and the chart of the totals."""
        self.app.push_screen(HistoryScreen(self.scores.hands, self.names))

    def set_speed(self, speed: float) -> None:
        """Pace the computer at ``speed`` (the pause and the card's flight) from now on."""
        self.options = replace(self.options, speed=speed)

    # -- the human --------------------------------------------------------------

    def _pass_to(self, seat: Seat) -> None:
        self.seating.pass_to(seat)
        self.render_state()

        def unveil(_: object) -> None:
            self.seating.unveil()
            self.advance()

        self._show(PrivacyScreen(self.names[seat]), unveil)

    def _await_human(self) -> None:
        self._focus_for_turn()
        self._sync_bindings()

    def _focus_for_turn(self) -> None:
        """On a human's turn the keys go to the meld panel or the hand, whatever
        had them before (a dialog, the too-small screen, the browser's blur)."""
        if not self.human_turn:
            return
        if self.session.state.phase is Phase.MELD:
            self.query_one(MeldPanel).focus()
        else:
            self.query_one(HandView).focus()

    def on_hand_view_played(self, message: HandView.Played) -> None:
        if not self.human_turn:
            return
        action = Play(self.viewer, message.card)
        if action not in self.table.legal(self.viewer):
            try:
                self.session.state.check(action)
            except IllegalActionError as error:
                self._refusal = f"Not allowed. {error}"
                self.render_state()
            return
        self.apply(action)

    def on_meld_panel_chosen(self, message: MeldPanel.Chosen) -> None:
        if self.human_turn and message.action in self.table.legal(self.viewer):
            self.apply(message.action)

    @property
    def human_turn(self) -> bool:
        """True when a human at the keys is to act now."""
        decision = self.table.decision()
        return decision is not None and self.seating.at_keys(decision.seat, decision.seat)

    def action_declare_out(self) -> None:
        view = self.view
        if not self._may_declare():
            self.action_declare_closed()
            return

        def answered(yes: bool | None) -> None:
            if yes and self._may_declare():
                self.apply(DeclareOut(self.viewer))

        self.app.push_screen(DeclareOutScreen(view), answered)

    def action_declare_closed(self) -> None:
        """Say why declaring out is not open now: the rules' reason (a single
        deal, a claim already made, no hand in play), else that it is not yours to make."""
        try:
            self.session.state.check(DeclareOut(self.viewer))
        except IllegalActionError as error:
            reason = str(error)
        else:
            reason = "You cannot declare out now."
        self.notify(reason, title="No declaring out", severity="warning", markup=False)

    def _may_declare(self) -> bool:
        if not self.seating.at_keys(self.viewer, self.session.state.to_act):
            return False
        return DeclareOut(self.viewer) in self.table.legal(self.viewer)

    def _sync_bindings(self) -> None:
        """Redraw the footer only when a binding comes or goes (it is costly to redraw)."""
        shown = (self._skippable, self._may_declare(), self.human_turn)
        if shown != self._footer_state:
            self._footer_state = shown
            self.refresh_bindings()

    # -- the aids: taking back, the hint (``tui.aids``) ----------------------------

    def action_undo(self) -> None:
        """Take back a move (see ``undo_target``); in hotseat once both agree."""
        target = undo_target(self.session, self.table, self.seating)
        if isinstance(target, str):
            self.notify(target, severity="warning")
            return
        if not self.seating.hotseat:
            self._take_back(target)
            return
        asker = self.viewer
        count = self.table.undo_count(target)

        def answered(yes: bool | None) -> None:
            if yes and undo_target(self.session, self.table, self.seating) == target:
                # The one who agreed holds the keyboard: every hand stays hidden
                # until the one whose turn it is confirms.
                self.seating.pass_to(asker.other)
                self._take_back(target)
            else:
                self.seating.pass_to(asker)  # the keyboard goes back to the one who asked
                self.advance()

        text = agree_text(self.names, target, asker, count)
        self._show(UndoAgreeScreen(text), answered)

    def _take_back(self, seat: Seat) -> None:
        self.query_one(FlyingCard).land()  # its move is told before it is taken back
        try:
            count = self.table.take_back(seat)
        except PinochleError as error:
            self.notify(str(error), title="Not taken back", severity="warning")
            return
        self._cancel_pause()
        self.thinking = False
        self._refusal, self._told = None, ""
        self._untold.clear()  # a draw after the move went back with it
        moves = "move" if count == 1 else f"{count} moves"
        who = does(in_sentences(self.names)[seat], "takes")
        self.query_one(GameLog).tell([f"{who} back the last {moves}."])
        self._report_saving()
        self.advance()

    def action_hint(self) -> None:
        """What the computer would play in your seat, from your view, and why;
        meanwhile the prompt says a hint is coming (not a notice, which stayed
        up over the log after the hint was told there)."""
        decision = self.table.decision()
        if decision is None or not self.human_turn:
            self.notify("A hint is for your own turn.", severity="warning")
            return
        self._hint_for, self._refusal = decision.move_no, None
        self._render_prompt(self.view)
        brain = self.brain  # started here, not in the worker's thread
        self.run_worker(partial(self._think_hint, brain, decision), thread=True, group="hint")

    def _think_hint(self, brain: Brain, decision: Decision) -> None:
        advice = brain.advise(decision.view, list(decision.legal), self.options.ascii_only)
        self.app.call_from_thread(self._show_hint, decision, advice)

    def _show_hint(self, decision: Decision, advice: Advice) -> None:
        if decision.move_no != self.move_no:
            return  # the position moved on meanwhile
        self._hint_for = None
        self._render_prompt(self.view)
        # In the log, beside the play it is about, not in a toast that would
        # stay up over the cards after the move.
        self.query_one(GameLog).tell([f"Hint: {hint_text(advice, self.options.ascii_only)}"])
        highlight(decision.view, advice.action, self.query_one(HandView), self.query_one(MeldPanel))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip":
            return self._skippable
        if action == "declare_out":
            return self._may_declare()
        return True

    # -- drawing ----------------------------------------------------------------

    def render_state(self) -> None:
        """Redraw every widget from the viewer's view of the game (each widget
        redraws only when what it shows has changed)."""
        view = self.view
        me, other = view.seat, view.seat.other
        active = view.phase in (Phase.LEAD, Phase.FOLLOW, Phase.MELD)
        self.query_one(OpponentHand).concealed = Concealed(
            self.names[other],
            view.opponent_hand_size,
            tuple(hand_order(view.opponent_known, view.trump)),
            active and view.to_act == other,
        )
        for widget_id, seat in (("#melds-opponent", other), ("#melds-mine", me)):
            melds = tuple(m for m in view.melds if m.seat == seat)
            self.query_one(widget_id, TableMelds).melds = Melds(
                self.names[seat],
                melds,
                tuple(hand_order(view.tables[seat], view.trump)),
                view.meld_points[seat] - sum(m.points for m in melds),
            )
        self.query_one(StockView).stock = Stock(
            view.stock_size, view.turn_up, view.revealed, view.trump
        )
        trick = self.query_one(TrickView)
        trick.viewer = me
        trick.trick = _trick_of(view)
        self.query_one(ScoreBoard).show(view, self.scores.totals)
        self._render_prompt(view)
        self._render_hand(view)
        self._render_panel(view)
        self._sync_bindings()

    def _render_prompt(self, view: SeatView) -> None:
        state = self.session.state
        # Names cut short, so that the sentences stay whole in the prompt's two lines.
        names = in_sentences(self.names)
        text = prompt(view, names, self.options.ascii_only)
        if self.thinking:
            text = f"{names[state.to_act]} is thinking…"
        elif (flying := self.query_one(TrickView).landing) is not None:
            text = f"{names[flying]} plays…"  # told when the card lands
        elif self._hint_for == self.move_no:
            text = "Looking for a hint…"
        elif self.seating.hotseat and not self.seating.unveiled:
            text = f"Pass the keyboard to {names[state.to_act]}."
        elif self.seating.hotseat and self.seating.shows_hand(view.to_act):
            drawn = self._untold.pop(view.seat, None)
            if drawn is not None:
                shown = face(drawn, self.options.ascii_only)
                self._told = f"{names[view.seat]}, you drew {shown}. "
            text = self._told + text
        line = self.query_one("#prompt", Static)
        line.set_class(self._refusal is not None, "-refused")
        line.update(self._refusal or text)

    def _render_hand(self, view: SeatView) -> None:
        hand = self.query_one(HandView)
        if not self.seating.shows_hand(view.to_act):
            hand.holding = Holding(hidden=len(view.hand) + len(view.tables[view.seat]))
            return
        playable: frozenset[Card] | None = None
        if self.human_turn and view.phase in (Phase.LEAD, Phase.FOLLOW):
            legal = self.table.legal(self.viewer)
            playable = frozenset(a.card for a in legal if isinstance(a, Play))
        table = view.tables[view.seat]
        keys = self._keys[view.seat].update((*view.hand, *table), view.trump)
        by_key = sorted(keys, key=lambda card: PICK_KEYS.index(keys[card]))
        hand.holding = Holding(
            hand=tuple((card, keys[card]) for card in by_key if card not in table),
            table=tuple((card, keys[card]) for card in by_key if card in table),
            playable=playable,
            dim_illegal=view.playoff and view.phase is Phase.FOLLOW,
            fresh=self._fresh.get(view.seat),
        )

    def _render_panel(self, view: SeatView) -> None:
        panel = self.query_one(MeldPanel)
        if self.human_turn and view.phase is Phase.MELD:
            panel.offer(distinct_choices(self.table.legal(self.viewer), view), view)
            self._size_panel()
            panel.display = True
        else:
            panel.display = False
        self.set_class(panel.display, "-melding")

    def _size_panel_due(self) -> None:
        self._sizing_due = False
        self._size_panel()

    def _size_panel(self) -> None:
        """The meld panel's tallest: at 80 x 24, less the rows of a hand laid
        out in two rows (the 64-card pack's), which would push it off the bottom."""
        rows = PANEL_ROWS
        if self.tier == "compact":
            view = self.view
            count = max(1, len(view.hand) + len(view.tables[view.seat]))
            width = self.query_one("#board").content_size.width
            hand_rows = -(-count // fit_cards(count, width, COMPACT).per_row)
            rows = COMPACT_PANEL_ROWS - (hand_rows - 1) * (COMPACT.height + 1)
        self.query_one(MeldPanel).styles.max_height = rows


def _trick_of(view: SeatView) -> Trick:
    """The trick in play, or else the last one taken, as the trick widget shows it."""
    if view.lead is not None:
        cards: list[Card | None] = [None, None]
        cards[view.leader] = view.lead
        return Trick(view.trick_no + 1, (cards[0], cards[1]), view.leader)
    if view.tricks:
        last = view.tricks[-1]
        cards = [None, None]
        cards[last.leader], cards[last.leader.other] = last.lead, last.reply
        points = last.points + (view.rules.last_trick_bonus if last.last else 0)
        return Trick(last.trick_no, (cards[0], cards[1]), last.leader, last.winner, points)
    return Trick(1, (None, None), view.leader)
