"""The card table at the keys: every card has a key that stays its own, the meld
panel's numbers stay put for the turn, the layout follows the terminal's size
live, a resumed game tells its hand again, and the commands of the palette and
the footer (quit, screenshot, scores, speed) do what they say. Deals are stacked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import OptionList, Static

from pinochle_tui.engine import Card, ExchangeDix, Meld, MeldKind, MeldScored, Phase, Rules, Seat
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.app import PinochleApp
from pinochle_tui.tui.cardfaces import COMPACT, HUGE, LARGE, face
from pinochle_tui.tui.handkeys import PICK_KEYS, binding_key
from pinochle_tui.tui.screens.quit import QuitScreen
from pinochle_tui.tui.screens.score_sheet import HistoryScreen
from pinochle_tui.tui.setup import Display, MatchSetup
from pinochle_tui.tui.widgets.flight import FlyingCard
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.log import GameLog
from pinochle_tui.tui.widgets.meld_panel import MeldPanel
from pinochle_tui.tui.widgets.scoreboard import ScoreBoard
from pinochle_tui.tui.widgets.stock import StockView
from pinochle_tui.tui.widgets.table import Melds, TableMelds
from pinochle_tui.tui.widgets.trick import TrickView
from tests.probe import (
    AnyPilot,
    KeyboardPlayer,
    game_of,
    notices,
    play_ahead,
    region_text,
    screen_text,
    stacked_setup,
    wait_until,
)

#: South holds both trump aces (trumps are diamonds), the dix and a marriage in spades.
SOUTH = "AD AD 9D KS QS AS AS 10S AC 10C AH 10H"
NORTH = "9S JS 9C JC QC KC 9H JH QH KH JD QD"


def app_of(setup: MatchSetup, session: GameSession | None = None, **display: object) -> PinochleApp:
    return PinochleApp(setup, session or setup.start(), Display(speed=0, **display))  # type: ignore[arg-type]


async def my_turn(pilot: AnyPilot, app: PinochleApp) -> None:
    game = game_of(app)
    assert await wait_until(pilot, lambda: game.human_turn and app.screen is game)


async def play_key(pilot: AnyPilot, app: PinochleApp, card: Card) -> None:
    """Press ``card``'s key twice (which plays it) and wait for the move."""
    game = game_of(app)
    key = binding_key(game.query_one(HandView).keys[card])
    before = game.move_no
    await pilot.press(key, key)
    assert await wait_until(pilot, lambda: game.move_no > before)


async def won_first_trick(pilot: AnyPilot, app: PinochleApp) -> MeldPanel:
    """South leads the A♦ (trumps are diamonds), takes the trick, and is offered its melds."""
    await my_turn(pilot, app)
    game = game_of(app)
    hand = game.query_one(HandView)
    await play_key(pilot, app, next(c for c in hand.keys if c.code == "AD"))
    panel = game.query_one(MeldPanel)
    assert await wait_until(pilot, lambda: bool(panel.display) and game.human_turn)
    return panel


def played(app: PinochleApp) -> list[Card]:
    view = game_of(app).view
    cards = [c for t in view.tricks for c in (t.lead, t.reply)]
    return [*cards, view.lead] if view.lead is not None else cards


async def play_every_key(pilot: AnyPilot, app: PinochleApp, keys: str) -> None:
    """At the first ``len(keys)`` plays of the hand, play the card under the next key."""
    game = game_of(app)
    player = KeyboardPlayer(pilot, app)
    for key in keys:
        await my_turn(pilot, app)
        while game.session.state.phase is Phase.MELD:
            await player.take_turn()
            await my_turn(pilot, app)
        hand = game.query_one(HandView)
        card = next(c for c, k in hand.keys.items() if k == key)
        await play_key(pilot, app, card)
        assert card in played(app), (key, card)


