"""PettingZoo AEC environment for any ruleset (optional extra ``rl``).

``env = voidwar.interop.pettingzoo.env("space-fleet", scenario="minefield-run")`` (a scenario
whose random games mostly end won or lost; in ``duel`` random play never meets: docs/ai.md
"What random play gives a learner"). Agents are the seats;
actions are ids of the ruleset's :mod:`catalogue` (a fixed ``Discrete`` space); observations are
``{"observation": view vector, "action_mask": legal ids}``, the vector being the feature-hashed
``view(agent)`` (so hidden orders stay hidden). Dice are inline and seeded by ``reset(seed)``;
rewards come at the end: +1 for the winner, -1 for the others, 0 for a draw; in a solitaire game
the final score. Games that run past ``max_steps`` actions are truncated.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ..core.dice import PCG32, derive_seed
from ..core.game import Game
from ..core.registry import get_ruleset, load
from .catalogue import ActionCatalogue, catalogue, observe


def final_rewards(game: Game) -> dict[str, float]:
    """Each seat's reward at the end: +1 / -1 / 0, or the solitaire score."""
    res = game.result
    seats = game.seats
    if res is None:
        return dict.fromkeys(seats, 0.0)
    if len(seats) == 1:
        return {seats[0]: float(res.scores.get(seats[0], 0.0))}
    if res.winner is None:
        return dict.fromkeys(seats, 0.0)
    return {s: 1.0 if s == res.winner else -1.0 for s in seats}


class VoidwarAEC(AECEnv):  # type: ignore[misc]
    """A ruleset as a PettingZoo AEC env: agents are seats, actions catalogue ids."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "voidwar",
                                "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str,
        scenario: str | None = None,
        options: dict[str, Any] | None = None,
        obs_size: int = 512,
        max_steps: int = 5000,
        render_mode: str | None = None,
        actions: ActionCatalogue | None = None,
    ) -> None:
        super().__init__()
        info = get_ruleset(ruleset)
        self.ruleset = info.name
        self.scenario = scenario
        self.game_options = dict(options or {})
        self.obs_size = obs_size
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.catalogue = actions or catalogue(info.name)
        probe = load(info.name, scenario, seed=0, **self.game_options)
        self.possible_agents = list(probe.seats)
        n = self.catalogue.size
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
            })
            for a in self.possible_agents
        }
        self._seed_rng = PCG32(0)
        self.game: Game = probe

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space (hashed view and action mask)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space (the catalogue's ids)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (``seed`` reseeds the env's generator)."""
        if seed is not None:
            self._seed_rng = PCG32(derive_seed(seed))
        game_seed = self._seed_rng.next_u32()
        self.game = load(self.ruleset, self.scenario, seed=game_seed, **self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self.game.to_act or self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's hashed view and its action mask."""
        g = self.game
        vec = np.asarray(observe(g.view(agent), self.obs_size), dtype=np.float32)
        legal = g.legal_actions() if (not g.over and g.to_act == agent) else []
        mask = np.asarray(self.catalogue.mask(legal), dtype=np.int8)
        return {"observation": vec, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play the selected agent's action id; rewards come at the end."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        self._cumulative_rewards[agent] = 0.0
        g.apply(self.catalogue.decode(int(action), g.legal_actions()))
        self.steps += 1
        self._clear_rewards()
        if g.over:
            self.rewards = final_rewards(g)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if g.over or self.steps >= self.max_steps:
            # every agent gets its last observation; then each is removed by a dead step
            i = self.agents.index(agent)
            self.agent_selection = self.agents[(i + 1) % len(self.agents)]
        else:
            self.agent_selection = g.to_act or agent

    def render(self) -> str | None:
        """The spectator's view as text (``render_mode="ansi"``)."""
        if self.render_mode == "ansi":
            return str(self.game.view(None))
        return None

    def close(self) -> None:
        """Nothing to release."""
        pass


def raw_env(ruleset: str, **kwargs: Any) -> VoidwarAEC:
    """The env without PettingZoo's wrappers."""
    return VoidwarAEC(ruleset, **kwargs)


def env(ruleset: str, **kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(ruleset, **kwargs))
