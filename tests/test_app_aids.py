"""The player's aids in the app, with real key presses: taking moves back (after a
lead, a meld, a trick the computer won, across the last draw; in hotseat once
both agree), the hint, the statistics screen and the replay's review mode."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.widgets import Checkbox, Static

from pinochle_tui.ai.advice import Advice, hint
from pinochle_tui.cli import parse_args
from pinochle_tui.coach import review as review_module
from pinochle_tui.engine import (
    Action,
    Card,
    DeclareOut,
    Meld,
    MeldKind,
    Phase,
    Play,
    Rules,
    SeatView,
)
from pinochle_tui.record.replay import timeline
from pinochle_tui.record.verify import check
from pinochle_tui.tui import replay as replay_module
from pinochle_tui.tui.aids import hint_text
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.launch import setup_from_args
from pinochle_tui.tui.replay import ReplayApp
from pinochle_tui.tui.review_panel import ReviewPanel
from pinochle_tui.tui.screens import game as game_module
from pinochle_tui.tui.screens.game import GameScreen
from pinochle_tui.tui.screens.new_game import NewGameScreen
from pinochle_tui.tui.screens.privacy import PrivacyScreen
from pinochle_tui.tui.screens.stats import StatsScreen
from pinochle_tui.tui.screens.undo import UndoAgreeScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.log import GameLog
from pinochle_tui.tui.widgets.meld_panel import MeldPanel
from tests.coach_helpers import Thrown, throwaway_game
from tests.helpers import N, S
from tests.probe import (
    KeyboardPlayer,
    game_of,
    notice_words_on_screen,
    screen_text,
    show_hand,
    wait_until,
    words_inside,
)
from tests.test_undo import DECK

SIZE = (100, 30)


class Scripted:
    """The computer's part, in this process: the cards of ``plan`` in turn (by
    face), else its first legal action; it waits at ``gate`` before answering."""

    name = "scripted"

    def __init__(self, plan: Sequence[str] = ()) -> None:
        self.plan = list(plan)
        self.gate = threading.Event()
        self.gate.set()

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        assert self.gate.wait(10)
        if self.plan and view.phase is not Phase.MELD:
            face = self.plan.pop(0)
            return next(a for a in legal if isinstance(a, Play) and a.card.code == face)
        return next(a for a in legal if not isinstance(a, DeclareOut))


class NearBrain:
    """The brain, in this process: hints without starting a worker process."""

    def player(self, level: str, seed: int | None) -> Scripted:
        return Scripted()

    def advise(self, view: SeatView, legal: list[Action], ascii_only: bool) -> Advice:
        return hint(view, legal, samples=3, ascii_only=ascii_only)

    def close(self) -> None:
        pass


def stacked_app(
    tmp_path: Path, computer: Scripted, monkeypatch: pytest.MonkeyPatch, undo: bool = True
) -> PinochleApp:
    """Against a scripted computer, on ``test_undo``'s stacked deck: North deals."""
    monkeypatch.setattr(GameScreen, "_computer", lambda self, level, seed: computer)
    monkeypatch.setattr(game_module, "Brain", NearBrain)
    setup = MatchSetup(
        Rules(), seed=1, save_dir=tmp_path, decks=lambda _: DECK, first_dealer=N, undo=undo
    )
    return PinochleApp(setup, setup.start(), Display(speed=0))


async def play_card(pilot: object, game: GameScreen, code: str) -> None:
    """Press the keys that play the card ``code`` (a number twice, or the arrows)."""
    hand = game.query_one(HandView)
    index = next(i for i, card in enumerate(hand.cards) if card.code == code)
    before = game.move_no
    if index < 10:
        key = str((index + 1) % 10)
        await pilot.press(key, key)  # type: ignore[attr-defined]
    else:
        while hand.cursor != index:
            await pilot.press("right")  # type: ignore[attr-defined]
        await pilot.press("enter")  # type: ignore[attr-defined]
    assert await wait_until(pilot, lambda: game.move_no > before)  # type: ignore[arg-type]


def valid(game: GameScreen) -> None:
    path = game.session.path
    assert path is not None
    verdict = check(path)
    assert verdict.kind == "valid", verdict.message
    assert verdict.game is not None and verdict.game.log == game.session.log


