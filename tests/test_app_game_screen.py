"""The game screen as play-testing found it, with real key presses: a single
deal's score sheet and declaring out, the status between tricks, the hint's
notice, card keys across an undo and a resize, long names in the hotseat
prompt, the too-small screen and the hotseat pass screen."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from pinochle_tui.ai.advice import Advice
from pinochle_tui.engine import Action, Meld, MeldKind, Phase, Rules, Seat, SeatView
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.handkeys import PICK_KEYS, binding_key
from pinochle_tui.tui.screens import game as game_module
from pinochle_tui.tui.screens.game import GameScreen
from pinochle_tui.tui.screens.privacy import PrivacyScreen
from pinochle_tui.tui.screens.score_sheet import ScoreSheetScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.log import GameLog
from pinochle_tui.tui.widgets.meld_panel import MeldPanel
from tests.probe import (
    KeyboardPlayer,
    game_of,
    notices,
    play_ahead,
    region_text,
    screen_text,
    show_hand,
    type_into,
    wait_until,
    words_inside,
)
from tests.test_app_aids import NearBrain, Scripted, play_card, stacked_app
from tests.test_app_hotseat import FACE
from tests.test_app_screens import make_app, names_problem, open_new_game


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
        assert status.endswith(f"Trick 1: {winner} won"), status
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


async def test_after_an_undo_in_the_playoff_every_key_is_as_before_the_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the playoff cards only leave, so the keys have gaps: the card taken
    back gets its own key again, and no other key changes."""
    monkeypatch.setattr(GameScreen, "_computer", lambda self, level, seed: Scripted())
    monkeypatch.setattr(game_module, "Brain", NearBrain)
    setup = MatchSetup(Rules(), seed=3, save_dir=tmp_path)
    session = setup.start()
    play_ahead(session, lambda s: s.state.playoff and s.state.to_act is Seat.SOUTH)
    app = PinochleApp(setup, session, Display(speed=0))
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_of(app)
        hand = game.query_one(HandView)
        player = KeyboardPlayer(pilot, app)
        await player.play_until(lambda: game.human_turn)
        await player.take_turn()  # a card leaves: a gap in the keys
        await player.play_until(lambda: game.human_turn)
        before, position = hand.keys, game.session.state.position()
        assert len(before) < 12 and set(before.values()) != set(PICK_KEYS[: len(before)])
        await player.take_turn()
        await player.play_until(lambda: game.human_turn)
        await pilot.press("u")
        assert await wait_until(pilot, lambda: game.session.state.position() == position)
        await pilot.pause()
        assert hand.keys == before


async def test_a_resize_never_changes_the_card_a_key_pressed_again_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 100 x 36 the cards melded onto the table lie in a row of their own,
    at 80 x 24 in the hand's row, in key order: the card picked stays picked."""
    app = stacked_app(tmp_path, Scripted(["9S"]), monkeypatch)
    async with app.run_test(size=(100, 36)) as pilot:
        game = game_of(app)
        state = game.session.state
        assert await wait_until(pilot, lambda: game.human_turn)
        await play_card(pilot, game, "AS")
        assert await wait_until(pilot, lambda: game.human_turn and state.phase is Phase.MELD)
        panel = game.query_one(MeldPanel)
        melds = panel.actions
        index = next(
            i for i, a in enumerate(melds) if isinstance(a, Meld) and a.kind is MeldKind.PINOCHLE
        )
        await pilot.press(str(index + 1))
        assert await wait_until(pilot, lambda: game.human_turn and state.phase is Phase.LEAD)
        hand = game.query_one(HandView)
        stacked = hand.order
        # A hand card that stands elsewhere once the table cards join the hand's row.
        by_key = sorted(stacked, key=lambda c: PICK_KEYS.index(hand.keys[c]))
        card = next(c for i, c in enumerate(stacked) if by_key.index(c) != i)
        key = binding_key(hand.keys[card])
        await pilot.press(key)
        assert hand.selected == card
        await pilot.resize_terminal(80, 24)
        assert await wait_until(pilot, lambda: not hand.stacked)
        assert hand.order != stacked and hand.selected == card
        await pilot.press(key)
        assert await wait_until(pilot, lambda: len(state.tricks) == 2)  # the computer answered
        assert state.tricks[1].lead == card, "the card picked is the card played"


