"""Player names as people type and read them: checked, and fitted to a
one-line place on screen.

A name is measured in terminal cells, as Rich measures it (``cell_len``), not
in characters: 漢 takes two cells, so twenty of them are as wide as forty
letters. The limit, ``MAX_NAME``, is in cells, so a name that passes fits
every one-line place the app keeps for it at the smallest size it runs in
(80 x 24). A name read from a saved game was not checked here (the record
takes up to 100 characters), so a screen that shows one cuts it with ``fit``.

>>> fit("漢字" * 25, 9)
'漢字漢字…'
"""

from __future__ import annotations

from typing import Final

from rich.cells import cell_len, set_cell_size

from pinochle_tui.plaintext import inert

#: The widest player name ``check_name`` allows, in terminal cells.
MAX_NAME: Final = 40


class BadNameError(ValueError):
    """A player name that cannot be used; the message is one line."""


def check_name(name: str) -> str:
    """``name`` without surrounding blanks, if it is printable and 1 to 40 cells wide.

    Raises BadNameError otherwise. Printable is ``str.isprintable``: no control,
    format (bidi, zero-width), separator other than the space, or unassigned
    character.

    >>> check_name("  Ann  ")
    'Ann'
    >>> check_name("Ann\\x1b[2J")
    Traceback (most recent call last):
    ...
    pinochle_tui.names.BadNameError: a name must be printable: 'Ann\\x1b[2J'
    """
    stripped = name.strip()
    if not stripped:
        raise BadNameError("a name cannot be empty")
    if not stripped.isprintable():
        raise BadNameError(f"a name must be printable: '{inert(stripped)}'")
    width = cell_len(stripped)
    if width > MAX_NAME:
        wide = "" if width == len(stripped) else " (漢 and other wide letters count as two)"
        raise BadNameError(f"a name has at most {MAX_NAME} characters, not {width}{wide}")
    return stripped


def fit(name: str, cells: int, pad: bool = False) -> str:
    """``name`` cut to at most ``cells`` terminal cells, ending in … where it is
    cut; with ``pad``, filled with spaces to exactly ``cells`` (to line up a column).
    A wide letter that would be cut in half is left out whole.

    >>> fit("Ann", 10), fit("Ann", 5, pad=True), fit("Annabelle", 5), fit("漢字漢字", 6)
    ('Ann', 'Ann  ', 'Anna…', '漢字…')
    """
    if cell_len(name) > cells:
        name = set_cell_size(name, max(0, cells - 1)).rstrip() + "…"
    return set_cell_size(name, cells) if pad else name
