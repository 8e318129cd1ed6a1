"""Space Fleet on a free table (Movement: "Ships may either be moved freely on a table surface, or
on a hex grid. Speed is given as units, which may be hexes, or any scale to fit the models
used.") — movement in units, turning, fire in units, mines as circles, notation, files, bot."""

from __future__ import annotations

import json
from typing import Any

import pytest

import voidwar
from voidwar import IllegalAction
from voidwar.core.errors import DataFileError
from voidwar.rulesets.space_fleet import HeuristicPolicy
from voidwar.rulesets.space_fleet.table_game import SpaceFleetTableGame

from .helpers import build_table, end_fire_until, end_moves, ship


def at(game: Any, sid: str) -> tuple[str, int]:
    d = game.ships[sid].to_dict()
    return d["at"], d["facing"]


def duo(cls: str = "DD", **kw: Any) -> Any:
    return build_table([ship(f"{cls}1", "blue", "10,4", 0), ship(f"{cls}2", "red", "10,24", 180)],
                       **kw)


# ---------------------------------------------------------------- movement
def test_speed_is_in_units_of_the_scenario_scale() -> None:
    # "Speed is given as units, which may be hexes, or any scale to fit the models used."
    g = duo(unit=2, width=48, height=60)
    assert isinstance(g, SpaceFleetTableGame)
    g.apply("move DD1 5")  # 5 units of 2 inches
    assert at(g, "DD1") == ("10,14", 0)
    with pytest.raises(IllegalAction, match="no movement left"):
        g.apply("move DD1 1")


def test_a_move_names_any_distance_up_to_the_speed() -> None:
    # "Ships do not have to move their full move."
    g = duo()
    with pytest.raises(IllegalAction, match="up to 5 units more"):
        g.apply("move DD1 5.5")
    g.apply("move DD1 1.25")
    assert at(g, "DD1") == ("10,5.25", 0)
    with pytest.raises(IllegalAction, match=r"up to 3\.75 units more"):
        g.apply("move DD1 4")
    assert "move DD1 3.75" in g.legal_notations()
    with pytest.raises(IllegalAction, match="a distance in units"):
        g.check(voidwar.rulesets.space_fleet.actions.Move("DD1", 2))


def test_a_ship_may_not_leave_the_table() -> None:
    g = build_table([ship("DD1", "blue", "10,25", 0), ship("DD2", "red", "10,2", 180)])
    with pytest.raises(IllegalAction, match="leave the table"):
        g.apply("move DD1 4")
    g.apply("move DD1 3")
    assert at(g, "DD1")[0] == "10,28"


def test_a_turn_needs_one_unit_moved_and_is_60_degrees() -> None:
    # "After moving 1 forward a ship may turn 60 degrees before moving again, and may turn once
    # for each 1 moved"
    g = duo()
    with pytest.raises(IllegalAction, match="must move 1 unit forward"):
        g.apply("turn DD1 right")
    g.apply("move DD1 0.5")
    with pytest.raises(IllegalAction, match="one 60° turn per unit moved"):
        g.apply("turn DD1 right")
    g.apply("move DD1 0.5")
    g.apply("turn DD1 right")
    assert at(g, "DD1") == ("10,5", 60)
    with pytest.raises(IllegalAction, match="one 60° turn per unit moved"):
        g.apply("turn DD1 left")
    g.apply("move DD1 2")  # 60° clockwise from up: x + 2 sin 60°, y + 2 cos 60°
    assert at(g, "DD1") == ("11.73,6", 60)
    g.apply("turn DD1 left")
    g.apply("move DD1 1")
    g.apply("turn DD1 left")
    assert at(g, "DD1") == ("11.73,7", 300)


def test_no_turn_after_the_last_unit_of_a_full_move_except_a_dreadnought() -> None:
    # "except for the last (DN only may turn after all move completed, as may ships not making
    # a full move)"
    g = duo("HC")
    g.apply("move HC1 3")
    with pytest.raises(IllegalAction, match="full move"):
        g.apply("turn HC1 right")
    g2 = duo("HC")
    g2.apply("move HC1 2.5")
    g2.apply("turn HC1 left")  # not a full move
    assert at(g2, "HC1") == ("10,6.5", 300)
    g3 = duo("DN")
    g3.apply("move DN1 1")
    g3.apply("turn DN1 right")
    assert at(g3, "DN1")[1] == 60


