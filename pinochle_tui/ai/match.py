"""Computer against computer on duplicate deals, and the statistics of the result.

Each deal is played twice with the same deck order and dealer, the players
swapping seats, so the luck of the cards cancels out. Each game is one deal
scored alone (melds plus rounded tricks). A bot program that forfeits a game
(``bots.external.BotForfeit``: too slow, crashed, silent, illegal) loses it 0
to ``FORFEIT_POINTS``, every trick point of a deal, and the game keeps the
one-line reason. No printing, and no processes but the bot programs;
``match_cli`` adds the progress bar and the workers.

Whole matches to the target (``play_duplicate_match``) are played the same
way: one sequence of decks, A in each seat in turn. A player that reads the
game state (the cheater, ``registry.PlayerEntry.peeks``) is shown it here
and nowhere else.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.cheater import PeekingPlayer
from pinochle_tui.ai.registry import make_player
from pinochle_tui.bots.external import DEFAULT_MOVE_TIME, BotForfeit, WatchedGame, Watcher
from pinochle_tui.engine import (
    Action,
    Card,
    GameMode,
    GameState,
    Player,
    Rules,
    Seat,
    SeatView,
    Table,
    UnsavedGame,
    end_of_hand,
    shuffled_deck,
)

#: The z value of a two-sided 95% normal interval.
Z95 = 1.96
#: What the opponent of a player that forfeits scores: all the trick points of
#: a deal (the last trick's 10 included) under every count, the forfeiter 0.
FORFEIT_POINTS = 250


def registered(name: str, seed: int, budget: Budget | None, move_time: float) -> Player:
    """The registered player ``name`` (``registry.make_player``)."""
    return make_player(name, seed=seed, budget=budget, move_time=move_time)


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """Who plays, on which deals, under which rules (``rules`` as chosen; the
    games themselves are single deals)."""

    a: str
    b: str
    seed: int
    rules: Rules
    #: Seconds a bot program (``cmd:``) has for each decision.
    move_time: float = DEFAULT_MOVE_TIME
    #: The budgets of A and B (None: each level's own fixed number of samples).
    budgets: tuple[Budget | None, Budget | None] = (None, None)
    #: Makes a player from a name, seed, budget and bot move time: the
    #: registry's players, or variants a benchmark names (a module-level
    #: function, for the worker processes).
    make: Callable[[str, int, Budget | None, float], Player] = registered

    @property
    def deal_rules(self) -> Rules:
        return self.rules.model_copy(update={"game": GameMode.SINGLE_DEAL})


@dataclass(frozen=True, slots=True)
class GameResult:
    """One play of a deal: A's seat, both scores, and each player's decision times (ms)."""

    deal_no: int
    a_seat: Seat
    a_points: int
    b_points: int
    a_times: tuple[float, ...]
    b_times: tuple[float, ...]
    #: Why a player forfeited this game (then it scored 0), if one did.
    forfeit: str | None = None

    @property
    def margin(self) -> int:
        return self.a_points - self.b_points


class Timed:
    """A player whose decision times (ms) are kept, for the match figures."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.times: list[float] = []

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.player.choose(view, legal)
        self.times.append((time.perf_counter() - start) * 1000)
        return action


def play_game(
    rules: Rules, deck: list[Card], dealer: Seat, players: tuple[Player, Player]
) -> tuple[tuple[int, int], tuple[list[float], list[float]], str | None]:
    """Play one single-deal game; return the scores and decision times by seat,
    and why a player forfeited, if one did (it scores 0, its opponent
    ``FORFEIT_POINTS``)."""
    scores, times, forfeit, _ = play_decks(rules, lambda _: deck, dealer, players)
    return scores, times, forfeit


