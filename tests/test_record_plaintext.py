"""``plaintext``: text from files made one inert line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_tui.plaintext import inert, is_inert

#: Every character inert replaces: C0, DEL, C1, line/paragraph separators, bidi, surrogates.
UNSAFE = [
    *map(chr, range(0x20)),
    *map(chr, range(0x7F, 0xA0)),
    "\u061c",
    "\u200e",
    "\u200f",
    "\u2028",
    "\u2029",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
    "\ud800",
    "\udfff",
]


@pytest.mark.parametrize("char", UNSAFE, ids=[f"U+{ord(c):04X}" for c in UNSAFE])
def test_each_unsafe_character_becomes_its_escape(char: str) -> None:
    shown = inert(f"a{char}b")
    code = ord(char)
    assert shown == (f"a\\x{code:02x}b" if code < 0x100 else f"a\\u{code:04x}b")
    assert not is_inert(char) and is_inert(shown)


def test_an_osc_title_sequence_and_a_newline_are_shown_not_obeyed() -> None:
    assert inert("Ann\x1b]0;pwned\x07\nBob") == "Ann\\x1b]0;pwned\\x07\\x0aBob"


def test_markup_backslashes_and_other_scripts_are_left_alone() -> None:
    text = "[bold red]Zoë[/] [@click=app.quit] C:\\games ♠ 東 👨\u200d👩"
    assert inert(text) == text and is_inert(text)


@given(st.text())
def test_inert_text_is_one_line_without_controls_and_inert_is_idempotent(text: str) -> None:
    shown = inert(text)
    assert is_inert(shown) and len(shown.splitlines()) <= 1
    assert inert(shown) == shown
    shown.encode("utf-8")  # no lone surrogate is left to break the output


def test_a_limit_cuts_a_long_text_with_an_ellipsis() -> None:
    assert inert("abcdef", limit=4) == "abc…"
    assert inert("abcd", limit=4) == "abcd"
    assert inert("\x1b" * 10, limit=6) == "\\x1b\\…"
