"""Where the notices (toasts) show over the table: over the log, as wide as the
side panel, so a notice covers neither the score board nor anything of the
table (the hand, its prompt, the trick, the melds) at any size."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tui.engine import Rules
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.setup import Display, MatchSetup
from tests.probe import game_of, notice_words_on_screen, wait_until

SIZES = [(80, 24), (100, 30), (120, 40), (160, 46)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_a_notice_covers_only_the_log(tmp_path: Path, size: tuple[int, int]) -> None:
    setup = MatchSetup(Rules(game="single-deal"), seed=5, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=size, notifications=True) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn and app.screen is game)
        await pilot.press("o")  # the longest notice: why there is no declaring out
        assert await wait_until(pilot, lambda: len(game.query("Toast")) == 1)
        await pilot.pause()
        toast = game.query_one("Toast").region
        side, log = game.query_one("#side").region, game.query_one("#log").region
        assert side.contains_region(toast) and log.y <= toast.y, (toast, log)
        words = notice_words_on_screen(app)[0]
        assert words.startswith("No declaring out You cannot declare out in a single-deal game")
