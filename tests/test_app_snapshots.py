"""Snapshots of the card table, the meld panel and the score sheet (seeded, stable),
and the 64-card pack's long hand laid out to fit (two rows, or fanned)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from textual.pilot import Pilot

from pinochle_tui.engine import Rules
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.meld_panel import MeldPanel
from tests.probe import KeyboardPlayer, game_of, wait_until

SEED = 7

SnapCompare = Callable[..., bool]


def make_app(tmp_path: Path, pack: Literal[48, 64] = 48, **display: Any) -> PinochleApp:
    setup = MatchSetup(Rules(pack=pack), seed=SEED, save_dir=tmp_path)
    return PinochleApp(setup, setup.start(), Display(speed=0, **display))


async def my_turn(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, PinochleApp)
    assert await wait_until(pilot, lambda: game_of(app).human_turn and app.screen is game_of(app))


async def meld_panel_open(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, PinochleApp)
    player = KeyboardPlayer(pilot, app)
    await player.play_until(lambda: bool(game_of(app).query_one(MeldPanel).display))


async def score_sheet_open(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, PinochleApp)
    await KeyboardPlayer(pilot, app).play_hand()


def test_table_at_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), run_before=my_turn)


def test_table_at_120x36(snap_compare: SnapCompare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(120, 36), run_before=my_turn)


def test_ascii_four_colour_light_table(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True, four_color=True, theme="light")
    assert snap_compare(app, terminal_size=(100, 30), run_before=my_turn)


def test_meld_panel(snap_compare: SnapCompare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(100, 30), run_before=meld_panel_open)


def test_score_sheet(snap_compare: SnapCompare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(100, 30), run_before=score_sheet_open)


def test_64_card_hand_in_two_rows_at_100x30(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, pack=64)
    assert snap_compare(app, terminal_size=(100, 30), run_before=my_turn)


def test_64_card_hand_fanned_at_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, pack=64)
    assert snap_compare(app, terminal_size=(80, 24), run_before=my_turn)


async def test_a_click_on_the_second_row_plays_that_card(tmp_path: Path) -> None:
    """16 cards in rows of 8 at 80 x 24: the first card of row two is the ninth."""
    app = make_app(tmp_path, pack=64)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot)
        game = game_of(app)
        hand = game.query_one(HandView)
        assert len(hand.cards) == 16 and hand.size.height == 8
        card, before = hand.cards[8], game.move_no
        await pilot.click(HandView, offset=(2, 5))
        assert await wait_until(pilot, lambda: game.move_no > before)
        view = game.view
        assert card in [c for t in view.tricks for c in (t.lead, t.reply)] + [view.lead]