def test_slowest_ships_move_first_on_the_table_too() -> None:
    g = build_table([ship("DD1", "blue", "4,4", 0), ship("BB1", "blue", "8,4", 0),
                     ship("HC2", "red", "6,24", 180)])
    assert {a.split()[-1] for a in g.legal_notations() if a.startswith("end move")} == {"BB1"}


# ---------------------------------------------------------------- fire
def fire_table(blue_at: str, red_at: str, blue_cls: str = "HC", heading: int = 0,
               unit: int = 1, dice: tuple[int, ...] = (6,) * 12) -> Any:
    # DD3, 2 units to blue's left and facing it, makes sure there is a fire phase
    x, y = (float(v) for v in blue_at.split(","))
    g = build_table([ship(f"{blue_cls}1", "blue", blue_at, heading),
                     ship("HC2", "red", red_at, 180),
                     ship("DD3", "red", f"{x - 2 * unit:g},{y:g}", 90)],
                    unit=unit, dice=dice, width=60, height=60)
    end_moves(g)
    end_fire_until(g, blue_cls)
    assert g.to_act == "blue"
    return g


def test_range_bands_are_in_units() -> None:
    # "Range Short Medium Long 0-4 5-8 9-12 ... Beam 4,5,6 5,6 6", here in units of 2 inches
    g = fire_table("20,10", "20,18", unit=2)  # 8 inches = 4 units: short
    assert g.band_between(g.ships["HC1"], g.ships["HC2"]).name == "short"
    g.apply("fire HC1 at HC2")
    g2 = fire_table("20,10", "20,18.02", unit=2)  # just past 4 units: medium
    assert g2.band_between(g2.ships["HC1"], g2.ships["HC2"]).name == "medium"
    g3 = fire_table("20,10", "20,34", unit=2)  # 12 units: long
    assert g3.band_between(g3.ships["HC1"], g3.ships["HC2"]).name == "long"
    g4 = fire_table("20,10", "20,34.02", unit=2)
    with pytest.raises(IllegalAction, match=r"12\.01 units away; long range ends at 12"):
        g4.apply("fire HC1 at HC2")


def test_the_roll_names_the_range_in_units() -> None:
    g = fire_table("20,10", "23,14")  # 5 units: medium, needs 5+
    g.apply("fire HC1 at HC2")
    events = g.apply("end fire") + g.apply("end fire")
    assert any("range 5, needs 5+" in e.text for e in events if e.kind == "roll")


def test_no_fire_into_the_rear_90_degree_arc_on_the_table() -> None:
    # "No vessel may fire in the rear 90 degree arc": more than 135° off the bow
    g = fire_table("20,20", "25,15")  # exactly 135° off the bow: may fire
    g.apply("fire HC1 at HC2")
    g2 = fire_table("20,20", "25,14.9")
    with pytest.raises(IllegalAction, match="rear 90° arc"):
        g2.apply("fire HC1 at HC2")
    g3 = fire_table("20,20", "25,14.9", heading=60)  # turned toward it: the arc moves along
    g3.apply("fire HC1 at HC2")


def test_destroyers_cannot_fire_at_long_range_in_units() -> None:
    # "Destroyers and Lt Cruisers cannot fire at long range."
    g = fire_table("20,10", "20,19", blue_cls="DD")
    with pytest.raises(IllegalAction, match="cannot fire at long range"):
        g.apply("fire DD1 at HC2")


def test_beam_fire_within_one_unit_of_the_firer() -> None:
    # "-1 if other ship firing beam weapon within 1 hex of firer": 1 unit on the table
    g = build_table([ship("HC1", "blue", "20,10", 0), ship("HC3", "blue", "21,10", 0),
                     ship("HC2", "red", "20,13", 180)], dice=[6] * 12)
    end_moves(g)
    end_fire_until(g, "HC")
    g.apply("fire HC1 at HC2")
    g.apply("fire HC3 at HC2")
    events = g.apply("end fire") + g.apply("end fire")
    assert any("beam fire within 1 unit: -1" in e.text for e in events if e.kind == "roll")


