"""A card crossing the table: the computer's card slides from its hand to its
place in the trick, so the eye can follow what was played."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.css.scalar import ScalarOffset
from textual.geometry import Offset
from textual.reactive import reactive
from textual.widget import Widget

from pinochle_tui.engine import Card
from pinochle_tui.tui.cardfaces import COMPACT, Face
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row


class FlyingCard(Widget):
    """One card on the overlay layer, hidden unless it is in flight."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS)

    card: reactive[Card | None] = reactive(None)
    size_of_face: reactive[Face] = reactive(COMPACT, layout=True)

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only
        self._landed: Callable[[], None] | None = None
        self.display = False

    def render(self) -> Text:
        if self.card is None:
            return Text()
        lines = card_row(self, [Place.of(self.card)], self.size_of_face, self._ascii_only)
        return Text("\n").join(lines)

    def fly(
        self, card: Card, start: Offset, end: Offset, seconds: float, landed: Callable[[], None]
    ) -> None:
        """Show ``card`` at ``start`` and slide it to ``end``; ``landed`` is called
        when it arrives (or at once, if the flight is cut short by ``land``)."""
        self.land()
        size = self.size_of_face
        self.styles.width, self.styles.height = size.width, size.height
        self.card, self._landed = card, landed
        self.styles.offset = (start.x, start.y)
        self.display = True
        target = ScalarOffset.from_offset(end)  # animatable, though typed otherwise
        self.styles.animate(
            "offset",
            value=target,  # type: ignore[arg-type]
            duration=seconds,
            on_complete=self.land,
        )

    @property
    def flying(self) -> bool:
        return self._landed is not None

    def land(self) -> None:
        """End the flight now: the card is in its place."""
        landed, self._landed = self._landed, None
        if landed is None:
            return
        self.app.animator.force_stop_animation(self.styles, "offset")
        self.display = False
        self.card = None
        landed()