async def test_every_card_of_a_12_card_hand_plays_by_its_key(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_every_key(pilot, app, PICK_KEYS[:12])


async def test_every_card_of_a_16_card_hand_plays_by_its_key(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(pack=64), seed=3, save_dir=tmp_path)
    app = app_of(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_every_key(pilot, app, PICK_KEYS[:16])


async def test_the_numbers_stay_after_a_meld_and_the_panel_keeps_its_own(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(120, 40)) as pilot:
        panel = await won_first_trick(pilot, app)
        game = game_of(app)
        hand = game.query_one(HandView)
        keys = hand.keys
        meld = next(i for i, a in enumerate(panel.actions) if isinstance(a, Meld))
        chosen = panel.actions[meld]
        assert isinstance(chosen, Meld)
        draw = len(panel.actions) - 1
        before = game.move_no
        await pilot.press(str(meld + 1))
        assert await wait_until(pilot, lambda: game.move_no > before)
        assert hand.keys == keys, "a melded card keeps its key, and so does every other"
        assert {card for card, _ in hand.holding.table} == set(chosen.cards)
        assert panel.actions[meld] is None and len(panel.actions) == draw + 1
        await pilot.press(str(meld + 1))  # the used option does nothing now
        await pilot.pause()
        assert game.move_no == before + 1 and game.session.state.phase is Phase.MELD


async def test_the_meld_panel_shows_every_option_after_the_table_beside_it_changes_width(
    tmp_path: Path,
) -> None:
    """At 100 x 30 every option is in view, each on one line (the trick lies
    under the stock). The panel's width follows the trick beside it (its caption, its
    names), and at any width it must look the same whatever came before: a
    scrollbar shown while it was narrower must not stay and keep the options
    wrapped and scrolled though they fit (seen at 100 x 30: the first option's
    name scrolled out of view)."""
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(100, 30)) as pilot:
        options = (await won_first_trick(pilot, app)).query_one("#meld-options", OptionList)
        await pilot.pause()
        trick = game_of(app).query_one("#trick")
        fits = options.content_region.height
        assert options.virtual_size.height <= fits and not options.show_vertical_scrollbar
        base = trick.region.width

        async def panel_at(wider: int, squeezed_first: bool) -> tuple[bool, int]:
            trick.styles.min_width = base + 20 if squeezed_first else None
            await pilot.pause()
            trick.styles.min_width = wider  # as a longer caption would
            await pilot.pause()
            return options.show_vertical_scrollbar, options.virtual_size.height

        scrolled = 0
        for wider in range(base, base + 20):
            shown = await panel_at(wider, squeezed_first=False)
            assert await panel_at(wider, squeezed_first=True) == shown, f"trick {wider} wide"
            scrolled += shown[0]
        assert scrolled, "the options always fitted: the test proved nothing"


async def test_the_melds_line_counts_the_dix_as_the_score_does(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(120, 40)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        mine = game.query_one("#melds-mine", TableMelds)
        assert mine.caption().plain == "Your melds: none yet"
        panel = await won_first_trick(pilot, app)
        exchange = next(i for i, a in enumerate(panel.actions) if isinstance(a, ExchangeDix))
        before = game.move_no
        await pilot.press(str(exchange + 1))
        assert await wait_until(pilot, lambda: game.move_no > before)
        assert game.view.meld_points[game.viewer] == 10
        assert mine.caption().plain == "Your melds 10: dix 10"
        # The exchange's number stays, greyed; pressed again, it is refused in words.
        assert await wait_until(pilot, lambda: panel.actions[exchange] is None)
        moves, greyed = game.move_no, f"Option {exchange + 1} is done"
        assert greyed not in notices(app)
        await pilot.press(str(exchange + 1))
        assert await wait_until(pilot, lambda: greyed in notices(app))
        assert game.move_no == moves
        # A meld after the dix: both listed, and counted together.
        king, queen = Card.parse("KS"), Card.parse("QS")
        marriage = MeldScored(game.viewer, MeldKind.MARRIAGE, (king, queen), 20)
        mine.melds = Melds("You", (marriage,), (king, queen), dix=10)
        assert mine.caption().plain == "Your melds 30: dix 10 · marriage K♠ Q♠ 20"


#: A melds line too long for one line at 80 or 100 columns, meld by meld.
LONG_LINE = (
    "dix 10",
    "40 jacks J♠ J♥ J♦ J♣",
    "100 aces A♠ A♥ A♦ A♣",
    "pinochle Q♠ J♦ 40",
    "marriage K♥ Q♥ 20",
)


def long_melds(owner: str, seat: Seat, on_table: bool) -> Melds:
    """The melds of ``LONG_LINE`` for ``seat``, their cards on its table or all played."""
    jacks = tuple(Card.parse(f"J{s}") for s in "SHDC")
    aces = tuple(Card.parse(f"A{s}") for s in "SHDC")
    pinochle = (Card.parse("QS"), Card.parse("JD"))
    marriage = (Card.parse("KH"), Card.parse("QH"))
    melds = (
        MeldScored(seat, MeldKind.JACKS, jacks, 40),
        MeldScored(seat, MeldKind.ACES, aces, 100),
        MeldScored(seat, MeldKind.PINOCHLE, pinochle, 40),
        MeldScored(seat, MeldKind.MARRIAGE, marriage, 20),
    )
    cards = jacks + aces + pinochle + marriage if on_table else ()
    return Melds(owner, melds, cards, dix=10)


async def test_a_long_melds_line_breaks_between_melds_never_inside_one(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        mine = game.query_one("#melds-mine", TableMelds)
        mine.melds = long_melds("You", game.viewer, on_table=True)
        await pilot.pause()
        assert mine.caption().plain == "Your melds 210: " + " · ".join(LONG_LINE)
        lines = screen_text(app).splitlines()
        for meld in LONG_LINE:
            assert any(meld in line for line in lines), f"{meld!r} is broken across lines"
        assert mine.size.width < len(mine.caption().plain), "the line must need breaking"


async def test_a_melds_line_that_wraps_moves_neither_the_trick_nor_the_hand(
    tmp_path: Path,
) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)

        def rows() -> tuple[int, int]:
            return game.query_one(TrickView).region.y, game.query_one(HandView).region.y

        before = rows()
        for widget_id, owner, seat in (
            ("#melds-opponent", "Computer", game.viewer.other),
            ("#melds-mine", "You", game.viewer),
        ):
            widget = game.query_one(widget_id, TableMelds)
            assert "\n" not in widget.caption(widget.size.width).plain
            widget.melds = long_melds(owner, seat, on_table=False)
            await pilot.pause()
            assert "\n" in widget.caption(widget.size.width).plain, "the line must wrap"
            assert rows() == before, widget_id


async def test_long_names_are_cut_before_the_score_rows_lose_their_labels(
    tmp_path: Path,
) -> None:
    names = ("Bartholomew Featherstonehaugh", "Anastasia Wolfeschlegelstein")
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD", names=names))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        board = game_of(app).query_one(ScoreBoard)
        region = board.content_region
        lines = [
            line[region.x : region.right]
            for line in screen_text(app).splitlines()[region.y : region.bottom]
        ]
        heads = next(line for line in lines if "Bart" in line)
        assert "Anast" in heads, lines
        for label in ("Meld ", "Tricks ", "Total "):
            assert any(line.startswith(label) for line in lines), (label, lines)
        # Over the trick's two places, each name is cut to its place, visibly.
        assert "Anastasia…  Bart…" in screen_text(app)


#: A name of 40 cells, the most ``names.check_name`` allows.
FORTY_CELLS = "Bartholomew Featherstonehaugh-Wolfeschle"


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_a_long_name_is_cut_in_its_melds_line_which_stays_one_line(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD", names=("Ann", FORTY_CELLS)))
    async with app.run_test(size=size) as pilot:
        await my_turn(pilot, app)
        theirs = game_of(app).query_one("#melds-opponent", TableMelds)
        jacks = tuple(Card.parse(f"J{s}") for s in "SHDC")
        for melds, words in (
            (theirs.melds, "none yet"),
            (Melds(FORTY_CELLS, (MeldScored(Seat.NORTH, MeldKind.JACKS, jacks, 40),), jacks), "J♣"),
        ):
            theirs.melds = melds
            await pilot.pause()
            lines = region_text(app, theirs).splitlines()
            line = next(line for line in lines if "'s melds" in line)
            assert line.strip().startswith("Bartholomew") and words in line, lines


async def test_the_computers_card_is_told_when_it_lands_not_while_it_flies(
    tmp_path: Path,
) -> None:
    setup = stacked_setup(tmp_path, SOUTH, NORTH, "KD")
    app = PinochleApp(setup, setup.start(), Display(speed=5))  # a 1.5 s flight
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        log, flying = game.query_one(GameLog), game.query_one(FlyingCard)
        await play_key(pilot, app, next(c for c in game.query_one(HandView).keys if c.code == "AD"))
        game.action_skip()  # no pause: the computer thinks at once
        # Quietly: the pilot's own waits would wait for the flight to end.
        assert await wait_until(pilot, lambda: flying.flying, quiet=True)
        told, card = len(log.told), flying.card
        assert card is not None
        prompt = str(game.query_one("#prompt", Static).render())
        assert prompt == f"{game.names[Seat.NORTH]} plays…", prompt
        assert face(card, False) not in " ".join(log.told[-2:]), "told before it landed"
        assert "took" not in screen_text(app), "the trick is taken before the card lands"
        assert await wait_until(pilot, lambda: "Skip" in screen_text(app), quiet=True)
        await pilot.press("space")  # Skip: the card lands
        assert not flying.flying
        # On one line: the title's width follows the landing.
        took = re.compile(r"Trick 1: You took \d+")
        assert await wait_until(pilot, lambda: took.search(screen_text(app)) is not None)
        assert await wait_until(pilot, lambda: "Skip" not in screen_text(app)), "nothing to skip"
        assert len(log.told) > told and face(card, False) in " ".join(log.told[told:])
        assert "plays…" not in str(game.query_one("#prompt", Static).render())


async def test_nothing_has_the_keys_while_the_computer_plays_first(tmp_path: Path) -> None:
    setup = MatchSetup(Rules(), seed=2, save_dir=tmp_path, first_dealer=Seat.SOUTH)
    app = PinochleApp(setup, setup.start(), Display(speed=20))  # an 18 s pause to look
    async with app.run_test(size=(80, 24)) as pilot:
        game = game_of(app)
        assert await wait_until(pilot, lambda: game._pause is not None, quiet=True)
        await pilot.pause(0.2)
        footer = screen_text(app).splitlines()[-1]
        assert app.focused is None, app.focused
        assert "Option" not in footer and "Play" not in footer, footer
        before = game.move_no
        await pilot.press("1", "enter")  # nothing to choose, nothing to play
        assert game.move_no == before and game._pause is not None
        await pilot.press("space")
        await my_turn(pilot, app)
        assert isinstance(app.focused, HandView)


async def test_a_long_name_is_cut_in_the_tricks_title_to_leave_room_for_the_choices(
    tmp_path: Path,
) -> None:
    names = ("Bartholomew Featherstonehaugh-Wolfeschle", "Anastasia")  # 40 letters: the most
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD", names=names))
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await won_first_trick(pilot, app)
        board = game_of(app).query_one("#board").region
        assert panel.region.width >= 15 and panel.region.right <= board.right, panel.region
        assert "1  100 aces" in screen_text(app)
        assert "Trick 1: Bartholomew… took" in screen_text(app)


async def test_the_footer_shows_every_key_whole_in_80_columns(tmp_path: Path) -> None:
    # The most keys at once: your turn (Declare, Hint) while a card is still
    # flying in or the pause after the computer's move runs (Skip).
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        game._pause = (game.set_timer(60, lambda: None), lambda: None)
        game.refresh_bindings()
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        for key in ("⏎ Play", "1… Card", "o Declare", "u Undo", "h Hint", "␣ Skip", "t Scores"):
            assert key in footer, footer
        assert "? Rules q Quit " in footer and "^p More" in footer, footer


async def test_the_cursor_lands_on_playable_cards_only_in_the_playoff(tmp_path: Path) -> None:
    setup = stacked_setup(tmp_path, SOUTH, NORTH, "KD")
    session = setup.start()
    play_ahead(session, lambda s: s.state.playoff and s.state.phase is Phase.FOLLOW)
    app = app_of(setup, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        hand = game.query_one(HandView)
        playable = hand.holding.playable or frozenset()
        for key in ("right", "right", "left", "right", "right", "right"):
            await pilot.press(key)
            assert hand.selected in playable
        dimmed = [card for card in hand.cards if card not in playable]
        if dimmed:
            await pilot.press(binding_key(hand.keys[dimmed[0]]))
            assert await wait_until(pilot, lambda: "Not allowed. " in screen_text(app))
            region = hand.region
            assert "Not allowed" not in "".join(
                line[region.x : region.right]
                for line in screen_text(app).splitlines()[region.y : region.bottom]
            ), "the refusal is told above the hand, never over it"


async def test_the_faces_follow_the_terminal_size_live(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        hand = game.query_one(HandView)
        assert hand.size_of_face is COMPACT and game.tier == "compact"
        for size, face, tier in (
            ((120, 40), LARGE, "large"),
            ((200, 50), HUGE, "huge"),
            ((100, 30), COMPACT, "medium"),
        ):
            await pilot.resize_terminal(*size)
            assert await wait_until(pilot, lambda: game.tier == tier), tier  # noqa: B023
            assert hand.size_of_face is face
            assert hand.region.right <= game.query_one("#board").region.right


async def test_the_log_wraps_again_when_the_terminal_changes_size(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(160, 50)) as pilot:
        await won_first_trick(pilot, app)
        log = game_of(app).query_one(GameLog)
        # a sentence too wide for the log at 80 x 24 but not at 160 x 50
        assert any(22 < cell_len(line) <= 40 for line in log.told), log.told
        for size in ((80, 24), (160, 50), (100, 30)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            width = log.scrollable_content_region.width
            assert await wait_until(pilot, lambda: log.virtual_size.width <= width), size  # noqa: B023
            # every sentence whole, the newest in view, each on one line if it fits
            shown = [strip.text.rstrip() for strip in log.lines]
            assert " ".join(" ".join(shown).split()) == " ".join(" ".join(log.told).split())
            assert log.scroll_offset.y + log.scrollable_content_region.height >= len(shown)
            for line in log.told:
                assert (line in shown) is (cell_len(line) <= width), (size, width, line)


async def test_a_resumed_game_tells_its_hand_again_and_keeps_its_score_sheets(
    tmp_path: Path,
) -> None:
    setup = stacked_setup(tmp_path, SOUTH, NORTH, "KD")
    session = setup.start()
    play_ahead(session, lambda s: s.state.hand_no == 2 and len(s.state.tricks) == 2)
    path = session.path
    session.close()
    assert path is not None
    app = app_of(setup, GameSession.load(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        told = game.query_one(GameLog).told
        assert any(line.startswith("Hand 2:") for line in told)
        assert sum("the trick (" in line for line in told) >= 2
        assert told[-1].startswith("Game resumed in hand 2")
        await pilot.press("t")
        assert await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert "Hand 1" in screen_text(app) and "The match so far" in screen_text(app)


async def test_quit_mid_hand_asks_and_says_how_to_resume(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("q")
        assert await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
        assert "pinochle resume" in screen_text(app) and "`" not in screen_text(app)
        await pilot.press("n")
        assert await wait_until(pilot, lambda: app.screen is game_of(app))
        assert app.is_running


async def test_screenshot_and_speed_from_the_palette(tmp_path: Path) -> None:
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await my_turn(pilot, app)
        commands = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Speed: slow", "Speed: normal", "Scores", "Screenshot"} <= commands
        assert "Skip wait" not in commands, "no pause to skip: not offered"
        app.action_save_screenshot()
        await pilot.pause()
        shots = list(tmp_path.glob("*.svg"))
        assert len(shots) == 1
        notices = " ".join(str(n.message) for n in app._notifications)
        assert f"Screenshot saved in {shots[0]}" in notices
        app.set_speed(1.8)
        assert game_of(app).options.speed == 1.8


async def test_the_stock_and_the_trick_stay_put_as_the_tricks_go_by(tmp_path: Path) -> None:
    """The trick's title changes from "Trick 3" to "Trick 3: Computer led" to
    "Trick 3: You took 13": the row of the stock and the trick must not shift
    sideways with it."""
    app = app_of(stacked_setup(tmp_path, SOUTH, NORTH, "KD"))
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        game = game_of(app)
        player = KeyboardPlayer(pilot, app)
        places: set[tuple[int, int]] = set()
        titles: set[str] = set()
        for _ in range(12):
            await player.play_hand(max_turns=1)
            await pilot.pause()
            if game.query_one(MeldPanel).display:
                continue  # beside the winner's choices the trick lies under the stock
            trick = game.query_one(TrickView)
            places.add((game.query_one(StockView).region.x, trick.region.x))
            titles.add(screen_text(app).splitlines()[trick.region.y].strip().split("  ")[-1])
        assert len(titles) >= 3, titles  # the title did change its length
        assert len(places) == 1, places
