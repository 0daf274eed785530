"""The Textual app: themes, the too-small guard, and starting matches.

Everything about a match happens in ``screens.game.GameScreen``; the app only
starts one, swaps it for a new one, and keeps the shared look, which the replay
viewer shares through ``CardTableApp``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.geometry import Size
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES

from pinochle_tui.engine import PinochleError
from pinochle_tui.plaintext import inert
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.rulebook import rulebook
from pinochle_tui.tui.screens.game import GameScreen
from pinochle_tui.tui.screens.new_game import NewGame, NewGameScreen
from pinochle_tui.tui.screens.quit import QuitScreen
from pinochle_tui.tui.screens.rules_help import RulesScreen, text_width
from pinochle_tui.tui.screens.stats import StatsScreen
from pinochle_tui.tui.screens.too_small import GAME_MODE, MIN_SIZE, SMALL_MODE, TooSmallScreen
from pinochle_tui.tui.setup import SPEEDS, Display, MatchSetup, speed_name

_CARD_COLOURS = {
    "card-face": "#f5f1e6",
    "card-face-dim": "#b9b5aa",
    "card-edge": "#a9a493",
    "card-table": "#dce9f7",
    "card-table-edge": "#6fa8dc",
    "card-back": "#23346b",
    "card-back-pattern": "#7f99e0",
    "suit-red": "#c4162a",
    "suit-black": "#15151a",
    "suit-blue": "#1459c8",
    "suit-green": "#0f7a2e",
}
THEMES = {
    "dark": replace(
        BUILTIN_THEMES["textual-dark"],
        name="pinochle-dark",
        variables={**_CARD_COLOURS, "felt": "#0d3b24", "felt-text": "#d9e8dc"},
    ),
    "light": replace(
        BUILTIN_THEMES["textual-light"],
        name="pinochle-light",
        variables={
            **_CARD_COLOURS,
            "felt": "#cfe6d3",
            "felt-text": "#14301d",
            "card-face": "#ffffff",
            "card-edge": "#55524a",
            "card-table-edge": "#2b6cb0",
        },
    ),
}


class CardTableApp(App[None]):
    """The look every pinochle app shares: the themes, four colours, ASCII cards.

    Card colours are theme variables (``$suit-red``, ``$card-face``...) that the
    rules of ``cards.tcss`` use; the classes ``-four-color`` and ``-ascii`` on the
    app switch between those rules.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Textual's own, named for what it opens: every command that works now.
        # ("palette" is Textual's word, and three letters more: in 80 columns the
        # game's footer needs them while a card flies in on your turn.)
        Binding(
            "ctrl+p",
            "command_palette",
            "More",
            show=False,
            priority=True,
            tooltip="Every command that works now",
        ),
    ]

    def __init__(self, display: Display) -> None:
        super().__init__()
        self.display_options = display
        for theme in THEMES.values():
            self.register_theme(theme)
        self.theme = THEMES[display.theme].name
        self.set_class(display.four_color, "-four-color")
        self.set_class(display.ascii_only, "-ascii")

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return THEMES["dark"].variables

    #: The unexpected exception that stopped the app, if one did: the launcher
    #: writes it to a crash file and tells the player in one calm line.
    crash: Exception | None = None

    def _handle_exception(self, error: Exception) -> None:
        # Textual's hook for an unhandled exception (the app then exits, status 1).
        self.crash = error
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        # Textual prints the traceback of a crash on exit; the launcher reports it instead.
        if self.crash is None:
            super()._print_error_renderables()
        else:
            self._exit_renderables.clear()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast, always as plain text: messages name players and files, and a
        name like ``[@click=app.quit]`` must read as itself, never act."""
        del markup
        super().notify(
            inert(message), title=inert(title), severity=severity, timeout=timeout, markup=False
        )


#: Seconds between checks of the terminal's size.
SIZE_CHECK = 0.2


class PinochleApp(CardTableApp):
    """Two-handed pinochle at the terminal."""

    CSS_PATH = ["cards.tcss", "pinochle.tcss", "dialogs.tcss"]  # noqa: RUF012 (Textual reads it)
    MODES = {SMALL_MODE: TooSmallScreen}  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding("ctrl+c", "exit", "Quit now", show=False),
    ]

    def __init__(
        self,
        setup: MatchSetup,
        session: GameSession,
        display: Display,
        notice: str | None = None,
    ) -> None:
        super().__init__(display)
        self.setup = setup
        self.session = session
        #: Shown once the table is up (say, that a newer saved game was unreadable).
        self.notice = notice
        #: The size at the last check: a change is acted on once it has settled.
        self._settled: Size | None = None

    def on_mount(self) -> None:
        self.add_mode(GAME_MODE, Screen)  # a blank base, so the game screen can be replaced
        self.switch_mode(GAME_MODE)
        self.push_screen(GameScreen(self.session, self.display_options, self.setup.seed))
        if self.notice is not None:
            self.notify(self.notice, title="Note", severity="warning", timeout=10)
        self._check_size()
        # Resize events reach only the screen on top (a dialog, say); a cheap check
        # of the size catches every change whatever is on screen.
        self.set_interval(SIZE_CHECK, self._check_size)
        # Draw the rules now, in a thread, so that ? opens them at once.
        self.run_worker(partial(rulebook, text_width(self.size.width)), thread=True)

    def _check_size(self) -> None:
        """Show the too-small screen, or take it away, once the size has settled.

        A terminal being dragged sends a storm of resizes; the screen is changed
        only when two checks in a row see the same size, never in the storm.
        """
        size = self.size
        if size != self._settled:
            self._settled = size
            return
        small = size.width < MIN_SIZE[0] or size.height < MIN_SIZE[1]
        if small and self.current_mode != SMALL_MODE:
            self.switch_mode(SMALL_MODE)
        elif not small and self.current_mode == SMALL_MODE:
            self.switch_mode(GAME_MODE)
            self.call_after_refresh(self._wake_game)

    def action_command_palette(self) -> None:
        """The palette, but never over the too-small screen, nor twice."""
        open_already = any(isinstance(s, CommandPalette) for s in self.screen_stack)
        if self.current_mode != SMALL_MODE and not open_already:
            super().action_command_palette()

    def _wake_game(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.wake()

    # -- starting matches -------------------------------------------------------

    def start(self, setup: MatchSetup) -> None:
        """Replace the match on screen by a new one (the old one stays saved)."""
        try:
            session = setup.start()
        except PinochleError as error:
            self.notify(str(error), title="Cannot start", severity="error")
            return
        old, self.setup, self.session = self.session, setup, session
        self.switch_screen(GameScreen(session, self.display_options, setup.seed))
        old.close()  # it stays saved; another process may resume it now

    def action_new_game(self) -> None:
        def chosen(choice: NewGame | None) -> None:
            if choice is not None:
                self.set_speed(choice.speed)
                self.start(choice.setup)

        self.push_screen(NewGameScreen(self.setup, self.display_options.speed), chosen)

    def action_rules(self) -> None:
        if not any(isinstance(screen, RulesScreen) for screen in self.screen_stack):
            self.push_screen(RulesScreen())

    def set_speed(self, speed: float) -> None:
        """The computer's pace from now on, in this match and the next."""
        self.display_options = replace(self.display_options, speed=speed)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.set_speed(speed)

    def game_screen(self) -> GameScreen | None:
        """The match's screen, under whatever dialog is open (None before a match)."""
        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    async def action_quit(self) -> None:
        """Quit, after asking when a match is under way (it stays saved)."""
        game = self.game_screen()
        if game is None or game.session.state.is_over:
            self.exit()
            return
        if any(isinstance(screen, QuitScreen) for screen in self.screen_stack):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(QuitScreen(), answered)

    def action_exit(self) -> None:
        """Quit at once (Ctrl+C): the game is saved already."""
        self.exit()

    def action_save_screenshot(self) -> None:
        """Save the screen as an SVG beside the saved games, and say where."""
        directory = self.session.directory or Path(tempfile.gettempdir())
        try:
            directory.mkdir(parents=True, exist_ok=True)
            path = self.save_screenshot(path=str(directory))
        except OSError as error:
            self.notify(f"The screenshot could not be saved: {error}", severity="error")
            return
        self.notify(f"Screenshot saved in {path}", title="Screenshot")

    def action_statistics(self) -> None:
        directory = self.session.directory or self.setup.save_dir
        if directory is None:
            self.notify("Games are not saved here: there are no statistics.", severity="warning")
            return
        self.push_screen(StatsScreen(directory))

    def on_game_screen_finished(self, message: GameScreen.Finished) -> None:
        if message.again:
            self.start(replace(self.setup, seed=None))
        else:
            self.exit()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The commands that work now, and only those."""
        for command in super().get_system_commands(screen):
            if command.title not in ("Quit", "Screenshot"):  # replaced below
                yield command
        yield SystemCommand(
            "New game", "Start a new match: opponent, names, rules", self.action_new_game
        )
        yield SystemCommand("Rules", "Read the rules of pinochle as played here", self.action_rules)
        yield SystemCommand(
            "Statistics", "Your results across the saved games", self.action_statistics
        )
        if isinstance(screen, GameScreen):
            yield SystemCommand(
                "Scores", "Every finished hand's score sheet", screen.action_history
            )
            if screen.check_action("declare_out", ()):
                yield SystemCommand(
                    "Declare out", "Claim you have reached the target", screen.action_declare_out
                )
            if screen.check_action("skip", ()):
                yield SystemCommand(
                    "Skip wait", "Skip the pause after a computer move", screen.action_skip
                )
            yield SystemCommand(
                "Take back",
                "Take back your last move, back to where you made it (u)",
                screen.action_undo,
            )
            yield SystemCommand(
                "Hint",
                "The computer's play in your seat, from your view, and why (h)",
                screen.action_hint,
            )
            yield SystemCommand(
                "Save elsewhere",
                "Save the game in another directory from now on",
                screen.action_save_elsewhere,
            )
        game = self.game_screen()
        current = speed_name(self.display_options.speed)
        for name, speed in SPEEDS.items():
            # Hotseat has no computer to pace (the New game dialog sets the next match's).
            if name != current and (game is None or not game.seating.hotseat):
                yield SystemCommand(
                    f"Speed: {name}",
                    f"The computer plays at the {name} pace (now {current})",
                    partial(self.set_speed, speed),
                )
        yield SystemCommand(
            "Screenshot",
            "Save an SVG of the screen beside the saved games",
            self.action_save_screenshot,
        )
        yield SystemCommand("Quit", "Quit; the game stays saved", self.action_quit)
