"""Test-wide settings: the hotseat pass screen's grace period is short in tests
(the test of the grace period sets its own)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pinochle_tui.tui.screens.privacy import PrivacyScreen


@pytest.fixture(autouse=True)
def quick_pass_screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(PrivacyScreen, "GRACE", 0.02)
    yield
