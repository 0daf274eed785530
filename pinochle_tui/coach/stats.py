"""Statistics across the saved games of a directory, from the human player's side.

Every game against the computer counts for its human seat (``name`` picks one
player's games); hotseat games are only counted. Each game is read and
replayed like any saved game: a file that cannot be read, is not a game or
breaks the rules is skipped and counted, never a reason to stop, and so is a
second file of the same game (a copy), which counts once. Points lost
come from the reviews kept beside the games (``review.cached_review``): a game
never reviewed counts for everything else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pinochle_tui.ai.registry import player_names
from pinochle_tui.coach.review import cached_review, digest_of
from pinochle_tui.engine import (
    ClaimCounted,
    DeclareOut,
    GameMode,
    HandScored,
    Seat,
)
from pinochle_tui.plaintext import plural
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.files import scan
from pinochle_tui.record.models import GameLog, seat_name
from pinochle_tui.record.replay import initial_state, steps
from pinochle_tui.record.store import OpenGame, open_game

Outcome = Literal["won", "lost", "drawn"]


class LevelRecord(BaseModel):
    """The games against one computer level."""

    model_config = ConfigDict(frozen=True)

    level: str
    matches_won: int = 0
    matches_lost: int = 0
    matches_unfinished: int = 0
    deals_won: int = 0
    deals_lost: int = 0
    deals_drawn: int = 0
    deals_unfinished: int = 0


class Result(BaseModel):
    """A finished game, in the order played."""

    model_config = ConfigDict(frozen=True)

    started: datetime
    file: str
    level: str
    outcome: Outcome
    margin: int = Field(description="the player's final score minus the opponent's")


class Stats(BaseModel):
    """What ``pinochle stats`` shows (``--json`` prints it)."""

    directory: str
    name: str | None = Field(description="the player counted, or null for every human seat")
    games: int = Field(description="games counted (against the computer)")
    hotseat: int = Field(description="hotseat games (two people), not counted further")
    unreadable: int = Field(description="files skipped: unreadable, not games, or illegal")
    copies: int = Field(description="files skipped: copies of a game counted already")
    skipped: int = Field(description="entries skipped: not regular files")
    levels: list[LevelRecord]
    hands: int = Field(description="hands played to the end")
    hands_won: int = Field(description="hands in which the player scored more")
    meld: float = Field(description="the player's average meld per hand")
    opponent_meld: float
    tricks: float = Field(description="the player's average card points taken per hand")
    opponent_tricks: float
    declared: int = Field(description="times the player declared out")
    declared_won: int
    reviewed_games: int
    reviewed_hands: int
    points_lost: float | None = Field(description="points lost per reviewed hand")
    streak: int = Field(description="the current streak: games won (positive) or lost")
    longest_won: int
    longest_lost: int
    results: list[Result]


@dataclass
class _Totals:
    hands: int = 0
    hands_won: int = 0
    meld: tuple[int, int] = (0, 0)  # the player's, the opponent's
    tricks: tuple[int, int] = (0, 0)
    declared: int = 0
    declared_won: int = 0
    reviewed_games: int = 0
    reviewed_hands: int = 0
    points_lost: float = 0.0


def _player(game: OpenGame, name: str | None) -> Seat | None:
    """The seat counted in ``game``: its human seat against the computer (named
    ``name`` if given); None for a hotseat game or another player's."""
    kinds = [info.kind for info in game.log.players]
    if kinds.count("human") != 1:
        return None
    seat = Seat(kinds.index("human"))
    if name is not None and game.log.players[seat].name != name:
        return None
    return seat


def _outcome(game: OpenGame, seat: Seat) -> Outcome | None:
    result = game.log.result
    if result is None:
        return None
    if result.winner is None:
        return "drawn"
    return "won" if result.winner == seat_name(seat) else "lost"


def _count_play(game: OpenGame, seat: Seat, totals: _Totals) -> None:
    """The hands, melds, tricks and declarations of one game."""
    state = initial_state(game.log)
    other = seat.other
    for step in steps(game.log, state):
        if step.seat == seat and step.text == DeclareOut(seat).text:
            totals.declared += 1
        for event in step.events:
            if isinstance(event, ClaimCounted) and event.seat == seat and event.won:
                totals.declared_won += 1
            if isinstance(event, HandScored):
                totals.hands += 1
                mine = event.meld_points[seat] + event.rounded[seat]
                theirs = event.meld_points[other] + event.rounded[other]
                totals.hands_won += mine > theirs
                melds, tricks = totals.meld, totals.tricks
                totals.meld = (
                    melds[0] + event.meld_points[seat],
                    melds[1] + event.meld_points[other],
                )
                points = event.trick_points
                totals.tricks = (tricks[0] + points[seat], tricks[1] + points[other])


