"""The app's dialogs and guards: too small, rules, new game, declaring out, colours."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.color import Color
from textual import events
from textual.command import CommandPalette
from textual.geometry import Size
from textual.widgets import Input, Select

from pinochle_tui.cli import parse_args
from pinochle_tui.engine import Rules
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.launch import setup_from_args
from pinochle_tui.tui.screens.declare import DeclareOutScreen
from pinochle_tui.tui.screens.game import GameScreen
from pinochle_tui.tui.screens.game_over import GameOverScreen
from pinochle_tui.tui.screens.new_game import NewGameScreen
from pinochle_tui.tui.screens.rules_help import RulesScreen, RulesText, text_width
from pinochle_tui.tui.screens.score_sheet import ScoreSheetScreen
from pinochle_tui.tui.screens.too_small import TooSmallScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.hand import HandView
from tests.probe import (
    AnyPilot,
    KeyboardPlayer,
    game_of,
    notices,
    play_ahead,
    region_text,
    screen_text,
    type_into,
    wait_until,
)


def make_app(tmp_path: Path, **display: object) -> PinochleApp:
    setup = MatchSetup(Rules(), seed=7, save_dir=tmp_path)
    return PinochleApp(setup, setup.start(), Display(speed=0, **display))  # type: ignore[arg-type]


async def my_turn(pilot: object, app: PinochleApp) -> None:
    assert await wait_until(pilot, lambda: game_of(app).human_turn)  # type: ignore[arg-type]


async def test_too_small_screen_comes_and_goes(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        await pilot.resize_terminal(60, 20)
        assert await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert await wait_until(pilot, lambda: "Now: 60 x 20" in screen_text(app))
        assert "Needed: 80 x 24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        assert await wait_until(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.has_class("-compact")
        )


async def test_the_keys_go_to_the_hand_again_after_the_too_small_screen(tmp_path: Path) -> None:
    """Back from the too-small screen (the browser's terminal blurred meanwhile), the
    hand has the keys, not the first focusable widget: Enter plays the chosen card."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        before = game.session.log.action_count
        app.post_message(events.AppBlur())
        await pilot.resize_terminal(60, 20)
        assert await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        app.post_message(events.AppFocus())
        await pilot.resize_terminal(100, 30)
        assert await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert isinstance(app.focused, HandView)
        await pilot.press("enter")
        assert await wait_until(pilot, lambda: game.session.log.action_count > before)


async def test_rules_open_with_question_mark(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("question_mark")
        assert await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "Two-handed Pinochle: the rules" in screen_text(app)
        await pilot.press("escape")
        assert await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 46)])
