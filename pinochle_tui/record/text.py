"""The game record as text for people (``pinochle export --text``), and back
(``pinochle import``).

``docs/log-format.md`` specifies the text. In short: tag lines
``[Name "value"]`` carry everything about the game, then each hand has its
``Hand`` and ``Deck`` lines and one line per trick (``Trick 3: South QS#2,
North JD``) or trick winner's turn (``South: meld pinochle QS JD#2, draw``).
What the text says in parentheses is derived from the play, for the reader,
and ignored when the text is read back; so are ``{comments}`` (the review's
remarks). Reading a text back gives exactly the record it was written from
(``read_text(write_text(log)) == log``) for every record this program writes.

>>> from datetime import datetime
>>> from pinochle_tui.engine import Rules
>>> from pinochle_tui.record.models import PlayerInfo
>>> log = GameLog(started=datetime(2026, 11, 30, 18, 30), rules=Rules(), first_dealer="north",
...               players=(PlayerInfo(name="Ann", kind="human"),
...                        PlayerInfo(name="Bot", kind="computer", level="easy")))
>>> text = write_text(log)
>>> text.splitlines()[:3]
['[Format "pinochle-text 1"]', '[Log "pinochle-log 2"]', '[Started "2026-11-30T18:30:00"]']
>>> read_text(text) == log
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any, Final

from pydantic import ValidationError

from pinochle_tui.engine import (
    Action,
    Card,
    ClaimCounted,
    DeclareOut,
    DixExchanged,
    DixShown,
    DixTurned,
    Event,
    ExchangeDix,
    GameOver,
    HandScored,
    Meld,
    MeldScored,
    Phase,
    PinochleError,
    Play,
    PlayoffStarted,
    Rules,
    Seat,
    ShowDix,
    Suit,
    TargetRaised,
    TrickWon,
    parse_action,
)
from pinochle_tui.plaintext import inert
from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.models import FORMAT, GameLog, GameResult, seat_of
from pinochle_tui.record.replay import initial_state, play_through, result_of, steps

#: The first line of every text record.
TEXT_FORMAT: Final = "pinochle-text 1"
_SEATS: Final = {"South": Seat.SOUTH, "North": Seat.NORTH}
_TAG = re.compile(r'^\[([A-Za-z]+) "((?:[^"\\]|\\.)*)"\]$')
_HAND = re.compile(r"^Hand (\d+): (South|North) deals$")
_TRICK = re.compile(r"^Trick (\d+): (.+)$")
_TURN = re.compile(r"^(South|North): (.+)$")
_UNDO = re.compile(r"^hand (\d+) at action (\d+): (South|North) took back (\d+)$")
_COMMENT = re.compile(r"\{[^{}]*\}")


# -- writing ---------------------------------------------------------------------


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tag(name: str, value: str) -> str:
    return f"[{name} {_quote(value)}]"


def _card(card: Card) -> str:
    """A card as records name it: ``QS`` for the first copy, ``QS#2`` for the second."""
    return card.code if card.copy == 1 else card.tag


def _seat(seat: Seat) -> str:
    return str(seat)


#: What a name cannot hold inside the reader's parts of the text, where brackets and
#: braces end them: each becomes a square bracket.
_DELIMITERS: Final = str.maketrans("(){}", "[][]")


def _names(log: GameLog) -> tuple[str, str]:
    """The players' names for the parts for the reader (facts and comments), as the
    players knew them, with no bracket or brace that would end those parts."""
    south, north = (info.name.translate(_DELIMITERS) for info in log.players)
    return south, north


def _rules_text(rules: Rules) -> str:
    values = rules.model_dump(mode="json")
    return " ".join(
        f"{name}={value if isinstance(value, str) else json.dumps(value)}"
        for name, value in values.items()
    )


def result_text(result: GameResult | None) -> str:
    """The ``Result`` tag: ``South 1020, North 850: South reached 1000``."""
    if result is None:
        return "unfinished"
    south, north = result.scores
    return f"South {south}, North {north}: {result.reason}"


