"""Players that are programs: a command run in its own process, spoken to
with the bot protocol (``docs/bot-protocol.md``).

``ExternalPlayer`` is a ``Player`` like any other. It starts its program on
first use, greets it and waits for ``ready``; it sends each event its seat
may see (``observe``, from a ``WatchedGame``) and, at each decision, the
seat's view, the legal actions and the time allowed, then reads the answer.
A program that does not start, exits, stays silent, takes longer than its
time, or answers with anything but a legal action forfeits: ``choose``
raises ``BotForfeit`` with one line saying why, the process is killed, and
every later ``choose`` raises the same. Nothing the program writes reaches
the user except through ``plaintext.inert``; reads and writes never block
past the deadline, so a bot cannot hang its host.

The program runs without a shell (the command is split like a shell would,
no more), in a process group of its own so that ``close`` kills whatever it
started too, and on Linux with a signal to die with its host.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import select
import shlex
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import Final, NoReturn, Protocol, runtime_checkable

from pinochle_tui.bots.protocol import (
    GREETING,
    MAX_LINE,
    VERSION,
    AnswerError,
    event_line,
    gameover_line,
    go_line,
    newgame_line,
    parse_answer,
)
from pinochle_tui.engine import (
    Action,
    Event,
    Game,
    GameOver,
    GameState,
    PinochleError,
    Rules,
    Seat,
    SeatView,
)
from pinochle_tui.plaintext import inert

#: How the registry names a program: ``cmd:`` then its command line.
PREFIX: Final = "cmd:"
#: Seconds a bot has for each decision, unless told otherwise.
DEFAULT_MOVE_TIME: Final = 10.0
#: Seconds a bot has to start and say ``ready`` (or its move time, if longer).
STARTUP_TIME: Final = 10.0
#: The longest bot name shown.
MAX_NAME: Final = 40
_STDERR_TAIL: Final = 4096


class BotForfeit(PinochleError):
    """A bot program lost its game: the message is one inert line saying why."""


@runtime_checkable
class Watcher(Protocol):
    """A player that wants to hear every event its seat may see."""

    def observe(self, seat: Seat, rules: Rules, events: Sequence[Event]) -> None: ...


def _die_with_parent() -> None:  # pragma: no cover (runs in the child, between fork and exec)
    """Ask Linux to kill the bot when the thread that started it ends."""
    assert _LIBC is not None
    _LIBC.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


_LIBC = ctypes.CDLL(None) if sys.platform.startswith("linux") else None
#: Every live bot process, killed at exit if its player was never closed.
_LIVE: weakref.WeakSet[_Process] = weakref.WeakSet()


@atexit.register
def _kill_all() -> None:
    for process in list(_LIVE):
        process.kill()


class _Process:
    """A running program and its three pipes, read and written without blocking."""

    def __init__(self, argv: list[str]) -> None:
        self.popen = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            process_group=0,
            preexec_fn=_die_with_parent if _LIBC is not None else None,
        )
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self._stdin, self._stdout, self._stderr = (
            self.popen.stdin.fileno(),
            self.popen.stdout.fileno(),
            self.popen.stderr.fileno(),
        )
        for fd in (self._stdin, self._stdout, self._stderr):
            os.set_blocking(fd, False)
        self._pending = b""
        self._read = b""
        self._errors = b""
        self._eof = False
        _LIVE.add(self)

    def send(self, line: str) -> None:
        """Queue a line and write what the pipe takes now (never waits)."""
        self._pending += line.encode() + b"\n"
        self._write()

    def _write(self) -> None:
        while self._pending:
            try:
                written = os.write(self._stdin, self._pending)
            except BlockingIOError:
                return
            except OSError:  # the program closed its input or died: reading will tell
                self._pending = b""
                return
            self._pending = self._pending[written:]

    def _drain(self, fd: int) -> bool:
        """Read what ``fd`` has; False at the end of the stream."""
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            return True
        except OSError:
            return False
        if fd == self._stderr:
            self._errors = (self._errors + chunk)[-_STDERR_TAIL:]
        else:
            self._read += chunk
        return bool(chunk)

    def read_line(self, deadline: float) -> str | None:
        """The next line, or None if the deadline passes first; raises EOFError
        when the program closes its output and ``ValueError`` for a line too long."""
        readers = [self._stdout, self._stderr]
        while True:
            newline = self._read.find(b"\n")
            if newline >= 0:
                line, self._read = self._read[:newline], self._read[newline + 1 :]
                return line.decode("utf-8", "replace").rstrip("\r")
            if len(self._read) > MAX_LINE:
                raise ValueError(f"a line longer than {MAX_LINE} bytes")
            if self._eof:
                raise EOFError
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            writers = [self._stdin] if self._pending else []
            ready, can_write, _ = select.select(readers, writers, [], left)
            if can_write:
                self._write()
            for fd in ready:
                if not self._drain(fd):
                    if fd == self._stdout:
                        self._eof = True
                    readers.remove(fd)

    def last_error(self) -> str:
        """The last line the program wrote on its error output."""
        lines = self._errors.decode("utf-8", "replace").strip().splitlines()
        return lines[-1] if lines else ""

    def status(self) -> int | None:
        """The exit status, waiting a moment for a program that is closing."""
        try:
            return self.popen.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Kill the program and everything in its process group; reap it."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.popen.kill()
        self.popen.wait()
        for pipe in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        _LIVE.discard(self)


def split_command(command: str) -> list[str]:
    """The program and arguments of a command line, split as a shell would
    (quotes, backslashes) but never run by one."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise PinochleError(f"cannot read the command {inert(command)!r}: {error}") from None
    if not argv:
        raise PinochleError(f"{PREFIX} needs a command line, like 'cmd:python mybot.py'")
    return argv