async def test_undo_after_a_lead_drops_the_computer_s_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    computer = Scripted(["9S"])
    app = stacked_app(tmp_path, computer, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        before = game.session.state.position()
        computer.gate.clear()  # the computer thinks until the gate opens
        await play_card(pilot, game, "AS")
        assert await wait_until(pilot, lambda: game.thinking)
        await pilot.press("u")
        assert await wait_until(pilot, lambda: game.human_turn)
        assert game.session.state.position() == before
        computer.gate.set()  # its answer, for the position taken back, comes too late
        await pilot.pause(0.2)
        assert game.session.state.position() == before and game.human_turn
        assert game.session.log.hands[0].actions == ()
        assert [u.taken_back for u in game.session.log.undos] == [1]
        valid(game)


async def test_undo_after_a_meld_takes_back_its_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = stacked_app(tmp_path, Scripted(["9S"]), monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        await play_card(pilot, game, "AS")
        assert await wait_until(pilot, lambda: game.human_turn)
        assert game.session.state.phase is Phase.MELD
        at_meld = game.session.state.position()
        panel = game.query_one(MeldPanel)
        index = next(
            i
            for i, a in enumerate(panel.actions)
            if isinstance(a, Meld) and a.kind is MeldKind.PINOCHLE
        )
        await pilot.press(str(index + 1))
        assert await wait_until(pilot, lambda: game.session.state.phase is Phase.LEAD)
        assert game.session.state.scores[S] == 40
        await pilot.press("u")
        assert await wait_until(pilot, lambda: game.session.state.phase is Phase.MELD)
        assert game.session.state.position() == at_meld and game.session.state.scores[S] == 0
        assert await wait_until(pilot, lambda: panel.display and bool(panel.actions))
        valid(game)


async def test_undo_after_the_computer_won_the_trick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = stacked_app(tmp_path, Scripted(["9D", "JC"]), monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        before = game.session.state.position()
        await play_card(pilot, game, "10S")  # North trumps it, shows the dix, leads J♣
        assert await wait_until(pilot, lambda: game.human_turn)
        state = game.session.state
        assert state.phase is Phase.FOLLOW and state.tricks[0].winner is N
        await pilot.press("u")
        assert await wait_until(pilot, lambda: game.session.state.position() == before)
        assert game.session.log.undos[0].taken_back == 4  # 10♠, 9♦, the dix shown, J♣
        told = " ".join(strip.text.strip() for strip in game.query_one(GameLog).lines)
        assert "You take back the last 4 moves." in told  # the log may wrap it on screen
        valid(game)


async def test_undo_across_the_last_draw(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameScreen, "_computer", lambda self, level, seed: Scripted())
    setup = MatchSetup(Rules(), seed=3, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        player = KeyboardPlayer(pilot, app)
        positions: dict[int, str] = {}
        original = player.take_turn

        async def remembered() -> None:
            positions[len(game.session.hand_actions())] = game.session.state.position()
            await original()

        player.take_turn = remembered  # type: ignore[method-assign]
        await player.play_until(lambda: game.session.state.playoff)
        await pilot.press("u")
        assert await wait_until(pilot, lambda: not game.session.state.playoff)
        state = game.session.state
        assert state.position() == positions[len(game.session.hand_actions())]
        assert state.stock_size >= 1 and state.turn_up is not None
        valid(game)


async def test_undo_off_in_the_new_game_dialog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = stacked_app(tmp_path, Scripted(["9S"]), monkeypatch)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        assert await wait_until(pilot, lambda: game_of(app).human_turn)
        await pilot.press("n")
        assert await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.screen.query_one("#undo", Checkbox).value = False
        await pilot.press("ctrl+s")
        assert await wait_until(pilot, lambda: not app.session.undo_allowed)
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        await play_card(pilot, game, game.query_one(HandView).cards[0].code)
        assert await wait_until(pilot, lambda: game.human_turn)
        moves = game.move_no
        await pilot.press("u")
        await pilot.pause(0.1)
        assert game.move_no == moves and not game.session.log.undos
        # Told in a notice over the log, wrapped to the side panel's width.
        told = notice_words_on_screen(app)
        assert any("Taking moves back is off in this game" in words for words in told), told


def test_no_undo_on_the_command_line(tmp_path: Path) -> None:
    for command in ("play", "hotseat"):
        args = parse_args([command, "--no-undo", "--save-dir", str(tmp_path)])
        assert setup_from_args(args).undo is False
        assert setup_from_args(parse_args([command, "--save-dir", str(tmp_path)])).undo


async def pass_keyboard(pilot: object, app: PinochleApp) -> None:
    """The next player takes the keyboard: past the privacy screen, to the table."""
    game = game_of(app)
    assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))  # type: ignore[arg-type]
    assert await show_hand(pilot, app)  # type: ignore[arg-type]
    assert await wait_until(pilot, lambda: app.screen is game and game.human_turn)  # type: ignore[arg-type]


def hotseat_app(tmp_path: Path) -> PinochleApp:
    """Ann and Bob at one terminal, on a seed whose first trick is played below."""
    setup = MatchSetup(Rules(), names=("Ann", "Bob"), level=None, seed=11, save_dir=tmp_path)
    return PinochleApp(setup, setup.start(), Display(speed=0))


async def test_hotseat_takes_back_only_when_both_agree(tmp_path: Path) -> None:
    app = hotseat_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        player = KeyboardPlayer(pilot, app)
        await pass_keyboard(pilot, app)
        first = game.session.state.to_act
        before = game.session.state.position()
        await player.take_turn()
        await pass_keyboard(pilot, app)
        assert game.viewer is first.other
        names = game.names
        for answer in ("n", "y"):
            await pilot.press("u")
            assert await wait_until(pilot, lambda: isinstance(app.screen, UndoAgreeScreen))
            text = screen_text(app)
            assert f"{names[first.other]} asks to take back {names[first]}'s last move" in text
            assert f"{names[first]}: press Y if you agree" in text and "♠" not in text
            await pilot.press(answer)
            assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
            if answer == "n":  # the move stands, and the keyboard goes back to who asked
                assert game.session.state.position() != before
                assert f"Pass to {names[first.other]}" in screen_text(app)
                await pass_keyboard(pilot, app)
        assert game.session.state.position() == before
        assert f"Pass to {names[first]}" in screen_text(app)
        assert [u.seat for u in game.session.log.undos] == [first.name.lower()]


async def test_the_hint_names_a_legal_play_and_points_the_cursor_at_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = stacked_app(tmp_path, Scripted(["9S"]), monkeypatch)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        hand = game.query_one(HandView)
        hand.cursor = len(hand.cards) - 1
        await pilot.press("h")
        assert await wait_until(
            pilot, lambda: "wins" in screen_text(app) or "leads" in screen_text(app)
        )
        state = game.session.state
        advice = hint(state.view(S), state.legal_actions(S), samples=3)
        assert isinstance(advice.action, Play)
        assert hand.selected is not None and hand.selected.code == advice.action.card.code
        assert Play(S, hand.selected) in state.legal_actions(S)
        assert game.move_no == 1  # only the deal: a hint plays nothing
        # The hint is told in the log, beside the play it is about.
        told = [line for line in game.query_one(GameLog).told if line.startswith("Hint: ")]
        assert told == [f"Hint: {hint_text(advice, False)}"]


def test_a_hint_names_its_cards_as_the_table_shows_them() -> None:
    """Only the sentence's first letter is made a capital: the cards keep theirs."""
    jack, queen = Card.parse("JD"), Card.parse("QS")
    play = Advice(Play(S, Card.parse("JH")), "wins the trick with the J♥")
    assert hint_text(play, False) == "Play J♥: wins the trick with the J♥."
    assert hint_text(play, True) == "Play JH: wins the trick with the J♥."
    pinochle = Advice(Meld(S, MeldKind.PINOCHLE, (queen, jack)), "the best meld")
    assert hint_text(pinochle, False) == "Meld pinochle Q♠ J♦: the best meld."


async def test_a_notice_never_covers_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = stacked_app(tmp_path, Scripted(), monkeypatch)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn)
        app.notify("a notice\nof three\nlines", title="Notice", timeout=30)
        assert await wait_until(pilot, lambda: bool(app.screen.query("Toast")))
        await pilot.pause(0.2)
        hand = game.query_one(HandView).region
        for toast in app.screen.query("Toast"):
            assert toast.region.height > 0
            assert not toast.region.overlaps(hand), (toast.region, hand)


async def test_the_statistics_screen_from_the_palette(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    throwaway_game(tmp_path)
    (tmp_path / "zz-broken.json").write_text("not a game")
    app = stacked_app(tmp_path, Scripted(), monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_until(pilot, lambda: game_of(app).human_turn)
        await pilot.press("ctrl+p")
        assert await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"Statistics")
        await pilot.pause(0.3)
        await pilot.press("enter")
        assert await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen))
        screen = app.screen
        assert await wait_until(pilot, lambda: screen.stats is not None)  # type: ignore[attr-defined]
        text = screen_text(app)
        assert "2 games against the computer" in text
        assert "1 file skipped: unreadable or not a game" in text
        await pilot.press("escape")
        assert await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


