"""The text record: ``pinochle export --text`` then ``pinochle import`` gives back
exactly the game record, for a thousand random games of every rule variant."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from pinochle_tui.ai.heuristic import EasyPlayer
from pinochle_tui.ai.player import RandomPlayer
from pinochle_tui.cli import main
from pinochle_tui.engine import (
    Action,
    Card,
    DeclareOut,
    Event,
    GameState,
    Player,
    Rules,
    Seat,
    Table,
    UnsavedGame,
    shuffled_deck,
)
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.models import (
    ActionRecord,
    GameLog,
    HandRecord,
    PlayerInfo,
    UndoRecord,
    seat_name,
)
from pinochle_tui.record.replay import result_of
from pinochle_tui.record.store import open_game
from pinochle_tui.record.text import read_text, write_text
from tests.coach_helpers import throwaway_game

#: Names that a careless text format would trip over.
NAMES = (
    "Ann",
    'Bob "the" Builder',
    "back\\slash\\",
    "brace {x} ] [",
    "Zoë",
    "日本語",
    "comma, name",
    "  spaced  ",
    '[Tag "x"]',
    "Trick 1: South AS",
    "(aside)",
    "",
)
LEVELS = ("easy", "normal", "hard", "a plugin, with spaces")


class RecordingGame(UnsavedGame):
    """A game in memory that keeps what a record holds: each hand's dealer, deck
    and actions, and each undo."""

    def __init__(self, rules: Rules, rng: random.Random, dealer: Seat) -> None:
        super().__init__(GameState.new(rules, dealer=dealer), self._deck)
        self.rng = rng
        self.hands: list[tuple[Seat, list[Card], list[Action]]] = []
        self.undos: list[UndoRecord] = []

    def _deck(self, hand_no: int) -> list[Card]:
        deck = shuffled_deck(self.state.rules, self.rng)
        self.hands.append((self.state.dealer.other, deck, []))
        return deck

    def apply(self, action: Action) -> list[Event]:
        events = super().apply(action)
        self.hands[-1][2].append(action)
        return events

    def take_back(self, count: int, seat: Seat) -> None:
        actions = self.hands[-1][2]
        at = len(actions) - count + 1
        super().take_back(count, seat)
        del actions[at - 1 :]
        self.undos.append(
            UndoRecord(hand=len(self.hands), at_action=at, taken_back=count, seat=seat_name(seat))
        )


def random_rules(rng: random.Random) -> Rules:
    return Rules(
        pack=rng.choice((48, 64)),
        deal_packet=rng.choice((3, 4)),
        trick_count=rng.choice(("classic", "simplified", "counters")),
        double_pinochle=rng.random() < 0.8,
        dix_per_trick=rng.choice((1, 2)),
        dix_scores_when_played=rng.random() < 0.2,
        last_draw=rng.choice(("winner-takes-stock", "winner-chooses")),
        playoff_head=rng.choice(("trump-lead", "always")),
        game=rng.choice(("match", "single-deal", "single-deal")),
        target=rng.choice((100, 250, 400)),
        escalation=rng.choice(("continue", "reevaluate")),
        declare_out=rng.choice(("standard", "alt1", "alt2")),
    )


def random_game(seed: int) -> GameLog:
    """A whole game between random and easy players (easy declares out when it is
    sure), with now and then a declaration by the seat not to act and an undo."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    dealer = rng.choice(list(Seat))
    game = RecordingGame(rules, rng, dealer)
    table = Table(game)
    players: list[Player] = [rng.choice((RandomPlayer, EasyPlayer))(seed + seat) for seat in Seat]
    undo = rng.random() < 0.5
    table.advance()
    while table.outcome is None:
        decision = table.decision()
        assert decision is not None
        seat = decision.seat
        other = DeclareOut(seat.other)
        if undo and rng.random() < 0.04 and table.undo_count(seat):
            table.take_back(seat)
        elif rng.random() < 0.005 and other in table.legal(seat.other):
            table.act(other)
        else:
            table.act(players[seat].choose(decision.view, decision.legal))
    humans = rng.randrange(3)
    infos = []
    for seat in Seat:
        name = rng.choice(NAMES)
        if seat < humans:
            infos.append(PlayerInfo(name=name, kind="human"))
        else:
            infos.append(PlayerInfo(name=name, kind="computer", level=rng.choice(LEVELS)))
    offset = timezone(timedelta(minutes=rng.choice((-300, 0, 60, 330))))
    fields: dict[str, object] = {}
    if undo or rng.random() < 0.7:  # else a version 1 record, without the undo fields
        fields = {"undo_allowed": undo, "undos": tuple(game.undos)}
    return GameLog(
        version=2 if fields else 1,
        started=datetime(2026, 1, 1, tzinfo=offset) + timedelta(seconds=rng.randrange(10**8)),
        seed=rng.choice((None, rng.getrandbits(63))),
        rules=rules,
        players=(infos[0], infos[1]),
        first_dealer=seat_name(dealer),
        hands=tuple(
            HandRecord(
                dealer=seat_name(hand_dealer),
                deck=tuple(card.code for card in deck),
                actions=tuple(ActionRecord(seat=seat_name(a.seat), action=a.text) for a in acts),
            )
            for hand_dealer, deck, acts in game.hands
        ),
        result=result_of(game.state),
        **fields,
    )


