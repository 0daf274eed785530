"""Where games live on disk: the save directory, atomic saves, reading and listing.

A record is written to a temporary file in the same directory, flushed,
fsynced and renamed over the old one, so a game file is always a complete
record even if the program is killed mid-save.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs
from pydantic import ValidationError

from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.models import FORMAT, VERSION, GameLog, GameResult, PlayerInfo
from pinochle_tui.record.replay import replay

#: Larger files are refused unread: a whole match is a few hundred kilobytes.
MAX_BYTES = 5 * 1024 * 1024


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


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:20].strip("-") or "player"


def new_game_path(directory: Path, started: datetime, players: tuple[PlayerInfo, ...]) -> Path:
    """A fresh file name from the start time and the players: ``...T18-30-05-ann-vs-bob.json``."""
    stem = started.strftime("%Y-%m-%dT%H-%M-%S-") + "-vs-".join(_slug(p.name) for p in players)
    path, n = directory / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = directory / f"{stem}-{n}.json"
    return path


def write_log(path: Path, log: GameLog) -> None:
    """Save ``log`` atomically: a temporary file beside ``path``, fsynced, renamed over it."""
    data = log.model_dump_json(indent=1).encode()
    try:
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        _sync_directory(path.parent)
    except OSError as error:
        raise RecordError(f"cannot save the game to {path}: {error.strerror}") from None


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows cannot open a directory)."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_log(path: Path) -> GameLog:
    """Read and validate a record, without replaying it; RecordError names the problem."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RecordError(f"{path.name}: too large for a game record ({size} bytes, max 5 MB)")
        raw = path.read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
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


@contextmanager
def naming(path: Path) -> Iterator[None]:
    """Put the file's name in front of a replay's complaint, as ``read_log`` does."""
    try:
        yield
    except IllegalRecordError as error:
        raise IllegalRecordError(f"{path.name}: {error}") from None


def _check_header(path: Path, document: object) -> None:
    """Refuse a document that is not ours, or from another version, before details."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RecordError(f'{path.name}: not a pinochle game record (no "format": "{FORMAT}")')
    version = document.get("version")
    if version != VERSION:
        raise RecordError(
            f"{path.name}: unsupported record version {json.dumps(version)} "
            f"(this program reads version {VERSION})"
        )


def _first_problem(error: ValidationError) -> str:
    problem = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in problem["loc"]) or "the record"
    return f"{where}: {problem['msg']}"


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

    @property
    def finished(self) -> bool:
        return self.result is not None


def summarize(path: Path) -> GameSummary:
    """Read and replay one file into a summary; a bad file gives a summary with its error."""
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except OSError as error:  # removed since it was listed
        return GameSummary(path, datetime.now().astimezone(), error=error.strerror)
    try:
        log = read_log(path)
        with naming(path):
            state = replay(log)
    except RecordError as error:
        return GameSummary(path, modified, error=str(error).removeprefix(f"{path.name}: "))
    return GameSummary(
        path,
        modified,
        started=log.started,
        players=log.players,
        hands=len(log.hands),
        scores=(state.scores[0], state.scores[1]),
        result=log.result,
    )


def _game_files(directory: Path) -> list[Path]:
    """The game files of ``directory``, most recently modified first."""
    dated: list[tuple[float, Path]] = []
    for path in directory.glob("*.json"):
        try:
            dated.append((path.stat().st_mtime, path))
        except OSError:  # removed while we looked
            continue
    return [path for _, path in sorted(dated, reverse=True)]


def list_games(directory: Path) -> list[GameSummary]:
    """Every saved game in ``directory``, newest first; unreadable files are listed as such."""
    return [summarize(path) for path in _game_files(directory)]


def find_game(name: str, directory: Path) -> Path:
    """The game ``name`` means: ``latest``, a path, or a file name in ``directory``."""
    if name == "latest":
        files = _game_files(directory)
        if not files:
            raise RecordError(f"no saved games in {directory}")
        return files[0]
    for candidate in (Path(name).expanduser(), directory / name, directory / f"{name}.json"):
        if candidate.is_file():
            return candidate
    raise RecordError(f"no saved game {name!r} (not a file, nor in {directory})")
