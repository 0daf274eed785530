"""Hotseat: two players at one terminal never see each other's hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pinochle_tui.engine import Rules, Seat
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.cardfaces import face
from pinochle_tui.tui.screens.privacy import SHOW_KEY, PrivacyScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.log import GameLog
from pinochle_tui.tui.widgets.opponent import OpponentHand
from tests.probe import (
    KeyboardPlayer,
    game_of,
    region_text,
    screen_text,
    show_hand,
    wait_until,
)

FACE = re.compile(r"(?:10|[AKQJ987])[♠♥♦♣]")


def check_privacy(app: PinochleApp) -> None:
    """No concealed card is on screen unless its owner is at the keys."""
    game = game_of(app)
    state = game.session.state
    text = screen_text(app)
    if isinstance(app.screen, PrivacyScreen):
        assert "Pass to" in text
        assert not FACE.findall(text), text
        return
    if app.screen is not game:
        return
    shown = sorted(FACE.findall(region_text(app, game.query_one(HandView))))
    if game.seating.unveiled and game.viewer == state.to_act:
        mine = [*state.hand(game.viewer), *state.table(game.viewer)]
        assert shown == sorted(face(card, False) for card in mine)
    else:
        assert shown == [], shown


async def test_each_player_sees_only_their_own_hand(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(), names=("Ann", "Bob"), level=None, seed=11, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        game = game_of(app)
        first = game.names[game.session.state.to_act]
        assert f"Pass to {first}" in screen_text(app)
        player = KeyboardPlayer(pilot, app)
        checks = 0
        original = player.take_turn

        async def checked_turn() -> None:
            nonlocal checks
            check_privacy(app)
            await original()
            await pilot.pause()
            check_privacy(app)
            checks += 2

        player.take_turn = checked_turn  # type: ignore[method-assign]
        record = await player.play_hand(max_turns=24)
        assert record.privacy_screens >= 8
        assert checks == 48
        assert game.session.state.view(Seat.SOUTH).trick_no >= 8


async def test_a_second_enter_or_an_early_key_never_shows_the_other_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = MatchSetup(Rules(), names=("Ann", "Bob"), level=None, seed=11, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        assert await show_hand(pilot, app)
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        first = game.viewer
        # A long grace period, so that every key below falls inside it however
        # slow the machine: the first player plays a card with Enter and at once
        # presses Enter again, a number, and the show key.
        monkeypatch.setattr(PrivacyScreen, "GRACE", 60.0)
        await pilot.press("enter", "enter", "enter")
        assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter", SHOW_KEY, "1", "1", SHOW_KEY)
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        check_privacy(app)
        assert game.viewer is first.other and not game.seating.unveiled
        assert game.query_one(HandView).cards == ()  # only backs are drawn
        # After the grace period Enter still does nothing: only the show key does.
        monkeypatch.setattr(PrivacyScreen, "GRACE", 0.0)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press(SHOW_KEY)
        assert await wait_until(pilot, lambda: app.screen is game and game.seating.unveiled)
        check_privacy(app)


async def test_each_drawer_is_told_the_card_drawn_and_only_at_the_keys(tmp_path: Path) -> None:
    """The log names no hidden card in hotseat, so the prompt tells the person at
    the keys which card they drew: their own, never the other's."""
    setup = MatchSetup(Rules(), names=("Ann", "Bob"), level=None, seed=11, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_of(app)
        player = KeyboardPlayer(pilot, app)
        told: dict[str, str] = {}
        original = player.take_turn

        async def noting_turn() -> None:
            prompt = str(game.query_one("#prompt").render())
            found = re.search(r"(Ann|Bob), you drew ((?:10|[AKQJ9])[♠♥♦♣])", prompt)
            if found is not None and app.screen is game and game.seating.unveiled:
                name, card = found.groups()
                assert name == game.names[game.viewer], prompt  # told to its owner only
                drawn = game.session.state.hand(game.viewer)
                assert card in {face(c, False) for c in drawn}, (card, drawn)
                told.setdefault(name, card)
            await original()

        player.take_turn = noting_turn  # type: ignore[method-assign]
        await player.play_until(lambda: len(told) == 2, max_turns=40)
        assert set(told) == {"Ann", "Bob"}


async def test_the_palette_offers_no_computer_pace_in_hotseat(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(), names=("Ann", "Bob"), level=None, seed=11, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        titles = [{c.title for c in app.get_system_commands(app.screen)}]
        assert await show_hand(pilot, app)
        assert await wait_until(pilot, lambda: app.screen is game_of(app))
        titles.append({c.title for c in app.get_system_commands(app.screen)})
        assert "Hint" in titles[1], "the game's own commands are there"
        for commands in titles:
            assert {"Rules", "Screenshot", "Quit"} <= commands
            assert not any(title.startswith("Speed") for title in commands), commands


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_a_name_too_wide_is_cut_to_fit_the_pass_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Forty wide letters (80 cells: a saved game may hold such a name) are cut
    to 40 cells with an ellipsis; the box and its instruction stay whole."""
    wide = "漢字" * 20
    setup = MatchSetup(
        Rules(), (wide, "Bob"), None, seed=11, save_dir=tmp_path, first_dealer=Seat.NORTH
    )
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=size) as pilot:
        assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.pause()
        text = screen_text(app)
        cut = "漢字" * 9 + "漢…"
        assert f"Pass to {cut} " in text and f"{cut}: press S to see your hand " in text
        box = [line.strip() for line in text.splitlines() if "║" in line or "═" in line]
        assert len(box) == 7
        assert all(line[0] in "║╔╚" and line[-1] in "║╗╝" for line in box), box


async def test_a_long_name_is_cut_short_in_the_log_not_broken_in_a_word(tmp_path: Path) -> None:
    """A 36-cell name in the log's 22 columns at 80 x 24 broke in the middle of
    a word ("Featherstonehaugh-Smyt" / "he deals"); the log tells it as
    "Bartholomew…", as the prompt does."""
    long = "Bartholomew Featherstonehaugh-Smythe"
    setup = MatchSetup(
        Rules(), (long, "Bob"), None, seed=11, save_dir=tmp_path, first_dealer=Seat.SOUTH
    )
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await show_hand(pilot, app)
        rows = [str(line.text) for line in game_of(app).query_one(GameLog).lines]
        told = re.sub(r"\s+", " ", " ".join(rows))
        assert told.startswith("Bartholomew… vs Bob: first to 1000."), rows
        assert "Hand 1: Bartholomew… deals." in told and "Featherstone" not in told, rows


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_long_name_over_the_other_hand_leaves_its_count_on_the_line(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    long = "Bartholomew Featherstonehaugh-Smythe-Fitzgerald"[:40]
    setup = MatchSetup(
        Rules(), (long, "Bob"), None, seed=11, save_dir=tmp_path, first_dealer=Seat.SOUTH
    )
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=size) as pilot:
        await show_hand(pilot, app)  # Bob leads, the long name's hand is the other
        other = game_of(app).query_one(OpponentHand)
        first = region_text(app, other).splitlines()[0]
        assert first.strip().startswith("Bartholomew") and first.rstrip().endswith("12 cards")
