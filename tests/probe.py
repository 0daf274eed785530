"""Driving a running app from outside, as a player at the keyboard would: the
text on screen, waiting for a condition, and a simple keyboard player.

Used by the app tests and ``benchmarks/app.py``; it lives with the tests, outside the package.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.app import App
from textual.events import MouseScrollDown, MouseScrollUp
from textual.pilot import Pilot
from textual.widget import Widget

from pinochle_tui.engine import (
    Action,
    Draw,
    ExchangeDix,
    Meld,
    Phase,
    Play,
    Rules,
    Seat,
    ShowDix,
    Table,
    shuffled_deck,
)
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.handkeys import binding_key
from pinochle_tui.tui.screens.game import GameScreen
from pinochle_tui.tui.screens.game_over import GameOverScreen
from pinochle_tui.tui.screens.privacy import SHOW_KEY, PrivacyScreen
from pinochle_tui.tui.screens.score_sheet import ScoreSheetScreen
from pinochle_tui.tui.setup import MatchSetup
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.meld_panel import MeldPanel
from tests.helpers import stacked_deck

AnyPilot = Pilot[object] | Pilot[None]


def notices(app: App[object] | App[None]) -> str:
    """Every notification the app has shown and still keeps, in one line."""
    return " ".join(str(n.message) for n in app._notifications)


def screen_text(app: App[object] | App[None]) -> str:
    """The characters of the top screen as rendered now, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def region_text(app: App[object] | App[None], widget: Widget) -> str:
    """The characters on screen where ``widget`` is drawn, line by line."""
    region = widget.region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return "\n".join(_cells(line, region.x, region.right) for line in lines)


def _cells(line: str, start: int, end: int) -> str:
    """The characters of ``line`` in the terminal's columns ``start`` to ``end``
    (a wide letter left of them takes two columns, not one)."""
    out, column = [], 0
    for char in line:
        if start <= column < end:
            out.append(char)
        column += cell_len(char)
    return "".join(out)


def notice_words_on_screen(app: App[object] | App[None]) -> list[str]:
    """The words of each notice (toast) on screen now, each in one line (its
    wrapped lines joined by single spaces, without its coloured left edge)."""
    toasts = app.screen.query("Toast")
    return [" ".join(region_text(app, toast).replace("▌", "").split()) for toast in toasts]


def words_inside(app: App[object] | App[None], selector: str) -> str:
    """The words inside the border of the widget ``selector`` as on screen now,
    in one line (the lines wrapped in the widget joined by single spaces)."""
    region = app.screen.query_one(selector).region
    rows = screen_text(app).splitlines()[region.y + 1 : region.bottom - 1]
    inside = (_cells(row, region.x + 1, region.right - 1) for row in rows)
    # Without the scroll bar's thumb, drawn in block characters on the right.
    return " ".join(" ".join(row.rstrip(" ▁▂▃▄▅▆▇█").split()) for row in inside)


async def wheel(pilot: AnyPilot, selector: str, up: bool = True, times: int = 1) -> None:
    """Turn the mouse wheel over the middle of ``selector``, ``times`` clicks
    (the Pilot has no wheel of its own; this sends the events a terminal does)."""
    region = pilot.app.screen.query_one(selector).region
    offset = (region.width // 2, region.height // 2)
    for _ in range(times):
        await pilot._post_mouse_events([MouseScrollUp if up else MouseScrollDown], selector, offset)


async def wait_until(
    pilot: AnyPilot, condition: Callable[[], bool], cap: int = 3000, quiet: bool = False
) -> bool:
    """Let the app run until ``condition()`` holds, polling every few milliseconds;
    False if it still fails after ``cap`` polls (a worker thread may be thinking).

    ``quiet`` polls by sleeping only, without the pilot's check that every widget
    is idle, which itself loads the event loop (for measuring it)."""
    for _ in range(cap):
        if condition():
            return True
        if quiet:
            await asyncio.sleep(0.005)
        else:
            await pilot.pause(0.005)
    return condition()


async def show_hand(pilot: AnyPilot, app: App[object] | App[None]) -> bool:
    """The next player at the keys: wait out the privacy screen's grace period
    (an earlier press is ignored by design), press the show key, and wait until
    the screen has gone; False if it is still up."""
    screen = app.screen
    assert isinstance(screen, PrivacyScreen), screen
    await pilot.pause(PrivacyScreen.GRACE)
    await pilot.press(SHOW_KEY)
    return await wait_until(pilot, lambda: app.screen is not screen)


async def tab_to(pilot: AnyPilot, app: App[object] | App[None], widget_id: str) -> None:
    """Press Tab until the widget ``widget_id`` has the keys (at most 20 times)."""
    for _ in range(20):
        if app.focused is not None and app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}, stopped at {app.focused}")


