"""The registry of players: every computer level and benchmark player by name,
and any player an installed package adds.

The command line (``--level``, ``match --a``), the New game dialog and
``pinochle match`` all read this one list. A package adds a player through the
entry-point group ``pinochle_tui.players``: the entry point's name is the
player's name, and it loads a factory ``factory(seed: int | None) -> Player``
whose docstring's first line describes the player. A name ``cmd:COMMAND``
is a program speaking the bot protocol (``docs/bot-protocol.md``), run as
``bots.external.ExternalPlayer``.

Each built-in level thinks within a ``Budget``: a fixed number of samples by
default (reproducible, for benchmarks and matches), or the wall-clock
deadline the app gives it (``app_budget``).

>>> [entry.name for entry in players(offered=True)]
['easy', 'normal', 'hard', 'expert']
>>> make_player("normal").name
'normal'
>>> app_budget("hard")
Budget(seconds=1.0, samples=None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.cheater import CheaterPlayer
from pinochle_tui.ai.heuristic import EasyPlayer, NormalPlayer
from pinochle_tui.ai.player import RandomPlayer
from pinochle_tui.ai.sampling import ExpertPlayer, HardPlayer
from pinochle_tui.bots.external import DEFAULT_MOVE_TIME, PREFIX, ExternalPlayer, split_command
from pinochle_tui.engine import PinochleError, Player

#: The entry-point group through which installed packages add players.
ENTRY_POINT_GROUP = "pinochle_tui.players"

#: A plugin's factory: a player from a seed.
Factory = Callable[[int | None], Player]
#: A built-in level's factory: a player from a seed and a budget (None: the level's own).
BudgetedFactory = Callable[[int | None, Budget | None], Player]


class UnknownPlayerError(PinochleError):
    """A player name that is not in the registry."""


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """One player the registry knows: a name, how to make it, and a line about it."""

    name: str
    summary: str
    #: Offered as an opponent in the app and ``pinochle play``; benchmark-only
    #: players (random, perfect information) are not.
    offered: bool
    #: Returns the factory (a plugin's module is imported on first use only).
    load: Callable[[], BudgetedFactory]
    #: The wall-clock seconds the app gives each decision (None: it needs no deadline).
    deadline: float | None = None
    #: Reads the whole game state (the cheater): benchmarks only, never the app.
    peeks: bool = False


def _builtin(
    name: str,
    factory: BudgetedFactory,
    summary: str,
    offered: bool,
    deadline: float | None = None,
    peeks: bool = False,
) -> PlayerEntry:
    return PlayerEntry(name, summary, offered, lambda: factory, deadline, peeks)


#: The built-in players, weakest first.
BUILTIN = (
    _builtin("random", RandomPlayer, "plays a random legal action", offered=False),
    _builtin("easy", EasyPlayer, "simple habits, and a random card now and then", offered=True),
    _builtin(
        "normal", NormalPlayer, "counts cards, melds well, exact playoff", True, deadline=0.05
    ),
    _builtin(
        "hard",
        HardPlayer,
        "reads the opponent's play, samples its cards, plays each out",
        True,
        deadline=1.0,
    ),
    _builtin(
        "expert",
        ExpertPlayer,
        "the hard search, wider and deeper, twice the time",
        True,
        deadline=2.0,
    ),
    _builtin("cheater", CheaterPlayer, "sees every card (benchmarks only)", False, peeks=True),
)


def _plugin(name: str, load: Callable[[], object]) -> PlayerEntry:
    def factory() -> BudgetedFactory:
        found = load()
        if not callable(found):
            raise UnknownPlayerError(f"the plugin player {name!r} does not load a factory")
        return lambda seed, budget: found(seed)  # a plugin has no budget to take

    return PlayerEntry(name, "an installed plugin player", offered=True, load=factory)


@cache
def _registry() -> dict[str, PlayerEntry]:
    found = {entry.name: entry for entry in BUILTIN}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, _plugin(point.name, point.load))
    return found


def players(offered: bool = False) -> list[PlayerEntry]:
    """Every registered player (built-ins first, weakest first); with
    ``offered``, only those the app offers as opponents."""
    return [e for e in _registry().values() if e.offered or not offered]


def player_names(offered: bool = False) -> tuple[str, ...]:
    return tuple(entry.name for entry in players(offered))


def _external(name: str) -> PlayerEntry:
    command = name.removeprefix(PREFIX)
    split_command(command)  # a command that cannot be read is refused now, not in a game
    return PlayerEntry(
        name,
        "a program speaking the bot protocol",
        offered=True,
        load=lambda: lambda seed, budget: ExternalPlayer(command),
    )


def entry(name: str) -> PlayerEntry:
    """The registered player ``name`` (or the program a ``cmd:`` name runs);
    ``UnknownPlayerError`` names the choices."""
    if name.startswith(PREFIX):
        return _external(name)
    try:
        return _registry()[name]
    except KeyError:
        choices = ", ".join(player_names())
        raise UnknownPlayerError(f"unknown player {name!r}: one of {choices}") from None


def make_player(
    name: str,
    seed: int | None = None,
    *,
    budget: Budget | None = None,
    move_time: float = DEFAULT_MOVE_TIME,
) -> Player:
    """A new player of the registered ``name``; the same seed and budget give
    the same play (a deadline does not: it thinks as far as the machine lets
    it). Without ``budget``, a level takes its own fixed number of samples.
    A ``cmd:`` program gets ``move_time`` seconds a decision."""
    if name.startswith(PREFIX):
        return ExternalPlayer(name.removeprefix(PREFIX), move_time)
    return entry(name).load()(seed, budget)


def app_budget(name: str) -> Budget | None:
    """The wall-clock budget the app gives ``name`` a decision (None: the player's own)."""
    if name.startswith(PREFIX):
        return None
    deadline = entry(name).deadline
    return None if deadline is None else Budget(seconds=deadline)
