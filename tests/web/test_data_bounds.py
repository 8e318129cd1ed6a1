"""Every number of a ruleset's data files has a range; a value outside it (a Bolt
threshold of 2**63-1, a die face of 99, a million points) is a DataFileError naming the file,
the field and the reason — never a game set up from it. One shipped file per ruleset, changed
in one field at a time."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from voidwar.core.datafile import read_toml, validate
from voidwar.core.errors import DataFileError
from voidwar.rulesets.antilles.data import ValueModel
from voidwar.rulesets.antilles.tables import TablesModel
from voidwar.rulesets.astral_dreams.data import Army, UnitTable
from voidwar.rulesets.astral_dreams.data import Scenario as ADScenario
from voidwar.rulesets.attack_vector.scenario import Scenario as AVScenario
from voidwar.rulesets.attack_vector.ships import ShipClass
from voidwar.rulesets.attack_vector.systems.ship import SystemsModel
from voidwar.rulesets.attack_vector.systems.weapons import WeaponTablesModel
from voidwar.rulesets.space_fleet.data import Scenario as SFScenario
from voidwar.rulesets.space_fleet.data import Tables as SFTables

SRC = Path(__file__).resolve().parents[2] / "src" / "voidwar" / "rulesets"


def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


# (model, file, path to the field, the out-of-range value, the field as the error names it)
CASES = [
    # Antilles: a Bolt threshold of 2**63-1 (the example), a negative one
    (TablesModel, "antilles/data/tables.toml", ("attacks", "1", "bolt"), 2**53, "attacks.1.bolt"),
    (TablesModel, "antilles/data/tables.toml", ("attacks", "2", "shield"), 0, "attacks.2.shield"),
    (ValueModel, "antilles/data/search_values.toml", ("games",), 10**12, "games"),
    # Space Fleet: a d6 score of 9, a huge damage modifier, a ship with 10**6 launchers
    (SFTables, "space-fleet", ("mines", "hit_die"), 99, "mines.hit_die"),
    (SFTables, "space-fleet", ("damage", "missile_modifier"), 10**6, "damage.missile_modifier"),
    (SFTables, "space-fleet", ("firing", "bands", 0, "max"), 10**9, "firing.bands.0.max"),
    # Astral Dreams: a profile's save of 99, an army of more than a million points (the text
    # sets no ceiling: only a number's bound)
    (UnitTable, "astral_dreams/data/units.toml", None, 99, "save"),
    (Army, "astral-army", ("points",), 10**6 + 1, "points"),
    # Attack Vector: a ship of 10**12 tons, a weapon range bracket of 10**9 hexes, a heat sink
    (ShipClass, "attack_vector/data/ships/rafik_mk1.toml", ("mass",), 10**12, "mass"),
    (WeaponTablesModel, "attack_vector/data/systems/weapon-tables.toml", None, 10**9,
     "brackets"),
    (SystemsModel, "attack_vector/data/systems/rafik-mk1-systems.toml", ("heat", "heat_sinks"),
     10**9, "heat.heat_sinks"),
]


def _shipped(where: str) -> tuple[dict[str, Any], str]:
    if where == "space-fleet":
        path = SRC / "space_fleet" / "data" / "tables.toml"
    elif where == "astral-army":
        return {"side": "scouts", "points": 50, "units": [{"type": "Scout", "count": 1}]}, \
            "army.toml"
    else:
        path = SRC / where
    return read_toml(path), str(path)


def _first_path(data: Any, leaf: str, prefix: tuple[Any, ...] = ()) -> tuple[Any, ...]:
    """The first place in ``data`` holding a field ``leaf``."""
    if isinstance(data, dict):
        if leaf in data:
            return (*prefix, leaf)
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return ()
    for k, v in items:
        found = _first_path(v, leaf, (*prefix, k))
        if found:
            return found
    return ()


@pytest.mark.parametrize(("model", "where", "path", "value", "field"), CASES,
                         ids=[f"{c[1].split('/')[0]}-{c[4]}" for c in CASES])
def test_out_of_range_value_is_refused_naming_file_field_and_reason(
        model: Any, where: str, path: tuple[Any, ...] | None, value: int, field: str) -> None:
    data, file = _shipped(where)
    validate(model, data, file)  # the shipped file is within every range
    if path is None:
        path = _first_path(data, field)
        if field == "brackets":  # a pair of ranges: push the first number
            path = (*path, 0, 1)
    assert path, f"no field {field} in {file}"
    with pytest.raises(DataFileError) as exc:
        validate(model, _set(data, path, value), file)
    err = exc.value
    assert err.file == file
    assert field.split(".")[-1] in err.field
    assert err.field.startswith(".".join(str(p) for p in path[:1]))
    assert "less than or equal" in err.reason or "greater than or equal" in err.reason, err


def test_scenarios_bound_their_numbers() -> None:
    """A scenario's own numbers too: Space Fleet's turn limit, Astral Dreams' table size and
    Attack Vector's map radius."""
    for model, rel, path, value in (
        (SFScenario, "space_fleet/data/scenarios", ("turn_limit",), 10**6),
        (ADScenario, "astral_dreams/data/scenarios", ("points",), 10**6 + 1),
        (AVScenario, "attack_vector/data/scenarios", ("turns",), 10**6),
    ):
        file = sorted((SRC / rel).glob("*.toml"))[0]
        data = read_toml(file)
        with pytest.raises(DataFileError) as exc:
            validate(model, _set(data, path, value), str(file))
        assert exc.value.file == str(file) and exc.value.field == path[0]
        assert "less than or equal" in exc.value.reason


def test_browser_screenshots_leave_the_checkout_alone() -> None:
    """A test run writes its pictures outside the checkout; only ``make screenshots`` (which
    sets ``VOIDWAR_SCREENSHOTS``) refreshes docs/screenshots."""
    import os
    from pathlib import Path

    from .shots import SHOTS

    repo = Path(__file__).resolve().parents[2]
    if not os.environ.get("VOIDWAR_SCREENSHOTS"):
        assert not SHOTS.resolve().is_relative_to(repo)