def _headers(log: GameLog) -> list[str]:
    south, north = log.players
    lines = [
        _tag("Format", TEXT_FORMAT),
        _tag("Log", f"{FORMAT} {log.version}"),
        _tag("Started", log.model_dump(mode="json")["started"]),
    ]
    if log.seed is not None:
        lines.append(_tag("Seed", str(log.seed)))
    for seat, info in (("South", south), ("North", north)):
        lines.append(_tag(seat, info.name))
        if info.level is not None:
            lines.append(_tag(f"{seat}Level", info.level))
    lines += [
        _tag("FirstDealer", _seat(seat_of(log.first_dealer))),
        _tag("Rules", _rules_text(log.rules)),
        _tag("Result", result_text(log.result)),
    ]
    if log.version > 1:
        lines.append(_tag("Undo", "allowed" if log.undo_allowed else "off"))
    if log.undos:
        undos = "; ".join(
            f"hand {u.hand} at action {u.at_action}: {_seat(seat_of(u.seat))} "
            f"took back {u.taken_back}"
            for u in log.undos
        )
        lines.append(_tag("Undos", undos))
    return lines


def _item(action: Action, line_seat: Seat | None) -> str:
    """One action on its line; the seat is named unless it is the line's."""
    prefix = "" if action.seat == line_seat else f"{_seat(action.seat)} "
    if isinstance(action, Play):
        body = _card(action.card)
    elif isinstance(action, DeclareOut):
        body = "declares out"
    elif isinstance(action, Meld):
        body = f"meld {action.kind.code} " + " ".join(_card(c) for c in action.cards)
    elif isinstance(action, ShowDix | ExchangeDix):
        body = f"{'show' if isinstance(action, ShowDix) else 'exchange'} {_card(action.card)}"
    else:
        body = action.text
    return prefix + body


def _facts(events: tuple[Event, ...], names: tuple[str, str]) -> list[str]:
    """What the events of a line tell the reader (derived, ignored when read)."""
    facts: list[str] = []
    for event in events:
        match event:
            case TrickWon(winner=winner, points=points, last=last):
                bonus = " and the last trick's 10" if last else ""
                facts.append(f"{names[winner]} takes {points}{bonus}")
            case MeldScored(kind=kind, points=points):
                facts.append(f"{kind} +{points}")
            case DixShown(points=points) | DixExchanged(points=points):
                facts.append(f"dix +{points}")
            case PlayoffStarted():
                facts.append("the playoff begins")
            case ClaimCounted(seat=seat, count=count, target=target, won=won):
                verdict = "won" if won else "short"
                facts.append(f"{names[seat]} counts {count} against {target}: {verdict}")
    return facts


def _closing(events: tuple[Event, ...], names: tuple[str, str]) -> list[str]:
    """The lines that close a hand or the game (derived)."""
    lines: list[str] = []
    for event in events:
        match event:
            case HandScored(rounded=counted, meld_points=meld, totals=totals):
                south, north = names
                lines.append(
                    f"(hand scored: {south} meld {meld[0]}, tricks {counted[0]}; "
                    f"{north} meld {meld[1]}, tricks {counted[1]}; "
                    f"totals {totals[0]} to {totals[1]})"
                )
            case TargetRaised(new=new):
                lines.append(f"(both are over the target: it rises to {new})")
            case GameOver(outcome=outcome):
                lines.append(f"(game over: {outcome.reason(names)})")
    return lines


def _comment(text: str) -> str:
    """A remark as a ``{comment}``: on one line, without braces of its own."""
    return " {" + inert(text).replace("{", "(").replace("}", ")") + "}"


class _Line:
    """The actions of one trick, or of one winner's turn, on one line."""

    def __init__(self, label: str, seat: Seat | None) -> None:
        self.label = label
        self.seat = seat
        self.items: list[str] = []
        self.facts: list[str] = []

    def text(self) -> str:
        facts = f" ({'; '.join(self.facts)})" if self.facts else ""
        return f"{self.label}: {', '.join(self.items)}{facts}"


