"""The position notation: a one-line text form of a game between two actions,
like chess's FEN. ``docs/position.md`` specifies it; ``GameState.position()``
writes it and ``GameState.from_position(text, rules)`` reads it back.

A position is a list of ``key=value`` fields separated by spaces, always
written in the same order. Cards are written as in game records (``QS`` is the
first physical copy, ``QS#2`` the second), separated by commas; ``-`` is an
empty list or no card.

>>> from pinochle_tui.engine.deck import pack
>>> from pinochle_tui.engine.rules import Rules
>>> from pinochle_tui.engine.seats import Seat
>>> from pinochle_tui.engine.state import GameState
>>> state = GameState.new(Rules(), dealer=Seat.NORTH)
>>> _ = state.deal(pack(Rules()))
>>> text = state.position()
>>> text.split()[:5]
['hand=1', 'dealer=N', 'turn=S:lead', 'trump=D', 'target=1000']
>>> GameState.from_position(text).position() == text
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from pinochle_tui.engine.cards import CARDS, Card, Suit, ids_of
from pinochle_tui.engine.errors import CardParseError, MeldParseError, PositionError
from pinochle_tui.engine.events import MeldScored, TrickWon
from pinochle_tui.engine.melds import MeldKind, identify, meld_patterns
from pinochle_tui.engine.rules import DeclareOut as DeclareOutRule
from pinochle_tui.engine.rules import Rules
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.engine.view import Phase

if TYPE_CHECKING:
    from pinochle_tui.engine.state import GameState

#: The fields in the order they are written; ``melded`` and ``dixleft`` only
#: in the trick winner's turn.
FIELDS = (
    "hand",
    "dealer",
    "turn",
    "trump",
    "target",
    "scores",
    "meld",
    "south",
    "north",
    "up",
    "stock",
    "lead",
    "tricks",
    "melds",
    "counted",
    "revealed",
    "claims",
    "melded",
    "dixleft",
)
_PHASES = {phase.value: phase for phase in (Phase.DEAL, Phase.LEAD, Phase.FOLLOW, Phase.MELD)}
_SEATS = {"S": Seat.SOUTH, "N": Seat.NORTH}
_YES_NO = {"yes": True, "no": False}
_T = TypeVar("_T")


# -- writing ---------------------------------------------------------------------


def _card(card_id: int) -> str:
    card = CARDS[card_id]
    return card.code if card.copy == 1 else card.tag


def _cards(ids: Iterable[int]) -> str:
    return ",".join(_card(i) for i in ids) or "-"


def _seat(seat: Seat) -> str:
    return seat.name[0]


def _holding(state: GameState, seat: Seat) -> str:
    """``hand/table``, a concealed card the opponent knows about marked ``!``."""
    hand = ",".join(
        _card(i) + ("!" if state.public[seat] >> i & 1 else "") for i in ids_of(state.hands[seat])
    )
    return f"{hand or '-'}/{_cards(ids_of(state.tables[seat]))}"


def write(state: GameState) -> str:
    """The position of ``state`` (a hand in progress, or waiting for a deal)."""
    if state.is_over:
        raise PositionError("the game is over: there is no position to write")
    if state.phase is Phase.DEAL:
        fields = {
            "hand": str(state.hand_no),
            "turn": f"{_seat(state.dealer.other)}:deal",
            "target": str(state.target),
            "scores": f"{state.scores[0]},{state.scores[1]}",
        }
        return " ".join(f"{key}={value}" for key, value in fields.items())
    fields = {
        "hand": str(state.hand_no),
        "dealer": _seat(state.dealer),
        "turn": f"{_seat(state.to_act)}:{state.phase.value}",
        "trump": Suit(state.trump).letter,
        "target": str(state.target),
        "scores": f"{state.scores[0]},{state.scores[1]}",
        "meld": f"{state.meld_points[0]},{state.meld_points[1]}",
        "south": _holding(state, Seat.SOUTH),
        "north": _holding(state, Seat.NORTH),
        "up": "-" if state.turn_up is None else _card(state.turn_up),
        "stock": _cards(reversed(state.stock)),
        "lead": "-" if state.lead is None else _card(state.lead),
        "tricks": ",".join(
            f"{_seat(t.leader)}:{_card(t.lead.id)}-{_card(t.reply.id)}" for t in state.tricks
        )
        or "-",
        "melds": ",".join(
            f"{_seat(m.seat)}:{m.kind.code}:" + "+".join(_card(c.id) for c in m.cards)
            for m in state.melds
        )
        or "-",
        "counted": _cards(ids_of(state.dix_counted)),
        "revealed": "-" if state.revealed is None else _card(state.revealed),
        "claims": ",".join(_seat(s) for s in state.claims) or "-",
    }
    if state.phase is Phase.MELD:
        fields["melded"] = "yes" if state.melded else "no"
        fields["dixleft"] = str(state.dix_left)
    return " ".join(f"{key}={value}" for key, value in fields.items())


# -- reading ---------------------------------------------------------------------


class _Reader:
    """Parses the fields of one position, naming the field in every complaint."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise PositionError("a position is a line of text")
        self.fields: dict[str, str] = {}
        for item in text.split():
            key, sep, value = item.partition("=")
            if not sep or not value:
                raise PositionError(f"{item!r} is not a key=value field")
            if key not in FIELDS:
                raise PositionError(f"unknown field {key!r}")
            if key in self.fields:
                raise PositionError(f"field {key!r} appears twice")
            self.fields[key] = value

    def has(self, key: str) -> bool:
        return key in self.fields

    def get(self, key: str) -> str:
        try:
            return self.fields[key]
        except KeyError:
            raise PositionError(f"the field {key!r} is missing") from None

    def parse(self, key: str, read: Callable[[str], _T]) -> _T:
        value = self.get(key)
        try:
            return read(value)
        except (ValueError, KeyError, IndexError) as error:
            detail = str(error) if isinstance(error, CardParseError | MeldParseError) else ""
            raise PositionError(f"field {key}={value!r} cannot be read{': ' + detail}") from None

    def number(self, key: str) -> int:
        value = self.parse(key, int)
        if value < 0:
            raise PositionError(f"field {key} must not be negative")
        return value

    def pair(self, key: str) -> tuple[int, int]:
        def read(value: str) -> tuple[int, int]:
            south, north = value.split(",")
            return int(south), int(north)

        return self.parse(key, read)

    def seat(self, key: str, value: str | None = None) -> Seat:
        return self.parse(key, lambda v: _SEATS[v]) if value is None else _SEATS[value]