def _count_review(game: OpenGame, seat: Seat, totals: _Totals) -> None:
    try:
        review = cached_review(game.path, digest_of(game.path))
    except RecordError:
        return
    if review is None or seat_name(seat) not in review.reviewed:
        return
    totals.reviewed_games += 1
    for hand in review.per_hand:
        for summary in hand.seats:
            if summary.seat == seat_name(seat) and summary.decisions:
                totals.reviewed_hands += 1
                totals.points_lost += summary.points_lost


def _ladder_order(record: LevelRecord) -> tuple[int, str]:
    """The levels weakest first, as the app offers them; any other opponent
    (a plugin, a bot program) after them, by name."""
    ladder = player_names()
    known = record.level in ladder
    return (ladder.index(record.level) if known else len(ladder), record.level)


def _streaks(results: list[Result]) -> tuple[int, int, int]:
    """The current streak (won positive, lost negative), the longest won and lost."""
    current = longest_won = longest_lost = 0
    for result in results:
        if result.outcome == "won":
            current = current + 1 if current > 0 else 1
        elif result.outcome == "lost":
            current = current - 1 if current < 0 else -1
        else:
            current = 0
        longest_won = max(longest_won, current)
        longest_lost = max(longest_lost, -current)
    return current, longest_won, longest_lost


def _per_hand(total: int, hands: int) -> float:
    return round(total / hands, 1) if hands else 0.0