def play_decks(
    rules: Rules,
    decks: Callable[[int], Sequence[Card]],
    dealer: Seat,
    players: tuple[Player, Player],
) -> tuple[tuple[int, int], tuple[list[float], list[float]], str | None, Seat | None]:
    """Play a game dealt from ``decks(hand_no)``; return the scores and decision
    times by seat, why a player forfeited (if one did), and the winner.

    A player is asked (and timed) only when it has a choice; players that
    watch (bot programs) hear every event, a peeking player (the cheater, the
    seer) is shown the state, and every player with a ``close`` is closed at
    the end.
    """
    timed = (Timed(players[0]), Timed(players[1]))
    watchers = {seat: p for seat, p in zip(Seat, players, strict=True) if isinstance(p, Watcher)}
    game = WatchedGame(UnsavedGame.new(rules, decks, dealer), watchers)
    for player in players:
        if isinstance(player, PeekingPlayer):
            player.watch(_reader(game))
    try:
        outcome = Table(game).play(timed)
        return outcome.scores, (timed[0].times, timed[1].times), None, outcome.winner
    except BotForfeit as forfeit:
        loser = game.state.to_act  # the seat whose decision it was
        scores = (0, FORFEIT_POINTS) if loser is Seat.SOUTH else (FORFEIT_POINTS, 0)
        return scores, (timed[0].times, timed[1].times), str(forfeit), loser.other
    finally:
        for player in players:
            close = getattr(player, "close", None)
            if callable(close):
                close()


def _reader(game: WatchedGame) -> Callable[[], GameState]:
    return lambda: game.state


def deal_setup(spec: MatchSpec, deal_no: int) -> tuple[list[Card], Seat]:
    """The deck order and dealer of one deal, from the match seed alone."""
    rng = random.Random(f"{spec.seed}/deal/{deal_no}")
    return list(shuffled_deck(spec.rules, rng)), Seat(deal_no % 2)


def _players(spec: MatchSpec, number: int, a_seat: Seat) -> tuple[Player, Player]:
    """A's and B's players for game ``number`` with A in ``a_seat``, by seat."""
    a_seed = spec.seed * 1_000_003 + 2 * number + a_seat
    b_seed = spec.seed * 1_000_033 + 2 * number + a_seat
    a = spec.make(spec.a, a_seed, spec.budgets[0], spec.move_time)
    b = spec.make(spec.b, b_seed, spec.budgets[1], spec.move_time)
    return (a, b) if a_seat is Seat.SOUTH else (b, a)


def play_duplicate(spec: MatchSpec, deal_no: int) -> tuple[GameResult, GameResult]:
    """Play deal ``deal_no`` twice, A in the South seat and then in the North."""
    deck, dealer = deal_setup(spec, deal_no)
    results: list[GameResult] = []
    for a_seat in Seat:
        players = _players(spec, deal_no, a_seat)
        scores, times, forfeit = play_game(spec.deal_rules, deck, dealer, players)
        b_seat = a_seat.other
        results.append(
            GameResult(
                deal_no,
                a_seat,
                scores[a_seat],
                scores[b_seat],
                tuple(times[a_seat]),
                tuple(times[b_seat]),
                forfeit,
            )
        )
    return results[0], results[1]


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One whole match to the target: A's seat and whether A won it."""

    match_no: int
    a_seat: Seat
    a_won: bool


def play_duplicate_match(spec: MatchSpec, match_no: int) -> tuple[MatchResult, MatchResult]:
    """Play match ``match_no`` (to ``spec.rules.target``, declaring out as the
    rules allow) twice on the same sequence of decks, A in the South seat and
    then in the North."""

    def decks(hand_no: int) -> list[Card]:
        rng = random.Random(f"{spec.seed}/match/{match_no}/{hand_no}")
        return list(shuffled_deck(spec.rules, rng))

    rules = spec.rules.model_copy(update={"game": GameMode.MATCH})
    results: list[MatchResult] = []
    for a_seat in Seat:
        players = _players(spec, 1_000_000 + match_no, a_seat)
        _, _, _, winner = play_decks(rules, decks, Seat(match_no % 2), players)
        results.append(MatchResult(match_no, a_seat, winner is a_seat))
    return results[0], results[1]