# ---------------------------------------------------------------- mines
def mined(dice: list[int], radius: str = "1", **kw: Any) -> Any:
    return build_table([ship("HC1", "blue", "10,4", 0, shields=0),
                        ship("HC2", "red", "30,24", 180)],
                       mines=[{"at": "10,8", "radius": radius}], dice=dice, **kw)


def test_moving_into_a_circular_pattern_attacks_once() -> None:
    # "Roll 1d6 when move into area of effect ... 4,5,6 indicates 1d3 hits"
    g = mined([3], radius="1.5")
    events = g.apply("move HC1 2")  # 10,4 -> 10,6: not yet in the circle (6.5..9.5)
    assert not any(e.kind == "mine" for e in events)
    events = g.apply("move HC1 1")  # enters it
    assert [e.text for e in events if e.kind == "mine"] == ["mine at M1 (10,8) misses HC1"]
    assert at(g, "HC1")[0] == "10,7"
    g2 = mined([], radius="1")
    events = g2.apply("move HC1 3")  # 10,7 is on the rim: touching is not entering
    assert not any(e.kind == "mine" for e in events)


def test_a_move_through_a_pattern_is_attacked_and_one_inside_it_is_not() -> None:
    g = build_table([ship("HC1", "blue", "10,8", 0), ship("HC2", "red", "30,24", 180)],
                    mines=[{"at": "10,8"}, {"at": "10,11"}], dice=[3])
    events = g.apply("move HC1 3")  # starts inside M1 (no attack), passes through M2
    assert [e.text for e in events if e.kind == "mine"] == ["mine at M2 (10,11) misses HC1"]


def test_a_mine_that_halves_speed_stops_the_ship_which_may_still_turn() -> None:
    # "5 Damage, ½ speed" mid-move: HC1 (speed 3) is slowed to 1 on entering the pattern 3
    # units ahead... here 2.98 units, so it stops there; it is "not making a full move" and may
    # turn after it.
    g = mined([4, 1, 5], radius="1.02")
    events = g.apply("move HC1 3")
    assert g.ships["HC1"].speed == 1
    assert any("slowed to speed 1: it stops after 2.98 units" in e.text for e in events)
    assert at(g, "HC1")[0] == "10,6.98"
    g.apply("turn HC1 right")
    with pytest.raises(IllegalAction, match="no movement left"):
        g.apply("move HC1 0.5")


def test_laying_and_sweeping_circular_patterns() -> None:
    # "Minelayers may lay one pattern (hex) per move." "a beam armed ship may sweep the field by
    # stopping in the pattern for a move (it is still attacked)"
    g = build_table([ship("DD1", "blue", "10,4", 0, design="minelayer"),
                     ship("DD2", "red", "30,24", 180)], mine_radius="1.5", dice=[1])
    g.apply("move DD1 2")
    g.apply("lay mine DD1")
    assert g.state_dict()["mines"] == [{"id": "M1", "at": "10,6", "radius": "1.5"}]
    with pytest.raises(IllegalAction, match="one per move"):
        g.apply("lay mine DD1")
    g.apply("end move DD1")
    g.apply("end move DD2")
    h = build_table([ship("HC1", "blue", "10,4", 0), ship("HC2", "red", "30,24", 180)],
                    mines=[{"at": "10.5,4"}], dice=[1])
    events = h.apply("sweep HC1")
    assert "HC1 sweeps mine pattern M1" in [e.text for e in events]
    assert h.state_dict()["mines"] == []


# ---------------------------------------------------------------- notation, files, views
def test_notation_and_structured_forms_round_trip() -> None:
    g = duo()
    for text in ("move DD1 1.25", "move DD1 3", "turn DD1 left", "end move DD1"):
        a = g.parse_action(text)
        assert str(a) == text
        form = json.loads(json.dumps(a.to_dict()))
        assert g.action_from_dict(form) == a
    assert g.parse_action("move dd1 1.25").to_dict() == {
        "kind": "move", "text": "move DD1 1.25", "actor": "DD1", "distance": 1.25}


