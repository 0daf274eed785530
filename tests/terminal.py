"""The real program in a real (pseudo) terminal: for the tests that kill it,
crash it or resize it as a terminal would. ``pyte`` keeps the screen as a
person would see it; every process the program started is tracked by a
marker in its environment, so a test can check that none is left behind.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

import psutil
import pyte

ROOT = Path(__file__).resolve().parent.parent


#: The programs started and not yet killed: a test that fails before its
#: ``kill`` would leave one running (a busy one burned a core for half an hour).
LEFT_RUNNING: list[Terminal] = []


class Terminal:
    """``python -c code args...`` (by default ``pinochle args...``) in a pty of ``size``."""

    def __init__(
        self,
        args: Sequence[str],
        size: tuple[int, int] = (100, 30),
        code: str = "import sys; from pinochle_tui.cli import main; sys.exit(main())",
        env: dict[str, str] | None = None,
        hangup: bool = True,
    ) -> None:
        """``hangup=False``: the program ignores the terminal's hangup signal, as
        under ``nohup`` or in a terminal whose shell outlives it (a ``kill -9``
        from another window), so only its own care ends its helpers."""
        self.marker = uuid.uuid4().hex
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        self.status: int | None = None
        # Under pytest-xdist COLUMNS and LINES are set (80 x 24), and they would
        # override the terminal's own size.
        inherited = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        environment = {
            **inherited,
            **(env or {}),
            "PINOCHLE_TEST_MARKER": self.marker,
            "TERM": "xterm-256color",
            "PYTHONPATH": str(ROOT),
        }
        pid, fd = pty.fork()
        if pid == 0:  # the child: take the size first (the program reads it at once), then run
            _set_size(0, *size)
            if not hangup:
                signal.signal(signal.SIGHUP, signal.SIG_IGN)  # kept across exec
            os.execvpe(sys.executable, [sys.executable, "-c", code, *args], environment)
        self.pid, self.fd = pid, fd
        LEFT_RUNNING.append(self)
        self.resize(*size)

    def resize(self, width: int, height: int) -> None:
        """Change the terminal's size, as a window resize does (SIGWINCH)."""
        _set_size(self.fd, width, height)
        self.screen.resize(height, width)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGWINCH)

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def pump(self, seconds: float = 0.05) -> bool:
        """Read what the program wrote for up to ``seconds``; False once it has ended."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # EIO: the child closed the terminal
                data = b""
            if not data:
                self._reap()
                return False
            self.output += data
            self.stream.feed(data)
        return self._reap() is None

    def settle(self, quiet: float = 0.3, timeout: float = 10) -> None:
        """Read until the program has written nothing for ``quiet`` seconds, so
        that the screen holds a whole frame, not one drawn halfway (a line of a
        scrolled log would then show twice)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            before = len(self.output)
            if not self.pump(quiet) or len(self.output) == before:
                return

    def _reap(self) -> int | None:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def text(self) -> str:
        """The screen as a person sees it now."""
        return "\n".join(self.screen.display)

    def wait_for(self, condition: Callable[[str], bool], timeout: float = 30) -> bool:
        """Read until ``condition(screen text)`` holds (True) or time runs out."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition(self.text()):
                return True
            if not self.pump(0.05) and not condition(self.text()):
                return False
        return condition(self.text())

    def finish(self, timeout: float = 30) -> int:
        """Wait for the program to end; its exit status (negative: killed by a signal)."""
        deadline = time.monotonic() + timeout
        while self._reap() is None and time.monotonic() < deadline:
            self.pump(0.1)
        if self.status is None:
            self.kill()
            raise TimeoutError(f"the program did not end:\n{self.text()}")
        return self.status

    def kill(self) -> None:
        """SIGKILL the program (not its helpers: a killed program cannot clean up)."""
        if self in LEFT_RUNNING:
            LEFT_RUNNING.remove(self)
        if self.status is not None and self.status == -signal.SIGKILL:
            return  # killed already
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        if self.status is None:
            os.waitpid(self.pid, 0)
        self.status = -signal.SIGKILL
        os.close(self.fd)

    def survivors(self, grace: float = 5) -> list[psutil.Process]:
        """Processes the program started that are still alive after ``grace`` seconds."""
        deadline = time.monotonic() + grace
        while True:
            alive = [p for p in psutil.process_iter() if self._marked(p)]
            if not alive or time.monotonic() > deadline:
                return alive
            time.sleep(0.1)

    def _marked(self, process: psutil.Process) -> bool:
        try:
            return bool(process.environ().get("PINOCHLE_TEST_MARKER") == self.marker)
        except (psutil.Error, OSError):
            return False


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