def write_text(log: GameLog, comments: Mapping[int, str] | None = None) -> str:
    """The text of a valid record (``IllegalRecordError`` otherwise), with
    ``comments`` by action number (in the whole game, from 1) after their action."""
    comments = comments or {}
    names = _names(log)
    lines = _headers(log)
    state = initial_state(log)
    play = steps(log, state)
    line: _Line | None = None
    key: tuple[object, ...] = ()
    while True:
        phase, trick, to_act = state.phase, len(state.tricks), state.to_act
        step = next(play, None)
        if step is None:
            break
        if step.seat is None:
            line = None
            assert state.turn_up is not None
            turn_up = _card(Card.from_id(state.turn_up))
            lines += [
                "",
                f"Hand {step.hand_no}: {_seat(state.dealer)} deals "
                f"(trump {Suit(state.trump).name.lower()}, turn-up {turn_up})",
                "Deck: " + " ".join(log.hands[step.hand_no - 1].deck),
            ]
            for seat in Seat:
                held = " ".join(_card(c) for c in state.hand(seat))
                lines.append(f"({names[seat]} [{_seat(seat)}] holds {held})")
            lines += [f"({fact})" for fact in _dealt(step.events, names)]
            continue
        action = parse_action(step.text, step.seat)
        if phase is Phase.MELD:
            wanted: tuple[object, ...] = ("turn", trick, to_act)
        else:
            wanted = ("trick", trick + 1)
        if line is None or wanted != key:
            if phase is Phase.MELD:
                line = _Line(_seat(to_act), to_act)
            else:
                line = _Line(f"Trick {trick + 1}", None)
            key = wanted
            lines.append("")
        item = _item(action, line.seat)
        if step.number in comments:
            item += _comment(comments[step.number])
        line.items.append(item)
        line.facts += _facts(step.events, names)
        lines[-1] = line.text()
        closing = _closing(step.events, names)
        if closing:
            lines += closing
            line = None
    return "\n".join(lines) + "\n"


def _dealt(events: tuple[Event, ...], names: tuple[str, str]) -> Iterator[str]:
    for event in events:
        if isinstance(event, DixTurned):
            yield f"the turn-up is the dix: +{event.points} for {names[event.seat]}"


# -- reading ---------------------------------------------------------------------


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


