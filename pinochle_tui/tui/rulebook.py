"""The rules, rendered once: ``rules.md`` split into its sections, each drawn
by Rich's Markdown at a width into lines of text, and cached by width.

Rendering takes a noticeable moment (tens of milliseconds, more on a loaded
machine), so the app renders the rules in a thread as soon as it starts; the
rules screen then opens at once with what is cached, and renders anew (also in
a thread) only when the width has changed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from importlib.resources import files

from rich.console import Console
from rich.markdown import Markdown
from rich.segment import Segment
from textual.strip import Strip


def rules_markdown() -> str:
    return files("pinochle_tui").joinpath("rules.md").read_text(encoding="utf-8")


@dataclass(frozen=True, slots=True)
class Section:
    """A heading of the rules and the first line of its section."""

    title: str
    line: int


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The rules drawn at one width: every line, and where each section starts."""

    width: int
    lines: tuple[Strip, ...]
    sections: tuple[Section, ...]


def split_sections(text: str) -> list[tuple[str, str]]:
    """The markdown cut before each ``##`` heading: (title, markdown) pairs.

    >>> [title for title, _ in split_sections("# Rules\\nIntro\\n## 1. Deal\\nx\\n### More\\n")]
    ['Rules', '1. Deal']
    """
    sections: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith(("# ", "## ")) or not sections:
            sections.append((line.lstrip("#").strip(), []))
        sections[-1][1].append(line)
    return [(title, "\n".join(body)) for title, body in sections]


def render(width: int) -> Rulebook:
    """Draw the rules ``width`` columns wide."""
    console = Console(width=width, color_system="truecolor", force_terminal=True, file=None)
    options = console.options.update(width=width)
    lines: list[Strip] = []
    sections: list[Section] = []
    for title, body in split_sections(rules_markdown()):
        sections.append(Section(title, len(lines)))
        drawn = console.render_lines(Markdown(body), options, pad=False)
        lines += [Strip(Segment.simplify(line)) for line in drawn]
        lines.append(Strip.blank(0))
    return Rulebook(width, tuple(lines), tuple(sections))


_cache: dict[int, Rulebook] = {}
_lock = threading.Lock()


def rulebook(width: int) -> Rulebook:
    """The rules at ``width``, from the cache or drawn now (safe in any thread)."""
    with _lock:
        found = _cache.get(width)
    if found is None:
        found = render(width)
        with _lock:
            _cache[width] = found
    return found


def cached(width: int) -> Rulebook | None:
    """The rules at ``width`` if they are drawn already, else None."""
    with _lock:
        return _cache.get(width)
