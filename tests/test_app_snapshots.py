"""Snapshots of the card table at 80 x 24, 100 x 30, 120 x 40 and 200 x 50, the
meld panel, the score sheet and the match history, the 64-card pack, and the
ASCII four-colour light look. Every position is a stacked deal played ahead
through the session, so the screens are stable and quick to reach."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from pinochle_tui.engine import Phase, Rules, Seat
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.screens.score_sheet import HistoryScreen, ScoreSheetScreen
from pinochle_tui.tui.setup import Display
from pinochle_tui.tui.widgets.hand import HandView
from tests.probe import game_of, play_ahead, stacked_setup, wait_until

SnapCompare = Callable[..., bool]

SOUTH = "AD AD 9D KS QS AS AS 10S AC 10C AH 10H"
NORTH = "9S JS 9C JC QC KC 9H JH QH KH JD QD"
SOUTH_64 = "AD AD 9D 7D KS QS AS AS 10S AC 10C AH 10H KH QH 8S"
NORTH_64 = "9S JS 9C JC QC KC 9H JH QH KH JD QD 7S 7C 7H 8C"


def _south_plays(session: GameSession) -> bool:
    state = session.state
    return state.to_act is Seat.SOUTH and state.phase in (Phase.LEAD, Phase.FOLLOW)


def mid_hand(session: GameSession) -> bool:
    """Five tricks played, melds on both tables, South to play."""
    return len(session.state.tricks) >= 5 and _south_plays(session)


def table_app(
    tmp_path: Path,
    until: Callable[[GameSession], bool] = mid_hand,
    pack: int = 48,
    **display: Any,
) -> PinochleApp:
    rules = Rules(pack=pack)
    south, north = (SOUTH, NORTH) if pack == 48 else (SOUTH_64, NORTH_64)
    setup = stacked_setup(tmp_path, south, north, "KD", rules=rules)
    session = setup.start()
    play_ahead(session, until)
    return PinochleApp(setup, session, Display(speed=0, **display))


async def my_turn(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, PinochleApp)
    game = game_of(app)
    assert await wait_until(pilot, lambda: game.human_turn and app.screen is game)
    await pilot.pause()


SIZES = [(80, 24), (100, 30), (120, 40), (200, 50)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_table(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(table_app(tmp_path), terminal_size=size, run_before=my_turn)


def winner_turn(session: GameSession) -> bool:
    state = session.state
    return len(state.tricks) >= 1 and state.phase is Phase.MELD and state.to_act is Seat.SOUTH


@pytest.mark.parametrize("size", SIZES[:3], ids=[f"{w}x{h}" for w, h in SIZES[:3]])
def test_meld_panel(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(table_app(tmp_path, winner_turn), terminal_size=size, run_before=my_turn)


def last_card(session: GameSession) -> bool:
    return len(session.state.tricks) == 23 and session.state.to_act is Seat.SOUTH


async def score_sheet_open(pilot: Pilot[None]) -> None:
    await my_turn(pilot)
    await pilot.press("enter")  # the computer answers the last lead: give it time on a busy machine
    sheet_up = await wait_until(
        pilot, lambda: isinstance(pilot.app.screen, ScoreSheetScreen), 12000
    )
    assert sheet_up
    await pilot.pause()


def test_score_sheet(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = table_app(tmp_path, last_card)
    assert snap_compare(app, terminal_size=(100, 30), run_before=score_sheet_open)


def third_hand(session: GameSession) -> bool:
    return session.state.hand_no == 3 and _south_plays(session)


async def history_open(pilot: Pilot[None]) -> None:
    await my_turn(pilot)
    await pilot.press("t")
    assert await wait_until(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen))
    await pilot.pause()


def test_history(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = table_app(tmp_path, third_hand)
    assert snap_compare(app, terminal_size=(120, 40), run_before=history_open)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_64_card_pack(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = table_app(tmp_path, mid_hand, pack=64)
    assert snap_compare(app, terminal_size=size, run_before=my_turn)


def test_ascii_four_colour_light_table(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = table_app(tmp_path, ascii_only=True, four_color=True, theme="light")
    assert snap_compare(app, terminal_size=(100, 30), run_before=my_turn)


async def test_a_click_on_the_second_row_plays_that_card(tmp_path: Path) -> None:
    """16 cards in rows of 8 at 80 x 24: the first card of row two is the ninth."""
    app = table_app(tmp_path, lambda s: _south_plays(s) and not s.state.tables[Seat.SOUTH], 64)
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
