"""Worker processes end with the program that started them, even when it is
killed outright and no terminal hangs up on them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

#: Starts both kinds of worker, prints their process ids, then waits to be killed.
PROGRAM = """
import os, time
from pinochle_tui.workers import pool, spawn_executor
workers = pool(1)
executor = spawn_executor(1)
print(workers.apply(os.getpid), executor.submit(os.getpid).result(), flush=True)
time.sleep(60)
"""


def alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_workers_end_when_their_program_is_killed() -> None:
    program = subprocess.Popen(
        [sys.executable, "-c", PROGRAM],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # no terminal, so no hangup signal to end them
    )
    assert program.stdout is not None
    pids = [int(word) for word in program.stdout.readline().split()]
    assert len(pids) == 2 and all(alive(pid) for pid in pids) and program.pid not in pids
    os.kill(program.pid, signal.SIGKILL)
    program.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in pids if alive(pid)]
    for pid in left:  # do not leave them behind for the rest of the run
        os.kill(pid, signal.SIGKILL)
    assert left == [], "a worker outlived its program"
