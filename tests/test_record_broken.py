"""Broken records: one clear line naming the problem, never a traceback.

``tests/data/broken/expected.txt`` lists each broken file with the exit status
``pinochle verify`` gives it and a fragment of the error; a hypothesis test
throws random and mutated documents at the loader.
"""

from __future__ import annotations

import copy
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tui.cli import main
from pinochle_tui.engine import Rules
from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import MAX_BYTES, open_game
from tests.record_helpers import PLAYERS, step

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
    session = GameSession.new(Rules(game="single-deal"), PLAYERS, seed=8)
    rng = random.Random(8)
    while not session.state.is_over:
        step(session, rng)
    document: dict[str, object] = json.loads(session.log.model_dump_json())
    return document


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


def _paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path to a value inside a JSON document."""
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


@st.composite
def mutated(draw: st.DrawFn) -> object:
    """The valid game with one to three values replaced, removed or altered."""
    document: object = copy.deepcopy(VALID)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(document) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: object = document
        for key in path[:-1]:
            parent = parent[key]  # type: ignore[index]
        key = path[-1]
        old = parent[key]  # type: ignore[index]
        how = draw(st.sampled_from(["replace", "remove", "alter"]))
        if how == "remove":
            del parent[key]  # type: ignore[attr-defined]
        elif how == "alter" and isinstance(old, str):
            words = old.split() or [""]
            words[draw(st.integers(0, max(0, len(words) - 1)))] = draw(
                st.sampled_from(["QS#2", "10H", "flush", "draw", "", "turn-up", "9C#3"])
            )
            parent[key] = " ".join(words)  # type: ignore[index]
        elif how == "alter" and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + draw(st.sampled_from([-1, 1, 1000]))  # type: ignore[index]
        else:
            parent[key] = draw(JSON)  # type: ignore[index]
    return document


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=JSON | mutated())
def test_nothing_but_record_errors_escape_the_loader(document: object) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "fuzz.json"
        path.write_text(json.dumps(document))
        try:
            GameSession.load(path)
        except RecordError as error:
            assert "\n" not in str(error)


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=200), cut=st.integers(0, 20_000))
def test_truncated_or_garbled_bytes_are_record_errors(data: bytes, cut: int) -> None:
    """A save cut short (what atomic saves prevent) or random bytes: never a crash."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "garbled.json"
        path.write_bytes(json.dumps(VALID).encode()[:cut] + data)
        try:
            GameSession.load(path)
        except RecordError as error:
            assert "\n" not in str(error)
