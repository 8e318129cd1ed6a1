"""Damage on the data-driven SSD (spec §12, our design) and the Rafik's systems file (spec §13)."""

from __future__ import annotations

import copy
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidwar.core.errors import DataFileError, IllegalAction
from voidwar.rulesets.attack_vector.data import load_ship_class, load_systems, load_weapon_rules
from voidwar.rulesets.attack_vector.systems.arcs import ShipWindow
from voidwar.rulesets.attack_vector.systems.damage import (
    DamageState,
    SSDModel,
    apply_damage,
)
from voidwar.rulesets.attack_vector.systems.heat import Radiators
from voidwar.rulesets.attack_vector.systems.ship import ShipSystems

AHEAD = ShipWindow(0, 0)


def tiny_ssd() -> SSDModel:
    """A hand-built 7-location SSD small enough to check on paper."""
    locs: dict[str, Any] = {
        "a": {"boxes": ["armor", "weapon:A1", "structure"], "overflow": "core"},
        "b": {"boxes": ["radiator:1", "battery"], "overflow": "core"},
        "c": {"boxes": ["thrust"], "overflow": "a"},
        "d": {"boxes": ["armor"]},
        "e": {"boxes": ["heat_sink"]},
        "f": {"boxes": ["reactor:1", "reactor:1"]},
        "core": {"boxes": ["structure", "structure"]},
    }
    return SSDModel.model_validate(
        {
            "hit_table": ["a", "b", "c", "d", "e", "f", "core", "a", "a", "a"],
            "core": "core",
            "locations": locs,
        }
    )


def test_damage_goes_box_by_box_then_overflows() -> None:
    ssd = tiny_ssd()
    st_ = DamageState()
    hits = apply_damage(ssd, st_, "c", 3)
    # c has one box (thrust); overflow to a: armor, then weapon:A1
    assert [(h.location, h.tag) for h in hits] == [
        ("c", "thrust"),
        ("a", "armor"),
        ("a", "weapon:A1"),
    ]
    hits = apply_damage(ssd, st_, "a", 2)
    # a's last box (structure), then a → core
    assert [(h.location, h.tag) for h in hits] == [("a", "structure"), ("core", "structure")]
    assert not st_.destroyed(ssd)
    apply_damage(ssd, st_, "core", 1)
    assert st_.destroyed(ssd)  # every structure box marked


def test_radiators_are_hit_only_when_not_retracted() -> None:
    ssd = tiny_ssd()
    st_ = DamageState()
    hits = apply_damage(ssd, st_, "b", 1)
    assert [h.tag for h in hits] == ["battery"]  # retracted radiator passed over
    hits = apply_damage(ssd, st_, "b", 1, radiators_exposed=True)
    assert [h.tag for h in hits] == ["radiator:1"]


def test_core_overflow_goes_to_any_location_left_and_stops_when_nothing_is() -> None:
    ssd = tiny_ssd()
    st_ = DamageState()
    hits = apply_damage(ssd, st_, "core", 100, radiators_exposed=True)
    assert len(hits) == 12  # every box of the ship, each once
    assert len({(h.location, h.index) for h in hits}) == 12


def rafik() -> ShipSystems:
    model, file = load_systems()
    return ShipSystems.build(model, load_weapon_rules(), file=file)


def test_rafik_systems_file_has_the_given_numbers() -> None:
    s = rafik()
    assert s.power.stored == 22 and s.power.capacity == 22
    assert s.power.output == 3  # RCT +3 (A5.312)
    assert s.heat.capacity == 15 and s.heat.radiator_output == Fraction(6, 5)  # A5.314
    assert s.heat.status is Radiators.IN
    assert s.thrust_boxes_lost == 0
    assert sorted(s.weapons) == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert all(str(w.code) == "3 MRLS 3(+5)" for w in s.weapons.values())
    assert "ssd (hit table, locations, boxes)" in s.model.reconstructed


def test_damage_degrades_the_rafik_system_by_system() -> None:
    s = rafik()
    s.damage_at("port", 4)  # armor, armor, weapon:A1, battery
    assert s.weapons["A1"].destroyed and not s.weapons["A2"].destroyed
    assert s.power.capacity == 20 and s.power.stored == 20
    s.damage_at("aft", 4)  # armor, thrust, thrust, reactor:1
    assert s.thrust_boxes_lost == 2
    # two boxes off the left of the Rafik's top matrix row [5, 4.5, 4, ...] (A2.4)
    row = load_ship_class("rafik_mk1").thrust_matrix[0]
    assert s.max_thrust(row) == 4
    assert s.power.output == Fraction(3, 2)
    s.damage_at("ventral", 4)  # armor, armor, battery, heat_sink
    assert s.heat.capacity == 12
    assert "port: armor, armor, weapon:A1, battery" in s.damage_log[0]


def test_destroyed_weapon_never_fires_and_other_bad_fire_orders() -> None:
    s = rafik()
    s.damage_at("port", 3)
    with pytest.raises(IllegalAction, match="A1 is destroyed"):
        s.check_fire(["A1"], 1, 1, AHEAD, 5)
    with pytest.raises(IllegalAction, match="out of arc of mount C") as e:
        s.check_fire(["C1"], 1, 1, ShipWindow(11, -1), 5)  # A5.166
    assert e.value.rule == "AV:T A5.166"
    with pytest.raises(IllegalAction, match="beyond"):
        s.check_fire(["B1"], 1, 1, AHEAD, 31)
    with pytest.raises(IllegalAction, match="no weapon"):
        s.check_fire(["Z9"], 1, 1, AHEAD, 5)
    s.fire("B1", 1, 6)
    with pytest.raises(IllegalAction, match="still cooling"):
        s.check_fire(["B1"], 1, 8, AHEAD, 5)
    assert [x.weapon for x in s.check_fire(["B1"], 2, 3, AHEAD, 5)] == ["B1"]


