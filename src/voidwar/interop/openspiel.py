"""voidwar rulesets as OpenSpiel games (optional extra ``openspiel``).

``register()`` registers every ruleset as ``python_voidwar_<name>`` (``-`` → ``_``); then
``pyspiel.load_game("python_voidwar_antilles")`` or ``load_game("python_voidwar_space_fleet",
{"scenario": "duel"})``. The state wraps the ruleset in explicit-chance mode
(:mod:`voidwar.core.chance`): at a roll the chance player acts, outcome id ``v - 1`` being die
value *v*, each with probability 1/N. Player action ids are the ruleset's
:mod:`catalogue` ids. Returns are terminal: +1 / -1 / 0 with two or more seats (zero-sum for
two), the final score for a solitaire game. Rolls made while the game is set up come from seed
``setup_seed`` (a game parameter, default 0).

OpenSpiel's own ``pyspiel.random_sim_test`` passes on every ruleset (tests/interop), and its
``MCTSBot`` plays Antilles through this bridge (``benchmarks/mcts.py``).
"""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ..core.chance import CHANCE, ChanceOutcome, ExplicitChanceGame
from ..core.game import Game
from ..core.registry import get_ruleset, load, rulesets
from .catalogue import ActionCatalogue, catalogue

MAX_DIE = 100  # the largest die any ruleset rolls (d100); chance outcome ids are 0..99
MAX_LENGTH = 100_000
SOLITAIRE_RANGE = (-1000.0, 1000.0)  # score bounds when a ruleset declares none


def short_name(ruleset: str) -> str:
    return "python_voidwar_" + get_ruleset(ruleset).name.replace("-", "_")


def _game_type(name: str, seats: int, secret: bool) -> Any:
    if seats == 1:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif seats == 2:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"voidwar {get_ruleset(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if secret else info.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"scenario": "", "setup_seed": 0},
    )


def _make_classes(name: str) -> type[pyspiel.Game]:
    info = get_ruleset(name)
    probe = load(info.name, None, seed=0)
    seats = len(probe.seats)
    secret = type(probe).is_secret is not Game.is_secret
    cat: ActionCatalogue = catalogue(info.name)
    lo, hi = (info.search.score_range(probe) or SOLITAIRE_RANGE) if seats == 1 else (-1.0, 1.0)
    game_type = _game_type(info.name, seats, secret)
    game_info = pyspiel.GameInfo(
        num_distinct_actions=cat.size,
        max_chance_outcomes=MAX_DIE,
        num_players=seats,
        min_utility=float(lo),
        max_utility=float(hi),
        utility_sum=0.0 if seats == 2 else None,
        max_game_length=MAX_LENGTH,
    )

    class VoidwarState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, inner: ExplicitChanceGame) -> None:
            super().__init__(game)
            self.vw = inner

        def current_player(self) -> int:
            g = self.vw
            if g.over:
                return int(pyspiel.PlayerId.TERMINAL)
            if g.to_act == CHANCE:
                return int(pyspiel.PlayerId.CHANCE)
            return g.seats.index(g.to_act or "")

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(cat.assign(self.vw.legal_actions()))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(o.value - 1, float(p)) for o, p in self.vw.chance_outcomes()]

        def _apply_action(self, action: int) -> None:
            g = self.vw
            if g.to_act == CHANCE:
                g.apply(ChanceOutcome(int(action) + 1))
            else:
                g.apply(cat.decode(int(action), g.legal_actions()))

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"roll {action + 1}"
            if action < len(cat.notations):
                return cat.notations[action]
            a = cat.assign(self.vw.legal_actions()).get(action) if not self.vw.over else None
            return str(a) if a is not None else f"#{action}"

        def is_terminal(self) -> bool:
            return self.vw.over

        def returns(self) -> list[float]:
            g = self.vw
            res = g.result
            if res is None:
                return [0.0] * seats
            if seats == 1:
                return [float(res.scores.get(g.seats[0], 0.0))]
            if res.winner is None:
                return [0.0] * seats
            return [1.0 if s == res.winner else -1.0 for s in g.seats]

        def __str__(self) -> str:
            g = self.vw
            head = f"{info.name} to act: {g.to_act}; actions so far: {len(g.actions)}"
            return head + "\n" + str(g.view(None))

    class VoidwarGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            p = params or {}
            super().__init__(game_type, game_info, p)
            self.scenario = str(p.get("scenario", "")) or None
            self.setup_seed = int(p.get("setup_seed", 0))

        def new_initial_state(self) -> VoidwarState:
            g = load(info.name, self.scenario, seed=self.setup_seed, chance="explicit")
            assert isinstance(g, ExplicitChanceGame)
            return VoidwarState(self, g)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            raise NotImplementedError("voidwar games provide no observation tensors yet")

    VoidwarGame.__name__ = f"VoidwarGame_{info.name.replace('-', '_')}"
    return VoidwarGame


_REGISTERED: dict[str, type[pyspiel.Game]] = {}


def register(names: list[str] | None = None) -> list[str]:
    """Register rulesets with OpenSpiel (all by default); return their short names."""
    out = []
    for name in names or list(rulesets()):
        key = get_ruleset(name).name
        if key not in _REGISTERED:
            cls = _make_classes(key)
            _REGISTERED[key] = cls
            game_type = cls().get_type()
            pyspiel.register_game(game_type, cls)
        out.append(short_name(key))
    return out


def load_game(ruleset: str, **params: Any) -> Any:
    """Register ``ruleset`` if needed and load it through ``pyspiel.load_game``."""
    register([ruleset])
    return pyspiel.load_game(short_name(ruleset), params)
