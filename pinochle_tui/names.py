"""Player names as people type and read them: checked, told apart, and
fitted to a one-line place on screen.

A name is measured in terminal cells, as Rich measures it (``cell_len``), not
in characters: 漢 takes two cells, so twenty of them are as wide as forty
letters. The limit, ``MAX_NAME``, is in cells, so a name that passes fits
every one-line place the app keeps for it at the smallest size it runs in
(80 x 24). A name read from a saved game was not checked here (the record
takes up to 100 characters), so a screen that shows one cuts it with ``fit``.

``check_names`` refuses two names a person would read as one (``Ann`` and
``ann``): in hotseat the pass screen says whose turn it is by name alone.

>>> check_names("Ann", "Bob")
('Ann', 'Bob')
>>> fit("漢字" * 25, 9)
'漢字漢字…'
"""

from __future__ import annotations

import unicodedata
from typing import Final

from rich.cells import cell_len, set_cell_size

from pinochle_tui.plaintext import inert

#: The widest player name ``check_name`` allows, in terminal cells.
MAX_NAME: Final = 40
#: The name the computer plays under (``pinochle play``).
COMPUTER: Final = "Computer"
#: The cells a name keeps inside a sentence that must stay whole in a small
#: place (the game's prompt, two lines at 80 x 24); ``fit`` cuts it.
SENTENCE_NAME: Final = 12


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


def same_name(first: str, second: str) -> bool:
    """Whether a person would read the two names as one: case, the full-width
    forms of letters and the spaces around and between the words aside.

    >>> same_name(" Ann ", "ann"), same_name("Ａｎｎ", "Ann"), same_name("Ann", "Anna")
    (True, True, False)
    """
    first, second = (
        " ".join(unicodedata.normalize("NFKC", name).casefold().split()) for name in (first, second)
    )
    return first == second


def check_names(first: str, second: str) -> tuple[str, str]:
    """Both names checked by ``check_name``, and different as a person reads them.

    >>> check_names("Ann", " Ann ")
    Traceback (most recent call last):
    ...
    pinochle_tui.names.BadNameError: the two players need different names, not 'Ann' twice
    """
    names = check_name(first), check_name(second)
    if names[0] == names[1]:
        raise BadNameError(f"the two players need different names, not '{names[0]}' twice")
    if same_name(*names):
        raise BadNameError(
            f"the two players need different names: '{names[0]}' and '{names[1]}' read the same"
        )
    return names


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


def in_sentences(names: tuple[str, str]) -> tuple[str, str]:
    """The two names as running text tells them (the prompt, the game's log):
    each cut by ``fit`` to ``SENTENCE_NAME`` cells, or to as many more as it
    takes to tell them apart, so that a long name neither breaks a short line
    in the middle of a word nor reads as the other player's.

    >>> in_sentences(("Bartholomew Featherstonehaugh", "Bob"))
    ('Bartholomew…', 'Bob')
    >>> in_sentences(("Bartholomew Smith", "Bartholomew Jones"))
    ('Bartholomew S…', 'Bartholomew J…')
    """
    cells = SENTENCE_NAME
    while True:
        short = fit(names[0], cells), fit(names[1], cells)
        if not same_name(*short) or cells >= MAX_NAME:
            return short
        cells += 1
