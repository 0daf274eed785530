"""The score board keeps its height from trick to trick at 80 x 24: the status
line of the winner's turn ("Trick 5: Ann won") is one line, a long name cut,
so neither the board nor the log under it moves."""

from __future__ import annotations

from pathlib import Path

from pinochle_tui.engine import Phase
from pinochle_tui.tui.widgets.log import GameLog
from pinochle_tui.tui.widgets.prompt import trick_status
from pinochle_tui.tui.widgets.scoreboard import ScoreBoard
from tests.helpers import melder, won
from tests.probe import KeyboardPlayer, game_of, show_hand, wait_until, words_inside
from tests.test_app_game_screen import hotseat_app
from tests.test_app_score_sheet import LONGEST_NAMES


async def test_the_board_keeps_its_height_in_the_winner_s_turn_at_80x24(tmp_path: Path) -> None:
    app = hotseat_app(tmp_path, names=LONGEST_NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        game = game_of(app)
        state = game.session.state
        assert await wait_until(pilot, lambda: app.screen is not game)
        assert await show_hand(pilot, app)
        board, log = game.query_one(ScoreBoard), game.query_one(GameLog)
        before = (board.region.height, log.region)
        await KeyboardPlayer(pilot, app).play_until(
            lambda: app.screen is game and state.phase is Phase.MELD
        )
        await pilot.pause()
        assert (board.region.height, log.region) == before
        status = words_inside(app, "#score").rsplit(" · ", 1)[-1]
        assert status.endswith(" won") and "Trick 1: " in status and "…" in status, status


def test_the_winner_s_status_fits_the_narrowest_board() -> None:
    """23 cells, the board's width at 80 x 24: the computer's name is whole."""
    state = melder("KH QH", "9S")
    won(state)
    view = state.view(state.to_act)
    assert trick_status(view, ("You", "Computer"), 23) == "Trick 1: you won"
    assert trick_status(view, ("Computer", "You"), 23) == "Trick 1: Computer won"
    cut = trick_status(view, LONGEST_NAMES, 23)
    assert cut == "Trick 1: Bartholom… won" and len(cut) == 23