@pytest.mark.parametrize("chunk", range(4))
def test_a_thousand_random_games_come_back_exactly(chunk: int) -> None:
    undone = declared = versions = 0
    for seed in range(chunk * 250, (chunk + 1) * 250):
        log = random_game(seed)
        comments = {n: f"remark {n} {{with braces}}\nand a newline" for n in range(1, 40, 7)}
        text = write_text(log, comments if seed % 2 else None)
        back = read_text(text)
        assert back == log, seed
        assert back.model_dump_json() == log.model_dump_json()
        undone += bool(log.undos)
        declared += "declares out" in text
        versions += log.version == 1
    assert undone > 5 and declared > 5 and versions > 5  # every kind of game was tried


def test_export_then_import_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    thrown = throwaway_game(tmp_path / "games")
    path = thrown.session.path
    assert path is not None
    out = tmp_path / "game.txt"
    assert main(["review", str(path), "--samples", "2", "--jobs", "1"]) == 0
    assert main(["export", str(path), "--text", "--output", str(out)]) == 0
    text = out.read_text()
    line = next(line for line in text.splitlines() if "South JC {?" in line)
    assert "it cost exactly 28 points" in line and line.startswith("Trick 21: North QC#2, ")
    assert main(["import", str(out), "--save-dir", str(tmp_path / "imported")]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    actions = thrown.session.log.action_count
    assert said.startswith("game.txt: imported as ") and said.endswith(
        f"(1 hand, {actions} actions)."
    )
    imported = open_game(Path(said.split(" as ")[1].split(" (")[0]))
    assert imported.log == thrown.session.log
    again = tmp_path / "again.json"
    assert main(["import", str(out), "--output", str(again)]) == 0
    assert main(["import", str(out), "--output", str(again)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert main(["export", str(path), "--json"]) == 0
    assert capsys.readouterr().out == path.read_text() + "\n"


def test_the_exported_review_names_the_players_as_they_knew_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The parts for the reader, the facts in brackets as much as the review's
    comments, name the players; the seat, which the lines of play keep for reading
    back, is given beside each name where the hands are dealt."""
    path = throwaway_game(tmp_path).session.path
    assert path is not None
    assert main(["export", str(path), "--text", "--review", "--samples", "2", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "(Ann [South] holds " in text and "(Computer [North] holds " in text
    assert "(hand scored: Ann meld " in text and "; Computer meld " in text
    takers = set(re.findall(r"[(;] ?(\w+) takes \d+", text))
    assert takers == {"Ann", "Computer"}, takers
    comment = next(line for line in text.splitlines() if "South JC {?" in line)
    assert "fewer for Ann" in comment and "more for Computer" in comment
    # A name's brackets cannot end the part it is in: they are square there.
    log = open_game(path).log
    odd = log.model_copy(
        update={"players": (PlayerInfo(name="Ann (x) {y}", kind="human"), log.players[1])}
    )
    written = write_text(odd)
    assert "(Ann [x] [y] [South] holds " in written and "(Ann [x] [y] takes " in written
    assert read_text(written) == odd


def test_importing_a_game_already_saved_names_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same game imported twice, or imported beside the game it was exported
    from, is saved once: the import names the file it is in, and stats count it once."""
    games = tmp_path / "games"
    path = throwaway_game(games).session.path
    assert path is not None
    text = tmp_path / "game.txt"
    assert main(["export", str(path), "--no-comments", "--output", str(text)]) == 0
    capsys.readouterr()
    assert main(["import", str(text), "--save-dir", str(games)]) == 0
    assert capsys.readouterr().out == f"game.txt: already saved as {path}; nothing imported.\n"
    assert list(games.glob("*.json")) == [path]
    elsewhere = tmp_path / "elsewhere"
    assert main(["import", str(text), "--save-dir", str(elsewhere)]) == 0
    [imported] = elsewhere.glob("*.json")
    assert capsys.readouterr().out.startswith(f"game.txt: imported as {imported} (1 hand, ")
    assert main(["import", str(text), "--save-dir", str(elsewhere)]) == 0
    assert capsys.readouterr().out == (
        f"game.txt: already saved as {imported}; nothing imported.\n"
    )
    assert list(elsewhere.glob("*.json")) == [imported]
    assert main(["stats", "--save-dir", str(elsewhere)]) == 0
    assert capsys.readouterr().out.startswith(f"1 game against the computer in {elsewhere}, ")


@pytest.fixture(scope="module")
def unfinished() -> str:
    """The text of the thrown-trick game stopped after ten actions."""
    log = throwaway_game(None).session.log
    hand = log.hands[0].model_copy(update={"actions": log.hands[0].actions[:10]})
    return write_text(log.model_copy(update={"hands": (hand,), "result": None}))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('[Format "pinochle-text 1"]', "", "not a pinochle text record"),
        ("Trick 3: ", "Trick 3 ", "not a trick, a turn or a deck: 'Trick 3 North"),
        ("Trick 1: South ", "Trick 1: ", "an action without its seat"),
        ("[South ", "[Nobody ", "the tag South is missing"),
        ("Deck: ", "Deck: AS ", "the deck is not a pack: a deck for the 48-card pack has 48 cards"),
        ("unfinished", "South 999, North 0: made up", "does not match the play (unfinished)"),
        ("Trick 1: South ", "Trick 1: North ", "It is not North's turn"),
        ("[Undo ", "[Undos ", "not a use of undo"),
    ],
)
def test_a_broken_text_is_refused_in_one_line(
    old: str,
    new: str,
    message: str,
    unfinished: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert old in unfinished
    path = tmp_path / "broken.txt"
    path.write_text(unfinished.replace(old, new, 1))
    with pytest.raises(RecordError) as raised:
        read_text(path.read_text(), path.name)
    assert message in str(raised.value) and str(raised.value).startswith("broken.txt: ")
    assert main(["import", str(path), "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
