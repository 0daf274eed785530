"""Mashing keys: hundreds of random presses never crash the app or make an illegal move."""

from __future__ import annotations

import random
from pathlib import Path

from pinochle_tui.engine import Action, Event, Rules
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.setup import Display, MatchSetup
from tests.probe import game_of

#: Every key the app binds, and a few it does not; never "q" or ctrl+c (they quit).
#: Keys that open dialogs are rarer, so the mashing also plays the game.
KEYS = (
    *"1234567890",
    *["left", "right", "up", "down", "enter", "space", "tab", "x"],
)
RARE_KEYS = ("o", "y", "n", "a", "escape", "question_mark")


def mash(rng: random.Random, count: int) -> list[str]:
    return [rng.choice(RARE_KEYS if rng.random() < 0.04 else KEYS) for _ in range(count)]


async def test_random_keys_never_crash_or_cheat(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(target=250), seed=21, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    applied: list[Action] = []
    sessions: set[int] = set()

    def spy_on_current_session() -> None:
        session = game_of(app).session
        if id(session) in sessions:
            return
        sessions.add(id(session))
        apply = session.apply

        def checked_apply(action: Action) -> list[Event]:
            assert action in session.state.legal_actions(), action
            applied.append(action)
            return apply(action)

        session.apply = checked_apply  # type: ignore[method-assign]

    rng = random.Random(7)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(20):
            await pilot.pause()
            spy_on_current_session()
            await pilot.press(*mash(rng, 10))
    assert len(applied) > 15, "the mashing played the game"