def _card_id(text: str) -> int:
    return Card.parse(text).id


def _card_list(text: str) -> list[int]:
    return [] if text == "-" else [_card_id(t) for t in text.split(",")]


def _optional_card(text: str) -> int | None:
    return None if text == "-" else _card_id(text)


def _read_holding(text: str) -> tuple[list[int], list[int], list[int]]:
    """Hand, table and the known cards of the hand from ``hand/table``."""
    hand_text, table_text = text.split("/")
    hand: list[int] = []
    known: list[int] = []
    for item in [] if hand_text == "-" else hand_text.split(","):
        card = _card_id(item.removesuffix("!"))
        hand.append(card)
        if item.endswith("!"):
            known.append(card)
    return hand, _card_list(table_text), known


def _read_tricks(text: str) -> list[tuple[Seat, int, int]]:
    tricks = []
    for item in [] if text == "-" else text.split(","):
        seat, _, cards = item.partition(":")
        lead, reply = cards.split("-")
        tricks.append((_SEATS[seat], _card_id(lead), _card_id(reply)))
    return tricks


def _read_melds(text: str) -> list[tuple[Seat, MeldKind, list[int]]]:
    melds = []
    for item in [] if text == "-" else text.split(","):
        seat, kind, cards = item.split(":")
        melds.append((_SEATS[seat], MeldKind.parse(kind), [_card_id(c) for c in cards.split("+")]))
    return melds


def _mask(ids: Iterable[int]) -> int:
    mask = 0
    for card in ids:
        mask |= 1 << card
    return mask


def read(text: str, rules: Rules | None = None) -> GameState:
    """The game at the position ``text`` describes, under ``rules`` (Hoyle's by
    default; the notation does not carry the rules). Raises ``PositionError``
    naming the first thing wrong."""
    from pinochle_tui.engine.state import GameState

    rules = rules or Rules()
    fields = _Reader(text)
    turn = fields.get("turn")
    seat_text, _, phase_text = turn.partition(":")
    if seat_text not in _SEATS or phase_text not in _PHASES:
        raise PositionError(f"field turn={turn!r} must be a seat and a phase, like S:lead")
    to_act, phase = _SEATS[seat_text], _PHASES[phase_text]
    hand_no = fields.number("hand")
    if phase is Phase.DEAL:
        state = GameState.new(rules, dealer=to_act)
        state.hand_no, state.target = hand_no, fields.number("target")
        state.scores = list(fields.pair("scores"))
        state.dealer = to_act.other
        if set(fields.fields) != {"hand", "turn", "target", "scores"}:
            raise PositionError("a position waiting for a deal has only hand, turn, target, scores")
        return state
    if hand_no < 1:
        raise PositionError("a hand in progress has a hand number of 1 or more")
    state = GameState.new(rules)
    state.phase, state.to_act, state.hand_no = phase, to_act, hand_no
    state.dealer = fields.seat("dealer")
    trump = fields.parse("trump", Suit.parse)
    state.trump = int(trump)
    state.patterns = meld_patterns(trump, rules.double_pinochle)
    state.target = fields.number("target")
    state.scores = list(fields.pair("scores"))
    state.meld_points = list(fields.pair("meld"))
    everything: list[int] = []
    for seat, key in ((Seat.SOUTH, "south"), (Seat.NORTH, "north")):
        hand, table, known = fields.parse(key, _read_holding)
        state.hands[seat], state.tables[seat] = _mask(hand), _mask(table)
        state.public[seat] = _mask(known)
        everything += hand + table
    state.turn_up = fields.parse("up", _optional_card)
    state.stock = list(reversed(fields.parse("stock", _card_list)))
    state.lead = fields.parse("lead", _optional_card)
    everything += state.stock + [c for c in (state.turn_up, state.lead) if c is not None]
    points = rules.card_points
    for leader, lead, reply in fields.parse("tricks", _read_tricks):
        winner = leader.other if reply_wins(lead, reply, state.trump) else leader
        trick_no = len(state.tricks) + 1
        trick_points = points[(lead >> 1) & 7] + points[(reply >> 1) & 7]
        state.tricks.append(
            TrickWon(leader, CARDS[lead], CARDS[reply], winner, trick_no, trick_points, False)
        )
        state.won[winner] |= (1 << lead) | (1 << reply)
        everything += [lead, reply]
    for seat, kind, ids in fields.parse("melds", _read_melds):
        cards = tuple(sorted((CARDS[i] for i in ids), key=lambda c: c.id))
        if identify(state.patterns, list(cards)) is not kind:
            raise PositionError(f"field melds: {' '.join(map(str, cards))} is not a {kind}")
        state.melds.append(MeldScored(seat, kind, cards, kind.points))
        state.history.record(kind, list(ids))
    state.dix_counted = _mask(fields.parse("counted", _card_list))
    state.revealed = fields.parse("revealed", _optional_card)
    state.claims = fields.parse(
        "claims", lambda v: [] if v == "-" else [_SEATS[s] for s in v.split(",")]
    )
    state.playoff = not state.stock
    state.leader = to_act.other if phase is Phase.FOLLOW else to_act
    if phase is Phase.MELD:
        state.melded = fields.parse("melded", lambda v: _YES_NO[v])
        state.dix_left = fields.number("dixleft")
    elif fields.has("melded") or fields.has("dixleft"):
        raise PositionError("melded and dixleft belong only to the trick winner's turn (meld)")
    _check(state, rules, everything)
    return state