def test_firing_without_power_counts_every_shot_of_the_segment() -> None:
    s = rafik()
    s.power.stored = Fraction(8)
    assert len(s.check_fire(["A2", "B1"], 1, 1, AHEAD, 5)) == 2  # 6 ≤ 8
    with pytest.raises(IllegalAction, match="need 9, batteries hold 8"):
        s.check_fire(["A2", "B1", "B2"], 1, 1, AHEAD, 5)
    with pytest.raises(IllegalAction, match="need 9"):
        s.check_fire(["B2"], 1, 1, AHEAD, 5, committed=Fraction(6))


def test_sample_game_three_power_through_a_segment() -> None:
    # A5.371–A5.373: fire two lasers on segment 6 (22 → 16), regenerate (→ 19), ready seg 11
    s = rafik()
    for wid in ("A1", "B1"):
        s.fire(wid, 1, 6)
    assert s.power.stored == 16
    s.regenerate()
    assert s.power.stored == 19
    assert s.weapons["A1"].timer_text(1, 7) == "ready turn 2 seg 3"
    report = s.end_turn_heat(lambda sides, why: 10)
    assert report.generated == 3 and s.heat.stored == 3  # spec §16.3 end of turn


def test_surrendered_ship_does_not_fire_and_cannot_thrust() -> None:
    s = rafik()
    s.order_radiators(True, at_turn_boundary=True)
    assert s.surrendered and not s.thrust_allowed
    with pytest.raises(IllegalAction, match="surrendered"):
        s.check_fire(["B1"], 2, 1, AHEAD, 5)


def test_excess_heat_damages_the_ship_on_failed_crew_checks() -> None:
    s = rafik()
    s.heat.stored = Fraction(15)
    # crew checks (6+): 2 fails, 9 passes, 3 fails; then a d10 location for each failure
    it = iter([2, 9, 3, 1, 1])
    s.end_turn_heat(lambda sides, why: next(it))  # +3 heat → 18, excess 3
    assert s.heat.excess == 3
    # checks 2, 9, 3 → two failures → two 1-point hits at locations d10=1 (fore), d10=1 (fore)
    assert s.damage.to_dict() == {"fore": [0, 1]}
    assert sum("excess heat" in line for line in s.damage_log) == 2


def rafik_data() -> dict[str, Any]:
    _model, file = load_systems()
    with open(file, "rb") as fh:
        return tomllib.load(fh)


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    def val(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v + '"'
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{k} = {val(x)}" for k, x in v.items()) + "}"
        return str(v)

    p = tmp_path / "ship.toml"
    p.write_text("\n".join(f"{k} = {val(v)}" for k, v in data.items()) + "\n")
    return p


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        (
            lambda d: d["mounts"][1].update(weapons=["3 MRLS (+5)"]),
            "mounts.1.weapons",
            "malformed weapon code",
        ),
        (
            lambda d: d["mounts"][0].update(weapons=["5 MRLS 3(+5)", "3 MRLS 3(+5)"]),
            "mounts.0.weapons.0",
            "no damage table for a size-5 MRLS",
        ),
        (lambda d: d.update(crew_rate=11), "crew_rate", "less than or equal to 10"),
        (lambda d: d["ssd"]["locations"].pop("aft"), "ssd", "seven hit locations"),
        (
            lambda d: d["ssd"]["locations"]["fore"]["boxes"].append("shield"),
            "ssd.locations.fore.boxes",
            "unknown system",
        ),
        (
            lambda d: d["ssd"]["locations"]["fore"]["boxes"].remove("weapon:B2"),
            "(top level)",
            "no box for weapons ['B2']",
        ),
        (lambda d: d["heat"].update(heat_sinks=14), "(top level)", "cannot share 14"),
        (lambda d: d["power"].update(reactors=[1.5, -1]), "power.reactors", "positive"),
        (
            lambda d: d["mounts"][2]["arc"][0].update(azimuth=[-30, 140]),
            "mounts.2.arc.0",
            "multiples of 30",
        ),
        (lambda d: d["ssd"].update(hit_table=["fore"] * 9), "ssd", "one location per d10"),
    ],
)
def test_malformed_ship_systems_are_refused(
    tmp_path: Path, change: Any, field: str, reason: str
) -> None:
    data = copy.deepcopy(rafik_data())
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(DataFileError) as e:
        model, file = load_systems(path)
        ShipSystems.build(model, load_weapon_rules(), file=file)
    assert e.value.file == str(path)
    assert e.value.field == field
    assert reason in e.value.reason


def test_the_writer_round_trips_the_shipped_file(tmp_path: Path) -> None:
    model, _ = load_systems(write(tmp_path, rafik_data()))
    # the data, not the models' memo of box counts (the shipped model is shared and memoised)
    assert model.model_dump() == load_systems()[0].model_dump()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 10), st.integers(0, 9)), max_size=25))
def test_random_damage_keeps_invariants(hits: list[tuple[int, int]]) -> None:
    s = rafik()
    for loc_roll, points in hits:
        s.take_damage(points, lambda sides, why, r=loc_roll: r)
        assert 0 <= s.power.stored <= s.power.capacity
        assert s.heat.capacity >= 0 and s.heat.stored >= 0
        for w in s.weapons.values():
            if w.destroyed:
                with pytest.raises(IllegalAction):
                    s.check_fire([w.id], 1, 1, AHEAD, 0)
        if s.destroyed:
            assert s.damage.lost(s.model.ssd, "structure") == s.model.ssd.count("structure")
