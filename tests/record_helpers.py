"""Helpers for the record tests: sessions driven by random legal actions, and the
mutations that damage valid records for the fuzz test and ``benchmarks/fuzz.py``."""

from __future__ import annotations

import json
import multiprocessing
import random
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pinochle_tui.engine import GameState, Phase, Rules, Seat
from pinochle_tui.record.models import PlayerInfo
from pinochle_tui.record.session import GameSession
from tests.helpers import random_action

PLAYERS = (
    PlayerInfo(name="Ann", kind="human"),
    PlayerInfo(name="Computer", kind="computer", level="random"),
)


def step(session: GameSession, rng: random.Random, declare: float = 0.0) -> None:
    """Deal if the next hand is due, else apply a random legal action
    (declaring out, which ends a match at once, only with probability ``declare``)."""
    if session.needs_deal:
        session.deal()
    else:
        session.apply(random_action(session.state, rng, declare))


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything a replay must reproduce: both views, scores, phase, whose turn, legal actions."""
    return (
        state.view(Seat.SOUTH),
        state.view(Seat.NORTH),
        tuple(state.scores),
        state.phase,
        state.to_act if state.phase is not Phase.GAME_OVER else None,
        tuple(state.legal_actions()),
        state.winner,
        state.result,
    )


def start_games_at_once(
    barrier: threading.Barrier, directory: Path, rounds: int, paths: multiprocessing.Queue[str]
) -> None:
    """In a worker process: ``rounds`` times, wait for the others, then start a saved game."""
    for _ in range(rounds):
        barrier.wait()
        with GameSession.new(Rules(), PLAYERS, seed=1, save_dir=directory) as session:
            paths.put(str(session.path))


@contextmanager
def no_hang(seconds: float) -> Iterator[None]:
    """Fail, instead of hanging, if the block runs longer than ``seconds`` (SIGALRM
    interrupts even a blocking ``open``; POSIX, main thread only). The failure is an
    AssertionError, which no ``except OSError`` in the code under test can swallow."""

    def expire(signum: int, frame: object) -> None:
        raise AssertionError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- mutations of valid records, for the fuzz test and benchmarks/fuzz.py ----------

#: Strings no record should hold, or that a terminal or Rich would obey if printed raw.
HOSTILE = (
    "\x1b]0;pwned\x07",
    "Ann\nBob",
    "\r\x1b[2K\x1b[1A",
    "[/]",
    "[bold red]red[/bold red]",
    "[@click=app.quit]quit[/]",
    "\u202egnp.exe",
    "\x9b31m",
    "\x00\x7f\x85\u2028",
    "\ud800",
    "x" * 5000,
    "",
)


def finished_record(seed: int, rules: Rules) -> bytes:
    """A whole game, played by random legal actions, as its file holds it."""
    session = GameSession.new(rules, PLAYERS, seed=seed)
    rng = random.Random(seed)
    while not session.state.is_over:
        step(session, rng)
    return session.log.model_dump_json(indent=1).encode()


def unfinished_record(seed: int, steps: int) -> bytes:
    """A match stopped after ``steps`` deals and actions."""
    session = GameSession.new(Rules(), PLAYERS, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        step(session, rng)
    return session.log.model_dump_json(indent=1).encode()


def _locations(node: Any) -> Iterator[tuple[Any, Any, Any]]:
    """Every value inside a JSON document: the container holding it, its key, the value."""
    if isinstance(node, dict):
        items: Iterable[tuple[Any, Any]] = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, value in list(items):
        yield node, key, value
        yield from _locations(value)


def _pick(
    document: Any, rng: random.Random, wanted: Callable[[Any], bool] = bool
) -> tuple[Any, Any]:
    """A random value of the document for which ``wanted`` holds: its container and key."""
    return rng.choice([(parent, key) for parent, key, v in _locations(document) if wanted(v)])


def _dump(document: Any) -> bytes:
    return json.dumps(document).encode()


#: Stands for a value whose JSON text is spliced in afterwards (``json.dumps`` would refuse it).
_MARK = "\x00splice\x00"


def _splice(data: bytes, rng: random.Random, text: str) -> bytes:
    document = json.loads(data)
    parent, key = _pick(document, rng, lambda value: True)
    parent[key] = _MARK
    return _dump(document).replace(json.dumps(_MARK).encode(), text.encode(), 1)


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    """One to four bytes replaced by random ones."""
    mutable = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        mutable[rng.randrange(len(mutable))] = rng.randrange(256)
    return bytes(mutable)


def truncate(data: bytes, rng: random.Random) -> bytes:
    """The file cut short anywhere (what an atomic save prevents)."""
    return data[: rng.randrange(len(data))]


def delete_key(data: bytes, rng: random.Random) -> bytes:
    """One key of one object (the whole record's included) removed."""
    document = json.loads(data)
    objects = [document] + [v for _, _, v in _locations(document) if isinstance(v, dict) and v]
    target = rng.choice(objects)
    del target[rng.choice(sorted(target))]
    return _dump(document)


_OTHER_TYPES: tuple[object, ...] = (None, True, 0, -1, 1.5, "", "7", [], {}, [1, "a"], {"a": 1})


def change_type(data: bytes, rng: random.Random) -> bytes:
    """One value replaced by one of another JSON type."""
    document = json.loads(data)
    parent, key = _pick(document, rng, lambda value: True)
    parent[key] = rng.choice([v for v in _OTHER_TYPES if type(v) is not type(parent[key])])
    return _dump(document)


_HUGE = ("1" + "0" * 30, "-" + "9" * 40, str(2**63), str(2**64), "9" * 5000, "1e999", "-1e999")


def huge_number(data: bytes, rng: random.Random) -> bytes:
    """One value replaced by a number far out of range."""
    return _splice(data, rng, rng.choice(_HUGE))


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    """One value replaced by lists or objects nested tens to a hundred thousand deep."""
    depth = rng.choice((30, 300, 3000, 100_000))
    opening, closing = rng.choice((("[", "]"), ('{"a":', "}")))
    return _splice(data, rng, opening * depth + "1" + closing * depth)


def hostile_string(data: bytes, rng: random.Random) -> bytes:
    """One string (a name, an action, a reason, a card...) replaced by, or extended with,
    control characters, markup or a huge text."""
    document = json.loads(data)
    parent, key = _pick(document, rng, lambda value: isinstance(value, str))
    hostile = rng.choice(HOSTILE)
    parent[key] = parent[key] + hostile if rng.random() < 0.5 else hostile
    return _dump(document)


def hostile_key(data: bytes, rng: random.Random) -> bytes:
    """One key of one object renamed to a hostile string."""
    document = json.loads(data)
    objects = [document] + [v for _, _, v in _locations(document) if isinstance(v, dict) and v]
    target = rng.choice(objects)
    target[rng.choice(HOSTILE)] = target.pop(rng.choice(sorted(target)))
    return _dump(document)


def swap_items(data: bytes, rng: random.Random) -> bytes:
    """Two items of one list (a deck, a hand's actions, the players...) swapped."""
    document = json.loads(data)
    parent, key = _pick(document, rng, lambda value: isinstance(value, list) and len(value) > 1)
    items = parent[key]
    i, j = rng.sample(range(len(items)), 2)
    items[i], items[j] = items[j], items[i]
    return _dump(document)


#: Each way of damaging a record, by name.
MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "flip-bytes": flip_bytes,
    "truncate": truncate,
    "delete-key": delete_key,
    "change-type": change_type,
    "huge-number": huge_number,
    "deep-nesting": deep_nesting,
    "hostile-string": hostile_string,
    "hostile-key": hostile_key,
    "swap-items": swap_items,
}