def reviewing_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ReplayApp, Thrown]:
    """The replay viewer of ``throwaway_game``, to review it with few samples (but
    the viewer's own two worker processes, started from its thread)."""
    thrown = throwaway_game(tmp_path)
    path = thrown.session.path
    assert path is not None
    monkeypatch.setattr(replay_module, "review_file", partial(review_module.review_file, samples=2))
    return ReplayApp(thrown.session.log, timeline(thrown.session.log), path.name, path=path), thrown


async def test_the_replay_review_marks_the_costly_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, thrown = reviewing_replay(tmp_path, monkeypatch)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("r")
        assert await wait_until(pilot, lambda: app.review is not None)
        assert f"? {thrown.number}." in screen_text(app) or app._marks[thrown.number] == "?"
        app.position = thrown.number + 1  # the step of the throw: after the deal
        await pilot.pause()
        panel = str(app.query_one(ReviewPanel).render())
        assert f"Action {thrown.number}, Ann: play J♣; best: play A♣; cost 28 (exact)" in panel
        assert f"action {thrown.number} of " in app.title, "the review's number is the replay's"
        assert "it cost exactly 28 points (14 fewer for Ann, 14 more for Computer)" in panel
        # A decision that was the best says so, and nothing of a cost.
        review = app.review
        assert review is not None
        kept = next(d for d in review.decisions if d.best == d.taken)
        app.position = kept.number + 1
        await pilot.pause()
        panel = str(app.query_one(ReviewPanel).render())
        first = panel.splitlines()[0]
        assert first.endswith(f": {kept.taken_text}; the best") and "cost" not in first


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_the_replay_review_of_a_move_is_whole_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    app, thrown = reviewing_replay(tmp_path, monkeypatch)
    async with app.run_test(size=size) as pilot:
        await pilot.press("r")
        assert await wait_until(pilot, lambda: app.review is not None)
        await pilot.press("g", *str(thrown.number), "enter")
        await pilot.pause()
        shown = words_inside(app, "#review")
        assert shown.startswith(
            f"? Action {thrown.number}, Ann: play J♣; best: play A♣; cost 28 (exact)"
        )
        assert shown.endswith("(14 fewer for Ann, 14 more for Computer).")


