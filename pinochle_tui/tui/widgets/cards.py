"""Drawing cards as text: small boxed faces in a row, and cards inside a line of text.

Widgets that show cards declare ``CARD_COMPONENTS`` as component classes, so
every colour (suits, card face, edges, highlights) comes from TCSS rules such
as ``HandView > .card--hearts``. A row of cards is drawn by one widget rather
than one widget per card, which keeps the screen's layout cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.widget import Widget

from pinochle_tui.engine import Card
from pinochle_tui.tui.cardfaces import face

#: Width of a boxed card on screen, borders included.
CARD_WIDTH = 5

#: Component classes for cards inside a line of text: one per suit, and played.
SUIT_COMPONENTS = frozenset(
    {"card--spades", "card--hearts", "card--diamonds", "card--clubs", "card--gone"}
)

#: Component classes for boxed cards: the suits, a back, an empty place, and the
#: edge styles that mark a card.
CARD_COMPONENTS = SUIT_COMPONENTS | frozenset(
    {
        "card--back",
        "card--slot",
        "card--edge",
        "card--legal",
        "card--illegal",
        "card--cursor",
        "card--table",
        "card--winner",
    }
)


def suit_component(card: Card) -> str:
    return f"card--{card.suit.name.lower()}"


@dataclass(frozen=True, slots=True)
class Place:
    """One boxed place in a row: a face up card, a back, or an empty slot."""

    text: str
    face: str  # component class of the face
    edge: str = "card--edge"  # component class of the border

    @classmethod
    def of(cls, card: Card, ascii_only: bool, edge: str = "card--edge") -> Place:
        return cls(face(card, ascii_only), suit_component(card), edge)

    @classmethod
    def back(cls) -> Place:
        return cls("░░░", "card--back")

    @classmethod
    def slot(cls) -> Place:
        return cls("", "card--slot", "card--slot")


def card_row(
    widget: Widget, places: Sequence[Place], gap: int = 0, *, overlap: bool = False
) -> list[Text]:
    """Three lines drawing ``places`` as boxes side by side, ``gap`` spaces apart;
    ``overlap``: each box but the last loses its right edge, fanned like a hand held
    (one column less per card, for a long hand in a narrow terminal)."""
    style = widget.get_component_rich_style
    lines = [Text(), Text(), Text()]
    for index, place in enumerate(places):
        if index and gap:
            for line in lines:
                line.append(" " * gap)
        edge, inside = style(place.edge), style(place.face)
        if place.edge == "card--illegal":
            inside = inside + style("card--illegal")
        closed = not overlap or index == len(places) - 1
        lines[0].append("╭───╮" if closed else "╭───", edge)
        lines[1].append("│", edge)
        lines[1].append(f"{place.text:<3}", inside)
        lines[1].append("│" if closed else "", edge)
        lines[2].append("╰───╯" if closed else "╰───", edge)
    return lines


def card_text(widget: Widget, cards: Iterable[Card], ascii_only: bool, gone: bool = False) -> Text:
    """Cards as one line of text, each in its suit's component style (``card--hearts``)."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        name = "card--gone" if gone else suit_component(card)
        text.append(f"{face(card, ascii_only):>3}", widget.get_component_rich_style(name))
    return text