def test_the_view_draws_a_table_for_the_web_and_the_terminal() -> None:
    g = voidwar.load("space-fleet", "table-minefield", seed=1)
    v = g.view("blue")
    assert v["table"] == {"width": "48", "height": "40", "unit": "2", "mine_radius": "1"}
    assert "board" not in v
    assert {"id": "M6", "at": "40,20", "radius": "1.5"} in v["mines"]
    assert [s["at"] for s in v["ships"]][:1] == ["24,4"]
    from rich.console import Console

    from voidwar.rulesets.space_fleet import RULESET
    console = Console(width=100, record=True)
    console.print(RULESET.render(g))
    text = console.export_text()
    assert "48 x 40 inches, 1 unit = 2 inches; 6 mine patterns" in text
    assert "BB1↑" in text and "░" in text


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"board": {"cols": 8, "rows": 8}}, "(top level)", "exactly one of board"),
        ({"ships_at": "40,3"}, "blue.ships.0.at", "off the 36x28 inch table"),
        ({"facing": "Q"}, "blue.ships.0.facing", "whole degrees"),
        ({"mines": ["0807"]}, "mines.0", "on a free table a mine pattern is"),
        ({"table": {"width": 36, "height": 28, "unit": 0}}, "table.unit", "positive"),
    ],
)
def test_malformed_table_scenarios_are_refused(change: dict[str, Any], field: str,
                                               reason: str) -> None:
    setup: dict[str, Any] = {
        "title": "t", "description": "d", "turn_limit": 5, "initiative": "roll", "victory": "v",
        "table": {"width": 36, "height": 28},
        "blue": {"ships": [{"id": "HC1", "class": "HC", "at": change.pop("ships_at", "3,3"),
                            "facing": change.pop("facing", 0)}]},
        "red": {"ships": [{"id": "HC2", "class": "HC", "at": "3,25", "facing": 180}]},
    }
    setup.update(change)
    with pytest.raises(DataFileError) as e:
        voidwar.load("space-fleet", setup=setup)
    assert e.value.field == field
    assert reason in e.value.reason


def test_degrees_are_refused_on_a_hex_map() -> None:
    setup: dict[str, Any] = {
        "title": "t", "description": "d", "turn_limit": 5, "initiative": "roll", "victory": "v",
        "board": {"cols": 8, "rows": 8},
        "blue": {"ships": [{"id": "HC1", "class": "HC", "at": "0306", "facing": 0}]},
        "red": {"ships": [{"id": "HC2", "class": "HC", "at": "3,25", "facing": "D"}]},
    }
    with pytest.raises(DataFileError) as e:
        voidwar.load("space-fleet", setup=setup)
    assert (e.value.field, e.value.reason) == (
        "blue.ships.0.facing", "on a hex map facing is one of A, B, C, D, E, F, not '0'")
    setup["blue"]["ships"][0]["facing"] = "A"
    with pytest.raises(DataFileError) as e:
        voidwar.load("space-fleet", setup=setup)
    assert e.value.field == "red.ships.0.at" and "not a hex id" in e.value.reason


def test_fleet_options_line_up_on_the_table() -> None:
    g = voidwar.load("space-fleet", "open-space", fleet_a="BB,DD", fleet_b="HC", seed=2)
    assert [(s.id, str(s.pos), s.heading) for s in g.ships.values()] == [
        ("BB1", "16.5,2", 0), ("DD1", "19.5,2", 0), ("HC1", "18,26", 180)]


@pytest.mark.parametrize("scenario", ["open-space", "table-minefield"])
def test_the_heuristic_plays_the_table_scenarios_and_replays(scenario: str) -> None:
    g = voidwar.load("space-fleet", scenario, seed=5, turn_limit=4)
    bots = {"blue": HeuristicPolicy(1), "red": HeuristicPolicy(2)}
    steps = 0
    while not g.over:
        action = bots[g.to_act].choose(g)
        g.check(action)
        g.apply(action)
        steps += 1
    assert g.result is not None and steps > 20
    assert any(e.kind == "move" and " moves " in e.text for e in g.log)
    assert voidwar.replay(g.record()).digest() == g.digest()
