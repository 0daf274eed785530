"""Worker processes that end with the program that started them.

A program killed outright (SIGKILL, out of memory, a closed ``nohup`` session)
cannot stop its workers, and a worker waiting on its task queue never notices,
since it holds that queue's write end itself. Only a terminal's hangup signal
used to end them, and only when the program led the terminal's session. So
every worker watches its parent and exits the moment the parent is gone: no
computer goes on thinking for a game that has ended.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.pool import Pool


def end_with_parent() -> None:
    """In a worker: exit as soon as the process that started it has ended."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a multiprocessing child: nothing to watch
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)  # no clean-up: the work was for the parent, and it is gone

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


@contextmanager
def real_stderr() -> Iterator[None]:
    """Starting a process needs stderr's file descriptor: lend the real one while a
    host (the Textual app) has put an object without one in its place."""
    stderr, sys.stderr = sys.stderr, sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = stderr


def spawn_executor(workers: int) -> ProcessPoolExecutor:
    """An executor of ``workers`` spawned processes (not forked: the app calls it
    from threads of its own), each ending with this process."""
    with real_stderr():
        return ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn"), initializer=end_with_parent
        )


def pool(workers: int) -> Pool:
    """A ``multiprocessing`` pool of ``workers`` processes, each ending with this process."""
    return multiprocessing.Pool(workers, initializer=end_with_parent)