async def test_the_rules_are_drawn_as_wide_as_they_show(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """No line of the rules is cut at the right edge, and none scrolls sideways."""
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await my_turn(pilot, app)
        await pilot.press("question_mark")
        assert await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        text = app.screen.query_one(RulesText)
        assert await wait_until(pilot, lambda: text.book is not None)
        assert text.book is not None
        shown = text.scrollable_content_region.width
        assert text.book.width == shown == text_width(size[0])
        assert max(line.cell_length for line in text.book.lines) <= shown
        assert text.max_scroll_x == 0


async def test_declare_out_shows_the_count_and_can_be_declined(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        before = game.move_no
        await pilot.press("o")
        assert await wait_until(pilot, lambda: isinstance(app.screen, DeclareOutScreen))
        text = screen_text(app)
        assert "Target                 1000" in text and "You would LOSE the game." in text
        assert re.search(r"Tricks so far +\d+ → +\d+", text) and "->" not in text
        await pilot.press("n")
        assert await wait_until(pilot, lambda: app.screen is game)
        assert game.move_no == before and not game.session.state.is_over


async def open_new_game(pilot: AnyPilot, app: PinochleApp, hotseat: bool) -> NewGameScreen:
    """At the player's turn, ``n``: the New game dialog; with ``hotseat``, the
    last opponent (two players at this terminal) chosen in it with the keys."""
    await my_turn(pilot, app)
    await pilot.press("n")
    assert await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    dialog = app.screen
    assert isinstance(dialog, NewGameScreen)
    if hotseat:
        await pilot.press("enter", "end", "enter")
        await pilot.pause()
        assert dialog.query_one("#opponent", Select).value == "hotseat"
    return dialog


def names_problem(app: PinochleApp, dialog: NewGameScreen) -> str:
    """What the dialog says on screen under the name fields, on one line."""
    return " ".join(region_text(app, dialog.query_one("#names-problem")).split())


async def test_new_game_dialog_starts_a_hotseat_match(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        dialog = await open_new_game(pilot, app, hotseat=False)
        dialog.query_one("#opponent", Select).value = "hotseat"
        dialog.query_one("#name-south", Input).value = "Ann"
        dialog.query_one("#name-north", Input).value = "Bob"
        dialog.query_one("#rule-target", Input).value = "1500"
        await pilot.press("ctrl+s")
        assert await wait_until(pilot, lambda: "Pass to" in screen_text(app))
        game = game_of(app)
        assert game.names == ("Ann", "Bob") and game.seating.hotseat
        assert game.session.state.rules.target == 1500


async def test_the_computer_pace_is_offered_only_against_the_computer(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot, app, hotseat=False)
        pace = "The computer's pace"
        assert pace in screen_text(app)
        await pilot.press("enter", "end", "enter")  # two players at this terminal
        await pilot.pause()
        assert pace not in screen_text(app)
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "name-south"
        await pilot.press("shift+tab", "enter", "home", "enter")  # the first computer
        await pilot.pause()
        assert pace in screen_text(app)
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "speed"


async def test_an_emptied_name_field_shows_the_name_it_gives(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_new_game(pilot, app, hotseat=False)
        await type_into(pilot, app, "name-south", "")
        field = dialog.query_one("#name-south", Input)
        middle = region_text(app, field).splitlines()[1]
        assert field.value == "" and middle.split() == ["▊", "South", "▎"]
        assert names_problem(app, dialog) == ""
        await pilot.press("ctrl+s")
        assert await wait_until(pilot, lambda: game_of(app).names == ("South", "Computer"))


@pytest.mark.parametrize(
    ("north", "said"),
    [
        ("Ann", "The two players need different names, not 'Ann' twice."),
        (" ann ", "The two players need different names: 'Ann' and 'ann' read the same."),
        (
            "漢字" * 10 + "x",
            "A name has at most 40 characters, not 41 (漢 and other wide letters count as two).",
        ),
    ],
)
async def test_new_game_says_what_is_wrong_with_the_names_and_refuses_to_start(
    tmp_path: Path, north: str, said: str
) -> None:
    """Two names that read the same, or one wider than 40 cells: said under
    the names as they are typed, and again when Start is pressed; the match
    starts once the names are put right."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        dialog = await open_new_game(pilot, app, hotseat=True)
        await type_into(pilot, app, "name-south", "Ann")
        await type_into(pilot, app, "name-north", north)
        assert names_problem(app, dialog) == said
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and said in notices(app)
        await type_into(pilot, app, "name-north", "Bob")
        assert names_problem(app, dialog) == ""
        await pilot.press("ctrl+s")
        assert await wait_until(pilot, lambda: "Pass to" in screen_text(app))
        assert game_of(app).names == ("Ann", "Bob")


async def test_four_colours_and_ascii(tmp_path: Path) -> None:
    app = make_app(tmp_path, four_color=True, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        hand = game_of(app).query_one(HandView)
        colours = {
            suit: hand.get_component_rich_style(f"card--{suit}").color
            for suit in ("spades", "hearts", "diamonds", "clubs")
        }
        assert len(set(colours.values())) == 4
        assert colours["hearts"] == Color.parse("#c4162a")
        assert "♠" not in screen_text(app) and "♥" not in screen_text(app)


def test_command_line_choices_reach_the_setup(tmp_path: Path) -> None:
    args = parse_args(
        ["hotseat", "--names", "Ann", "Bob", "--target", "1250", "--save-dir", str(tmp_path)]
    )
    setup = setup_from_args(args)
    assert setup.level is None and setup.names == ("Ann", "Bob") and setup.rules.target == 1250
    args = parse_args(["--level", "hard", "--seed", "4", "--save-dir", str(tmp_path)])
    setup = setup_from_args(args)
    assert (setup.level, setup.seed, setup.names) == ("hard", 4, ("You", "Computer"))


async def test_clicking_a_card_plays_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        hand = game.query_one(HandView)
        index = len(hand.cards) - 1
        card = hand.cards[index]
        before = game.move_no
        await pilot.click(HandView, offset=(index * 5 + 2, 1))
        assert await wait_until(pilot, lambda: game.move_no > before)
        view = game.view
        played = [c for t in view.tricks for c in (t.lead, t.reply)] + [view.lead]
        assert card in played


async def test_the_palette_over_a_too_small_terminal_never_crashes(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("ctrl+p")
        assert await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.resize_terminal(60, 20)
        assert await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press("ctrl+p")  # refused here: it used to raise DuplicateIds
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        assert await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press("escape")
        await my_turn(pilot, app)
        before = game_of(app).move_no
        await pilot.press("1", "1")
        assert await wait_until(pilot, lambda: game_of(app).move_no > before)


async def test_a_thousand_resizes_in_a_row_leave_a_game_that_moves(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        sizes = [(60 + i * 7 % 140, 18 + i * 5 % 42) for i in range(1000)] + [(100, 30)]
        for width, height in sizes:
            app.post_message(events.Resize(Size(width, height), Size(width, height)))
        await pilot.resize_terminal(100, 30)
        assert await wait_until(pilot, lambda: app.size == Size(100, 30))
        await my_turn(pilot, app)
        assert app.screen is game_of(app)
        before = game_of(app).move_no
        await pilot.press("1", "1")
        assert await wait_until(pilot, lambda: game_of(app).move_no > before)


async def test_enter_at_game_over_leaves_the_result_on_screen(tmp_path: Path) -> None:
    # Enter plays a card: pressed once too often, it must not start a new game.
    setup = MatchSetup(Rules(game="single-deal"), seed=5, save_dir=tmp_path)
    session = setup.start()
    play_ahead(session, lambda s: s.state.playoff)  # the keys play the playoff
    app = PinochleApp(setup, session, Display(speed=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await KeyboardPlayer(pilot, app).play_hand()
        assert isinstance(app.screen, ScoreSheetScreen)
        finished = game_of(app).session
        await pilot.press("enter")
        assert await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and "won" in screen_text(app)
        await pilot.press("a")
        assert await wait_until(pilot, lambda: game_of(app).session is not finished)
        assert not game_of(app).session.state.is_over
