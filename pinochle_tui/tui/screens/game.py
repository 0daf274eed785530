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
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Static

from pinochle_tui.ai.advice import Advice
from pinochle_tui.engine import (
    Action,
    Decision,
    DeclareOut,
    Event,
    HandScored,
    IllegalActionError,
    Phase,
    PinochleError,
    Play,
    Player,
    Seat,
    SeatView,
    Table,
    TargetRaised,
)
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.aids import highlight, hint_text, undo_target
from pinochle_tui.tui.cardfaces import hand_order
from pinochle_tui.tui.computer import Brain
from pinochle_tui.tui.narrate import YOU, Narrator
from pinochle_tui.tui.screens.declare import DeclareOutScreen
from pinochle_tui.tui.screens.game_over import GameOverScreen, summary_text
from pinochle_tui.tui.screens.privacy import PrivacyScreen
from pinochle_tui.tui.screens.save_elsewhere import SaveElsewhereScreen
from pinochle_tui.tui.screens.score_sheet import HandSummary, ScoreSheetScreen
from pinochle_tui.tui.screens.too_small import GAME_MODE
from pinochle_tui.tui.screens.undo import UndoAgreeScreen, agree_text
from pinochle_tui.tui.seating import Seating
from pinochle_tui.tui.setup import Display
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.log import GameLog
from pinochle_tui.tui.widgets.meld_panel import MeldPanel, distinct_choices
from pinochle_tui.tui.widgets.opponent import OpponentHand
from pinochle_tui.tui.widgets.prompt import prompt
from pinochle_tui.tui.widgets.scoreboard import ScoreBoard
from pinochle_tui.tui.widgets.stock import StockView
from pinochle_tui.tui.widgets.table import TableMelds
from pinochle_tui.tui.widgets.trick import TrickView

