"""Responsiveness of the app: time to the first frame with a hand on screen, the
time ``?`` takes to show the rules, and how long the UI event loop is blocked
while the computer thinks.

The app runs headless; a keyboard player plays the human seat against the
computer at speed 0 while a 10 ms interval timer measures event-loop lag
(the extra delay of each tick) during the computer's turns.

Run: python benchmarks/app.py [--level hard] [--hands 2]
"""

from __future__ import annotations

import time

START = time.perf_counter()

import argparse  # noqa: E402
import asyncio  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from textual import events  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for ``tests.probe``

import statistics  # noqa: E402

from pinochle_tui.engine import Rules  # noqa: E402
from pinochle_tui.tui.app import PinochleApp  # noqa: E402
from pinochle_tui.tui.screens.rules_help import RulesScreen, RulesText  # noqa: E402
from pinochle_tui.tui.setup import Display, MatchSetup  # noqa: E402
from pinochle_tui.tui.widgets.hand import HandView  # noqa: E402
from tests.probe import KeyboardPlayer, game_of, screen_text, wait_until  # noqa: E402

TICK = 0.01


def hand_on_screen(app: PinochleApp) -> bool:
    """True once the hand holds cards and has its place on the screen (so it is drawn)."""
    try:
        hand = game_of(app).query_one(HandView)
    except StopIteration:
        return False
    return bool(hand.cards) and hand.region.height > 0


async def measure(level: str, hands: int, seed: int, save_dir: Path) -> dict[str, float]:
    setup = MatchSetup(Rules(), level=level, seed=seed, save_dir=save_dir)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    lags: list[float] = []
    all_gaps: list[float] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: hand_on_screen(app), cap=100_000)
        first_frame = time.perf_counter() - START
        print(f"first frame with a hand: {first_frame * 1000:.0f} ms after start")
        help_open = await help_open_ms(pilot, app)
        print(f"? shows the rules in {help_open:.0f} ms (median of {HELP_OPENS})")

        game = game_of(app)
        last: list[float | int | None] = [time.perf_counter(), None]

        def tick() -> None:
            """A lag counts when one and the same computer move was pending at both ticks."""
            now = time.perf_counter()
            thinking = game.move_no if game.thinking else None
            if thinking is not None and last[1] == thinking:
                lags.append(now - float(last[0] or 0) - TICK)
            all_gaps.append(now - float(last[0] or 0) - TICK)
            last[0], last[1] = now, thinking

        app.set_interval(TICK, tick)
        player = KeyboardPlayer(pilot, app, quiet=True)
        started = time.perf_counter()
        for _ in range(hands):
            await player.play_hand()
            await pilot.press("enter")
        played = time.perf_counter() - started
    lags.sort()
    worst = lags[-1] if lags else 0.0
    p99 = lags[min(len(lags) - 1, int(0.99 * len(lags)))] if lags else 0.0
    every = max(all_gaps) if all_gaps else 0.0
    print(f"{hands} hands against '{level}' in {played:.1f} s")
    print(f"worst event-loop gap over the whole game (rendering included): {every * 1000:.1f} ms")
    print(
        f"event loop while the computer thought: {len(lags)} ticks, "
        f"worst block {worst * 1000:.1f} ms, 99th percentile {p99 * 1000:.1f} ms"
    )
    return {
        "first_frame_ms": round(first_frame * 1000, 1),
        "max_loop_block_ms": round(worst * 1000, 1),
        "p99_loop_block_ms": round(p99 * 1000, 1),
        "thinking_ticks": len(lags),
        "max_gap_any_time_ms": round(every * 1000, 1),
        "help_open_ms": round(help_open, 1),
        "level": level,  # type: ignore[dict-item]
    }


#: Times the rules are opened (and closed) to take the median.
HELP_OPENS = 5


def rules_on_screen(app: PinochleApp) -> bool:
    """True once the rules screen is up with the rules drawn on it (this renders
    the screen, as the next frame would)."""
    screen = app.screen
    if not isinstance(screen, RulesScreen) or not screen.query(RulesText):
        return False
    return screen.query_one(RulesText).book is not None and "rules" in screen_text(app)


async def help_open_ms(pilot: Pilot[None], app: PinochleApp) -> float:
    """The median time from the ? key to the rules on screen, in ms."""
    await pilot.pause(1.0)  # the rules are drawn in the background meanwhile, as in play
    times = []
    for _ in range(HELP_OPENS):
        started = time.perf_counter()
        app.post_message(events.Key("question_mark", "?"))
        await wait_until(pilot, lambda: rules_on_screen(app), cap=100_000, quiet=True)
        times.append((time.perf_counter() - started) * 1000)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, RulesScreen), quiet=True)
        await pilot.pause(0.2)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="the computer's level")
    parser.add_argument("--hands", type=int, default=2, help="hands to play")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        summary = asyncio.run(measure(args.level, args.hands, args.seed, Path(directory)))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
