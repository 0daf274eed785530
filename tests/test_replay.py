"""The replay viewer: stepping through a saved game with the keyboard (Pilot tests)."""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from pinochle_tui.engine import Rules, Seat
from pinochle_tui.engine.events import HandDealt, TrickWon
from pinochle_tui.record.replay import Frame, timeline
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.app import THEMES
from pinochle_tui.tui.cardfaces import face
from pinochle_tui.tui.replay import (
    VIEWS,
    CentrePanel,
    EventLine,
    ReplayApp,
    SeatPanel,
    launch_replay,
)
from pinochle_tui.tui.screens.go_to_action import GoToActionScreen
from pinochle_tui.tui.setup import Display
from tests.probe import region_text, screen_text, wait_until, wheel, words_inside
from tests.record_helpers import PLAYERS, step

SIZE = (120, 36)


def _game(save_dir: Path | None = None) -> GameSession:
    session = GameSession.new(Rules(), PLAYERS, seed=5, save_dir=save_dir)
    rng = random.Random(5)
    while not session.state.is_over:
        step(session, rng)
    return session


@pytest.fixture(scope="module")
def game() -> tuple[GameSession, list[Frame]]:
    session = _game()
    return session, timeline(session.log)


def _app(game: tuple[GameSession, list[Frame]], display: Display | None = None) -> ReplayApp:
    session, frames = game
    return ReplayApp(session.log, frames, "game.json", display)


def _panel(app: ReplayApp, seat: Seat) -> str:
    """The seat's panel as a person reads it (its no-break spaces as spaces)."""
    return str(app.query_one(f"#{seat.name.lower()}", SeatPanel).render()).replace("\u00a0", " ")


async def test_step_forward_and_back(game: tuple[GameSession, list[Frame]]) -> None:
    app = _app(game)
    async with app.run_test(size=SIZE) as pilot:
        assert app.position == 0
        await pilot.press("left")
        assert app.position == 0, "the start is as far back as it goes"
        await pilot.press("right", "right", "right")
        assert app.position == 3
        await pilot.press("left")
        assert app.position == 2
        await pilot.pause()
        lines = list(app.query(EventLine))
        assert [line.index for line in lines if line.has_class("-current")] == [2]
        assert len(lines) == len(game[1])
        await pilot.click(lines[5])
        assert app.position == 5, "a click on a step goes there"


#: The last step of the module's game, as the events list tells it.
LAST_EVENT = (
    "339. Ann plays J♠. Computer takes the trick (4 in cards and +10 for the last trick). "
    "Hand over. Totals: Ann 920, Computer 1140. Game over: Computer wins (Computer reached 1000)."
)


async def _shows_last(pilot: Pilot[None], app: ReplayApp) -> bool:
    """Whether the events list comes to show the whole of the last step (it is
    scrolled to it once laid out), waiting a second at most."""
    return await wait_until(pilot, lambda: words_inside(app, "#events").endswith(LAST_EVENT), 200)


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_the_step_on_screen_is_whole_in_the_events_list(
    game: tuple[GameSession, list[Frame]], size: tuple[int, int]
) -> None:
    app = _app(game)
    async with app.run_test(size=size) as pilot:
        await pilot.press("end")
        assert await _shows_last(pilot, app)
        # Each view tells the steps again: the step on screen stays whole in the list.
        for _ in VIEWS:
            await pilot.press("v")
            assert await _shows_last(pilot, app), app.viewer


async def test_the_events_list_scrolls_back_with_the_wheel_and_the_keys(
    game: tuple[GameSession, list[Frame]],
) -> None:
    app = _app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        assert await _shows_last(pilot, app)
        assert app.focused is app.query_one("#events"), "the list has the keys from the start"
        await wheel(pilot, "#events", up=True, times=3)
        shown = words_inside(app, "#events")
        assert not shown.endswith(LAST_EVENT) and "338. Computer leads" in shown
        await pilot.press("pageup", "pageup", "up")
        earlier = words_inside(app, "#events")
        assert "338. Computer leads" not in earlier and earlier != shown
        assert app.position == len(game[1]) - 1, "reading back does not move the replay"
        # The list is brought back to the step on screen once it is laid out again.
        await pilot.press("home")
        start = "Start: the game before the first deal."
        assert await wait_until(pilot, lambda: words_inside(app, "#events").startswith(start))
        await pilot.press("end")
        assert await _shows_last(pilot, app)


def _current(app: ReplayApp) -> str:
    """The line of the events list that is marked as the step on screen."""
    return str(app.query_one("EventLine.-current", EventLine).render())


async def test_the_replay_counts_actions_as_the_review_does(
    game: tuple[GameSession, list[Frame]],
) -> None:
    session, _ = game
    app = _app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.title == "Replay: before the first deal (both hands)"
        await pilot.press("n")
        assert app.title == "Replay: the deal of hand 1 (both hands)"
        await pilot.press(*["right"] * 9)
        assert app.title == "Replay: action 9 of 339 (both hands)"
        assert _current(app) == "9. Ann leads K♣."
        # The deals are not counted: the second hand goes on from the first.
        first = len(session.log.hands[0].actions) + 1
        await pilot.press("n", "right")
        assert app.title == f"Replay: action {first} of 339 (both hands)"
        assert _current(app).startswith(f"{first}. ")