#: Seconds a computer move stays on screen before the next one, at speed 1.
PAUSE = 0.9


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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "declare_out", "Declare out"),
        Binding("u", "undo", "Take back"),
        Binding("h", "hint", "Hint"),
        Binding("space", "skip", "Skip", key_display="␣"),
        Binding("n", "app.new_game", "New"),
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
        self.narrator = Narrator(self.names, self.seating.reader, display.ascii_only)
        self.thinking = False
        self._pause: tuple[Timer, Callable[[], None]] | None = None
        self._stalled = False
        self._footer_state: tuple[bool, bool] | None = None
        self._queued: tuple[Screen[Any], Callable[[Any], None]] | None = None
        #: The save failure last told to the player (None: everything is saved).
        self._save_problem: str | None = None

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
                yield OpponentHand(self.names, ascii_only, id="opponent")
                yield TableMelds(self.names, ascii_only, opponent=True, id="melds-opponent")
                with Horizontal(id="middle"):
                    yield StockView(ascii_only, id="stock")
                    yield TrickView(self.names, ascii_only, id="trick")
                with Vertical(id="hand-area"):
                    yield TableMelds(self.names, ascii_only, opponent=False, id="melds-mine")
                    yield Static(id="prompt", markup=False)
                    yield MeldPanel(ascii_only, id="meld-panel")
                    yield HandView(ascii_only, id="hand")
            with Vertical(id="side"):
                yield ScoreBoard(self.names, ascii_only, id="score")
                yield GameLog(id="log")
        yield Footer(compact=True)

    def on_unmount(self) -> None:
        if self._brain is not None:
            self._brain.close()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """The compact layout below 100 x 30: score board and log go under the table."""
        self.set_class(width < 100 or height < 30, "-compact")

    def on_mount(self) -> None:
        self._fit(*self.app.size)
        self.title = "Pinochle"
        self.sub_title = " vs ".join(self.names)
        self.query_one(MeldPanel).display = False
        self.query_one(GameLog).tell(self._opening_lines())
        self._after(self._guarded(self.table.advance))

    def _opening_lines(self) -> list[str]:
        rules = self.session.state.rules
        goal = f"first to {rules.target}" if rules.game.value == "match" else "a single deal"
        lines = [f"{self.names[0]} vs {self.names[1]}: {goal}. Press ? for the rules."]
        if self.session.state.hand_no:
            lines.append(f"Game resumed in hand {self.session.state.hand_no}.")
        return lines

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
        self.query_one(GameLog).tell(self.narrator.lines(events))
        scored = [e for e in events if isinstance(e, HandScored)]
        if scored:
            raised = [e.new for e in events if isinstance(e, TargetRaised)]
            summary = HandSummary(self.names, self.view, scored[0], raised[-1] if raised else None)
            self.render_state()
            self._show(ScoreSheetScreen(summary), lambda _: self.advance())
            return
        self.advance()

    def apply(self, action: Action) -> bool:
        """Play ``action`` through the table (the session saves it first); False if refused."""
        events = self._guarded(lambda: self.table.act(action))
        if events is None:
            return False
        self._cancel_pause()
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
        except Exception as exc:  # the game must go on even if the computer fails
            action = next(a for a in legal if not isinstance(a, DeclareOut))
            error = f"The computer failed ({exc}); it plays {action}."
        self.post_message(ComputerMoved(decision.move_no, action, error))

    def on_computer_moved(self, message: ComputerMoved) -> None:
        self.thinking = False
        if message.move_no != self.move_no:
            return  # the position changed while it thought (a human declared out)
        if message.error:
            self.notify(message.error, severity="warning")
        self.apply(message.action)

    def action_skip(self) -> None:
        """Skip the pause after a computer move."""
        if self._pause is not None:
            timer, think = self._pause
            timer.stop()
            think()

    # -- the human --------------------------------------------------------------

    def _pass_to(self, seat: Seat) -> None:
        self.seating.pass_to(seat)
        self.render_state()

        def unveil(_: object) -> None:
            self.seating.unveil()
            self.advance()

        self._show(PrivacyScreen(self.names[seat]), unveil)

    def _await_human(self) -> None:
        panel = self.query_one(MeldPanel)
        if self.session.state.phase is Phase.MELD:
            panel.focus()
        else:
            self.query_one(HandView).focus()
        self._sync_bindings()

    def on_hand_view_played(self, message: HandView.Played) -> None:
        if not self.human_turn:
            return
        action = Play(self.viewer, message.card)
        if action not in self.table.legal(self.viewer):
            try:
                self.session.state.check(action)
            except IllegalActionError as error:
                self.app.clear_notifications()  # one refusal at a time, not a pile
                self.notify(str(error), title="Not allowed", severity="warning", timeout=4)
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
            self.notify("You cannot declare out now.", severity="warning")
            return

        def answered(yes: bool | None) -> None:
            if yes and self._may_declare():
                self.apply(DeclareOut(self.viewer))

        self.app.push_screen(DeclareOutScreen(view), answered)

    def _may_declare(self) -> bool:
        if not self.seating.at_keys(self.viewer, self.session.state.to_act):
            return False
        return DeclareOut(self.viewer) in self.table.legal(self.viewer)

    def _sync_bindings(self) -> None:
        """Redraw the footer only when a binding comes or goes (it is costly to redraw)."""
        shown = (self._pause is not None, self._may_declare())
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
                self._take_back(target)
            else:
                self.seating.pass_to(asker)  # the keyboard goes back to the one who asked
                self.advance()

        text = agree_text(self.names, target, asker, count)
        self._show(UndoAgreeScreen(text), answered)

    def _take_back(self, seat: Seat) -> None:
        try:
            count = self.table.take_back(seat)
        except PinochleError as error:
            self.notify(str(error), title="Not taken back", severity="warning")
            return
        self._cancel_pause()
        self.thinking = False
        moves = "move" if count == 1 else f"{count} moves"
        who = self.names[seat]
        verb = "take" if who == YOU else "takes"
        self.query_one(GameLog).tell([f"{who} {verb} back the last {moves}."])
        self._report_saving()
        self.advance()

    def action_hint(self) -> None:
        """What the computer would play in your seat, from your view, and why."""
        decision = self.table.decision()
        if decision is None or not self.human_turn:
            self.notify("A hint is for your own turn.", severity="warning")
            return
        self.notify("Thinking about your play…", title="Hint", timeout=3)
        brain = self.brain  # started here, not in the worker's thread
        self.run_worker(partial(self._think_hint, brain, decision), thread=True, group="hint")

    def _think_hint(self, brain: Brain, decision: Decision) -> None:
        advice = brain.advise(decision.view, list(decision.legal), self.options.ascii_only)
        self.app.call_from_thread(self._show_hint, decision, advice)

    def _show_hint(self, decision: Decision, advice: Advice) -> None:
        if decision.move_no != self.move_no:
            return  # the position moved on meanwhile
        self.notify(hint_text(advice, self.options.ascii_only), title="Hint", timeout=15)
        highlight(decision.view, advice.action, self.query_one(HandView), self.query_one(MeldPanel))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip":
            return self._pause is not None
        if action == "declare_out":
            return self._may_declare()
        return True

    # -- drawing ----------------------------------------------------------------

    def render_state(self) -> None:
        """Redraw every widget from the viewer's view of the game."""
        state = self.session.state
        view = self.view
        self.query_one(OpponentHand).show(view)
        self.query_one("#melds-opponent", TableMelds).show(view)
        self.query_one("#melds-mine", TableMelds).show(view)
        self.query_one(StockView).show(view)
        self.query_one(TrickView).show(view)
        self.query_one(ScoreBoard).show(view)
        text = prompt(view, self.names, self.options.ascii_only)
        if self.thinking:
            text = f"{self.names[state.to_act]} is thinking…"
        elif self.seating.hotseat and not self.seating.unveiled:
            text = f"Pass the keyboard to {self.names[state.to_act]}."
        self.query_one("#prompt", Static).update(text)
        self._render_hand(view)
        self._render_panel(view)
        self._sync_bindings()

    def _render_hand(self, view: SeatView) -> None:
        hand = self.query_one(HandView)
        if not self.seating.shows_hand(view.to_act):
            hand.hide(len(view.hand) + len(view.tables[view.seat]))
            return
        playable: frozenset[Any] | None = None
        if self.human_turn and view.phase in (Phase.LEAD, Phase.FOLLOW):
            legal = self.table.legal(self.viewer)
            playable = frozenset(a.card for a in legal if isinstance(a, Play))
        hand.show(
            hand_order(view.hand, view.trump),
            hand_order(view.tables[view.seat], view.trump),
            playable,
            dim_illegal=view.playoff and view.phase is Phase.FOLLOW,
        )

    def _render_panel(self, view: SeatView) -> None:
        panel = self.query_one(MeldPanel)
        if self.human_turn and view.phase is Phase.MELD:
            panel.offer(distinct_choices(self.table.legal(self.viewer), view), view)
            panel.display = True
        else:
            panel.display = False