class _Reader:
    """Reads a text record line by line into the record's JSON document."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.tags: dict[str, str] = {}
        self.hands: list[dict[str, Any]] = []
        self.number = 0

    def fail(self, problem: str) -> RecordError:
        where = f"{self.name}: line {self.number}" if self.number else self.name
        return RecordError(f"{where}: {problem}")

    def read(self, text: str) -> dict[str, Any]:
        for self.number, raw in enumerate(text.splitlines(), start=1):
            tag = _TAG.match(raw.strip())
            if tag:
                if self.hands:
                    raise self.fail("a tag after the first hand")
                self.tags[tag.group(1)] = _unquote(tag.group(2))
                continue
            line = _COMMENT.sub("", raw).strip()
            if not line or (line.startswith("(") and line.endswith(")")):
                continue
            self.line(re.sub(r"\s*\([^()]*\)$", "", line))  # less the line's derived facts
        self.number = 0
        return self.document()

    def line(self, line: str) -> None:
        hand = _HAND.match(line)
        if hand:
            if int(hand.group(1)) != len(self.hands) + 1:
                raise self.fail(f"hand {hand.group(1)} out of order")
            self.hands.append({"dealer": hand.group(2).lower(), "deck": None, "actions": []})
            return
        if not self.hands:
            raise self.fail(f"not a tag, nor a hand: {inert(line, 60)!r}")
        current = self.hands[-1]
        if line.startswith("Deck:"):
            current["deck"] = line.removeprefix("Deck:").split()
            return
        trick, turn = _TRICK.match(line), _TURN.match(line)
        if trick:
            self.items(trick.group(2), None)
        elif turn:
            self.items(turn.group(2), _SEATS[turn.group(1)])
        else:
            raise self.fail(f"not a trick, a turn or a deck: {inert(line, 60)!r}")

    def items(self, text: str, seat: Seat | None) -> None:
        for item in text.split(","):
            words = item.split()
            owner = seat
            if words and words[0] in _SEATS:
                owner = _SEATS[words[0]]
                words = words[1:]
            if owner is None or not words:
                raise self.fail(f"an action without its seat: {inert(item.strip(), 60)!r}")
            self.hands[-1]["actions"].append(
                {"seat": owner.name.lower(), "action": self.action(words, owner).text}
            )

    def action(self, words: list[str], seat: Seat) -> Action:
        try:
            if words == ["declares", "out"]:
                return DeclareOut(seat)
            if len(words) == 1 and words[0] != "draw":
                return Play(seat, Card.parse(words[0]))
            return parse_action(" ".join(words), seat)
        except PinochleError as error:
            raise self.fail(str(error)) from None

    def tag(self, name: str) -> str:
        if name not in self.tags:
            raise self.fail(f"the tag {name} is missing")
        return self.tags[name]

    def document(self) -> dict[str, Any]:
        if self.tags.get("Format") != TEXT_FORMAT:
            raise self.fail(f'not a pinochle text record (no [Format "{TEXT_FORMAT}"])')
        log = self.tag("Log").split()
        if len(log) != 2 or log[0] != FORMAT or not log[1].isdigit():
            raise self.fail(f"the Log tag names no record version: {inert(self.tag('Log'), 60)}")
        players = []
        for seat in ("South", "North"):
            level = self.tags.get(f"{seat}Level")
            kind = "human" if level is None else "computer"
            players.append({"name": self.tag(seat), "kind": kind, "level": level})
        document: dict[str, Any] = {
            "format": FORMAT,
            "version": int(log[1]),
            "started": self.tag("Started"),
            "seed": int(self.tags["Seed"]) if "Seed" in self.tags else None,
            "rules": self.rules(),
            "players": players,
            "first_dealer": self.tag("FirstDealer").lower(),
            "hands": self.hands,
        }
        if "Undo" in self.tags:
            document["undo_allowed"] = self.tags["Undo"] == "allowed"
        if "Undos" in self.tags:
            document["undos"] = [self.undo(part.strip()) for part in self.tags["Undos"].split(";")]
        return document

    def rules(self) -> dict[str, object]:
        found: dict[str, object] = {}
        for pair in self.tag("Rules").split():
            name, _, value = pair.partition("=")
            try:
                found[name] = json.loads(value)
            except ValueError:
                found[name] = value
        return found

    def undo(self, text: str) -> dict[str, object]:
        match = _UNDO.match(text)
        if match is None:
            raise self.fail(f"not a use of undo: {inert(text, 60)!r}")
        hand, at, seat, count = match.groups()
        return {
            "hand": int(hand),
            "at_action": int(at),
            "taken_back": int(count),
            "seat": seat.lower(),
        }


def read_text(text: str, name: str = "the text") -> GameLog:
    """The record a text holds, checked by replaying it like any record.

    Raises RecordError (one line, naming ``name`` and the line) for text that
    is not a record, IllegalRecordError for play that breaks the rules.
    """
    reader = _Reader(name)
    document = reader.read(text)
    try:
        log = GameLog.model_validate(document)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in problem["loc"]) or "the record"
        raise RecordError(f"{name}: {inert(where, 60)}: {inert(problem['msg'], 200)}") from None
    try:
        state = play_through(log)
    except IllegalRecordError as error:
        raise IllegalRecordError(f"{name}: {error}") from None
    log = log.model_copy(update={"result": result_of(state)})
    if reader.tags.get("Result", result_text(log.result)) != result_text(log.result):
        raise IllegalRecordError(
            f"{name}: the Result tag ({inert(reader.tags['Result'], 80)}) does not match "
            f"the play ({inert(result_text(log.result), 80)})"
        )
    return log