class ExternalPlayer:
    """A bot program playing one seat through the protocol."""

    def __init__(
        self,
        command: str,
        move_time: float = DEFAULT_MOVE_TIME,
        startup_time: float = STARTUP_TIME,
    ) -> None:
        self.argv = split_command(command)
        self.command = command
        self.move_time = move_time
        self.startup_time = max(startup_time, move_time)
        #: The name it announces (``id name``), inert; until then its command.
        self.name = inert(PREFIX + command, limit=MAX_NAME)
        self.author = ""
        self._announced = False
        self._process: _Process | None = None
        self._forfeit: BotForfeit | None = None

    # -- the game ---------------------------------------------------------------

    def observe(self, seat: Seat, rules: Rules, events: Sequence[Event]) -> None:
        """Tell the program what happened, as its seat may see it."""
        if self._forfeit is not None:
            return
        try:
            process = self._started(seat, rules)
        except BotForfeit:
            return  # ``choose`` raises it at the program's next decision
        for event in events:
            process.send(event_line(event, seat))
            if isinstance(event, GameOver):
                process.send(gameover_line(event.outcome))

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Send the decision and read the program's answer within its time."""
        process = self._started(view.seat, view.rules)
        process.send(go_line(view, legal, self.move_time))
        deadline = time.monotonic() + self.move_time
        while True:
            line = self._line(process, deadline, f"took more than {self.move_time:g} s to answer")
            word, _, text = line.strip().partition(" ")
            if word == "info" or not word:
                continue
            if word != "action":
                self._lose(f"answered {inert(line, limit=60)!r}, not 'action ...'")
            try:
                return parse_answer(view, legal, text)
            except AnswerError as error:
                self._lose(f"answered {inert(text, limit=60)!r}, which is illegal: {error}")

    def close(self) -> None:
        """Say goodbye and end the program (killing it if it lingers)."""
        process, self._process = self._process, None
        if process is None:
            return
        process.send("quit")
        with contextlib.suppress(EOFError, ValueError):
            process.read_line(time.monotonic() + 0.5)  # most bots exit at once on quit
        process.kill()

    # -- the process ---------------------------------------------------------

    def _started(self, seat: Seat, rules: Rules) -> _Process:
        if self._forfeit is not None:
            raise self._forfeit
        if self._process is not None:
            return self._process
        try:
            process = self._process = _Process(self.argv)
        except OSError as error:
            self._lose(f"could not be started: {error.strerror or error}")
        self._handshake(process)
        process.send(newgame_line(seat, rules, self.move_time))
        return process

    def _handshake(self, process: _Process) -> None:
        process.send(GREETING)
        deadline = time.monotonic() + self.startup_time
        while True:
            late = f"did not say 'ready' within {self.startup_time:g} s"
            line = self._line(process, deadline, late)
            words = line.split(maxsplit=2)
            if words == ["ready"]:
                return
            if words[:2] == ["id", "name"] and len(words) == 3:
                self.name = inert(words[2], limit=MAX_NAME)
                self._announced = True
            elif words[:2] == ["id", "author"] and len(words) == 3:
                self.author = inert(words[2], limit=MAX_NAME)
            elif words[:1] == ["protocol"] and words[1:] != [str(VERSION)]:
                spoken = inert(" ".join(words[1:]), limit=20)
                self._lose(f"speaks protocol {spoken}, not {VERSION}")

    def _line(self, process: _Process, deadline: float, late: str) -> str:
        try:
            line = process.read_line(deadline)
        except EOFError:
            status = process.status()
            said = process.last_error()
            how = "stopped" if status is None else f"exited with status {status}"
            self._lose(how + (f": {inert(said, limit=120)}" if said else ""))
        except ValueError as error:
            self._lose(f"sent {error}")
        if line is None:
            self._lose(late)
        return line

    @property
    def label(self) -> str:
        """How messages name the bot: its command, after its own name once announced."""
        command = inert(PREFIX + self.command, limit=60)
        return f"{self.name} ({command})" if self._announced else command

    def _lose(self, why: str) -> NoReturn:
        self._forfeit = BotForfeit(f"{self.label} forfeits: it {why}")
        if self._process is not None:
            self._process.kill()
            self._process = None
        raise self._forfeit


class WatchedGame:
    """A ``Game`` that tells each watching player every event of every deal and
    action, for its seat (``observe(seat, rules, events)``): wrap the game a
    ``Table`` drives so that bot programs hear what happens between their turns."""

    def __init__(self, game: Game, watchers: Mapping[Seat, Watcher]) -> None:
        self._game = game
        self._watchers = watchers

    @property
    def state(self) -> GameState:
        return self._game.state

    def deal(self) -> list[Event]:
        return self._told(self._game.deal())

    def apply(self, action: Action) -> list[Event]:
        return self._told(self._game.apply(action))

    def _told(self, events: list[Event]) -> list[Event]:
        for seat, watcher in self._watchers.items():
            watcher.observe(seat, self._game.state.rules, events)
        return events
