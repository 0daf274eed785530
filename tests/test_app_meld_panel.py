"""The trick winner's choices at the keys: every option has a key of its own,
however many the 64-card pack offers, and two options of the same cards from
different places say so in words. Deals are stacked."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tui.engine import Draw, ExchangeDix, Meld, MeldKind, Phase, Rules
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.meld_panel import MeldPanel
from pinochle_tui.tui.widgets.stock import StockView
from pinochle_tui.tui.widgets.trick import TrickView
from tests.probe import (
    AnyPilot,
    game_of,
    notices,
    region_text,
    screen_text,
    stacked_setup,
    wait_until,
    words_inside,
)
from tests.test_app_table import app_of, my_turn, play_key

#: 64 cards, clubs trump: South melds the royal marriage after the first trick
#: and keeps the other K♣ Q♣, so after the second it is offered 13 melds and the draw
#: (``royal_marriage_then_offered``).
MANY_MELDS_SOUTH = "KC QC KC QC AC 10C JC KS QS QH QD JD KH KD 10S 10S"
MANY_MELDS_NORTH = "9S 9S 8S 8S 7S 7S 9H 9H 8H 8H 7H 7H 8D 8D 7D 7D"


def many_melds_app(tmp_path: Path) -> PinochleApp:
    setup = stacked_setup(
        tmp_path, MANY_MELDS_SOUTH, MANY_MELDS_NORTH, "JC", "AH 9D", rules=Rules(pack=64)
    )
    return app_of(setup)


async def panel_after_trick(pilot: AnyPilot, app: PinochleApp, lead: str = "10S") -> MeldPanel:
    """South leads ``lead``, takes the trick, and is offered its choices."""
    game = game_of(app)
    await my_turn(pilot, app)
    hand = game.query_one(HandView)
    await play_key(pilot, app, next(c for c in hand.keys if c.code == lead))
    panel = game.query_one(MeldPanel)
    assert await wait_until(pilot, lambda: bool(panel.display) and game.human_turn)
    return panel


async def royal_marriage_then_offered(
    pilot: AnyPilot, app: PinochleApp, first: str = "10S", second: str = "10S"
) -> MeldPanel:
    """South leads ``first`` and melds the royal marriage, then wins the lead of
    ``second``: its choices with K♣ Q♣ on the table."""
    game = game_of(app)
    panel = await panel_after_trick(pilot, app, first)
    royal = next(i for i, a in enumerate(panel.actions) if "royal" in str(a))
    before = game.move_no
    await pilot.press(str(royal + 1))
    assert await wait_until(pilot, lambda: game.move_no > before)
    return await panel_after_trick(pilot, app, second)


async def test_an_option_past_the_tenth_has_a_key_of_its_own(tmp_path: Path) -> None:
    app = many_melds_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_of(app)
        panel = await royal_marriage_then_offered(pilot, app)
        assert len(panel.actions) == 14 and isinstance(panel.actions[-1], Draw)
        assert panel.keys == [*"1234567890-=a", "d"]  # the draw's d is no meld's key
        await pilot.press("end")  # the last meld, scrolled into view
        await pilot.pause()
        shown = region_text(app, panel)
        assert "a  " in shown and "0  Draw" not in shown, shown
        await pilot.press("d")
        assert await wait_until(pilot, lambda: game.session.state.phase is not Phase.MELD)
        assert not any(m.seat == game.viewer for m in game.view.melds[1:])  # it drew, no meld


async def words_of_option(pilot: AnyPilot, app: PinochleApp, panel: MeldPanel, index: int) -> str:
    """The panel's words once the arrows have brought option ``index`` into view."""
    while panel.highlighted != index:
        await pilot.press("down")
    await pilot.pause()
    return words_inside(app, "#meld-panel")


