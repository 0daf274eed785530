"""The browser smoke test: ``pinochle serve`` on a free local port, the page
opened in headless Chromium (the system's, driven by playwright), the table
rendered, a card played by key press, the server stopped.

It needs /usr/bin/chromium, so it is marked ``browser`` and left out of the
default run; ``.ci/run`` installs Chromium and runs it alone. The browser may
reach nothing but this machine: every other host name fails to resolve and
every request elsewhere is aborted (the page links a web font).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from pinochle_tui.engine import GameState, Phase, PinochleError, Seat  # noqa: E402
from pinochle_tui.record.replay import replay  # noqa: E402
from pinochle_tui.record.store import read_log  # noqa: E402

pytestmark = pytest.mark.browser

CHROMIUM = Path(os.environ.get("PINOCHLE_CHROMIUM", "/usr/bin/chromium"))
#: Chromium as root in a container, with nothing that calls out to the network.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
#: A guard on every wait: generous, for a loaded two-core machine.
PATIENCE = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(condition: Callable[[], bool], what: str, patience: float = PATIENCE) -> None:
    deadline = time.monotonic() + patience
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.1)


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``pinochle serve`` on a free port, saving to a fresh directory; stopped
    (with every app it started) at the end."""
    saves = tmp_path / "saves"
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pinochle_tui.cli",
            "serve",
            "--port",
            str(port),
            "--save-dir",
            str(saves),
            "--speed",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        process_group=0,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for(lambda: answers(url), "the server to answer")
        yield url, saves
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the apps it started, if any linger


def game(saves: Path) -> GameState | None:
    """The served game as saved so far, or None before its first deal."""
    files = sorted(saves.glob("*.json")) if saves.is_dir() else []
    if not files:
        return None
    try:
        log = read_log(files[0])
    except PinochleError:  # unreadable for a moment? read it again
        return None
    return replay(log) if log.hands else None


def south_plays(saves: Path) -> int:
    files = sorted(saves.glob("*.json"))
    log = read_log(files[0])
    return sum(
        a.seat == "south" and a.action.startswith("play") for h in log.hands for a in h.actions
    )


def test_the_game_plays_in_a_browser(server: tuple[str, Path], tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install it (apt-get install chromium)")
    url, saves = server
    with sync_api.sync_playwright() as playwright:
        # A fresh profile of its own (the persistent context's user-data-dir).
        browser = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=str(CHROMIUM),
            args=FLAGS,
            viewport={"width": 1280, "height": 800},
        )
        try:
            page = browser.new_page()
            page.route(
                "**/*",
                lambda route: (
                    route.continue_()
                    if route.request.url.startswith("http://127.0.0.1")
                    or route.request.url.startswith("ws://127.0.0.1")
                    else route.abort()
                ),
            )
            page.goto(url)
            page.wait_for_function(
                "document.body.classList.contains('-first-byte')", timeout=PATIENCE * 1000
            )
            # The app dealt the first hand (the table is up); wait for South's turn to play.
            wait_for(lambda: (state := game(saves)) is not None and state.hand_no == 1, "the deal")

            def south_to_play() -> bool:
                state = game(saves)
                return (
                    state is not None
                    and state.to_act is Seat.SOUTH
                    and state.phase in (Phase.LEAD, Phase.FOLLOW)
                )

            wait_for(south_to_play, "South's turn")
            before = south_plays(saves)
            page.focus("textarea.xterm-helper-textarea")
            # A key that comes with the page's own blur and focus, while the app still
            # starts, can find no widget focused: press again until the card is played.
            deadline = time.monotonic() + PATIENCE
            while south_plays(saves) == before:
                assert time.monotonic() < deadline, "gave up waiting for the card played by key"
                page.keyboard.press("Enter")  # play the chosen card
                with contextlib.suppress(AssertionError):
                    wait_for(lambda: south_plays(saves) > before, "the card", patience=2.0)
            page.screenshot(path=str(tmp_path / "table.png"))
        finally:
            browser.close()
