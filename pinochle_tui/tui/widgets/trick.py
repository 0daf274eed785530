"""The trick: the other player's card on the left, the viewer's on the right,
each under its player's name; who led it, then who took it, until the next lead.

The card the computer is playing may be in flight (``landing``, its seat): its
place stays empty, and the trick is not told as taken, until it lands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Offset, Size
from textual.reactive import reactive
from textual.widget import Widget

from pinochle_tui.engine import Card, Seat
from pinochle_tui.names import fit
from pinochle_tui.tui.cardfaces import COMPACT, Face
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row

#: Columns from the left card to the right one, at least.
_COLUMN = 12
#: Characters of a name in the title: a longer one is cut ("…"), or it would
#: widen the trick until the stock and the winner's choices had no room.
_TITLE_NAME = 12
#: The cells of the widest title but the name: two-digit trick and points.
_TITLE_ROOM = len("Trick 16:  took 32")


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick in play, or the last one taken (``winner`` set)."""

    number: int = 1
    #: The cards by seat (South's, North's); None where none is played yet.
    cards: tuple[Card | None, Card | None] = (None, None)
    leader: Seat = Seat.SOUTH
    winner: Seat | None = None
    points: int = 0


class TrickView(Widget):
    """Two places, the viewer's on the right, with the trick's story above them."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS | {"caption", "caption--won"})

    trick: reactive[Trick] = reactive(Trick, layout=True)
    viewer: reactive[Seat] = reactive(Seat.SOUTH)
    landing: reactive[Seat | None] = reactive(None, layout=True)  # the title changes
    size_of_face: reactive[Face] = reactive(COMPACT, layout=True)

    def __init__(self, names: tuple[str, str], ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._names = names
        self._ascii_only = ascii_only

    @property
    def column(self) -> int:
        return max(_COLUMN, self.size_of_face.width + 4)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """As wide as the widest title either player's trick can have, so that
        the trick and the stock beside it stay put as the title changes."""
        widest = max(cell_len(_short(name)) for name in self._names)
        return max(self.column + self.size_of_face.width, _TITLE_ROOM + widest)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.size_of_face.height + 2

    def slot_offset(self, seat: Seat) -> Offset:
        """Where ``seat``'s card is drawn, from the widget's top left corner."""
        width = self.content_size.width
        left = (width - self.column - self.size_of_face.width) // 2
        right = seat == self.viewer
        return Offset(left + (self.column if right else 0), 2)

    @property
    def _winner(self) -> Seat | None:
        """Who took the trick, once every card of it has landed."""
        return self.trick.winner if self.landing is None else None

    def _title(self) -> Text:
        trick, winner, style = self.trick, self._winner, self.get_component_rich_style
        if winner is not None:
            return Text(
                f"Trick {trick.number}: {_short(self._names[winner])} took {trick.points}",
                style("caption--won"),
            )
        if trick.cards[trick.leader] is not None and self.landing != trick.leader:
            led = f"{_short(self._names[trick.leader])} led"
            return Text(f"Trick {trick.number}: {led}", style("caption"))
        return Text(f"Trick {trick.number}", style("caption"))

    def render(self) -> Text:
        trick, size = self.trick, self.size_of_face
        seats = (self.viewer.other, self.viewer)
        column = self.column
        left, right = (self._names[seat] for seat in seats)
        names = Text(
            fit(left, column - 1, pad=True) + " " + fit(right, size.width, pad=True),
            self.get_component_rich_style("caption"),
        )
        winner = self._winner
        places = []
        for seat in seats:
            card = trick.cards[seat]
            if card is None or seat == self.landing:
                places.append(Place.slot())
            else:
                places.append(Place.of(card, "card--winner" if seat == winner else "card--edge"))
        lines = [self._title(), names, *card_row(self, places, size, self._ascii_only, column)]
        return Text("\n", justify="center").join(lines)


def _short(name: str) -> str:
    return fit(name, _TITLE_NAME)
