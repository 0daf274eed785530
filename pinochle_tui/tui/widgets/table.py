"""One player's melds on the table: each meld with its cards and points (a card
played since is greyed in every meld that lists it) and, for the other player,
the table cards themselves as boxed cards, which they may still play.

The player's own table cards are drawn by the hand widget, with their keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from pinochle_tui.engine import Card, MeldScored
from pinochle_tui.names import fit as fit_name
from pinochle_tui.tui.cardfaces import Face
from pinochle_tui.tui.narrate import YOU
from pinochle_tui.tui.widgets.cards import CARD_COMPONENTS, Place, card_row, fit, suit_component


@dataclass(frozen=True, slots=True)
class Melds:
    """One seat's melds this hand and the cards on its table now."""

    #: The seat's player: ``You`` reads "Your melds", another name "Ann's melds".
    owner: str = ""
    melds: tuple[MeldScored, ...] = ()
    on_table: tuple[Card, ...] = ()
    #: The points the seat scored this hand for the dix (shown, exchanged, turned
    #: up by the dealer), a meld laid on no table: so the total here is the meld
    #: points the score shows.
    dix: int = 0


class TableMelds(Widget):
    """``Your melds 70: dix 10 · pinochle Q♠ J♦ 40 · marriage K♥ Q♥ 20``, and
    with ``size_of_face`` set, the table cards under it as boxed cards."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_COMPONENTS | {"meld--name", "caption"})

    melds: reactive[Melds] = reactive(Melds, layout=True)
    size_of_face: reactive[Face | None] = reactive(None, layout=True)
    #: Lines the melds line takes at the least, blank ones above it: where the
    #: game has room it keeps two, so a line that wraps as melds are added
    #: does not move the table under it.
    caption_lines: reactive[int] = reactive(1, layout=True)

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ascii_only = ascii_only

    def caption(self, width: int | None = None) -> Text:
        """The melds line; given a ``width``, broken between melds (never inside
        one) so that each line fits, where it can, the owner's name cut so that
        the first line, with its first meld, fits."""
        melds, style = self.melds, self.get_component_rich_style
        total = melds.dix + sum(m.points for m in melds.melds)
        items = [Text(f"dix {melds.dix}", style("caption"))] if melds.dix else []
        on_table = set(melds.on_table)
        for meld in melds.melds:
            item = Text(f"{meld.kind} ", style("caption"))
            for number, card in enumerate(meld.cards):
                name = suit_component(card) if card in on_table else "card--gone"
                item.append(" " if number else "")
                item.append(self._face(card), style(name))
            if not meld.kind.label[0].isdigit():  # "80 kings" says its points already
                item.append(f" {meld.points}", style("caption"))
            items.append(item)
        tail = f" {total}:" if total else ": none yet"
        rest = len(f" melds{tail}") + (1 + items[0].cell_len if items else 0)
        whose = _whose(melds.owner, None if width is None else width - rest)
        text = Text(f"{whose} melds", style("meld--name"))
        if not total:
            return text.append(tail, style("caption"))
        text.append(tail, style("meld--name"))
        line = text.cell_len
        for index, item in enumerate(items):
            gap = " · " if index else " "
            if width is not None and index and line + len(gap) + item.cell_len > width:
                text.append("\n")
                line = 0
            else:
                text.append(gap, style("caption"))
                line += len(gap)
            text.append_text(item)
            line += item.cell_len
        return text

    def _face(self, card: Card) -> str:
        return card.code if self._ascii_only else str(card)

    def render(self) -> Text:
        caption, size = self.caption(self.size.width or None), self.size_of_face
        missing = self.caption_lines - 1 - caption.plain.count("\n")
        if missing > 0:
            caption = Text("\n" * missing).append_text(caption)
        if size is None:
            caption.justify = "center"
            return caption
        cards = self.melds.on_table
        places = [Place.of(card, "card--table-edge", "card--on-table") for card in cards]
        places = places or [Place.slot()]
        width = self.size.width or 80
        layout = fit(len(places), width, size)
        lines = [caption]
        for start in range(0, len(places), layout.per_row):
            row = places[start : start + layout.per_row]
            lines += card_row(self, row, size, self._ascii_only, layout.step)
        return Text("\n", justify="center").join(lines)


#: The fewest cells a name is cut to in a melds line, however long its first meld.
_LEAST_NAME = 8


def _whose(owner: str, room: int | None) -> str:
    """``Your``, or ``Ann's``: the name cut (``names.fit``) to ``room`` cells with
    its ``'s``, so that a 40-cell name leaves the line its first meld.

    >>> _whose("You", 5), _whose("Ann", 40), _whose("Bartholomew Featherstonehaugh", 14)
    ('Your', "Ann's", "Bartholomew…'s")
    """
    if owner == YOU:
        return "Your"
    return (owner if room is None else fit_name(owner, max(room - 2, _LEAST_NAME))) + "'s"
