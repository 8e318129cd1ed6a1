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

import threading
from dataclasses import dataclass
from typing import Any, ClassVar

import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ..ai.sampling import has_secret_orders
from ..core.chance import CHANCE, ChanceOutcome, ExplicitChanceGame
from ..core.registry import RulesetInfo, get_ruleset, load, rulesets
from .catalogue import ActionCatalogue, catalogue

MAX_DIE = 100  # the largest die any ruleset rolls (d100); chance outcome ids are 0..99
MAX_LENGTH = 100_000
SOLITAIRE_RANGE = (-1000.0, 1000.0)  # score bounds when a ruleset declares none


def short_name(ruleset: str) -> str:
    """OpenSpiel's name of a ruleset: ``python_voidwar_<name>`` (``-`` → ``_``)."""
    return "python_voidwar_" + get_ruleset(ruleset).name.replace("-", "_")


def _game_type(name: str, seats: int, secret: bool) -> Any:
    """OpenSpiel's facts of the game: sequential, explicit chance, terminal rewards."""
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


@dataclass(frozen=True)
class _Spec:
    """What the OpenSpiel classes of one ruleset share: its registry entry, seats and ids."""

    info: RulesetInfo
    seats: int
    cat: ActionCatalogue
    game_type: Any
    game_info: Any


def _spec(name: str) -> _Spec:
    """Probe the ruleset's default game for its seats, secrecy and value range."""
    info = get_ruleset(name)
    probe = load(info.name, None, seed=0)
    seats = len(probe.seats)
    cat = catalogue(info.name)
    lo, hi = (info.search.score_range(probe) or SOLITAIRE_RANGE) if seats == 1 else (-1.0, 1.0)
    game_info = pyspiel.GameInfo(
        num_distinct_actions=cat.size,
        max_chance_outcomes=MAX_DIE,
        num_players=seats,
        min_utility=float(lo),
        max_utility=float(hi),
        utility_sum=0.0 if seats == 2 else None,
        max_game_length=MAX_LENGTH,
    )
    game_type = _game_type(info.name, seats, has_secret_orders(probe))
    return _Spec(info, seats, cat, game_type, game_info)


class VoidwarState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an explicit-chance voidwar game (``spec``: set per ruleset)."""

    spec: ClassVar[_Spec]

    def __init__(self, game: Any, inner: ExplicitChanceGame) -> None:
        super().__init__(game)
        self.vw = inner

    def current_player(self) -> int:
        """The seat to act as a player id (or OpenSpiel's chance / terminal id)."""
        g = self.vw
        if g.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if g.to_act == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return g.seats.index(g.to_act or "")

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.spec.cat.assign(self.vw.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome id ``v - 1``, probability) of each value of the pending die."""
        return [(o.value - 1, float(p)) for o, p in self.vw.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        g = self.vw
        if g.to_act == CHANCE:
            g.apply(ChanceOutcome(int(action) + 1))
        else:
            g.apply(self.spec.cat.decode(int(action), g.legal_actions()))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"roll {action + 1}"
        cat = self.spec.cat
        if action < len(cat.notations):
            return cat.notations[action]
        a = cat.assign(self.vw.legal_actions()).get(action) if not self.vw.over else None
        return str(a) if a is not None else f"#{action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.vw.over

    def returns(self) -> list[float]:
        """+1 / -1 / 0 per seat (the final score for a solitaire game); 0 until the end."""
        g = self.vw
        seats = self.spec.seats
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
        head = f"{self.spec.info.name} to act: {g.to_act}; actions so far: {len(g.actions)}"
        return head + "\n" + str(g.view(None))


class VoidwarGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game of one ruleset (``spec`` and ``state_class``: set per ruleset)."""

    spec: ClassVar[_Spec]
    state_class: ClassVar[type[VoidwarState]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = params or {}
        super().__init__(self.spec.game_type, self.spec.game_info, p)
        self.scenario = str(p.get("scenario", "")) or None
        self.setup_seed = int(p.get("setup_seed", 0))

    def new_initial_state(self) -> VoidwarState:
        """A new game in explicit-chance mode, set up with ``setup_seed``."""
        g = load(self.spec.info.name, self.scenario, seed=self.setup_seed, chance="explicit")
        assert isinstance(g, ExplicitChanceGame)
        return self.state_class(self, g)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """Not provided: voidwar games give no observation tensors yet."""
        raise NotImplementedError("voidwar games provide no observation tensors yet")


def _make_classes(name: str) -> type[VoidwarGame]:
    """The ruleset's own subclasses of :class:`VoidwarGame` and :class:`VoidwarState`."""
    spec = _spec(name)
    suffix = spec.info.name.replace("-", "_")
    state = type(f"VoidwarState_{suffix}", (VoidwarState,), {"spec": spec})
    return type(f"VoidwarGame_{suffix}", (VoidwarGame,),
                {"spec": spec, "state_class": state})


#: the rulesets registered with OpenSpiel in this process: checked and registered under
#: :data:`_LOCK` (OpenSpiel refuses a second registration of a name)
_REGISTERED: dict[str, type[VoidwarGame]] = {}
_LOCK = threading.Lock()


def register(names: list[str] | None = None) -> list[str]:
    """Register rulesets with OpenSpiel (all by default); return their short names."""
    out = []
    for name in names or list(rulesets()):
        key = get_ruleset(name).name
        with _LOCK:
            if key not in _REGISTERED:
                cls = _make_classes(key)
                game_type = cls().get_type()
                pyspiel.register_game(game_type, cls)
                _REGISTERED[key] = cls
        out.append(short_name(key))
    return out


def load_game(ruleset: str, **params: Any) -> Any:
    """Register ``ruleset`` if needed and load it through ``pyspiel.load_game``."""
    register([ruleset])
    return pyspiel.load_game(short_name(ruleset), params)
