"""The save directory's files, handled so that nothing in it can hang or flood the program.

Reading opens only regular files: a FIFO would block an ordinary ``open``
until a writer came, and ``/dev/zero`` would never end. So a file is checked
with ``stat`` (which never blocks) before it is opened, opened non-blocking,
checked again on the open descriptor (the name may have been swapped in
between), refused if larger than the limit, and read no further than one
byte past it.

Writing never damages what is already saved: the new bytes go to a temporary
file beside the target (``.NAME.json.XXXXXXXX.tmp``), are fsynced, and the
temporary file is renamed over the target; the directory is fsynced so that
the rename itself survives a crash. A kill mid-save leaves the old file whole
and, at worst, a stray temporary file that ``remove_stray_temps`` deletes.

Games are the ``*.json`` files whose name does not start with a dot: the lock
and temporary files beside them (``.NAME.json.lock``, ``.NAME.json.*.tmp``)
are never listed.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pinochle_tui.record.errors import RecordError

#: Opening a special file that slipped past ``stat`` neither blocks nor takes a terminal.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
#: What each kind of special file is called in an error message.
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def is_game_name(name: str) -> bool:
    """Whether a directory entry's name is a game's: ``*.json``, not hidden."""
    return name.endswith(".json") and not name.startswith(".")


def _special_kind(mode: int) -> str | None:
    """None for a regular file, else what the file is (``"a FIFO"``)."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a regular file")


def _refuse(path: Path, info: os.stat_result, limit: int) -> None:
    kind = _special_kind(info.st_mode)
    if kind is not None:
        raise RecordError(f"{path.name}: not a regular file ({kind})")
    if info.st_size > limit:
        raise RecordError(
            f"{path.name}: too large for a game record ({info.st_size} bytes, max {_mb(limit)})"
        )


def _mb(limit: int) -> str:
    """A size limit as a reader thinks of it: ``5 MB`` (or in bytes, if not whole megabytes)."""
    return f"{limit >> 20} MB" if limit % (1 << 20) == 0 else f"{limit} bytes"


def read_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` if it holds at most ``limit`` of them.

    Raises RecordError (one line, naming the file) for a special file, a file
    too large, or one that cannot be read; never blocks, never reads more than
    ``limit + 1`` bytes.
    """
    try:
        _refuse(path, os.stat(path), limit)
        fd = os.open(path, _READ_FLAGS)
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    try:
        _refuse(path, os.fstat(fd), limit)
        chunks, remaining = [], limit + 1
        while remaining > 0 and (chunk := os.read(fd, remaining)):
            chunks.append(chunk)
            remaining -= len(chunk)
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    finally:
        os.close(fd)
    if remaining <= 0:  # it grew since fstat
        raise RecordError(f"{path.name}: too large for a game record (over {_mb(limit)})")
    return b"".join(chunks)


@dataclass(frozen=True, slots=True)
class GameFile:
    """A regular game file found in the save directory, with its modification time."""

    path: Path
    modified: datetime


@dataclass(frozen=True, slots=True)
class DirectoryScan:
    """The game files of a directory, newest first, and how many game-named entries
    were skipped for not being regular files (FIFOs, devices, sockets, directories,
    dangling links)."""

    files: list[GameFile]
    skipped: int


def scan(directory: Path) -> DirectoryScan:
    """The game files of ``directory``, found by ``stat`` alone (nothing is opened)."""
    dated: list[tuple[float, str]] = []
    skipped = 0
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if not is_game_name(entry.name):
                    continue
                try:
                    info = entry.stat()
                except OSError:  # a dangling link counts; a file removed meanwhile is gone
                    if entry.is_symlink():
                        skipped += 1
                    continue
                if stat.S_ISREG(info.st_mode):
                    dated.append((info.st_mtime, entry.name))
                else:
                    skipped += 1
    except OSError as error:
        raise RecordError(f"cannot list {directory}: {error.strerror}") from None
    files = [
        GameFile(directory / name, datetime.fromtimestamp(mtime).astimezone())
        for mtime, name in sorted(dated, reverse=True)
    ]
    return DirectoryScan(files, skipped)


def write_temp(beside: Path, data: bytes) -> Path:
    """``data`` in a new temporary file next to ``beside``, flushed and fsynced."""
    fd, name = tempfile.mkstemp(dir=beside.parent, prefix=f".{beside.name}.", suffix=".tmp")
    temp = Path(name)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def commit(temp: Path, path: Path) -> None:
    """Rename ``temp`` over ``path`` and make the rename durable; ``temp`` is gone after."""
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)


def replace_file(path: Path, data: bytes) -> None:
    """Make ``path`` hold ``data``, atomically: it is the old file or the new, never a mix."""
    commit(write_temp(path, data), path)


def reserve(path: Path) -> None:
    """Create ``path`` empty, failing with FileExistsError if anything is there already."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)))


def _sync_directory(directory: Path) -> None:
    """Make a rename durable (POSIX only; Windows cannot open a directory)."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_stray_temps(path: Path) -> None:
    """Delete the temporary files a kill mid-save left beside the game ``path``.

    Only safe while no other process saves ``path``, i.e. with its lock held.
    Best effort: what cannot be listed or removed is left.
    """
    stray = re.compile(re.escape(f".{path.name}.") + r"[a-z0-9_]+\.tmp")
    try:
        with os.scandir(path.parent) as entries:
            names = [e.name for e in entries if stray.fullmatch(e.name)]
    except OSError:
        return
    for name in names:
        try:
            (path.parent / name).unlink()
        except OSError:
            continue
