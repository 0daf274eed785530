"""The game screen as play-testing found it, with real key presses: a single
deal's score sheet and declaring out, the status between tricks, the hint's
notice, card keys across an undo and a resize, long names in the hotseat
prompt, the too-small screen and the hotseat pass screen."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from pinochle_tui.ai.advice import Advice
from pinochle_tui.engine import Action, Phase, Rules, SeatView
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.screens import game as game_module
from pinochle_tui.tui.screens.score_sheet import ScoreSheetScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.log import GameLog
from tests.probe import (
    KeyboardPlayer,
    game_of,
    notices,
    play_ahead,
    screen_text,
    show_hand,
    wait_until,
    words_inside,
)
from tests.test_app_aids import NearBrain, Scripted, play_card, stacked_app


def hotseat_app(tmp_path: Path, names: tuple[str, str] = ("Ann", "Bob")) -> PinochleApp:
    setup = MatchSetup(Rules(), names=names, level=None, seed=11, save_dir=tmp_path)
    return PinochleApp(setup, setup.start(), Display(speed=0))


def single_deal_hotseat(tmp_path: Path, tricks: int = 0) -> PinochleApp:
    """A hotseat single deal between Ann and Bob, played ahead to ``tricks`` tricks."""
    setup = MatchSetup(
        Rules(game="single-deal"), names=("Ann", "Bob"), level=None, seed=5, save_dir=tmp_path
    )
    session = setup.start()
    play_ahead(session, lambda s: len(s.state.tricks) >= tricks)
    return PinochleApp(setup, session, Display(speed=0))


async def test_o_in_a_single_deal_says_why_there_is_no_declaring_out(tmp_path: Path) -> None:
    app = single_deal_hotseat(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        player = KeyboardPlayer(pilot, app)
        game = game_of(app)
        await player.play_until(lambda: game.human_turn)
        await pilot.press("o")
        assert await wait_until(pilot, lambda: "single-deal" in notices(app))
        assert "cannot declare out in a single-deal game: it has no target" in notices(app)
        assert app.screen is game and not game.session.state.is_over


async def test_a_single_deal_s_score_sheet_tells_the_deal_s_result(tmp_path: Path) -> None:
    """No match total and no target: the deal is the whole game."""
    app = single_deal_hotseat(tmp_path, tricks=22)
    async with app.run_test(size=(80, 24)) as pilot:
        await KeyboardPlayer(pilot, app).play_hand()
        assert await wait_until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        await pilot.pause()
        text = screen_text(app)
        outcome = game_of(app).session.state.outcome
        assert outcome is not None
        south, north = outcome.scores
        if outcome.winner is None:
            result = f"The deal is drawn, {south} each."
        else:
            winner = game_of(app).names[outcome.winner]
            result = f"{winner} wins the deal, {max(south, north)} to {min(south, north)}."
        assert "The deal is over" in text and result in text
        assert "This deal" in text
        assert "Match total" not in text and "Target" not in text


async def test_between_tricks_the_status_names_the_trick_won_then_the_next(
    tmp_path: Path,
) -> None:
    """In the winner's turn the score board's status line says which trick was
    won and by whom; once the winner has drawn, the next trick's number."""
    app = hotseat_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_of(app)
        state = game.session.state
        player = KeyboardPlayer(pilot, app)
        assert await wait_until(pilot, lambda: app.screen is not game)
        assert await show_hand(pilot, app)
        assert words_inside(app, "#score").endswith("Trick 1")
        await player.play_until(lambda: app.screen is game and state.phase is Phase.MELD)
        winner = game.names[state.to_act]
        status = words_inside(app, "#score")
        assert status.endswith(f"Trick 1 won by {winner} — meld or draw"), status
        await player.play_until(lambda: state.phase is Phase.LEAD)
        assert game.names[state.to_act] == winner and len(state.tricks) == 1
        assert words_inside(app, "#score").endswith(f"trump {state.trump} Trick 2")


class GatedHints(NearBrain):
    """Hints in this process that wait for ``gate`` before they are told."""

    gate = threading.Event()

    def advise(self, view: SeatView, legal: list[Action], ascii_only: bool) -> Advice:
        assert self.gate.wait(10)
        return super().advise(view, legal, ascii_only)


def prompt_of(app: PinochleApp) -> str:
    return str(game_of(app).query_one("#prompt").render())


def hinted(log: GameLog) -> bool:
    return any(line.startswith("Hint: ") for line in log.told)


@pytest.mark.parametrize("then", ["hint told", "card played"])
async def test_looking_for_a_hint_is_said_until_the_hint_is_told_or_the_move_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, then: str
) -> None:
    """Never in a notice that outstays the hint, over the log where the hint is told."""
    app = stacked_app(tmp_path, Scripted(["9S"]), monkeypatch)
    monkeypatch.setattr(game_module, "Brain", GatedHints)
    GatedHints.gate.clear()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        await pilot.press("h")
        assert await wait_until(pilot, lambda: prompt_of(app) == "Looking for a hint…")
        if then == "card played":
            await play_card(pilot, game, "AS")
        GatedHints.gate.set()
        log = game.query_one(GameLog)
        if then == "hint told":
            assert await wait_until(pilot, lambda: hinted(log))
        else:
            await pilot.pause(0.2)  # the hint, for a position gone, is dropped
            assert not hinted(log)
        assert "hint" not in prompt_of(app) and "Thinking" not in notices(app)
