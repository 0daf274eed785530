"""Playing whole hands through the app with real key presses against a seeded computer."""

from __future__ import annotations

from pathlib import Path

from pinochle_tui.engine import Phase, Rules
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.screens.score_sheet import ScoreSheetScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.log import GameLog
from tests.probe import KeyboardPlayer, game_of, screen_text, wait_until

#: A seed whose first hand gives the human melds and the dix exchange (found by search).
SEED = 7


def make_app(tmp_path: Path, seed: int) -> PinochleApp:
    setup = MatchSetup(Rules(), seed=seed, save_dir=tmp_path)
    return PinochleApp(setup, setup.start(), Display(speed=0))


async def test_a_whole_hand_with_melds_dix_last_draw_playoff_and_score_sheet(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, SEED)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        player = KeyboardPlayer(pilot, app, try_illegal=True)
        record = await player.play_hand()
        game = game_of(app)
        state = game.session.state

        assert record.melds, "the seed gives the human a meld"
        assert record.exchanges == 1, "the seed gives the human the dix exchange"
        laid = {(m.kind, m.cards) for m in state.view(game.viewer).melds if m.seat == game.viewer}
        assert {(m.kind, m.cards) for m in record.melds} <= laid
        assert record.refused, "a dimmed card was tried in the playoff"
        assert "Not allowed" in record.refused[0] and "must" in record.refused[0]
        assert state.playoff and state.view(game.viewer).revealed is not None
        told = game.query_one(GameLog).told
        revealed = state.view(game.viewer).revealed
        assert revealed is not None
        last = [
            line
            for line in told
            if (str(revealed) in line and " draw" in line) or "last card" in line
        ]
        assert len(last) == 1 and "the last card of the stock" in last[0], "told once, not twice"

        assert isinstance(app.screen, ScoreSheetScreen)
        assert state.phase is Phase.DEAL and state.hand_no == 1
        sheet = screen_text(app)
        assert "Hand 1 is over" in sheet
        assert "Trick points rounded" in sheet and "Match total" in sheet
        for total in state.scores:
            assert str(total) in sheet

        await pilot.press("enter")
        assert await wait_until(pilot, lambda: game.session.state.hand_no == 2)
        assert any(tmp_path.iterdir()), "the game autosaves"
