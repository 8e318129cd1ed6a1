"""Space Fleet: Ship Types — the class table, customisation trades, and file validation."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import voidwar
from voidwar.core.errors import DataFileError, UnknownName
from voidwar.rulesets.space_fleet.data import (
    class_cost,
    customise,
    scenario_names,
    shipped_designs,
    tables,
)
from voidwar.rulesets.space_fleet.designs import TradeError


def test_the_five_classes() -> None:
    got = {c: (r.shields, r.speed, r.shots) for c, r in tables().classes.items()}
    assert got == {"DN": (15, 1, 8), "BB": (10, 2, 5), "HC": (6, 3, 3), "LC": (4, 4, 2),
                   "DD": (2, 5, 1)}
    assert tables().firing.order == ["DD", "LC", "HC", "BB", "DN"]


def test_legal_trades() -> None:
    p = customise("HC", ["2 shields -> 1 speed"])
    assert (p.shields, p.speed, p.shots) == (4, 4, 3)
    p = customise("HC", ["4 shields -> 2 shots", "1 shot -> 1 speed"])
    assert (p.shields, p.speed, p.shots) == (2, 4, 4)
    p = customise("BB", ["1 speed -> 2 shields", "1 shots -> 2 mines", "1 shield -> 1 mine"])
    assert (p.shields, p.speed, p.shots, p.mines) == (11, 1, 4, 3)
    p = customise("LC", [], launchers=2)
    assert (p.beams, p.launchers, p.missiles) == (0, 2, 4)


def test_trades_keep_the_cost() -> None:
    for trade in ("2 shields -> 1 speed", "1 shots -> 1 speed", "1 speed -> 2 shields"):
        assert customise("BB", [trade]).cost == class_cost("BB")
    assert class_cost("DN") == 33 and class_cost("DD") == 14


@pytest.mark.parametrize(
    ("cls", "trades", "launchers", "message"),
    [
        ("HC", ["3 shields -> 1 speed"], 0,
         "trade #1 '3 shields -> 1 speed': the rate is 2 shields for 1 speed"),
        ("HC", ["1 shield -> 1 shots"], 0,
         "trade #1 '1 shield -> 1 shots': the rate is 2 shields for 1 shots"),
        ("HC", ["2 shots -> 1 speed"], 0, "the rate is 1 shots for 1 speed"),
        ("HC", ["1 speed -> 1 shields"], 0, "the rate is 1 speed for 2 shields"),
        ("HC", ["2 mines -> 1 speed"], 0, "mines cannot be traded for speed"),
        ("HC", ["1 shots -> 1 mines"], 0, "the rate is 1 shots for 2 mines"),
        ("DD", ["1 speed -> 1 shots", "3 shots -> 3 speed"], 0,
         "trade #2 '3 shots -> 3 speed': the ship has only 2 shots left to give"),
        ("DD", ["2 shots -> 2 speed"], 0, "has only 1 shots left to give"),
        ("DD", ["5 speed -> 5 shots"], 0, "leaves speed 0, below the minimum 1"),
        ("DD", ["2 shields -> 1 warp"], 0, "unknown stat 'warp'"),
        ("DD", ["shields for speed"], 0, "is not written 'N unit -> M unit'"),
        ("DD", [], 2, "missiles replace beam weapons, and the ship has 1 shots"),
        ("XX", [], 0, "unknown class 'XX'"),
    ],
)
def test_illegal_trades_name_the_trade(cls: str, trades: list[str], launchers: int,
                                       message: str) -> None:
    with pytest.raises(TradeError) as e:
        customise(cls, trades, launchers)
    assert message in str(e.value)


def test_shipped_designs_and_scenarios_load() -> None:
    assert {"missile-boat", "minelayer"} <= set(shipped_designs())
    names = scenario_names()
    assert {"destroyer-skirmish", "cruiser-action", "minefield-run", "line-of-battle"} <= set(names)
    info = voidwar.get_ruleset("space_fleet")
    assert info.name == "space-fleet" and len(info.scenarios()) >= 4


def _write(tmp: Path, data: dict[str, Any] | str) -> str:
    """Write a scenario file (TOML by tomli-w; a text as it is)."""
    p = tmp / "mine.toml"
    p.write_text(data if isinstance(data, str) else tomli_w.dumps(data))
    return str(p)


GOOD: dict[str, Any] = {
    "title": "t", "description": "d", "turn_limit": 3, "initiative": "alternate",
    "victory": "v", "board": {"cols": 8, "rows": 8},
    "blue": {"ships": [{"id": "HC1", "class": "HC", "at": "0306", "facing": "A"}]},
    "red": {"ships": [{"id": "HC2", "class": "HC", "at": "0301", "facing": "D"}]},
}


def _changed(path: str, value: Any) -> dict[str, Any]:
    """A copy of GOOD with the field at the dotted ``path`` set to ``value``."""
    data = copy.deepcopy(GOOD)
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    node[last] = value
    return data


def test_a_user_scenario_file_plays_and_records_its_data(tmp_path: Path) -> None:
    g = voidwar.load("space-fleet", file=_write(tmp_path, GOOD), seed=3)
    assert set(g.ships) == {"HC1", "HC2"}  # type: ignore[attr-defined]
    rec = g.record()
    assert "setup" in rec["options"] and "file" not in rec["options"]
    assert voidwar.replay(rec).digest() == g.digest()


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("blue.ships.0.at", "0399", "blue.ships.0.at", "off the 8x8 map"),
        ("red.ships.0.id", "HC1", "red.ships.0.id", "used twice"),
        ("blue.ships.0.trades", ["3 shields -> 1 speed"], "blue.ships.0",
         "trade #1 '3 shields -> 1 speed': the rate is 2 shields for 1 speed"),
        ("blue.ships.0.class", "XX", "blue.ships.0", "unknown class"),
        ("turn_limit", 0, "turn_limit", "greater than or equal to 1"),
        ("blue.ships.0.facing", "Q", "blue.ships.0.facing", "facing must be one of"),
        ("speed", 3, "speed", "Extra inputs"),
        ("blue.ships.0.design", "minelayer", "blue.ships.0", "exactly one of class or design"),
    ],
)
def test_malformed_ship_and_scenario_files_are_refused(
    tmp_path: Path, path: str, value: Any, field: str, reason: str
) -> None:
    with pytest.raises(DataFileError) as e:
        voidwar.load("space-fleet", file=_write(tmp_path, _changed(path, value)))
    assert e.value.field == field
    assert reason in e.value.reason
    assert e.value.file.endswith("mine.toml")


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    text = tomli_w.dumps(GOOD).replace("turn_limit = 3", "turn_limit = ", 1)
    with pytest.raises(DataFileError) as e:
        voidwar.load("space-fleet", file=_write(tmp_path, text))
    assert e.value.field == "(syntax)" and "not valid TOML" in e.value.reason


def test_a_design_file_with_an_illegal_trade_is_refused(tmp_path: Path) -> None:
    data = {**GOOD, "designs": {"bad": {"class": "DD", "trades": ["1 shots -> 3 mines"]}}}
    with pytest.raises(DataFileError) as e:
        voidwar.load("space-fleet", file=_write(tmp_path, data))
    assert e.value.field == "designs.bad"
    assert "trade #1 '1 shots -> 3 mines': the rate is 1 shots for 2 mines" in e.value.reason


def test_unknown_scenarios_and_options_are_refused() -> None:
    with pytest.raises(UnknownName, match="unknown Space Fleet scenario 'nope'"):
        voidwar.load("space-fleet", scenario="nope")
    with pytest.raises(UnknownName, match="unknown Space Fleet option"):
        voidwar.load("space-fleet", speed=3)
    with pytest.raises(DataFileError, match="unknown class or design 'XX'"):
        voidwar.load("space-fleet", scenario="duel", fleet_a="XX")


def test_fleet_options_build_equal_cost_matchups() -> None:
    g = voidwar.load("space-fleet", scenario="duel", fleet_a="BB", fleet_b=["HC", "HC"])
    ships = g.state_dict()["ships"]
    assert [(s["id"], s["side"], s["hex"], s["facing"]) for s in ships] == [
        ("BB1", "blue", "0812", "A"), ("HC1", "red", "0701", "D"), ("HC2", "red", "0901", "D")]
    info = voidwar.get_ruleset("space-fleet")
    assert info.balance is not None
    cells = info.balance()
    assert len(cells) == 25
    bb_hc = next(c for c in cells if (c.row, c.col) == ("BB", "HC"))
    assert bb_hc.options == {"fleet_a": ["BB"] * 3, "fleet_b": ["HC"] * 4}  # 72 = 72
    for c in cells:
        voidwar.load("space-fleet", scenario=c.scenario, **c.options)
