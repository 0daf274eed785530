"""Saving under trouble, through the app: a full (or read-only) save directory
never stops the game; the player is told at once, the game goes on in memory,
and everything is saved once the directory can be written again, or in
another directory the player chooses."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from pinochle_tui.engine import Rules
from pinochle_tui.record.store import open_game
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.screens.save_elsewhere import SaveElsewhereScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from tests.probe import KeyboardPlayer, game_of, notices, wait_until


def _disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def make_app(tmp_path: Path) -> PinochleApp:
    setup = MatchSetup(Rules(), seed=3, save_dir=tmp_path)
    return PinochleApp(setup, setup.start(), Display(speed=0))


async def test_a_full_disk_is_told_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        player = KeyboardPlayer(pilot, app)
        await player.play_hand(max_turns=2)
        game = game_of(app)
        monkeypatch.setattr(os, "replace", _disk_full)
        await player.play_hand(max_turns=3)  # the computer keeps answering
        assert game.session.save_error is not None
        assert "No space left on device" in notices(app) and "Save elsewhere" in notices(app)
        unsaved = game.session.log.action_count
        assert open_game(game.session.path or tmp_path).log.action_count < unsaved
        monkeypatch.undo()
        await player.play_hand(max_turns=1)
        assert game.session.save_error is None and "saved again" in notices(app)
        saved = open_game(game.session.path or tmp_path)
        assert saved.log == game.session.log
        assert saved.state.position() == game.session.state.position()


async def test_the_game_can_move_to_another_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path / "first")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        player = KeyboardPlayer(pilot, app)
        monkeypatch.setattr(os, "replace", _disk_full)
        await player.play_hand(max_turns=2)
        game = game_of(app)
        assert game.session.save_error is not None
        monkeypatch.undo()
        game.action_save_elsewhere()
        assert await wait_until(pilot, lambda: isinstance(app.screen, SaveElsewhereScreen))
        await pilot.press("ctrl+a", "ctrl+k")
        await pilot.press(*str(tmp_path / "second"), "enter")
        assert await wait_until(pilot, lambda: game.session.directory == tmp_path / "second")
        assert game.session.save_error is None
        assert open_game(game.session.path or tmp_path).log == game.session.log
        await player.play_hand(max_turns=1)
        assert open_game(game.session.path or tmp_path).log == game.session.log