def _header(app: ReplayApp) -> str:
    """The header's words as on screen: the title, and the file's name if it fits."""
    return screen_text(app).splitlines()[0].split("⭘", 1)[1].strip()


async def test_the_title_reads_whole_at_80_columns_the_file_name_squeezed(
    game: tuple[GameSession, list[Frame]],
) -> None:
    session, frames = game
    name = "2026-12-08T00-21-49-annabelle-the-great-vs-computer-expert-7.json"
    app = ReplayApp(session.log, frames, name)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        assert _header(app) == "Replay: action 339 of 339 (both hands) — 2026-12-08…ert-7.json"
        await pilot.press("v", "v")
        await pilot.pause()
        assert _header(app) == "Replay: action 339 of 339 (as Computer saw it) — 2026-1…7.json"
        await pilot.resize_terminal(140, 36)
        assert await wait_until(pilot, lambda: _header(app).endswith(f"saw it) — {name}"))


async def test_a_hostile_file_name_in_the_title_is_plain_text(
    game: tuple[GameSession, list[Frame]],
) -> None:
    session, frames = game
    app = ReplayApp(session.log, frames, "\x1b]0;pwned\x07[bold]x[/bold].json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _header(app).endswith(" — \\x1b]0;pwned\\x07[bold]x[/bold].json")


async def test_jumps_to_end_start_hands_and_tricks(
    game: tuple[GameSession, list[Frame]],
) -> None:
    _, frames = game
    deals = [i for i, f in enumerate(frames) if f.step and f.step.seat is None]
    tricks = [
        i
        for i, f in enumerate(frames)
        if f.step and any(isinstance(e, TrickWon) for e in f.step.events)
    ]
    app = _app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        assert app.position == len(frames) - 1
        assert app.frames[app.position].state.is_over
        await pilot.press("home", "n")
        assert app.position == deals[0] == 1
        assert isinstance(app.frames[1].step.events[0] if app.frames[1].step else None, HandDealt)
        await pilot.press("t", "t")
        assert app.position == tricks[1]
        await pilot.press("T")
        assert app.position == tricks[0]
        await pilot.press("n")
        assert app.position == deals[1]
        await pilot.press("p")
        assert app.position == deals[0]
        await pilot.press("p")
        assert app.position == 0


def _shown(app: ReplayApp, text: str) -> Callable[[], bool]:
    """Whether ``text`` is on the screen, asked again at each call."""
    return lambda: text in screen_text(app)


async def test_g_goes_to_the_action_typed_and_refuses_anything_else(
    game: tuple[GameSession, list[Frame]],
) -> None:
    app = _app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_until(pilot, lambda: "g Go to" in screen_text(app).splitlines()[-1])
        assert "q Quit" in screen_text(app).splitlines()[-1], "the footer is whole at 80 columns"
        await pilot.press("g")
        assert await wait_until(pilot, lambda: isinstance(app.screen, GoToActionScreen))
        assert "Go to action (1-339)" in screen_text(app)
        for typed, refusal in [
            ("abc", "'abc' is not a number: type the action's number, 1 to 339."),
            ("400", "There is no action 400: this game's actions are 1 to 339."),
            ("0", "There is no action 0: this game's actions are 1 to 339."),
            ("", "Type the action's number, 1 to 339; Escape goes back."),
        ]:
            await pilot.press("end", *["backspace"] * 3, *typed, "enter")
            assert await wait_until(pilot, _shown(app, refusal)), typed
            assert isinstance(app.screen, GoToActionScreen) and app.position == 0
        await pilot.press("escape")
        assert await wait_until(pilot, lambda: not isinstance(app.screen, GoToActionScreen))
        assert app.position == 0, "Escape goes nowhere"
        await pilot.press("g", "6", "1", "enter")
        assert await wait_until(pilot, lambda: app.title == "Replay: action 61 of 339 (both hands)")
        assert _current(app).startswith("61. ")


async def test_both_hands_face_up_then_one_seat(game: tuple[GameSession, list[Frame]]) -> None:
    app = _app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        state = app.frames[app.position].state
        north_card = face(state.hand(Seat.NORTH)[0], ascii_only=False)
        south_card = face(state.hand(Seat.SOUTH)[0], ascii_only=False)
        assert north_card in _panel(app, Seat.NORTH) and south_card in _panel(app, Seat.SOUTH)
        assert app.title.endswith("(both hands)")
        await pilot.press("v")
        assert app.viewer is Seat.SOUTH
        assert app.title.endswith("(as Ann saw it)")
        assert "12 cards, face down" in _panel(app, Seat.NORTH)
        assert south_card in _panel(app, Seat.SOUTH)
        await pilot.press("v")
        assert app.viewer is Seat.NORTH  # type: ignore[comparison-overlap]
        assert app.title.endswith("(as Computer saw it)")
        assert "12 cards, face down" in _panel(app, Seat.SOUTH)
        await pilot.press("v")
        assert app.viewer is None


