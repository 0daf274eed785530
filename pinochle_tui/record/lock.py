"""One player per game: a session holds an exclusive lock on its game file.

The lock is ``flock`` on a sidecar file, ``.NAME.json.lock`` beside
``NAME.json``, which also holds the locker's pid so that a refusal can name
it. The kernel drops a ``flock`` when its process dies, so the lock of a
killed game is simply taken over. Releasing deletes the sidecar while still
holding it; an acquirer therefore checks, once it holds a lock, that the name
still leads to the file it locked, and tries again if not.

Windows has no ``flock``: there games are not locked (``acquire`` gives None).
A lock file that cannot be created (a read-only directory) also gives None:
the game can be played, though not saved, there.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from pinochle_tui.record.errors import GameLockedError

if sys.platform != "win32":
    import fcntl


def lock_path(game: Path) -> Path:
    """The sidecar that locks ``game``: ``.NAME.json.lock``."""
    return game.with_name(f".{game.name}.lock")


class GameLock:
    """A held lock on a game; ``release`` (safe to call twice) lets it go."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()  # before closing: nobody can hold it in between
        os.close(self._fd)
        self._fd = None


def acquire(game: Path) -> GameLock | None:
    """Lock ``game`` for this process; None where locking is not possible (see above).

    Raises GameLockedError naming the process that holds the lock.
    """
    if sys.platform == "win32":
        return None
    path = lock_path(game)
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _pid_in(fd)
            os.close(fd)
            raise GameLockedError(_held_by(game, pid), pid) from None
        if _still_named(fd, path):
            with contextlib.suppress(OSError):  # held all the same; the pid is a courtesy
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
            return GameLock(path, fd)
        os.close(fd)  # released and removed while we waited: lock the new one


def _still_named(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except FileNotFoundError:
        return False


def _pid_in(fd: int) -> int | None:
    """The pid the holder wrote, if it has written it yet."""
    try:
        return int(os.pread(fd, 32, 0).decode("ascii", "replace").strip())
    except (OSError, ValueError):
        return None


def _held_by(game: Path, pid: int | None) -> str:
    if pid is None:
        return f"{game.name} is being played by another pinochle process"
    if pid == os.getpid():
        return f"{game.name} is already being played by this process (pid {pid})"
    return f"{game.name} is being played by another pinochle process (pid {pid})"
