"""Single-agent Gymnasium environment (optional extra ``rl``), made for Antilles.

``env = voidwar.interop.gymnasium.VoidwarEnv("antilles")``. The agent plays ``seat`` (the only
seat of a solitaire ruleset; in a game with more seats the others are played by ``opponent``, a
policy name). Actions are ids of the ruleset's :mod:`catalogue` (``Discrete``); the observation
is ``{"observation": feature-hashed view(seat), "action_mask": legal ids}`` and ``info`` carries
``action_mask`` too. The reward is paid at the end: the final score of a solitaire game (Antilles:
victory points), else +1 / -1 / 0. ``reset(seed=S)`` makes the game (dice included) reproducible.

An id that is not legal (outside ``action_mask``) changes nothing and pays ``illegal_reward``
(``info["illegal"]`` is set); ``illegal="raise"`` raises :class:`IllegalAction` instead. An
episode is truncated after ``max_steps`` steps.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from ..ai import registry
from ..core.dice import derive_seed
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.registry import get_ruleset, load
from .catalogue import ActionCatalogue, catalogue, observe
from .pettingzoo import final_rewards

Obs = dict[str, Any]


class VoidwarEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of a ruleset as a Gymnasium env; the other seats play ``opponent``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        ruleset: str = "antilles",
        scenario: str | None = None,
        options: dict[str, Any] | None = None,
        seat: str | None = None,
        opponent: str = "heuristic",
        obs_size: int = 512,
        render_mode: str | None = None,
        actions: ActionCatalogue | None = None,
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        max_steps: int = 10_000,
    ) -> None:
        if illegal not in ("penalize", "raise"):
            raise ValueError("illegal must be 'penalize' or 'raise'")
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.max_steps = max_steps
        self.steps = 0
        info = get_ruleset(ruleset)
        self.ruleset = info.name
        self.scenario = scenario
        self.game_options = dict(options or {})
        self.catalogue = actions or catalogue(info.name)
        self.obs_size = obs_size
        self.render_mode = render_mode
        self.opponent_name = opponent
        self.game: Game = load(info.name, scenario, seed=0, **self.game_options)
        self.seat = seat or self.game.seats[0]
        if self.seat not in self.game.seats:
            raise ValueError(f"{self.seat!r} is not a seat of {info.name}")
        n = self.catalogue.size
        self.action_space = gymnasium.spaces.Discrete(n)
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
        })
        self._opponents: dict[str, Any] = {}

    def _obs(self) -> Obs:
        g = self.game
        legal = g.legal_actions() if not g.over and g.to_act == self.seat else []
        return {
            "observation": np.asarray(observe(g.view(self.seat), self.obs_size), np.float32),
            "action_mask": np.asarray(self.catalogue.mask(legal), np.int8),
        }

    def _others(self) -> None:
        g = self.game
        while not g.over and g.to_act != self.seat:
            g.apply(self._opponents[g.to_act or ""].choose(g))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game (seeded from the env's generator); the opponents move up to our turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.game = load(self.ruleset, self.scenario, seed=game_seed, **self.game_options)
        self._opponents = {
            s: registry.get(self.opponent_name, self.ruleset, derive_seed(game_seed, k))
            for k, s in enumerate(self.game.seats) if s != self.seat
        }
        self._others()
        self.steps = 0
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play action id ``action``, then the opponents; reward at the end only."""
        g = self.game
        self.steps += 1
        act = self.catalogue.assign(g.legal_actions()).get(int(action))
        if act is None:
            if self.illegal == "raise":
                raise IllegalAction(f"action id {int(action)} is not legal here")
            obs = self._obs()
            return (obs, self.illegal_reward, False, self.steps >= self.max_steps,
                    {"action_mask": obs["action_mask"], "illegal": True})
        g.apply(act)
        self._others()
        obs = self._obs()
        reward = final_rewards(g)[self.seat] if g.over else 0.0
        info: dict[str, Any] = {"action_mask": obs["action_mask"]}
        if g.over and g.result is not None:
            info["result"] = g.result.to_dict()
        return obs, reward, g.over, not g.over and self.steps >= self.max_steps, info

    def render(self) -> str | None:
        """The seat's view as text (``render_mode="ansi"``)."""
        if self.render_mode == "ansi":
            return str(self.game.view(self.seat))
        return None