def _table_is_whole(app: ReplayApp) -> bool:
    """Whether the seats and the centre are all on screen, between header and footer."""
    regions = [app.query_one(panel).region for panel in ("#north", "#centre", "#south")]
    return all(r.y >= 1 and r.bottom <= app.size.height - 1 for r in regions)


async def test_the_table_is_whole_at_80x24(game: tuple[GameSession, list[Frame]]) -> None:
    app = _app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")  # full hands
        assert _table_is_whole(app)
        await pilot.press("g", "6", "4", "enter")  # the longest centre of the game
        await pilot.pause()
        assert _table_is_whole(app), app.title
        # The figures wrap whole: "in tricks 14" is never cut after "in".
        assert "│ tricks 14" not in screen_text(app)  # the figures wrap whole
        assert "│ in tricks 14   dealer" in screen_text(app)
        assert words_inside(app, "#south") == (
            "Ann (South) score 210 melds 0 in tricks 14 dealer "
            "Hand: A♦ Q♦ 9♠ A♥ 10♥ Q♥ Q♥ J♥ Q♣ Q♣ J♣ 9♣ Table:"
        )
        await pilot.press("end")
        await pilot.pause()
        assert _table_is_whole(app), app.title
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        await pilot.pause()
        south = region_text(app, app.query_one("#south", SeatPanel))
        assert re.search(r"Ann \(South\) +score \d+ +melds \d+ +in tricks \d+", south), south


async def test_scores_follow_the_position(game: tuple[GameSession, list[Frame]]) -> None:
    session, _ = game
    app = _app(game)
    async with app.run_test(size=SIZE) as pilot:
        assert "score 0" in _panel(app, Seat.SOUTH)
        await pilot.press("end")
        south, north = session.state.scores
        assert f"score {south}" in _panel(app, Seat.SOUTH)
        assert f"score {north}" in _panel(app, Seat.NORTH)


def _colour(app: ReplayApp, component: str) -> tuple[str | None, str | None]:
    """The foreground and background (hex) a card of ``component`` is drawn in."""
    style = app.query_one(CentrePanel).get_component_rich_style(component)
    fore, back = style.color, style.bgcolor
    return (
        fore.get_truecolor().hex if fore else None,
        back.get_truecolor().hex if back else None,
    )


async def test_default_look_is_the_dark_theme_in_two_colours(
    game: tuple[GameSession, list[Frame]],
) -> None:
    dark = THEMES["dark"].variables
    app = _app(game)
    async with app.run_test(size=SIZE):
        assert app.theme == "pinochle-dark"
        assert not app.has_class("-four-color") and not app.has_class("-ascii")
        red = (dark["suit-red"], dark["card-face"])
        assert _colour(app, "card--diamonds") == _colour(app, "card--hearts") == red
        assert _colour(app, "card--clubs") == (dark["suit-black"], dark["card-face"])


async def test_theme_four_colours_and_ascii_are_honoured(
    game: tuple[GameSession, list[Frame]],
) -> None:
    light = THEMES["light"].variables
    app = _app(game, Display(ascii_only=True, four_color=True, theme="light"))
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "pinochle-light"
        assert app.has_class("-four-color") and app.has_class("-ascii")
        assert _colour(app, "card--diamonds") == (light["suit-blue"], "#ffffff")
        assert _colour(app, "card--clubs") == (light["suit-green"], "#ffffff")
        assert _colour(app, "card--hearts") == (light["suit-red"], "#ffffff")
        await pilot.press("n")
        card = app.frames[app.position].state.hand(Seat.SOUTH)[0]
        assert face(card, ascii_only=True) in _panel(app, Seat.SOUTH)
        assert str(card) not in _panel(app, Seat.SOUTH)


def _args(file: str, save_dir: Path) -> argparse.Namespace:
    return argparse.Namespace(
        file=file, save_dir=str(save_dir), ascii=False, four_color=False, theme="dark", speed=1.0
    )


def test_a_bad_file_is_one_line_before_the_app_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text("{")
    assert launch_replay(_args("bad.json", tmp_path)) == 2
    err = capsys.readouterr().err
    assert err.startswith("pinochle: bad.json: not valid JSON") and err.count("\n") == 1
    assert launch_replay(_args("latest", tmp_path / "empty")) == 2
    assert "no saved games" in capsys.readouterr().err


def test_an_illegal_record_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = Path(__file__).parent / "data" / "broken" / "wrong_seat.json"
    assert launch_replay(_args(str(broken), tmp_path)) == 1
    assert "It is not North's turn" in capsys.readouterr().err
