"""Broken records: one clear line naming the problem, never a traceback.

``tests/data/broken/expected.txt`` lists each broken file with the exit status
``pinochle verify`` gives it and a fragment of the error; hypothesis tests
throw mutated records, random documents and garbled bytes at ``check``, which
must give each one of its three verdicts in one inert line
(``benchmarks/fuzz.py`` does the same a hundred thousand times).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tui.cli import main
from pinochle_tui.engine import CARDS, Rules
from pinochle_tui.plaintext import is_inert
from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.models import ActionRecord, GameLog
from pinochle_tui.record.replay import play_through
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import MAX_BYTES, open_game
from pinochle_tui.record.verify import Verdict, check
from tests.record_helpers import MUTATIONS, finished_record, unfinished_record

BROKEN = Path(__file__).parent / "data" / "broken"


def _expected() -> list[tuple[str, int, str]]:
    rows = []
    for line in (BROKEN / "expected.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, status, fragment = (part.strip() for part in line.split("|", 2))
            rows.append((name, int(status), fragment))
    return rows


def test_the_corpus_lists_every_file() -> None:
    assert {name for name, _, _ in _expected()} == {p.name for p in BROKEN.glob("*.json")}


@pytest.mark.parametrize(("name", "status", "fragment"), _expected())
def test_a_broken_file_gives_one_line(
    name: str, status: int, fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = BROKEN / name
    with pytest.raises(RecordError) as raised:
        open_game(path)
    message = str(raised.value)
    assert fragment in message and "\n" not in message
    assert isinstance(raised.value, IllegalRecordError) == (status == 1)
    assert main(["verify", str(path)]) == status
    out, err = capsys.readouterr()
    assert message.startswith(f"{name}: ")
    assert out == "" and err == f"pinochle: {message}\n"


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(
        RecordError, match=r"huge.json: too large for a game record \(5242881 bytes"
    ):
        GameSession.load(path)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[" * 100_000 + "]" * 100_000, "nesting too large"),
        ('{"format": "pinochle-log", "version": 1, "seed": ' + "9" * 5000 + "}", "too large"),
        ('{"format": "pinochle-log", "version": 1e999}', "unsupported record version"),
        ('{"format": "pinochle-log", "version": 1, "seed": 1e999}', "seed: Input should be"),
    ],
    ids=["deep nesting", "5000 digits", "infinite version", "infinite seed"],
)
def test_absurd_json_is_refused(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "absurd.json"
    path.write_text(text.replace('"version": 1,', '"version": 1, ' + _VALID_FIELDS))
    with pytest.raises(RecordError, match=fragment):
        GameSession.load(path)


def test_a_missing_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read .*nothing.json: No such file"):
        GameSession.load(tmp_path / "nothing.json")


def _valid_document() -> dict[str, object]:
    """A finished single-deal game with melds and dix actions in it."""
    document: dict[str, object] = json.loads(FINISHED)
    return document


FINISHED = finished_record(8, Rules(game="single-deal"))
UNFINISHED = unfinished_record(3, 80)
VALID = _valid_document()
#: The valid document's fields after the version, to splice into hand-written JSON.
_VALID_FIELDS = (
    json.dumps({k: v for k, v in VALID.items() if k not in ("format", "version", "seed")})[1:-1]
    + ","
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


#: Every action a record might hold in place of the one played: each card played,
#: melds, the dix, the draws and declaring out.
_IN_PLACE = (
    *(f"play {card.tag}" for card in CARDS if card.rank in Rules().ranks),
    "meld pinochle QS JD",
    "meld marriage KS QS",
    "meld kings KS KH KD KC",
    "show 9S",
    "exchange 9S",
    "draw",
    "draw turn-up",
    "declare-out",
)


def test_each_refusal_of_an_action_is_told_of_its_seat_not_to_you() -> None:
    """Whatever action a record holds where the rules refuse it, the one line says
    why of the seat (South, North), never to "you": no one reading a log made the move."""
    log = GameLog.model_validate(VALID).model_copy(update={"result": None})
    reasons: set[str] = set()
    for index in range(len(log.hands[0].actions)):
        for seat, text in itertools.product(("south", "north"), _IN_PLACE):
            actions = (*log.hands[0].actions[:index], ActionRecord(seat=seat, action=text))
            edited = log.model_copy(
                update={"hands": (log.hands[0].model_copy(update={"actions": actions}),)}
            )
            try:
                play_through(edited)
            except IllegalRecordError as error:
                reasons.add(str(error).split("): ", 1)[1])
    for fragment in (
        "It is not North's turn: South is to lead.",
        "South does not hold",
        "North holds the other copy of",
        "South must follow suit, holding",
        "must beat the lead, holding a trump",
        "so must trump, holding",
        "North can only draw right after winning a trick",
        "has a turn to finish first",
        "A meld needs at least one card from the hand",
        "No one can declare out in a single-deal game: it has no target",
    ):
        assert any(fragment in reason for reason in reasons), fragment
    second_person = [r for r in reasons if re.search(r"\b(you|your)\b", r, re.IGNORECASE)]
    assert not second_person, second_person


def test_a_recorded_name_may_still_have_100_characters(tmp_path: Path) -> None:
    document = copy.deepcopy(VALID)
    document["players"][0]["name"] = "x" * 100  # type: ignore[index]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(document))
    assert check(path).kind == "valid"
    document["players"][0]["name"] = "x" * 101  # type: ignore[index]
    path.write_text(json.dumps(document))
    assert check(path).message == (
        "long.json: players.0.name: String should have at most 100 characters"
    )


def _judged(data: bytes) -> Verdict:
    """``check``'s verdict on a file holding ``data``, which must be one of the three, with
    a one-line message naming the file; nothing else may escape."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "fuzz.json"
        path.write_bytes(data)
        verdict = check(path)
    assert verdict.kind in ("valid", "illegal", "unreadable")
    assert is_inert(verdict.message) and "fuzz.json" in verdict.message
    assert (verdict.game is not None) == (verdict.kind == "valid")
    return verdict


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from([FINISHED, UNFINISHED]),
    kind=st.sampled_from(sorted(MUTATIONS)),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_mutated_record_gets_a_one_line_verdict(base: bytes, kind: str, seed: int) -> None:
    """Byte flips, truncation, deleted keys, changed types, huge numbers, deep nesting,
    hostile strings and keys, swapped items: see ``tests/record_helpers.py``."""
    _judged(MUTATIONS[kind](base, random.Random(seed)))


@settings(max_examples=100, deadline=None)
@given(document=JSON)
def test_any_json_document_gets_a_one_line_verdict(document: object) -> None:
    assert _judged(json.dumps(document).encode()).kind == "unreadable"


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=200), cut=st.integers(0, 20_000))
def test_truncated_or_garbled_bytes_get_a_one_line_verdict(data: bytes, cut: int) -> None:
    """A save cut short (what atomic saves prevent) or random bytes: never a crash."""
    _judged(FINISHED[:cut] + data)
