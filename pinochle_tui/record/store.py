"""Where games live on disk: the save directory, saving, and the one way to open a game.

``open_game`` finds the game a name means (``latest``, a path, a file name in
the save directory), reads it safely and replays it through the engine; every
command that reads a game goes through it. ``list_games`` summarizes the
whole directory, broken and foreign files included, without ever blocking
on a special file (see ``files``).

A new game gets a file of its own: its name is claimed with an exclusive
create (the next free ``-2``, ``-3``... if taken, even by a game started the
same second in another process) and locked for the session that plays it
(see ``lock``). Every save is atomic.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from itertools import chain
from pathlib import Path

import platformdirs
from pydantic import ValidationError

from pinochle_tui.engine import GameState, Rules
from pinochle_tui.plaintext import inert, plural
from pinochle_tui.record.errors import GameLockedError, IllegalRecordError, RecordError
from pinochle_tui.record.files import (
    GameFile,
    commit,
    read_file,
    replace_file,
    reserve,
    scan,
    write_temp,
)
from pinochle_tui.record.lock import GameLock, acquire
from pinochle_tui.record.models import FORMAT, READABLE, GameLog, GameResult, PlayerInfo
from pinochle_tui.record.replay import replay

#: Larger files are refused unread: a whole match is a few hundred kilobytes.
MAX_BYTES = 5 * 1024 * 1024
#: How many names a new game tries before giving up (each taken by a game that second).
_NAMES = 1000
#: How much of a value read from a file an error message quotes.
_QUOTE = 60


def save_dir(override: str | Path | None = None) -> Path:
    """``--save-dir``, else ``$PINOCHLE_HOME``, else the user data dir's ``games``; created."""
    chosen = override or os.environ.get("PINOCHLE_HOME")
    directory = (
        Path(chosen).expanduser()
        if chosen
        else Path(platformdirs.user_data_dir("pinochle-tui")) / "games"
    )
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RecordError(f"cannot create {directory}: {error.strerror}") from None
    return directory


# -- saving ---------------------------------------------------------------------


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:20].strip("-") or "player"


def game_names(
    directory: Path, started: datetime, players: tuple[PlayerInfo, ...]
) -> Iterator[Path]:
    """The names a new game may take, in order: ``...T18-30-05-ann-vs-bob.json``, then
    ``...-bob-2.json``, ``-3``... up to ``-1000`` (``_NAMES``)."""
    stem = started.strftime("%Y-%m-%dT%H-%M-%S-") + "-vs-".join(_slug(p.name) for p in players)
    yield directory / f"{stem}.json"
    for n in range(2, _NAMES + 1):
        yield directory / f"{stem}-{n}.json"


def _encode(log: GameLog) -> bytes:
    return log.model_dump_json(indent=1).encode()


def write_log(path: Path, log: GameLog) -> None:
    """Save ``log`` over ``path`` atomically; RecordError (one line) if it cannot be."""
    try:
        replace_file(path, _encode(log))
    except OSError as error:
        raise RecordError(f"cannot save the game to {path}: {error.strerror}") from None


def create_log(directory: Path, log: GameLog) -> tuple[Path, GameLock | None]:
    """Save ``log`` as a new game file in ``directory`` (created if need be), locked for
    this process.

    The file is written and fsynced under a temporary name first, then renamed
    onto a name claimed by an exclusive create, so the game file is never seen
    empty for longer than a rename, and a name is never shared. Returns the
    file and its lock (None where games cannot be locked); RecordError if the
    game cannot be saved there.
    """
    names = game_names(directory, log.started, log.players)
    first = next(names)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temp = write_temp(first, _encode(log))
        try:
            for path in chain([first], names):
                try:
                    lock = acquire(path)
                except GameLockedError:  # another process is creating this very name
                    continue
                with ExitStack() as undo:
                    if lock is not None:
                        undo.callback(lock.release)
                    try:
                        reserve(path)
                    except FileExistsError:
                        continue
                    undo.callback(path.unlink, missing_ok=True)
                    commit(temp, path)
                    undo.pop_all()
                    return path, lock
        finally:
            temp.unlink(missing_ok=True)  # gone already once committed
    except OSError as error:
        raise RecordError(f"cannot save the game in {directory}: {error.strerror}") from None
    raise RecordError(f"cannot save the game in {directory}: no free file name")


# -- reading --------------------------------------------------------------------


def read_log(path: Path) -> GameLog:
    """Read and validate a record, without replaying it; RecordError names the problem."""
    raw = read_file(path, MAX_BYTES)
    try:
        text = raw.decode("utf-8")
        document = json.loads(text)
    except UnicodeDecodeError:
        raise RecordError(f"{path.name}: not a text file (invalid UTF-8)") from None
    except json.JSONDecodeError as error:
        raise RecordError(
            f"{path.name}: not valid JSON ({error.msg} at line {error.lineno} column {error.colno})"
        ) from None
    except (ValueError, RecursionError):  # absurd numbers or nesting
        raise RecordError(f"{path.name}: not valid JSON (number or nesting too large)") from None
    _check_header(path, document)
    try:
        return GameLog.model_validate_json(text, strict=True)
    except ValidationError as error:
        raise RecordError(f"{path.name}: {_first_problem(error)}") from None