async def test_the_same_meld_from_other_copies_says_where_its_cards_come_from(
    tmp_path: Path,
) -> None:
    app = many_melds_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_of(app)
        panel = await royal_marriage_then_offered(pilot, app)
        table = set(game.view.tables[game.viewer])
        flushes = [
            (i, a)
            for i, a in enumerate(panel.actions)
            if isinstance(a, Meld) and a.kind is MeldKind.FLUSH
        ]
        assert len(flushes) == 4  # K♣ and Q♣, each from the table or the hand
        for index, action in flushes:
            king, queen = (c in table for c in action.cards if c.rank.code in "KQ")
            where = {
                (True, True): "K♣ Q♣ from the table",
                (True, False): "K♣ from the table",
                (False, True): "Q♣ from the table",
                (False, False): "K♣ Q♣ from your hand",
            }[king, queen]
            words = await words_of_option(pilot, app, panel, index)
            assert f"{index + 1} Flush A♣ 10♣ K♣ Q♣ J♣ +150 ({where})" in words, words
        words = await words_of_option(pilot, app, panel, len(flushes) + 1)  # the two 80 kings
        assert "80 kings K♠ K♥ K♦ K♣ +80 (K♣ from the table)" in words, words
        assert "80 kings K♠ K♥ K♦ K♣ +80 (K♣ from your hand)" in words, words


#: 48 cards, clubs trump: a royal marriage after the first trick, and after the
#: second eight choices, with K♣ Q♣ on the table and nine cards in the hand.
ROYAL_SOUTH = "KC QC KC KH KD KS QH QD QS JD 10H 10S"
ROYAL_NORTH = "9S 9S JS JS 9H 9H JH JH 9D 9D AD AD"