def collect(
    directory: Path,
    name: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Stats:
    """The statistics of every saved game in ``directory``; RecordError only if
    the directory itself cannot be listed."""
    found = scan(directory)
    levels: dict[str, LevelRecord] = {}
    totals = _Totals()
    results: list[Result] = []
    games = hotseat = unreadable = copies = 0
    counted: set[GameLog] = set()  # a game saved twice (copied, imported again) counts once
    for done, entry in enumerate(found.files, start=1):
        if progress is not None:
            progress(done, len(found.files))
        try:
            game = open_game(entry.path)
        except RecordError:
            unreadable += 1
            continue
        if game.log in counted:
            copies += 1
            continue
        counted.add(game.log)
        seat = _player(game, name)
        if seat is None:
            hotseat += [info.kind for info in game.log.players].count("human") == 2
            continue
        games += 1
        level = game.log.players[seat.other].level or "?"
        _count_play(game, seat, totals)
        _count_review(game, seat, totals)
        outcome = _outcome(game, seat)
        levels[level] = _tally(levels.get(level, LevelRecord(level=level)), game, outcome)
        if outcome is not None and game.log.result is not None:
            scores = game.log.result.scores
            results.append(
                Result(
                    started=game.log.started,
                    file=entry.path.name,
                    level=level,
                    outcome=outcome,
                    margin=scores[seat] - scores[seat.other],
                )
            )
    results.sort(key=lambda r: (r.started.timestamp(), r.file))
    streak, longest_won, longest_lost = _streaks(results)
    hands = totals.hands
    return Stats(
        directory=str(directory),
        name=name,
        games=games,
        hotseat=hotseat,
        unreadable=unreadable,
        copies=copies,
        skipped=found.skipped,
        levels=sorted(levels.values(), key=_ladder_order),
        hands=hands,
        hands_won=totals.hands_won,
        meld=_per_hand(totals.meld[0], hands),
        opponent_meld=_per_hand(totals.meld[1], hands),
        tricks=_per_hand(totals.tricks[0], hands),
        opponent_tricks=_per_hand(totals.tricks[1], hands),
        declared=totals.declared,
        declared_won=totals.declared_won,
        reviewed_games=totals.reviewed_games,
        reviewed_hands=totals.reviewed_hands,
        points_lost=(
            round(totals.points_lost / totals.reviewed_hands, 1) if totals.reviewed_hands else None
        ),
        streak=streak,
        longest_won=longest_won,
        longest_lost=longest_lost,
        results=results,
    )


def _tally(record: LevelRecord, game: OpenGame, outcome: Outcome | None) -> LevelRecord:
    match_mode = game.log.rules.game is GameMode.MATCH
    field = {
        (True, "won"): "matches_won",
        (True, "lost"): "matches_lost",
        (True, None): "matches_unfinished",
        (False, "won"): "deals_won",
        (False, "lost"): "deals_lost",
        (False, "drawn"): "deals_drawn",
        (False, None): "deals_unfinished",
    }[(match_mode, outcome)]
    return record.model_copy(update={field: getattr(record, field) + 1})


#: Eight heights of a bar, for a chart in one line of text.
BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: Iterable[float]) -> str:
    """``values`` as a line of bars, the lowest ``▁``, the highest ``█``.

    >>> sparkline([-100, 0, 100, 300])
    '▁▃▅█'
    """
    values = list(values)
    if not values:
        return ""
    low, high = min(values), max(values)
    span = high - low
    return "".join(
        BARS[round((v - low) / span * (len(BARS) - 1)) if span else len(BARS) // 2] for v in values
    )


def _won_lost(won: int, lost: int, extra: str = "") -> str:
    return f"{won} won, {lost} lost{extra}"


def stats_lines(stats: Stats) -> list[str]:
    """The statistics in words, for ``pinochle stats`` and the app's screen."""
    who = stats.name or "the human player"
    lines = [f"{plural(stats.games, 'game')} against the computer in {stats.directory}, as {who}."]
    left_out = []
    if stats.hotseat:
        left_out.append(f"{plural(stats.hotseat, 'hotseat game')} not counted")
    if stats.unreadable:
        left_out.append(f"{plural(stats.unreadable, 'file')} skipped: unreadable or not a game")
    if stats.copies:
        left_out.append(f"{plural(stats.copies, 'copy', 'copies')} of a game not counted again")
    if stats.skipped:
        left_out.append(f"{plural(stats.skipped, 'entry', 'entries')} skipped: not regular files")
    if left_out:
        lines.append("(" + "; ".join(left_out) + ")")
    if not stats.games:
        return lines
    lines.append("")
    for record in stats.levels:
        parts = []
        matches = record.matches_won + record.matches_lost + record.matches_unfinished
        if matches:
            unfinished = (
                f", {record.matches_unfinished} unfinished" if record.matches_unfinished else ""
            )
            parts.append(
                f"matches {_won_lost(record.matches_won, record.matches_lost, unfinished)}"
            )
        deals = record.deals_won + record.deals_lost + record.deals_drawn + record.deals_unfinished
        if deals:
            extra = f", {record.deals_drawn} drawn" if record.deals_drawn else ""
            if record.deals_unfinished:
                extra += f", {record.deals_unfinished} unfinished"
            parts.append(f"single deals {_won_lost(record.deals_won, record.deals_lost, extra)}")
        lines.append(f"Against {record.level}: " + "; ".join(parts) + ".")
    if stats.hands:
        share = round(100 * stats.hands_won / stats.hands)
        lines += [
            "",
            f"Hands played to the end: {stats.hands}, {stats.hands_won} won ({share}%).",
            f"Meld per hand: {stats.meld:.0f} (the computer {stats.opponent_meld:.0f}).",
            f"Card points per hand: {stats.tricks:.0f} (the computer {stats.opponent_tricks:.0f}).",
        ]
    lines.append(f"Declared out: {plural(stats.declared, 'time')}, won {stats.declared_won}.")
    if stats.points_lost is None:
        lines.append("Points lost: no game reviewed yet ('pinochle review FILE').")
    else:
        hands = plural(stats.reviewed_hands, "hand")
        games = plural(stats.reviewed_games, "reviewed game")
        lines.append(f"Points lost per hand: {stats.points_lost:.0f}, in {hands} of {games}.")
    if stats.results:
        now = (
            "none"
            if not stats.streak
            else (f"{abs(stats.streak)} {'won' if stats.streak > 0 else 'lost'} in a row")
        )
        lines.append(
            f"Streaks: now {now}; longest {stats.longest_won} won, {stats.longest_lost} lost."
        )
        margins = [r.margin for r in stats.results]
        lines += [
            f"Results, oldest first (the score margin of each finished game, "
            f"{min(margins):+d} to {max(margins):+d}):",
            "  " + sparkline(margins),
            "  " + "".join(r.outcome[0].upper() for r in stats.results),
        ]
    return lines