async def type_into(
    pilot: AnyPilot, app: App[object] | App[None], widget_id: str, text: str
) -> None:
    """Tab to the text field ``widget_id``, clear it, and type ``text`` key by key."""
    await tab_to(pilot, app, widget_id)
    await pilot.press("end", "ctrl+u", *text)
    await pilot.pause()


def game_of(app: App[object] | App[None]) -> GameScreen:
    """The game screen, wherever it is in the screen stack."""
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


@dataclass
class HandRecord:
    """What the keyboard player did and saw in one hand."""

    melds: list[Meld] = field(default_factory=list)
    exchanges: int = 0
    #: Moves refused (the move number did not change), with the screen text after.
    refused: list[str] = field(default_factory=list)
    last_draw_seen: bool = False
    privacy_screens: int = 0


class KeyboardPlayer:
    """Plays the human seat(s) with key presses: the dix exchange, then the best meld,
    first; otherwise the first legal card. With ``try_illegal`` it first tries a
    dimmed card once in the playoff, to see it refused."""

    def __init__(
        self, pilot: AnyPilot, app: App[None], try_illegal: bool = False, quiet: bool = False
    ) -> None:
        self.pilot = pilot
        self.app = app
        self.try_illegal = try_illegal
        self.quiet = quiet
        self.record = HandRecord()

    @property
    def game(self) -> GameScreen:
        return game_of(self.app)

    def _waiting_for_keys(self) -> bool:
        screen = self.app.screen
        game = self.game
        return isinstance(screen, ScoreSheetScreen | GameOverScreen | PrivacyScreen) or (
            screen is game and game.human_turn and not game.thinking
        )

    async def play_hand(self, max_turns: int | None = None) -> HandRecord:
        """Play until the score sheet or the end of the game is on screen
        (or until ``max_turns`` actions were taken)."""
        self.record = HandRecord()
        turns = 0
        while max_turns is None or turns < max_turns:
            if not await wait_until(self.pilot, self._waiting_for_keys, quiet=self.quiet):
                raise TimeoutError(screen_text(self.app))
            screen = self.app.screen
            if isinstance(screen, ScoreSheetScreen | GameOverScreen):
                return self.record
            if isinstance(screen, PrivacyScreen):
                self.record.privacy_screens += 1
                await show_hand(self.pilot, self.app)
                continue
            await self.take_turn()
            turns += 1
        return self.record

    async def play_until(self, condition: Callable[[], bool], max_turns: int = 200) -> None:
        """Take turns (and pass privacy screens) until ``condition()`` holds at a human turn."""
        for _ in range(max_turns):
            if not await wait_until(self.pilot, self._waiting_for_keys):
                raise TimeoutError(screen_text(self.app))
            if condition():
                return
            await self.play_hand(max_turns=1)
        raise TimeoutError(screen_text(self.app))

    async def take_turn(self) -> None:
        """One action of the seat to play, waiting until the app has done it."""
        game = self.game
        before = game.move_no
        if game.session.state.phase is Phase.MELD:
            await self._choose_in_panel()
        else:
            await self._play_card()
        if not await wait_until(self.pilot, lambda: game.move_no > before):
            raise TimeoutError(screen_text(self.app))

    async def _choose_in_panel(self) -> None:
        panel = self.game.query_one(MeldPanel)
        actions = panel.actions
        if self.game.session.state.stock_size == 1:
            self.record.last_draw_seen = True
        best = min(
            (i for i, action in enumerate(actions) if action is not None),
            key=lambda i: (
                not isinstance(actions[i], ExchangeDix),
                not isinstance(actions[i], Meld),
                not isinstance(actions[i], ShowDix),
                i,
            ),
        )
        chosen = actions[best]
        if isinstance(chosen, Meld):
            self.record.melds.append(chosen)
        if isinstance(chosen, ExchangeDix):
            self.record.exchanges += 1
        await self.pilot.press(binding_key(panel.keys[best]))

    async def _play_card(self) -> None:
        game = self.game
        state = game.session.state
        hand = game.query_one(HandView)
        if self.try_illegal and not self.record.refused and state.playoff:
            await self._try_dimmed(hand)
        legal = {a.card for a in state.legal_actions(game.viewer) if isinstance(a, Play)}
        index = next(i for i, card in enumerate(hand.cards) if card in legal)
        if index % 2:
            key = binding_key(hand.keys[hand.cards[index]])
            await self.pilot.press(key, key)  # a card's key twice plays it
        else:
            await self._move_cursor(hand, index)
            await self.pilot.press("enter")

    async def _try_dimmed(self, hand: HandView) -> None:
        """Press the key of a card that may not be played: it is refused at once."""
        dimmed = [i for i in range(len(hand.cards)) if hand.is_dimmed(i)]
        if not dimmed:
            return
        before = self.game.move_no
        await self.pilot.press(binding_key(hand.keys[hand.cards[dimmed[0]]]))
        await self.pilot.pause(0.05)
        if self.game.move_no == before:
            self.record.refused.append(screen_text(self.app))

    async def _move_cursor(self, hand: HandView, index: int) -> None:
        """Move the cursor with the arrows (it stops on playable cards only)."""
        while hand.cursor != index:
            await self.pilot.press("right" if hand.cursor < index else "left")


