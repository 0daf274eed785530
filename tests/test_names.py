"""``names``: player names checked, their width counted in terminal cells."""

from __future__ import annotations

import pytest

from pinochle_tui.names import MAX_NAME, BadNameError, check_name
from pinochle_tui.plaintext import is_inert


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ann", "Ann"),
        ("  Zoë Ann  ", "Zoë Ann"),
        ("x" * MAX_NAME, "x" * MAX_NAME),
        ("[b]", "[b]"),
        ("漢字" * 10, "漢字" * 10),
    ],
)
def test_good_names_are_returned_stripped(name: str, expected: str) -> None:
    assert check_name(name) == expected


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("x" * (MAX_NAME + 1), "at most 40 characters, not 41"),
        (
            "漢字" * 10 + "x",
            "at most 40 characters, not 41 (漢 and other wide letters count as two)",
        ),
        ("Ann\x1b]0;pwned\x07", "must be printable: 'Ann\\x1b]0;pwned\\x07'"),
        ("Ann\nBob", "must be printable: 'Ann\\x0aBob'"),
        ("Ann\tBob", "must be printable"),
        ("\u202eAnn", "must be printable: '\\u202eAnn'"),
        ("Ann\u200b", "must be printable"),
    ],
)
def test_bad_names_are_refused_in_one_line(name: str, fragment: str) -> None:
    with pytest.raises(BadNameError) as raised:
        check_name(name)
    assert isinstance(raised.value, ValueError)
    message = str(raised.value)
    assert fragment in message and is_inert(message)
