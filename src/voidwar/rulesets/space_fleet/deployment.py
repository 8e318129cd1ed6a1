"""Deploying Space Fleet games: a scenario (shipped, a file or data), the options that change it
(replacement fleets lined up along the map edges, the turn limit), and the balance matchups."""

from __future__ import annotations

import copy
from typing import Any

from ...core.datafile import read_toml
from ...core.dice import Dice
from ...core.errors import DataFileError, UnknownName
from ...core.hexgrid import RectBoard
from ...core.registry import Matchup
from ...core.tabletop import Point
from .data import (
    Scenario,
    class_cost,
    hexid,
    read_scenario_data,
    scenario_from_data,
    scenario_names,
    shipped_designs,
    shipped_scenario,
)
from .designs import CLASS_CODES
from .game import SpaceFleetGame
from .table import TableSize
from .table_game import SpaceFleetTableGame

DEFAULT_SCENARIO = "destroyer-skirmish"

OPTION_HELP = {
    "fleet_a": "replace blue's fleet: classes or design names, e.g. BB or HC,HC or missile-boat",
    "fleet_b": "replace red's fleet (same form as fleet_a)",
    "turn_limit": "override the scenario's turn limit",
    "file": "play a scenario TOML file of your own (same format as the shipped ones)",
    "setup": "a scenario given as data (what a record stores for `file`)",
}


def scenarios() -> dict[str, str]:
    """Each shipped scenario's name → its title, description and turn limit."""
    out: dict[str, str] = {}
    for name in scenario_names():
        sc = shipped_scenario(name)
        out[name] = f"{sc.title}: {sc.description} ({sc.turn_limit} turns)"
    return out


def _fleet_list(key: str, value: Any) -> list[str]:
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not items or not all(isinstance(x, str) for x in items):
        raise DataFileError("(options)", key, "give a list of classes or designs, e.g. HC,HC")
    out = [x.strip() for x in items]
    known = {*CLASS_CODES, *shipped_designs()}
    for x in out:
        if x.upper() not in CLASS_CODES and x not in known:
            raise DataFileError("(options)", key, f"unknown class or design {x!r} "
                                f"(classes {', '.join(CLASS_CODES)}; designs "
                                f"{', '.join(sorted(shipped_designs()))})")
    return out


def _placements(data: dict[str, Any], side: str, n: int) -> list[tuple[str, str]]:
    """Where ``n`` replacement ships of ``side`` stand, and their facing: every other hex along
    the map edge, or on a free table every 3 units, 2 units in from the edge."""
    key = f"fleet_{'a' if side == 'blue' else 'b'}"
    if "table" in data:
        try:
            size = TableSize.model_validate(data["table"])
        except ValueError as e:
            raise DataFileError("(setup)", "table", str(e)) from None
        gap, unit = 3 * size.unit, size.unit
        x0 = size.width / 2 - gap * (n - 1) / 2
        y = 2 * unit if side == "blue" else size.height - 2 * unit
        if x0 < unit:
            raise DataFileError("(options)", key, f"{n} ships do not fit across the table")
        heading = "0" if side == "blue" else "180"
        return [(str(Point(x0 + gap * i, y)), heading) for i in range(n)]
    cols, rows = int(data["board"]["cols"]), int(data["board"]["rows"])
    row, facing = (rows - 2, "A") if side == "blue" else (1, "D")
    start = cols // 2 - (n - 1)
    if start < 0 or start + 2 * (n - 1) >= cols:
        raise DataFileError("(options)", key, f"{n} ships do not fit across a {cols}-column map")
    return [(hexid(RectBoard.from_offset(start + 2 * i, row)), facing) for i in range(n)]


