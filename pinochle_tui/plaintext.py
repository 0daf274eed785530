"""Text from outside the program, made safe to print: one line, nothing a terminal obeys.

A name, a file name or a reason read from a saved game may hold an escape
sequence (``ESC ] 0 ; ... BEL`` retitles a terminal), a newline that forges a
second line of output, or a bidi override that shows text reversed. ``inert``
replaces each such character by its escape as Python writes it, visible and
harmless: ``\\x1b`` for ESC, ``\\x0a`` for a newline, ``\\u202e`` for the
right-to-left override. The characters replaced are every C0 control (TAB, LF
and CR included), DEL, every C1 control, the Unicode line and paragraph
separators, the bidi embedding, override, isolate and mark characters, and
lone surrogates (which cannot even be encoded for output). Everything else,
backslashes and markup-like brackets included, is left as it is: the result
contains no replaced character, so ``inert`` of inert text changes nothing.

``plural`` counts things in words. (Player names typed by a person are
checked in ``pinochle_tui.names``.)

>>> inert("Ann\\x1b]0;pwned\\x07\\nBob")
'Ann\\\\x1b]0;pwned\\\\x07\\\\x0aBob'
>>> inert(inert("tab\\there")) == inert("tab\\there")
True
"""

from __future__ import annotations

import re
from typing import Final

#: The characters ``inert`` replaces (see the module's docstring).
_UNSAFE: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str, limit: int | None = None) -> str:
    """``text`` on one line with every unsafe character shown as its escape.

    With ``limit``, a longer result is cut to ``limit`` characters ending in
    ``…``, so a huge value read from a file cannot flood a one-line message.

    >>> inert("x" * 10, limit=5)
    'xxxx…'
    """
    safe = _UNSAFE.sub(_escape, text)
    if limit is not None and len(safe) > limit:
        return safe[: max(0, limit - 1)] + "…"
    return safe


def is_inert(text: str) -> bool:
    """Whether ``inert`` would leave ``text`` as it is (no unsafe character in it).

    >>> is_inert("Ann [bold]"), is_inert("Ann\\x1b")
    (True, False)
    """
    return _UNSAFE.search(text) is None


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` and the noun, plural unless ``n`` is 1.

    >>> plural(1, "hand"), plural(2, "hand"), plural(3, "entry", "entries")
    ('1 hand', '2 hands', '3 entries')
    """
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"
