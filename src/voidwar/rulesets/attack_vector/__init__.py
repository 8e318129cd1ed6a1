"""Attack Vector: Tactical — Newtonian 3-D vector movement on a hex map (part 1: motion).

Exact movement, thrust, orientation (the AVID) and bearings; the sequence of play as data with
hooks for part 2 (power, heat, weapons, damage in :mod:`.systems`). See ``docs/attack-vector.md``.
"""

from __future__ import annotations

from typing import Any

from voidwar.core.dice import Dice
from voidwar.core.errors import UnknownName
from voidwar.core.registry import Assistant, RulesetInfo

from .assist import Answer, Request, answer, brief, entry_error
from .avid import WindowError
from .bearings import METHODS, RULE
from .board import board_view
from .captain import HeuristicCaptain
from .data import (
    embed_ship_files,
    is_scenario_path,
    load_scenario,
    read_scenario_file,
    scenario_from_data,
    scenario_names,
    write_movement_grid,
    write_thrust_chart,
)
from .game import AttackVectorGame
from .golden import GOLDENS
from .options import Options
from .policies import DriftPolicy, InterceptPolicy
from .render import piece, render
from .scenario import Scenario, check_level
from .search import SEARCH
from .sequence import END_OF_TURN_STEPS, SEGMENT_STEPS, Step
from .shortcuts import expand as expand_shortcut
from .shortcuts import shorten

DEFAULT_SCENARIO = "game-two"
OPTIONS = {
    "three_d": "true (default) or false: 2-D play, amber ring only (AV:T A5.19 design note)",
    "bearings": "rule (default: the book's 3x rule, A5.152) or exact (±15° window geometry)",
    "movement_grid": "PATH to your own movement grid remainder table, e.g. the printed card "
                     "typed in (default: our reconstruction, data/movement_grid.toml; A2.1)",
    # part 2 (ship systems): replace the shipped tables with your own files
    "weapon_tables": "PATH to your own weapon damage tables (default: the MRLS table, A2.2)",
    "d_results": "PATH to your own meaning of the D1/D3/D5/D7 results (default: ours)",
    "scenario_data": "a scenario of your own, inline (a scenario file's contents; the record "
                     "embeds them, never the file's name)",
}


def _bool(name: str, v: Any) -> bool:
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    if s in ("true", "1", "yes", "on", "3d", "3-d"):
        return True
    if s in ("false", "0", "no", "off", "2d", "2-d"):
        return False
    raise UnknownName(f"option {name} must be true or false, not {v!r}")


def make_game(dice: Dice, scenario: str | None, options: dict[str, Any]) -> AttackVectorGame:
    """A new game of ``scenario`` (default: sample game two) with the options of :data:`OPTIONS`
    (unknown names are refused)."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise UnknownName(f"unknown Attack Vector option(s): {', '.join(unknown)} "
                          f"(known: {', '.join(OPTIONS)})")
    sc, scenario, opts = _scenario_of(scenario, dict(options))
    name = scenario or sc.name
    three_d = _bool("three_d", options["three_d"]) if "three_d" in options else sc.three_d
    if not three_d and sc.three_d:
        try:
            check_level(sc)
            sc = sc.model_copy(update={"three_d": False})
        except ValueError:
            raise UnknownName(f"scenario {name!r} uses altitude or inclined noses; 2-D play "
                              "(three_d=false) needs a level scenario") from None
    method = str(options.get("bearings", RULE)).strip().lower()
    if method not in METHODS:
        raise UnknownName(f"option bearings must be one of {', '.join(METHODS)}, not {method!r}")
    if "three_d" in opts:
        opts["three_d"] = three_d
    if "bearings" in opts:
        opts["bearings"] = method
    return AttackVectorGame(dice, scenario, opts, sc, name, three_d, method)


def _scenario_of(scenario: str | None, options: dict[str, Any]
                 ) -> tuple[Scenario, str | None, dict[str, Any]]:
    """The scenario to play, the name the record gives (a shipped scenario's, else None) and
    the options the record gives: a user's scenario file is read here once and its contents
    go into the ``scenario_data`` option, so the record embeds it and replays without it."""
    inline = options.get("scenario_data")
    if inline is not None:
        if scenario is not None:
            raise UnknownName("give a scenario by name or as scenario_data, not both")
        return scenario_from_data(inline, "(scenario_data)"), None, options
    name = scenario or DEFAULT_SCENARIO
    if is_scenario_path(name):
        data = embed_ship_files(read_scenario_file(name))
        return scenario_from_data(data, name), None, \
            {**options, "scenario_data": data}
    return load_scenario(name), name, options


RULESET = RulesetInfo(
    assistant=Assistant(Request, answer, Answer, (ValueError, WindowError), brief=brief,
                        entry_error=entry_error),
    shortcuts=expand_shortcut,
    shorten=shorten,
    piece=piece,
    options_model=Options,
    search=SEARCH,
    name="attack-vector",
    title="Attack Vector: Tactical",
    game_class=AttackVectorGame,
    factory=make_game,
    scenarios=scenario_names,
    policies={"drift": lambda seed: DriftPolicy(seed),
              "intercept": lambda seed: InterceptPolicy(seed),
              # part 2: the battle captain (pilots with the intercept pilot in the tutorials)
              "heuristic": lambda seed: HeuristicCaptain(seed)},
    render=render,
    aliases=("attack_vector", "avt"),
    description="Newtonian 3-D vector movement: thrust, pivots, the AVID and bearings (part 1).",
    file_options=("movement_grid", "weapon_tables", "d_results"),
    option_help=OPTIONS,
    goldens=lambda: GOLDENS,
    board=board_view,
    dev_commands={"thrust-chart": write_thrust_chart, "movement-grid": write_movement_grid},
)

__all__ = ["END_OF_TURN_STEPS", "RULESET", "SEGMENT_STEPS", "AttackVectorGame", "DriftPolicy",
           "InterceptPolicy", "Step", "make_game"]