def _replace_fleets(data: dict[str, Any], fleets: dict[str, list[str]]) -> None:
    """Line the given fleets up along blue's (bottom) and red's (top) edges."""
    counters: dict[str, int] = {}
    for side in ("blue", "red"):
        if side not in fleets:
            for e in data[side]["ships"]:
                code = str(e.get("id", ""))[:2]
                counters[code] = counters.get(code, 0) + 1
    for side in ("blue", "red"):
        items = fleets.get(side)
        if items is None:
            continue
        places = _placements(data, side, len(items))
        ships = []
        for i, item in enumerate(items):
            entry: dict[str, Any]
            if item.upper() in CLASS_CODES:
                code = item.upper()
                entry = {"class": code}
            else:
                code = shipped_designs()[item].cls
                entry = {"design": item}
            counters[code] = counters.get(code, 0) + 1
            at, facing = places[i]
            entry.update(id=f"{code}{counters[code]}", at=at, facing=facing)
            ships.append(entry)
        data[side] = {"ships": ships}


def make_game(dice: Dice, scenario: str | None, options: dict[str, Any]) -> SpaceFleetGame:
    """The registry factory: refuses unknown scenarios and options with a clear error."""
    unknown = sorted(set(options) - set(OPTION_HELP))
    if unknown:
        raise UnknownName(f"unknown Space Fleet option(s) {', '.join(unknown)} "
                          f"(known: {', '.join(OPTION_HELP)})")
    opts = dict(options)
    setup = _setup(scenario, opts)
    if setup.table is not None:
        return SpaceFleetTableGame(dice, scenario, opts, setup)
    return SpaceFleetGame(dice, scenario, opts, setup)


def _setup(scenario: str | None, opts: dict[str, Any]) -> Scenario:
    """The validated scenario the options ask for; ``opts`` is normalised in place (a file
    becomes its ``setup`` data, fleets become lists, the turn limit a number) for the record."""
    file = "(setup)"
    if "file" in opts:
        if "setup" in opts:
            raise UnknownName("give either file or setup, not both")
        file = str(opts.pop("file"))
        opts["setup"] = read_toml(file)
    if "setup" in opts:
        if scenario is not None:
            raise UnknownName("give either a scenario name or a setup/file, not both")
        if not isinstance(opts["setup"], dict):
            raise DataFileError("(options)", "setup", "must be a scenario table")
        data = copy.deepcopy(opts["setup"])
    else:
        name = scenario or DEFAULT_SCENARIO
        if name not in scenario_names():
            raise UnknownName(f"unknown Space Fleet scenario {name!r} "
                              f"(known: {', '.join(scenario_names())})")
        if not {"fleet_a", "fleet_b", "turn_limit"} & set(opts):
            return shipped_scenario(name)
        data, file = read_scenario_data(name)
    fleets: dict[str, list[str]] = {}
    for key, side in (("fleet_a", "blue"), ("fleet_b", "red")):
        if key in opts:
            opts[key] = fleets[side] = _fleet_list(key, opts[key])
    if fleets:
        _replace_fleets(data, fleets)
    if "turn_limit" in opts:
        try:
            opts["turn_limit"] = data["turn_limit"] = int(opts["turn_limit"])
        except (TypeError, ValueError):
            raise DataFileError("(options)", "turn_limit", "must be a whole number") from None
    return scenario_from_data(data, file)


def _best_counts(a: str, b: str, most: int = 4) -> tuple[int, int]:
    """Fleet sizes (m of class a, n of class b, each at most ``most``) closest in cost."""
    ca, cb = class_cost(a), class_cost(b)
    best = min(
        (abs(m * ca - n * cb) / max(m * ca, n * cb), m + n, m, n)
        for m in range(1, most + 1) for n in range(1, most + 1)
    )
    return best[2], best[3]


def balance() -> list[Matchup]:
    """Each class against each class, in fleets as close to equal cost as 1-4 ships allow.

    Cost is :func:`~voidwar.rulesets.space_fleet.data.class_cost` (shields count half). Played in
    the open "duel" scenario; the row class is blue (the first seat).
    """
    order = ["DN", "BB", "HC", "LC", "DD"]
    out: list[Matchup] = []
    for a in order:
        for b in order:
            m, n = _best_counts(a, b)
            out.append(Matchup(a, b, scenario="duel",
                               options={"fleet_a": [a] * m, "fleet_b": [b] * n}))
    return out