def stacked_setup(
    save_dir: Path,
    south: str,
    north: str,
    turn_up: str,
    stock: str = "",
    rules: Rules | None = None,
    **choices: Any,
) -> MatchSetup:
    """A match whose first hand deals ``south`` and ``north`` (North deals, so
    South leads) with ``turn_up`` and the top of the stock; later hands are
    shuffled from the seed."""
    rules = rules or Rules()
    deck = stacked_deck(rules, Seat.NORTH, (south, north), turn_up, stock)

    def decks(hand_no: int) -> list[str]:
        if hand_no == 1:
            return deck
        return [card.code for card in shuffled_deck(rules, random.Random(hand_no))]

    return MatchSetup(
        rules, seed=1, save_dir=save_dir, decks=decks, first_dealer=Seat.NORTH, **choices
    )


def play_ahead(session: GameSession, until: Callable[[GameSession], bool]) -> None:
    """Play both seats with a fixed policy (the best meld, else draw; the lowest
    legal card) straight through the session, until ``until(session)``."""
    table = Table(session, auto_deal=True)
    table.advance()
    while not until(session):
        decision = table.decision()
        assert decision is not None, "the game ended before the wanted position"
        melds = [a for a in decision.legal if isinstance(a, Meld)]
        plays = [a for a in decision.legal if isinstance(a, Play)]
        draws = [a for a in decision.legal if isinstance(a, Draw)]
        if melds:
            action: Action = max(melds, key=lambda a: a.points)
        elif plays:
            action = max(plays, key=lambda a: (a.card.rank, a.card.id))
        else:
            action = draws[0]
        table.act(action)