def _check(state: GameState, rules: Rules, cards: list[int]) -> None:
    """Refuse a position that no game could reach, naming what is wrong."""
    pack = sorted(c.id for c in CARDS if c.rank in rules.ranks)
    if sorted(cards) != pack:
        stray = sorted(set(cards) - set(pack))
        if stray:
            raise PositionError(f"{CARDS[stray[0]].code} is not in the {rules.pack}-card pack")
        extra = sorted(i for i in set(cards) if cards.count(i) > 1)
        if extra:
            raise PositionError(f"{CARDS[extra[0]].tag} is in two places")
        missing = sorted(set(pack) - set(cards))
        raise PositionError(f"{CARDS[missing[0]].tag} is missing")
    size = rules.hand_size
    tricks = len(state.tricks)
    held = [(state.hands[s] | state.tables[s]).bit_count() for s in Seat]
    if state.playoff:
        if state.turn_up is not None or state.tables != [0, 0] or state.revealed is None:
            raise PositionError("in the playoff there is no turn-up, no table and a revealed card")
        draws = size
    else:
        stock_left = rules.pack - 2 * size - 1
        if state.turn_up is None or state.revealed is not None:
            raise PositionError("before the playoff the turn-up lies and no card is revealed")
        if (stock_left - len(state.stock)) % 2:
            raise PositionError(f"the stock holds an odd number of cards, {stock_left} at first")
        if Suit(CARDS[state.turn_up].suit) != state.trump:
            raise PositionError("the turn-up is a trump")
        draws = (stock_left - len(state.stock)) // 2
    expected = size - tricks + draws
    leader = state.leader
    wanted = [expected, expected]
    if state.phase is Phase.FOLLOW:
        if state.lead is None:
            raise PositionError("a reply is due but no card was led (lead=-)")
        wanted[leader] -= 1
    elif state.lead is not None:
        raise PositionError("a card is led only when a reply is due (turn=...:follow)")
    if state.phase is Phase.MELD and (not state.tricks or state.tricks[-1].winner != leader):
        raise PositionError("the trick winner's turn belongs to the winner of the last trick")
    if state.phase is Phase.MELD and state.playoff:
        raise PositionError("there is no winner's turn in the playoff")
    if held != wanted or tricks > 2 * size:
        raise PositionError(
            f"the hands hold {held[0]} and {held[1]} cards; after {tricks} tricks "
            f"and {draws} draws they hold {wanted[0]} and {wanted[1]}"
        )
    for seat in Seat:
        if state.public[seat] & ~state.hands[seat]:
            raise PositionError("only concealed cards are marked known (!)")
        melded = _mask(c.id for m in state.melds if m.seat == seat for c in m.cards)
        if state.tables[seat] & ~melded:
            raise PositionError("every table card belongs to one of its owner's melds")
    dixes = _mask(c.id for c in CARDS if c.suit == state.trump and c.rank == rules.dix_rank)
    if state.dix_counted & ~dixes:
        raise PositionError("only a dix can be counted")
    if any(state.meld_points[s] > state.scores[s] for s in Seat):
        raise PositionError("the scores include the meld points of the hand")
    if state.claims and rules.declare_out is DeclareOutRule.STANDARD:
        raise PositionError("a claim stays open only under declare-out alt1 or alt2")
    if len(set(state.claims)) != len(state.claims):
        raise PositionError("a player declares out once a hand")
