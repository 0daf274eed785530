"""Drawing cards with styles: boxed cards in a row (side by side or fanned), and
cards inside a line of text.

Widgets that show cards declare ``CARD_COMPONENTS`` as component classes, so
every colour (suits, card face, edges, highlights) comes from TCSS rules such
as ``HandView > .card--hearts``. A row of cards is drawn by one widget rather
than one widget per card, which keeps the screen's layout cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from pinochle_tui.engine import Card
from pinochle_tui.tui.cardfaces import Face, face

#: Component classes for cards inside a line of text: one per suit, and played.
SUIT_COMPONENTS = frozenset(
    {"card--spades", "card--hearts", "card--diamonds", "card--clubs", "card--gone"}
)

#: Component classes for boxed cards: the suits, a back, an empty place, the
#: edge styles that mark a card, and the tints of a face (on the table, not
#: playable now, just drawn).
CARD_COMPONENTS = SUIT_COMPONENTS | frozenset(
    {
        "card--back",
        "card--slot",
        "card--edge",
        "card--legal",
        "card--cursor",
        "card--winner",
        "card--table-edge",
        "card--on-table",
        "card--illegal",
        "card--fresh",
        "card--key",
        "card--key-cursor",
    }
)


def suit_component(card: Card) -> str:
    return f"card--{card.suit.name.lower()}"


@dataclass(frozen=True, slots=True)
class Place:
    """One boxed place in a row: a face up card, a back, or an empty slot; the
    component classes of its edge and of any tint over its face; the key under it."""

    kind: Literal["card", "back", "slot"]
    card: Card | None = None
    edge: str = "card--edge"
    tints: tuple[str, ...] = ()
    key: str = ""

    @classmethod
    def of(cls, card: Card, edge: str = "card--edge", *tints: str, key: str = "") -> Place:
        return cls("card", card, edge, tints, key)

    @classmethod
    def back(cls) -> Place:
        return cls("back", edge="card--edge")

    @classmethod
    def slot(cls) -> Place:
        return cls("slot", edge="card--slot")


def _lines(place: Place, size: Face, ascii_only: bool, covered: bool) -> tuple[list[str], bool]:
    """The inside lines of a place, and whether its border is dashed (an empty slot)."""
    if place.kind == "card":
        assert place.card is not None
        return size.inside(place.card, ascii_only, covered), False
    if place.kind == "back":
        return size.pattern(ascii_only), False
    return size.blank(), True


def card_row(
    widget: Widget,
    places: Sequence[Place],
    size: Face,
    ascii_only: bool,
    step: int | Sequence[int] | None = None,
) -> list[Text]:
    """``size.height`` lines drawing ``places`` side by side, ``step`` columns from
    one card to the next (default: the card's width plus a space; or one step
    after each card); a step below the width fans them like a hand held, each
    card but the last cut to its first ``step`` columns, which show its corner."""
    style = widget.get_component_rich_style
    if step is None or isinstance(step, int):
        steps = [size.width + 1 if step is None else step] * len(places)
    else:
        steps = list(step)
    lines = [Text() for _ in range(size.height)]
    for index, place in enumerate(places):
        last = index == len(places) - 1
        gap = steps[index]
        shown = size.width if last else min(gap, size.width)
        edge = style(place.edge)
        inside = _inside_style(widget, place)
        inner, dashed = _lines(place, size, ascii_only, shown < size.width)
        rows = [Text(size.top(dashed), edge)]
        side = "┆" if dashed else "│"
        for inside_line in inner:
            rows.append(Text(side, edge).append(inside_line, inside).append(side, edge))
        rows.append(Text(size.bottom(dashed), edge))
        for line, row in zip(lines, rows, strict=True):
            line.append_text(row[:shown])
            if not last and gap > size.width:
                line.append(" " * (gap - size.width))
    return lines


def _inside_style(widget: Widget, place: Place) -> Style:
    style = widget.get_component_rich_style
    if place.kind == "back":
        base = style("card--back")
    elif place.kind == "slot":
        base = style("card--slot")
    else:
        assert place.card is not None
        base = style(suit_component(place.card))
    for tint in place.tints:
        base = base + tint_of(style(tint))
    return base


def tint_of(style: Style) -> Style:
    """A component style as a tint over a face: its background and attributes,
    never its colour (which is the suit's)."""
    return Style(
        bgcolor=style.bgcolor,
        bold=style.bold,
        dim=style.dim,
        underline=style.underline,
        strike=style.strike,
    )


def key_line(widget: Widget, places: Sequence[Place], size: Face, step: int | None = None) -> Text:
    """The keys of ``places`` under their cards, each centred on what shows of
    its card where the cards overlap (the last one too, so that every key
    stands at the same place under its card)."""
    step = size.width + 1 if step is None else step
    width = min(step, size.width)
    text = Text()
    for index, place in enumerate(places):
        shown = size.width if index == len(places) - 1 else step
        cursor = place.edge == "card--cursor"
        text.append(
            f"{place.key:^{width}}",
            widget.get_component_rich_style("card--key-cursor" if cursor else "card--key"),
        )
        text.append(" " * (shown - width))
    return text


def row_width(count: int, size: Face, step: int) -> int:
    """Columns taken by ``count`` cards ``step`` apart."""
    return 0 if count == 0 else (count - 1) * step + size.width


@dataclass(frozen=True, slots=True)
class Fit:
    """How cards lie in a width: cards per row, and columns from one card to the next."""

    per_row: int
    step: int

    def rows(self, count: int) -> int:
        return max(1, -(-count // self.per_row))


def fit(count: int, width: int, size: Face) -> Fit:
    """Side by side (a space between, else touching) if the cards fit; else
    fanned, if that fits; else in as few even rows as fit side by side.

    >>> from pinochle_tui.tui.cardfaces import COMPACT
    >>> fit(12, 72, COMPACT), fit(12, 60, COMPACT)
    (Fit(per_row=12, step=6), Fit(per_row=12, step=5))
    >>> fit(16, 65, COMPACT), fit(16, 40, COMPACT)
    (Fit(per_row=16, step=4), Fit(per_row=8, step=5))
    """
    count = max(count, 1)
    for step in (size.width + 1, size.width, *size.fans):
        if row_width(count, size, step) <= width:
            return Fit(count, step)
    per_row = max(1, (width - size.width) // size.fan + 1)
    rows = -(-count // per_row)
    per_row = -(-count // rows)
    step = size.width if row_width(per_row, size, size.width) <= width else size.fan
    return Fit(per_row, step)


def card_text(widget: Widget, cards: Iterable[Card], ascii_only: bool, gone: bool = False) -> Text:
    """Cards as one line of text, each in its suit's component style (``card--hearts``)."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        name = "card--gone" if gone else suit_component(card)
        text.append(face(card, ascii_only), widget.get_component_rich_style(name))
    return text