def _check_header(path: Path, document: object) -> None:
    """Refuse a document that is not ours, or from another version, before details."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RecordError(f'{path.name}: not a pinochle game record (no "format": "{FORMAT}")')
    version = document.get("version")
    if type(version) is not int or version not in READABLE:  # not True, nor 2.0
        readable = " and ".join(map(str, READABLE))
        raise RecordError(
            f"{path.name}: unsupported record version {inert(json.dumps(version), _QUOTE)} "
            f"(this program reads versions {readable})"
        )


def _first_problem(error: ValidationError) -> str:
    """Pydantic's first complaint, its location's keys (taken from the file) cut short."""
    problem = error.errors(include_url=False)[0]
    where = ".".join(inert(str(part), _QUOTE) for part in problem["loc"]) or "the record"
    return f"{where}: {inert(problem['msg'], 4 * _QUOTE)}"


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A saved game, read and replayed: its file, its record, and the state at its end."""

    path: Path
    log: GameLog
    state: GameState


def open_game(name: str | Path, directory: Path | None = None) -> OpenGame:
    """The game ``name`` means, read safely and replayed through the engine.

    A Path is opened as it is; a string is found by ``find_game`` in
    ``directory`` (by default the save directory). Raises RecordError, one line
    naming the file: IllegalRecordError if the record's play breaks the rules.
    """
    if isinstance(name, Path):
        path = name
    else:
        path = find_game(name, save_dir() if directory is None else directory)
    log = read_log(path)
    try:
        state = replay(log)
    except IllegalRecordError as error:
        raise IllegalRecordError(f"{path.name}: {error}") from None
    except RecordError as error:  # an action that is no action
        raise RecordError(f"{path.name}: {error}") from None
    return OpenGame(path, log, state)


def find_game(name: str, directory: Path) -> Path:
    """The game ``name`` means: ``latest`` (the game file saved last), a path, or a file name
    (with or without ``.json``) in ``directory``. Nothing is opened: a special file is
    found, then refused by whoever reads it."""
    if name == "latest":
        found = scan(directory)
        if not found.files:
            raise RecordError(f"no saved games in {directory}{skipped_note(found.skipped)}")
        return found.files[0].path
    candidates = (Path(name).expanduser(), directory / name, directory / f"{name}.json")
    # os.path's tests never raise (a name too long is simply not there).
    regular = [path for path in candidates if os.path.isfile(path)]
    existing = regular or [path for path in candidates if os.path.lexists(path)]
    if not existing:
        raise RecordError(f"no saved game {name!r} (not a file, nor in {directory})")
    return existing[0]


def find_copy(directory: Path, log: GameLog) -> Path | None:
    """The game file in ``directory`` that records the very game ``log`` does (the same
    start, players, seed, rules, deals and moves), newest first; None if there is none.
    ``pinochle import`` of a game already saved names that file instead of saving the
    game twice. A file that cannot be read is passed over."""
    for found in scan(directory).files:
        try:
            if read_log(found.path) == log:
                return found.path
        except RecordError:
            continue
    return None


def skipped_note(skipped: int) -> str:
    """`` (2 entries skipped: not regular files)``, or nothing when none were."""
    if not skipped:
        return ""
    what = "not a regular file" if skipped == 1 else "not regular files"
    return f" ({plural(skipped, 'entry', 'entries')} skipped: {what})"


# -- listing --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One saved game as ``pinochle games`` lists it; ``error`` set when unreadable."""

    path: Path
    modified: datetime
    started: datetime | None = None
    players: tuple[PlayerInfo, PlayerInfo] | None = None
    hands: int = 0
    scores: tuple[int, int] = (0, 0)
    result: GameResult | None = None
    error: str | None = None
    rules: Rules | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None


def _summarize(found: GameFile) -> GameSummary:
    """One file as a summary; a bad file gives a summary with its error."""
    try:
        game = open_game(found.path)
    except RecordError as error:
        reason = str(error).removeprefix(f"{inert(found.path.name)}: ")
        return GameSummary(found.path, found.modified, error=reason)
    return GameSummary(
        found.path,
        found.modified,
        started=game.log.started,
        players=game.log.players,
        hands=len(game.log.hands),
        scores=(game.state.scores[0], game.state.scores[1]),
        result=game.log.result,
        rules=game.log.rules,
    )


@dataclass(frozen=True, slots=True)
class GameListing:
    """The games of a directory, newest first, and how many entries named like games
    were skipped for not being regular files."""

    directory: Path
    games: list[GameSummary]
    skipped: int


def list_games(directory: Path) -> GameListing:
    """Every saved game in ``directory``, newest first; unreadable files are listed as such."""
    found = scan(directory)
    return GameListing(directory, [_summarize(f) for f in found.files], found.skipped)


def find_resumable(name: str, directory: Path) -> tuple[Path, str | None]:
    """The game ``pinochle resume NAME`` goes on with, and a warning to show, if any.

    ``latest`` is the newest readable game not yet finished. If a newer file is
    unreadable the warning says so, so a damaged game is never passed over in
    silence; when no game can be resumed, the error names the newest unreadable
    file. Any other name is found by ``find_game``.
    """
    if name != "latest":
        return find_game(name, directory), None
    listing = list_games(directory)
    newer: GameSummary | None = None  # the newest unreadable file seen so far
    for game in listing.games:
        if game.error is not None:
            newer = newer or game
        elif not game.finished:
            if newer is None:
                return game.path, None
            return game.path, inert(
                f"the newer {_unreadable(newer)}; resuming {game.path.name} instead"
            )
    why = f" ({_unreadable(newer)})" if newer else skipped_note(listing.skipped)
    raise RecordError(f"no unfinished game in {directory}: start one with 'pinochle'{why}")


def _unreadable(game: GameSummary) -> str:
    return f"{game.path.name} is unreadable: {game.error}"
