"""Names that look like markup are shown as themselves on every screen that
shows names (the table, the pass screen, the log, the score sheet, the replay)
and never act: ``[/]`` does not crash, ``[bold red]`` is not bold, a
``[@click=app.quit]`` name clicked does not quit. A name too wide for a
one-line column (an old saved game may hold one) is cut to fit, and the
columns after it stay lined up."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

from pinochle_tui.engine import Rules, Seat
from pinochle_tui.names import in_sentences
from pinochle_tui.record.replay import timeline
from pinochle_tui.record.store import open_game
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.replay import ReplayApp
from pinochle_tui.tui.screens.game_over import summary_text
from pinochle_tui.tui.screens.score_sheet import HistoryScreen, ScoreSheetScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.log import GameLog
from tests.probe import KeyboardPlayer, game_of, play_ahead, screen_text, wait_until

#: Forty wide letters: 80 cells, as wide as a name can be in a saved game
#: (cut, it is forty cells: nineteen letters and the ellipsis).
WIDE = "漢字" * 20
WIDE_CUT = "漢字" * 9 + "漢…"
CLOSE = "[/]"
CLICK = "[@click=app.quit]Q"
BOLD = "[bold red]Ann"


def log_text(app: PinochleApp) -> str:
    return "\n".join(str(line.text) for line in game_of(app).query_one(GameLog).lines)


async def click_every(pilot: Pilot[None], app: App[None], text: str) -> int:
    """Click the middle of every place ``text`` is on screen; how many there were."""
    clicks = 0
    for line_no, line in enumerate(screen_text(app).splitlines()):
        column = line.find(text)
        if column >= 0:
            await pilot.click(offset=(column + len(text) // 2, line_no))
            clicks += 1
    await pilot.pause()
    return clicks


async def test_markup_names_in_hotseat_read_as_themselves(tmp_path: Path) -> None:
    setup = MatchSetup(
        Rules(game="single-deal"), names=(CLOSE, CLICK), level=None, seed=5, save_dir=tmp_path
    )
    session = setup.start()
    play_ahead(session, lambda s: s.state.playoff)  # the playoff by the keys, pass by pass
    app = PinochleApp(setup, session, Display(speed=0))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        player = KeyboardPlayer(pilot, app)
        record = await player.play_hand()
        assert record.privacy_screens >= 2
        assert isinstance(app.screen, ScoreSheetScreen)
        sheet = screen_text(app)
        assert CLOSE in sheet and CLICK in sheet
        log = log_text(app)
        close, click = in_sentences((CLOSE, CLICK))  # the log's running text cuts them short
        assert f"{close} " in log and f"{click} " in log and click.startswith("[@click")
        assert await click_every(pilot, app, CLICK) >= 1
        assert app.is_running and isinstance(app.screen, ScoreSheetScreen)


async def test_markup_names_against_the_computer_and_in_the_replay(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(game="single-deal"), names=(BOLD, CLICK), seed=5, save_dir=tmp_path)
    app = PinochleApp(setup, setup.start(), Display(speed=0))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        player = KeyboardPlayer(pilot, app)
        await player.play_hand(max_turns=6)
        text = screen_text(app)
        assert BOLD in text and CLICK in text
        assert await click_every(pilot, app, CLICK) >= 1
        assert app.is_running
        path = game_of(app).session.path
    assert path is not None
    game = open_game(path)
    viewer = ReplayApp(game.log, timeline(game.log), path.name)
    async with viewer.run_test(size=(100, 30)) as pilot:
        await pilot.press("end")
        assert await wait_until(pilot, lambda: BOLD in screen_text(viewer))
        assert await click_every(pilot, viewer, CLICK) >= 1
        assert viewer.is_running


async def test_a_wide_name_is_cut_and_the_history_chart_stays_lined_up(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(), names=(WIDE, "Computer"), seed=5, save_dir=tmp_path)
    session = setup.start()
    play_ahead(session, lambda s: s.state.hand_no == 2 and s.state.to_act is Seat.SOUTH)
    app = PinochleApp(setup, session, Display(speed=0))
    async with app.run_test(size=(80, 24)) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game.human_turn and app.screen is game)
        await pilot.press("t")
        assert await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await pilot.pause()
        lines = [line.strip(" █") for line in screen_text(app).splitlines()]
        scale = lines.index("scale 0 to 1000")
        assert lines[scale - 2 : scale] == [f"{WIDE_CUT}   ▂  200", f"{'Computer':<40}  ▂  130"]


def test_a_wide_name_is_cut_and_the_final_scores_stay_lined_up(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(game="single-deal"), names=(WIDE, "Bob"), seed=5, save_dir=tmp_path)
    session = setup.start()
    play_ahead(session, lambda s: s.state.is_over)
    state = session.state
    rows = summary_text(state, setup.names).split("\n\n")[1].splitlines()
    assert rows == [f"{WIDE_CUT} {state.scores[0]:>6}", f"{'Bob':<40}{state.scores[1]:>6}"]
