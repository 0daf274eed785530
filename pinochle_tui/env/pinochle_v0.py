"""Two-handed pinochle as a PettingZoo AEC environment (``pinochle_v0``).

``from pinochle_tui.env import pinochle_v0; env = pinochle_v0.env()``.
The game is the engine's, driven by the table driver (``engine.table``): the
env deals from its seeded generator, applies forced actions itself, and asks
the agent whose decision is pending. The agents are ``player_0`` (South) and
``player_1`` (North); the same agent may act several times in a row (a trick
winner shows the dix, melds, then draws). Actions are the ids of
``env.actions`` with an ``action_mask`` of the legal ones (declaring out is
offered on the agent's own decisions only); observations are
``{"observation": encode(view), "action_mask": mask}`` for the observing seat's
``SeatView`` (``env.observation``). A game is one deal by default
(``Rules(game="single-deal")``); pass ``rules=Rules(...)`` for any option, a
match to the target included. The reward comes when the game ends: each
agent's final score minus its opponent's (``reward="points"``, the default for
a single deal), or +1, -1 or 0 for a win, a loss or a draw (``reward="win"``,
the default for a match, where a player who declares out too early loses with
the scores level). ``render()`` shows the table as
text, both hands face up (a spectator's view, not an agent's).

>>> import random
>>> game = raw_env()
>>> game.reset(seed=3)
>>> while game.agents:
...     obs, reward, done, cut, info = game.last()
...     legal = [int(i) for i in obs["action_mask"].nonzero()[0]]
...     game.step(None if done or cut else random.Random(len(legal)).choice(legal))
>>> sum(game.outcome.scores) > 0, game.outcome.termination.name.startswith("SINGLE_DEAL")
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from pinochle_tui.engine import (
    Action,
    GameMode,
    Outcome,
    Rules,
    Seat,
    SeatView,
    Table,
    UnsavedGame,
    shuffled_deck,
)
from pinochle_tui.env.actions import N_ACTIONS, legal_ids
from pinochle_tui.env.observation import SIZE, encode
from pinochle_tui.env.render import render_table

Reward = Literal["points", "win"]
#: An AEC environment of this game: agent names, dict observations, and action
#: ids (an int or a numpy integer, as ``Discrete.sample`` gives; None once done).
PinochleAEC = AECEnv[str, dict[str, Any], Any]
AGENTS = ("player_0", "player_1")


def env(**kwargs: Any) -> PinochleAEC:
    """The environment with PettingZoo's usual guards: an illegal action ends
    the game with reward -1 for its agent, an id out of range or a call out of
    order raises."""
    wrapped: PinochleAEC = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(PinochleAEC):
    """The environment without wrappers (``env()`` adds them)."""

    metadata = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "pinochle_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        reward: Reward | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # PettingZoo's, unannotated
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.rules = rules if rules is not None else Rules(game="single-deal")
        if reward is None:
            reward = "points" if self.rules.game is GameMode.SINGLE_DEAL else "win"
        if reward not in ("points", "win"):
            raise ValueError(f"reward must be 'points' or 'win', not {reward!r}")
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape=(SIZE,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(N_ACTIONS,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._rng = random.Random()
        self._table = self._new_table()

    # -- the spaces -----------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ---------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended; None while it goes on."""
        return self._table.outcome

    def view(self, agent: str) -> SeatView:
        """All that ``agent``'s seat may know now."""
        return self._table.view(Seat(AGENTS.index(agent)))

    def _new_table(self) -> Table:
        rng = self._rng
        game = UnsavedGame.new(
            self.rules, lambda hand_no: shuffled_deck(self.rules, rng), rng.choice(list(Seat))
        )
        return Table(game)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: the seed fixes the first dealer and every deck."""
        if seed is not None:
            self._rng = random.Random(seed)
        self._table = self._new_table()
        self._table.advance()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._select()

    def _select(self) -> None:
        decision = self._table.decision()
        if decision is not None:
            self.agent_selection = AGENTS[decision.seat]

    def _legal(self, agent: str) -> dict[int, Action]:
        decision = self._table.decision()
        if decision is None or AGENTS[decision.seat] != agent:
            return {}
        view = decision.view
        return legal_ids(decision.legal, view.tables[view.seat], view.dix_counted)

    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        mask[list(self._legal(agent))] = 1
        return {"observation": encode(self.view(agent)), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal(agent).get(int(action)) if action is not None else None
        if chosen is None:
            raise ValueError(f"{agent}: action {action} is not legal now (see the action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self._table.act(chosen)
        outcome = self._table.outcome
        if outcome is not None:
            self.terminations = dict.fromkeys(AGENTS, True)
            self.rewards = dict(zip(AGENTS, self._final_rewards(outcome), strict=True))
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _final_rewards(self, outcome: Outcome) -> tuple[float, float]:
        south, north = outcome.scores
        if self.reward_kind == "points":
            return float(south - north), float(north - south)
        if outcome.winner is None:
            return 0.0, 0.0
        return (1.0, -1.0) if outcome.winner is Seat.SOUTH else (-1.0, 1.0)

    # -- looking at it -------------------------------------------------------

    def render(self) -> str | None:
        """The table as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        text = render_table(self._table.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
