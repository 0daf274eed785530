"""The other player's concealed hand: fanned card backs, with the cards of that
hand both players know face up at its end, and a count. Known cards are never
cut off: the fan wraps onto another row when they do not fit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from pinochle_tui.engine import Card
from pinochle_tui.names import SENTENCE_NAME
from pinochle_tui.names import fit as fit_name
from pinochle_tui.plaintext import plural
from pinochle_tui.tui.cardfaces import Face
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row, card_text, fit


@dataclass(frozen=True, slots=True)
class Concealed:
    """What is seen of the other hand."""

    name: str = ""
    count: int = 0
    known: tuple[Card, ...] = ()
    to_act: bool = False


class OpponentHand(Widget):
    """``Computer · 12 cards, 2 known`` over a fan of backs; in a small terminal,
    one line of text (``size_of_face`` None)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(
        CARD_COMPONENTS | {"opponent--name", "opponent--backs", "caption"}
    )

    concealed: reactive[Concealed] = reactive(Concealed, layout=True)
    size_of_face: reactive[Face | None] = reactive(None, layout=True)

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only

    def watch_concealed(self, concealed: Concealed) -> None:
        self.set_class(concealed.to_act, "-to-act")

    def _caption(self) -> Text:
        concealed = self.concealed
        count = plural(concealed.count, "card")
        known = f", {len(concealed.known)} known" if concealed.known else ""
        rest = Text(f"  {count}{known}", self.get_component_rich_style("caption"))
        return self._named(rest)

    def _named(self, rest: Text) -> Text:
        """The name, cut (``names.fit``) to what ``rest`` after it leaves of the line."""
        room = max(SENTENCE_NAME, (self.size.width or 80) - rest.cell_len)
        name = fit_name(self.concealed.name, room)
        return Text(name, self.get_component_rich_style("opponent--name")).append_text(rest)

    def render(self) -> Text:
        concealed, size = self.concealed, self.size_of_face
        if size is None:
            return self._line()
        backs = max(concealed.count - len(concealed.known), 0)
        places = [Place.back()] * backs + [Place.of(card) for card in concealed.known]
        lines = [self._caption()]
        width = self.size.width or 80
        steps = [size.back_fan] * backs + [size.fan] * len(concealed.known)
        if backs and concealed.known:
            steps[backs - 1] = size.fan + 1  # a gap between the backs and the known cards
        if sum(steps[:-1]) + size.width <= width or not places:
            lines += card_row(self, places, size, self._ascii_only, steps)
        else:  # the backs on one row, the known cards in as many rows as they need
            lines += card_row(self, places[:backs], size, self._ascii_only, size.back_fan)
            layout = fit(len(concealed.known), width, size)
            for start in range(0, len(concealed.known), layout.per_row):
                row = places[backs + start : backs + start + layout.per_row]
                lines += card_row(self, row, size, self._ascii_only, layout.step)
        return Text("\n", justify="center").join(lines)

    def _line(self) -> Text:
        """The backs, the known cards and the count on one line, after the
        name cut (``names.fit``) to what the line leaves it."""
        concealed = self.concealed
        rest = Text("  ")
        backs = max(concealed.count - len(concealed.known), 0)
        back = "#" if self._ascii_only else "▚"
        rest.append(back * backs, self.get_component_rich_style("card--back"))
        if concealed.known:
            rest.append(" ")
            rest.append_text(card_text(self, concealed.known, self._ascii_only))
        rest.append(
            f"  {plural(concealed.count, 'card')}", self.get_component_rich_style("caption")
        )
        text = self._named(rest)
        text.justify = "center"
        return text