def wilson(wins: float, total: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion of ``wins`` in ``total`` (0..1 for none).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if total == 0:
        return 0.0, 1.0
    share, z2 = wins / total, Z95 * Z95
    centre = (share + z2 / (2 * total)) / (1 + z2 / total)
    half = (
        Z95 * math.sqrt(share * (1 - share) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% interval (normal approximation); infinite below two values.

    >>> [round(x, 2) for x in mean_ci([10.0, 20.0, 30.0])]
    [20.0, 8.68, 31.32]
    """
    if not values:
        return math.nan, -math.inf, math.inf
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def figure(value: float) -> float | None:
    """``value`` rounded to two places for a JSON line, or None where it has
    none (the interval of a single deal is unbounded; JSON has no infinity)."""
    return round(value, 2) if math.isfinite(value) else None


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile by nearest rank (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class MatchStats:
    """The figures of a duplicate match, from A's side."""

    deals: int
    mean: float
    ci_low: float
    ci_high: float
    hands: tuple[int, int, int]  # games won by A, by B, drawn
    #: Duplicate deals A came out ahead on (both seatings added; a tie counts
    #: half), and its Wilson 95% interval as shares.
    deals_won: float
    deals_won_ci: tuple[float, float]
    matches: tuple[int, int]  # matches to the target won by A, by B (chained deals)
    a_ms: tuple[float, float]  # median, 99th percentile
    b_ms: tuple[float, float]
    forfeits: tuple[int, int] = (0, 0)  # games A forfeited, games B forfeited
    #: Whole matches (``play_duplicate_match``): won by A, played.
    full: tuple[int, int] = (0, 0)

    @property
    def full_ci(self) -> tuple[float, float]:
        """The Wilson 95% interval of A's share of the whole matches."""
        return wilson(*self.full)

    def as_dict(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "mean_diff": figure(self.mean),
            "ci95": [figure(self.ci_low), figure(self.ci_high)],
            "hands_won": {"a": self.hands[0], "b": self.hands[1], "drawn": self.hands[2]},
            "deals_won": {
                "share": round(self.deals_won / max(1, self.deals), 4),
                "wilson95": [round(x, 4) for x in self.deals_won_ci],
            },
            "matches_won": {"a": self.matches[0], "b": self.matches[1]},
            "full_matches": {
                "a": self.full[0],
                "played": self.full[1],
                "wilson95": [round(x, 4) for x in self.full_ci],
            },
            "a_ms": {"median": round(self.a_ms[0], 2), "p99": round(self.a_ms[1], 2)},
            "b_ms": {"median": round(self.b_ms[0], 2), "p99": round(self.b_ms[1], 2)},
            "forfeits": {"a": self.forfeits[0], "b": self.forfeits[1]},
        }


def matches_won(games: list[GameResult], rules: Rules) -> tuple[int, int]:
    """Matches won when the games of each seating are played in deal order as
    consecutive hands of matches to ``rules.target`` (the match rule, with its
    escalation, checked after each hand; no declaring out; an unfinished last
    match is not counted)."""
    won = [0, 0]
    for a_seat in Seat:
        scores, target = [0, 0], rules.target
        for game in sorted((g for g in games if g.a_seat is a_seat), key=lambda g: g.deal_no):
            scores[0] += game.a_points
            scores[1] += game.b_points
            outcome = end_of_hand((scores[0], scores[1]), target, rules)
            target = outcome.target
            if outcome.winner is not None:
                won[outcome.winner] += 1  # seat 0 of ``scores`` is A
                scores, target = [0, 0], rules.target
    return won[0], won[1]


def summarize(
    pairs: list[tuple[GameResult, GameResult]],
    rules: Rules,
    full: Sequence[MatchResult] = (),
) -> MatchStats:
    """The match figures: per deal, A's margin averaged over both seatings;
    ``full`` adds the whole matches."""
    games = [g for pair in pairs for g in pair]
    margins = [(x.margin + y.margin) / 2 for x, y in pairs]
    mean, low, high = mean_ci(margins)
    won = sum(m > 0 for m in margins) + sum(m == 0 for m in margins) / 2
    hands = (
        sum(g.margin > 0 for g in games),
        sum(g.margin < 0 for g in games),
        sum(g.margin == 0 for g in games),
    )
    a_times = [t for g in games for t in g.a_times]
    b_times = [t for g in games for t in g.b_times]
    return MatchStats(
        deals=len(pairs),
        mean=mean,
        ci_low=low,
        ci_high=high,
        hands=hands,
        deals_won=won,
        deals_won_ci=wilson(won, len(margins)),
        matches=matches_won(games, rules),
        a_ms=(statistics.median(a_times) if a_times else 0.0, percentile(a_times, 99)),
        b_ms=(statistics.median(b_times) if b_times else 0.0, percentile(b_times, 99)),
        forfeits=(
            sum(g.forfeit is not None and g.margin < 0 for g in games),
            sum(g.forfeit is not None and g.margin > 0 for g in games),
        ),
        full=(sum(m.a_won for m in full), len(full)),
    )
