"""The bot protocol's wire format (``docs/bot-protocol.md``), both ways.

A host (``pinochle match``, the app) talks to a bot program over its standard
input and output, one UTF-8 line per message: a keyword, then for most
messages one JSON object. Cards are written as the engine's tags (``QS#2``),
seats as ``south``/``north``, suits as letters, melds by code, actions in the
record's text form. The host sends only what the bot's seat may see: events
pass through ``visible_card`` (another seat's draw is ``null``) and each
decision carries that seat's ``SeatView``.

>>> from pinochle_tui.engine import Card, CardDrawn, Seat
>>> event_line(CardDrawn(Seat.NORTH, Card.parse("QS#2"), turn_up=False), Seat.SOUTH)
'event {"type": "card-drawn", "seat": "north", "card": null, "turn_up": false}'
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any, Final

from pinochle_tui.engine import (
    Action,
    Card,
    CardDrawn,
    Event,
    GameState,
    MeldKind,
    Outcome,
    PinochleError,
    Rules,
    Seat,
    SeatView,
    Suit,
    visible_card,
)

#: The protocol version this host and ``pinochle bot`` speak.
VERSION: Final = 1
#: The host's first line; the bot answers ``id name``, ``id author``, ``protocol 1``, ``ready``.
GREETING: Final = f"pinochle-bot {VERSION}"
#: The longest line read from a bot (an answer longer than this is refused).
MAX_LINE: Final = 64 * 1024


class AnswerError(PinochleError):
    """A bot's answer that is not a legal action now (the message says why)."""


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def plain(value: object) -> Any:
    """A value of a view, an event or an outcome as JSON data."""
    if isinstance(value, Card):
        return value.tag
    if isinstance(value, Seat):
        return value.name.lower()
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, MeldKind):
        return value.code
    if isinstance(value, Rules):
        return value.model_dump(mode="json")
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def _line(keyword: str, data: object) -> str:
    return f"{keyword} {json.dumps(data, ensure_ascii=False)}"


def newgame_line(seat: Seat, rules: Rules, move_time: float) -> str:
    """A new game begins: the bot's seat, the rules, and its time per decision."""
    return _line(
        "newgame",
        {"seat": plain(seat), "rules": plain(rules), "move_time_ms": round(move_time * 1000)},
    )


def event_line(event: Event, viewer: Seat) -> str:
    """One event as ``viewer`` may see it: another seat's draw has no card."""
    data = {"type": _kebab(type(event).__name__), **plain(event)}
    if isinstance(event, CardDrawn):
        data["card"] = plain(visible_card(event, viewer))
    return _line("event", data)


def go_line(view: SeatView, legal: Sequence[Action], move_time: float) -> str:
    """A decision: the seat's whole view, the legal actions and the time to answer."""
    return _line(
        "go",
        {
            "view": plain(view),
            "legal": [action.text for action in legal],
            "move_time_ms": round(move_time * 1000),
        },
    )


def gameover_line(outcome: Outcome) -> str:
    return _line("gameover", {**plain(outcome), "reason": outcome.reason()})


# -- reading it back (``pinochle bot``) -------------------------------------------


def _decode(kind: Any, value: Any) -> Any:
    """JSON data back into the type a dataclass field declares."""
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        if value is None:
            return None
        options = [k for k in typing.get_args(kind) if k is not type(None)]
        return _decode(options[0], value)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item) for item in value)
        return tuple(_decode(k, item) for k, item in zip(args, value, strict=True))
    if kind is Card:
        return Card.parse(value)
    if kind is Seat:
        return Seat[value.upper()]
    if kind is Suit:
        return Suit.parse(value)
    if kind is MeldKind:
        return MeldKind.parse(value)
    if kind is Rules:
        return Rules.model_validate(value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    if isinstance(kind, type) and is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        return kind(**{f.name: _decode(hints[f.name], value[f.name]) for f in fields(kind)})
    return value


def view_from_data(data: dict[str, Any]) -> SeatView:
    """The ``SeatView`` a ``go`` message carries."""
    view: SeatView = _decode(SeatView, data)
    return view


def parse_answer(view: SeatView, legal: Sequence[Action], text: str) -> Action:
    """The legal action a bot's answer names, read as ``GameState.parse_action``
    reads a player's text (``play QS`` is whichever Q♠ the seat holds).

    The position is the view's, its hidden cards filled with a guess: what the
    seat may do depends on its own cards and the public ones only. Raises
    ``AnswerError`` with the reason.
    """
    hidden = view.opponent_hand_size - len(view.opponent_known)
    state = GameState.from_view(view, view.unseen[:hidden], view.unseen[hidden:])
    try:
        action = state.parse_action(text, view.seat)
    except PinochleError as error:
        raise AnswerError(str(error)) from None
    if action not in legal:  # declaring out is legal for the seat not to act too
        raise AnswerError(f"{action.text} is not one of the legal actions")
    return action