#: Terminal sizes of each tier: the table cards have a row of their own in the last three.
SIZES = [(100, 30), (100, 33), (120, 36), (120, 40), (160, 46), (100, 34), (120, 41), (160, 49)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_whole_hand_shows_beside_the_choices_with_cards_on_the_table(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = app_of(stacked_setup(tmp_path, ROYAL_SOUTH, ROYAL_NORTH, "JC", "AH 10D"))
    async with app.run_test(size=size) as pilot:
        game = game_of(app)
        panel = await royal_marriage_then_offered(pilot, app, "10H", "10S")
        assert len(panel.actions) == 8 and game.view.tables[game.viewer]
        hand = game.query_one(HandView)
        assert hand.stacked == (size in SIZES[5:])  # the taller of each tier
        board = game.query_one("#board").region
        assert hand.region.bottom <= board.bottom, (
            f"the hand's last {hand.region.bottom - board.bottom} rows are cut off"
        )


#: 48 cards, clubs trump, the K♣ turned up: South wins the lead of the A♠ and
#: may show the dix or exchange it for the K♣, which brings 80 kings and the
#: royal marriage (``dix_exchanged``).
DIX_SOUTH = "9C QC AS AS 10S 10S KH KD KS QH QD QS"
DIX_NORTH = "9S 9S JS JS 9H 9H JH JH 9D 9D JD JD"


async def dix_exchanged(pilot: AnyPilot, app: PinochleApp) -> MeldPanel:
    """South takes the first trick and exchanges the dix 9♣ for the turn-up K♣ by its key."""
    game = game_of(app)
    panel = await panel_after_trick(pilot, app, "AS")
    exchange = next(i for i, a in enumerate(panel.actions) if isinstance(a, ExchangeDix))
    before = game.move_no
    await pilot.press(panel.keys[exchange])
    assert await wait_until(pilot, lambda: game.move_no > before)
    await pilot.pause()
    return panel


def panel_words(app: PinochleApp, panel: MeldPanel) -> str:
    """The words where the panel is drawn, in one line (at 80 x 24 it has a top border only)."""
    return " ".join(region_text(app, panel).split())


async def test_a_greyed_option_says_it_is_done_or_closed(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path / "dix", DIX_SOUTH, DIX_NORTH, "KC"))
    async with app.run_test(size=(160, 50)) as pilot:
        panel = await dix_exchanged(pilot, app)
        words = panel_words(app, panel)
        assert "5 Show dix 9♣ +10 — closed" in words, words
        assert "6 Exchange dix 9♣ for K♣ +10 — done" in words, words
        assert "Marriage K♠ Q♠ +20 │" in words, words  # an open one says nothing more
        await pilot.press("5")
        await pilot.pause()
        assert "Option 5 is closed" in notices(app)
    # One meld a turn: the others are closed, and the draw no longer says "no meld".
    app = app_of(stacked_setup(tmp_path / "meld", DIX_SOUTH, DIX_NORTH, "KC"))
    async with app.run_test(size=(160, 50)) as pilot:
        game = game_of(app)
        panel = await panel_after_trick(pilot, app, "AS")
        before = game.move_no
        await pilot.press("1")
        assert await wait_until(pilot, lambda: game.move_no > before)
        await pilot.pause()
        words = panel_words(app, panel)
        assert "1 60 queens Q♠ Q♥ Q♦ Q♣ +60 — done" in words, words
        assert "2 Marriage K♠ Q♠ +20 — closed" in words, words
        assert "5 Show dix 9♣ +10 │" in words, words
        assert "d Draw (end your turn)" in words, words


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_a_meld_the_turn_up_brings_comes_before_the_draw_which_stays_in_view(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = app_of(stacked_setup(tmp_path, DIX_SOUTH, DIX_NORTH, "KC"))
    async with app.run_test(size=size) as pilot:
        game = game_of(app)
        panel = await dix_exchanged(pilot, app)
        kinds = [type(a).__name__ if a is not None else None for a in panel.actions]
        assert panel.keys == [*"12345678", "d"] and kinds[-3:] == ["Meld", "Meld", "Draw"]
        assert "80 kings" in str(panel.actions[6]) and "royal" in str(panel.actions[7])
        assert "d Draw (no meld)" in panel_words(app, panel)  # though the melds scroll
        assert "(d)" in screen_text(app).split("Your melds")[1]  # the prompt tells the key
        while panel.highlighted != 8:  # the arrows reach the draw, under the melds
            await pilot.press("down")
        await pilot.press("enter")
        assert await wait_until(pilot, lambda: game.session.state.phase is not Phase.MELD)
        assert len(game.view.hand) + len(game.view.tables[game.viewer]) == 12  # it drew


@pytest.mark.parametrize(
    "size", [(80, 24), (100, 30), (160, 50)], ids=["80x24", "100x30", "160x50"]
)
async def test_the_stock_and_the_trick_stay_in_view_beside_the_choices(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = app_of(stacked_setup(tmp_path, DIX_SOUTH, DIX_NORTH, "KC"))
    async with app.run_test(size=size) as pilot:
        panel = await panel_after_trick(pilot, app, "AS")
        game = game_of(app)
        board = game.query_one("#board").region
        for widget in (game.query_one(StockView), game.query_one(TrickView)):
            region = widget.region
            assert region.area and not region.overlaps(panel.region), (widget, region)
            assert board.contains_region(region), (widget, region, board)
        stock = region_text(app, game.query_one(StockView))
        assert "Trumps ♣" in stock and "Stock 23" in stock and "K♣" in stock, stock
        assert "Trick 1: You took" in region_text(app, game.query_one(TrickView))


async def test_a_hand_in_two_rows_stays_whole_under_the_choices_at_80x24(tmp_path: Path) -> None:
    app = many_melds_app(tmp_path)  # 64 cards: 15 in the hand, in two rows at 80 x 24
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await panel_after_trick(pilot, app)
        game = game_of(app)
        hand, board = game.query_one(HandView).region, game.query_one("#board").region
        assert hand.height == 8 and hand.bottom <= board.bottom, (hand, board)
        assert "d  Draw (no meld)" in region_text(app, panel)