async def test_hotseat_hides_every_hand_after_agreeing_to_an_undo(tmp_path: Path) -> None:
    # Whoever asks to take back their own move, the one who agreed holds the
    # keyboard: the pass screen comes before any hand is shown.
    app = hotseat_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        player = KeyboardPlayer(pilot, app)
        await pass_keyboard(pilot, app)
        await player.take_turn()
        await pass_keyboard(pilot, app)
        await player.take_turn()  # the reply: now the trick's winner acts
        if isinstance(app.screen, PrivacyScreen):
            await pass_keyboard(pilot, app)
        asker = game.viewer
        await pilot.press("u")
        assert await wait_until(pilot, lambda: isinstance(app.screen, UndoAgreeScreen))
        await pilot.press("y")
        assert await wait_until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        assert f"Pass to {game.names[game.session.state.to_act]}" in screen_text(app)
        assert game.session.log.undos and game.session.log.undos[-1].seat == asker.name.lower()


async def test_after_an_undo_the_prompt_no_longer_tells_a_draw_taken_back(tmp_path: Path) -> None:
    # The trick's winner melds, both draw, and the winner is told its card as it
    # leads; it takes back its meld choice, which puts the drawn card back.
    app = hotseat_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        player = KeyboardPlayer(pilot, app)

        def prompt() -> str:
            return str(game.query_one("#prompt", Static).render())

        await player.play_until(lambda: "you drew" in prompt(), max_turns=20)
        asker = game.viewer
        await pilot.press("u")
        assert await wait_until(pilot, lambda: isinstance(app.screen, UndoAgreeScreen))
        text = str(app.screen.query_one("#undo-agree", Static).render())
        assert text.startswith(f"{game.names[asker]} asks to take back their own last move")
        await pilot.press("y")
        await pass_keyboard(pilot, app)
        assert game.session.state.phase is Phase.MELD and game.viewer is asker
        assert "you drew" not in prompt() and "meld" in prompt().lower()
