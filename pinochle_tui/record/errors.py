"""The record layer's errors: one line each, naming the file's problem."""

from __future__ import annotations

from pinochle_tui.engine.errors import PinochleError


class RecordError(PinochleError):
    """A game record that cannot be read, saved or found."""


class IllegalRecordError(RecordError):
    """A readable record whose play breaks the rules (``verify`` exits 1, not 2)."""
