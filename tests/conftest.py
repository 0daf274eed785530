"""Test-wide settings: the hotseat pass screen's grace period is short in tests
(the test of the grace period sets its own)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pinochle_tui.tui.screens.privacy import PrivacyScreen
from tests.terminal import LEFT_RUNNING


@pytest.fixture(autouse=True)
def quick_pass_screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(PrivacyScreen, "GRACE", 0.02)
    yield


@pytest.fixture(autouse=True)
def no_program_left_running() -> Iterator[None]:
    """Kill a program in a pty that a failed test left running."""
    yield
    for terminal in list(LEFT_RUNNING):
        terminal.kill()