#: A name of the most cells allowed (40).
LONGEST = "Bartholomew Maximilian Fitzgerald-Smythe"


async def test_the_hotseat_prompt_with_the_longest_name_is_whole_at_80x24(
    tmp_path: Path,
) -> None:
    """The name is cut in the prompt, so 'you drew' and what to do fit its two lines."""
    app = hotseat_app(tmp_path, names=(LONGEST, "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        game = game_of(app)
        player = KeyboardPlayer(pilot, app)
        line = game.query_one("#prompt")
        await player.play_until(
            lambda: game.names[game.viewer] == LONGEST and "you drew" in prompt_of(app)
        )
        said = prompt_of(app)
        assert said.startswith("Bartholomew…, you drew ") and said.endswith("your table."), said
        assert region_text(app, line).split() == said.split()


async def test_the_first_playoff_lead_s_prompt_is_whole_at_80x24(tmp_path: Path) -> None:
    """The stock's last card is shown to both in the log: the prompt does not
    tell it again, which pushed the playoff's rule out of its two lines."""
    setup = MatchSetup(Rules(), names=("Ann", "Bob"), level=None, seed=11, save_dir=tmp_path)
    session = setup.start()
    play_ahead(session, lambda s: s.state.phase is Phase.MELD and s.state.stock_size == 1)
    app = PinochleApp(setup, session, Display(speed=0))
    async with app.run_test(size=(80, 24)) as pilot:
        game = game_of(app)
        state = game.session.state
        await KeyboardPlayer(pilot, app).play_until(lambda: state.playoff and game.human_turn)
        said = prompt_of(app)
        assert said.startswith("Playoff, your lead: any card. The reply must"), said
        assert region_text(app, game.query_one("#prompt")).split() == said.split()


async def test_the_new_game_dialog_refuses_the_computer_s_name_for_the_player(
    tmp_path: Path,
) -> None:
    """As ``pinochle play --name Computer`` does: two players called Computer
    would read as one in the log and the statistics."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        dialog = await open_new_game(pilot, app, hotseat=False)
        await type_into(pilot, app, "name-south", "computer")
        said = "The two players need different names: 'computer' and 'Computer' read the same."
        assert names_problem(app, dialog) == said
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and said in notices(app)


@pytest.mark.parametrize(("width", "height"), [(20, 6), (30, 10), (54, 20), (79, 24)])
async def test_the_too_small_message_is_whole_down_to_20x6(
    tmp_path: Path, width: int, height: int
) -> None:
    """Short lines where the boxed sentences do not fit; the sentences where they do."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_until(pilot, lambda: game_of(app).human_turn)
        await pilot.resize_terminal(width, height)
        now = f"{width} x {height}"
        assert await wait_until(pilot, lambda: now in screen_text(app))
        await pilot.pause()
        lines = [" ".join(line.strip(" ║").split()) for line in screen_text(app).splitlines()]
        if width < 55:
            whole = ["Terminal too small", "Needs 80 x 24", f"Now {now}", "Enlarge the window;"]
            assert [line for line in lines if line] == [*whole, "the game waits."]
        else:
            assert "The terminal is too small for the card table." in lines
            assert f"Needed: 80 x 24 Now: {now}" in lines
            assert "Enlarge the window to go on; the game waits." in lines


@pytest.mark.parametrize("key", ["h", "t", "u", "1", "enter", "space"])
async def test_a_table_key_at_the_pass_screen_says_whom_to_hand_the_terminal_to(
    tmp_path: Path, key: str
) -> None:
    app = hotseat_app(tmp_path, names=("Ann", LONGEST))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        game = game_of(app)
        who = game.names[game.session.state.to_act]
        before = game.move_no
        await pilot.press(key)
        await pilot.pause()
        lines = [" ".join(line.strip(" ║").split()) for line in screen_text(app).splitlines()]
        assert "That key works at the table, not here:" in lines
        assert f"hand the terminal to {who}." in lines
        assert isinstance(app.screen, PrivacyScreen) and game.move_no == before
        assert not FACE.findall(screen_text(app)), "no card is shown"
