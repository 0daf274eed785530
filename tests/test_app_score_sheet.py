"""The end-of-hand score sheet fits 80 x 24 whole, Continue button included,
with the most it can ever hold: a meld after every trick won (12 with 48
cards, 16 with 64), the dix, the longest names, a raised target, a single
deal's result line; and it stays whole at 100 x 30."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tui.engine import HandScored, MeldKind, MeldScored, Outcome, Seat, Termination
from pinochle_tui.tui.scores import HandSummary
from pinochle_tui.tui.screens.score_sheet import ScoreSheetScreen, target_line
from tests.probe import game_of, region_text, screen_text, wait_until
from tests.test_app_screens import make_app, my_turn

#: Names as long as a name may be (40 cells), one of them in wide letters.
LONGEST_NAMES = ("Bartholomew-Maximilian Featherstonehaugh", "漢字" * 10)

#: Sixteen melds, the longest first: one a trick won with the 64-card pack.
MOST_MELDS = (
    MeldKind.DOUBLE_PINOCHLE,
    MeldKind.ROYAL_MARRIAGE,
    MeldKind.ROYAL_MARRIAGE,
    MeldKind.ACES,
    MeldKind.ACES,
    MeldKind.QUEENS,
    MeldKind.QUEENS,
    MeldKind.KINGS,
    MeldKind.KINGS,
    MeldKind.JACKS,
    *[MeldKind.MARRIAGE] * 6,
)


def crowded_hand(melds: int, outcome: Outcome | None = None, raised: bool = False) -> HandSummary:
    """A hand in which South melded after each of ``melds`` tricks and showed both
    dixes, and North melded once and showed one."""
    laid = [MeldScored(Seat.SOUTH, kind, (), kind.points) for kind in MOST_MELDS[:melds]]
    laid.append(MeldScored(Seat.NORTH, MeldKind.FLUSH, (), 150))
    south = sum(m.points for m in laid if m.seat is Seat.SOUTH) + 20
    scored = HandScored((137, 113), (140, 110), (south, 160), (south + 1140, 1270))
    return HandSummary(3, tuple(laid), scored, 1000, 1250 if raised else None, outcome)


SINGLE_DEAL = Outcome(Termination.SINGLE_DEAL_WON, Seat.SOUTH, (1420, 270), 1000)

CASES = {
    "48 cards, a meld every trick": crowded_hand(12),
    "64 cards, a meld every trick": crowded_hand(16),
    "the target raised": crowded_hand(16, raised=True),
    "a single deal": crowded_hand(16, SINGLE_DEAL),
}


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
@pytest.mark.parametrize("summary", CASES.values(), ids=CASES.keys())
async def test_the_fullest_score_sheet_is_whole_with_its_button(
    tmp_path: Path, summary: HandSummary, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await my_turn(pilot, app)
        app.push_screen(ScoreSheetScreen(summary, LONGEST_NAMES))
        assert await wait_until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        await pilot.pause()
        sheet = app.screen.query_one("#score-sheet")
        button = app.screen.query_one("#continue")
        assert sheet.max_scroll_y == 0, "nothing of the sheet is scrolled out of sight"
        assert sheet.region.contains_region(button.region) and button.region.height >= 1
        text = screen_text(app)
        assert "Continue (Enter)" in text
        assert text.count("double pinochle 300") == 1 and "dix 20" in text
        assert "Trick points (with last trick)" in text and "Trick points rounded" in text
        result = " ".join(region_text(app, app.screen.query_one("#target-line")).split())
        if summary.single_deal:
            assert "This deal" in text and result.endswith("wins the deal, 1420 to 270.")
        elif summary.raised_to:
            assert "Match total" in text
            assert result == "Both players reached 1000: the game is now to 1250."
        else:
            assert "Match total" in text and result == "Target: 1000"
        await pilot.press("enter")
        assert await wait_until(pilot, lambda: app.screen is game_of(app))


def test_a_single_deal_won_by_you_reads_you_win() -> None:
    """Not "You wins the deal": the verb agrees with the player's name."""
    won_by_you = crowded_hand(1, SINGLE_DEAL)
    assert target_line(won_by_you, ("You", "Computer")) == "You win the deal, 1420 to 270."
    assert target_line(won_by_you, ("Ann", "Bob")) == "Ann wins the deal, 1420 to 270."
