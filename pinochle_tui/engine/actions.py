"""What a player can do: small immutable actions with a text form.

Every action names its seat, so an action for the wrong seat is refused.
The text form (``action.text``, ``parse_action``) is what game records store.

>>> parse_action("play QS#2", Seat.NORTH)
Play(seat=<Seat.NORTH: 1>, card=Card.parse('QS#2'))
>>> Meld(Seat.SOUTH, MeldKind.PINOCHLE, (Card.parse("JD"), Card.parse("QS"))).text
'meld pinochle QS#1 JD#1'
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tui.engine.cards import Card
from pinochle_tui.engine.errors import ActionParseError, CardParseError, MeldParseError
from pinochle_tui.engine.melds import MeldKind
from pinochle_tui.engine.seats import Seat


@dataclass(frozen=True, slots=True)
class Play:
    """Lead or reply with a card from the hand or from the player's table."""

    seat: Seat
    card: Card

    @property
    def text(self) -> str:
        return f"play {self.card.tag}"

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay down (or reuse from the table) exactly the cards of one meld."""

    seat: Seat
    kind: MeldKind
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=lambda c: c.id)))

    @property
    def points(self) -> int:
        return self.kind.points

    @property
    def text(self) -> str:
        return f"meld {self.kind.code} " + " ".join(c.tag for c in self.cards)

    def __str__(self) -> str:
        return f"meld {self.kind} ({' '.join(map(str, self.cards))}) for {self.points}"


@dataclass(frozen=True, slots=True)
class ShowDix:
    """Show the dix after winning a trick: it scores 10 and stays in the hand."""

    seat: Seat
    card: Card

    @property
    def text(self) -> str:
        return f"show {self.card.tag}"

    def __str__(self) -> str:
        return f"show the dix {self.card}"


@dataclass(frozen=True, slots=True)
class ExchangeDix:
    """Swap the dix for the turn-up after winning a trick (10 unless already counted)."""

    seat: Seat
    card: Card

    @property
    def text(self) -> str:
        return f"exchange {self.card.tag}"

    def __str__(self) -> str:
        return f"exchange the dix {self.card} for the turn-up"


@dataclass(frozen=True, slots=True)
class Draw:
    """End the trick winner's turn: both players draw from the stock.

    ``take_turn_up`` matters only at the last draw when the winner chooses.
    """

    seat: Seat
    take_turn_up: bool = False

    @property
    def text(self) -> str:
        return "draw turn-up" if self.take_turn_up else "draw"

    def __str__(self) -> str:
        return "take the turn-up" if self.take_turn_up else "draw"


@dataclass(frozen=True, slots=True)
class DeclareOut:
    """Claim to have reached the target: the claimant's count decides the game."""

    seat: Seat

    @property
    def text(self) -> str:
        return "declare-out"

    def __str__(self) -> str:
        return "declare out"


Action = Play | Meld | ShowDix | ExchangeDix | Draw | DeclareOut


_CARD_ACTIONS: dict[str, type[Play | ShowDix | ExchangeDix]] = {
    "play": Play,
    "show": ShowDix,
    "exchange": ExchangeDix,
}


def parse_action(text: str, seat: Seat) -> Action:
    """Read an action's text form (as written by ``action.text``) for ``seat``.

    The text names physical cards: ``QS`` is copy 1, ``QS#2`` copy 2. To name
    a card as a player does, whichever copy is held, use
    ``GameState.parse_action``. Raises ``ActionParseError``.
    """
    words = text.split()
    if not words:
        raise ActionParseError("an empty action")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb in _CARD_ACTIONS and len(args) == 1:
            return _CARD_ACTIONS[verb](seat, Card.parse(args[0]))
        if verb == "meld" and len(args) >= 2:
            return Meld(seat, MeldKind.parse(args[0]), tuple(Card.parse(a) for a in args[1:]))
    except (CardParseError, MeldParseError) as error:
        raise ActionParseError(f"{text!r} is not an action: {error}") from None
    if verb == "draw" and args in ([], ["turn-up"]):
        return Draw(seat, take_turn_up=bool(args))
    if verb == "declare-out" and not args:
        return DeclareOut(seat)
    raise ActionParseError(
        f"{text!r} is not an action: actions look like 'play QS', 'meld flush AH 10H KH QH JH', "
        "'show 9H', 'exchange 9H', 'draw', 'draw turn-up' or 'declare-out'"
    )
