"""Rules in play on hand-built positions: thrust, fuel, breaks, bias, orders (spec §2, §7, §8)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import voidwar
from voidwar.core.errors import DataFileError, IllegalAction, UnknownName
from voidwar.rulesets.attack_vector.actions import Done
from voidwar.rulesets.attack_vector.data import load_ship_class
from voidwar.rulesets.attack_vector.game import SEGMENT_STEPS, AttackVectorGame
from voidwar.rulesets.attack_vector.vectors import parse_vector

from .helpers import GAME_ORDERS, at, load, segment, solo


def test_full_turn_burn_gives_10_dots_and_5_hexes(tmp_path: Path) -> None:
    # spec §17: thrust 5 for a turn: 10 dots, 5 hexes of displacement; break off the chart
    g = solo(tmp_path)
    s = g.ships["rafik"]
    segment(g, "thrust 5")
    for _ in range(7):
        segment(g)
    assert s.velocity.components() == {"A": 10}
    assert s.displaced == parse_vector("5A") and s.pos == at("5A")
    assert s.fuel_used == 10 and s.burn is None
    segment(g)  # the next segment starts a new burn at cell 1 and drifts 10A·1/8 = 1 hex
    assert s.burn is not None and s.burn.cells == 1
    assert s.pos == at("6A")


def test_break_conditions(tmp_path: Path) -> None:
    g = solo(tmp_path)
    s = g.ships["rafik"]
    segment(g, "thrust 2")  # cell 1: no dots yet, but the burn has begun
    assert s.burn is not None and s.burn.cells == 1 and s.velocity.is_zero()
    segment(g, "pivot to A/B")  # a 30° pivot completes at +0: condition 2 breaks the burn
    assert s.burn is None and s.facing is None
    assert s.velocity.components() == {"A": 1}
    segment(g)  # thrust still set: a new burn from the top of the column
    assert s.burn is not None and s.burn.cells == 1
    segment(g, "pivot to B+")  # starting a 2-wedge (diagonal) pivot is not a break (A5.26)
    assert s.burn is not None and s.burn.cells == 2 and s.facing is not None
    segment(g, "thrust 0")  # condition 3 (the pivot also completes)
    assert s.burn is None and s.velocity.components() == {"A": 2}  # cell 2: bias A (default)


def test_thrust_zero_breaks_and_resolves(tmp_path: Path) -> None:
    g = solo(tmp_path)
    s = g.ships["rafik"]
    segment(g, "thrust 5")
    segment(g)
    assert s.burn is not None and s.burn.dots["A"] == 2 and s.velocity.is_zero()
    segment(g, "thrust 0")
    assert s.burn is None and s.velocity.components() == {"A": 2}


def test_changing_thrust_closes_the_burn(tmp_path: Path) -> None:
    g = solo(tmp_path)
    s = g.ships["rafik"]
    segment(g, "thrust 4")
    segment(g, "thrust 2")  # PROPOSAL: resolve 1A, then a new burn from the top of column 2
    assert s.velocity.components() == {"A": 1}
    assert s.burn is not None and s.burn.thrust == 2 and s.burn.cells == 1


def test_displacement_suppressed_while_pivoting(tmp_path: Path) -> None:
    g = solo(tmp_path)
    s = g.ships["rafik"]
    segment(g, "thrust 5")
    segment(g)
    segment(g, "pivot to B")  # 2 wedges: pivoting during cells 3 and 4 (cell 4 has an arrow)
    segment(g)
    assert s.displaced.is_zero()
    # cell 3 in A; cell 4's two dots at corner A/B (default bias A): A then B
    assert s.velocity.components() == {"A": 4, "B": 1}  # broken by the completed pivot


def test_fractional_displacement_carries(tmp_path: Path) -> None:
    g = solo(tmp_path, turns=4)
    s = g.ships["rafik"]
    segment(g, "thrust 2.5")
    for _ in range(7):
        segment(g)
    assert s.velocity.components() == {"A": 5} and s.displaced == parse_vector("2A")
    assert s.carry == {"A": Fraction(1, 2)}  # 2.5·64/64 − 2 arrows (A2.4; test_displacement)


def test_bias_default_and_alternation(tmp_path: Path) -> None:
    g = solo(tmp_path, nose="A/B")
    s = g.ships["rafik"]
    with pytest.raises(IllegalAction, match="A or B"):
        g.apply("bias C")
    segment(g, "thrust 5", "bias B")
    assert s.burn is not None and (s.burn.dots["B"], s.burn.dots["A"]) == (1, 0)
    segment(g)
    assert (s.burn.dots["B"], s.burn.dots["A"]) == (1, 1)  # 1st dot to the bias, 2nd to A
    g2 = solo(tmp_path, nose="A/B")
    segment(g2, "thrust 4")  # no bias chosen: the clockwise-first side A (our default)
    assert g2.ships["rafik"].burn.dots["A"] == 1  # type: ignore[union-attr]
    g3 = solo(tmp_path, nose="A")
    with pytest.raises(IllegalAction, match="not at a hex corner"):
        g3.apply("bias A")


def test_fuel_never_negative_and_no_fuel_no_thrust(tmp_path: Path) -> None:
    g = solo(tmp_path, fuel_used=89)  # the Rafik carries 90 FU (reconstructed)
    s = g.ships["rafik"]
    segment(g, "thrust 4")  # cell 1 costs 1
    assert s.fuel_left == 0
    segment(g)  # cell 2 cannot be paid: the engine stops and the burn resolves
    assert s.thrust == 0 and s.velocity.components() == {"A": 1} and s.fuel_left == 0
    with pytest.raises(IllegalAction, match="no fuel"):
        g.apply("thrust 1")


def test_thrust_matrix_row_shifts_with_fuel(tmp_path: Path) -> None:
    assert solo(tmp_path).ships["rafik"].max_thrust == 5
    assert solo(tmp_path, fuel_used=40).ships["rafik"].max_thrust == Fraction(11, 2)
    assert solo(tmp_path, fuel_used=70).ships["rafik"].max_thrust == 6


@pytest.mark.parametrize(("order", "why"), [
    ("thrust 5.5", "above"), ("thrust 9", "column"), ("thrust 0.3", "column"),
    ("thrust 0", "already 0"), ("pivot to F", "already"),
    ("roll 45 starboard", "30 .. 180"), ("roll 180 port", "roll 180 starboard"),
    ("ghost: thrust 1", "no ship"),
])
def test_illegal_orders(order: str, why: str) -> None:
    g = load("game-two")
    before = g.digest()
    with pytest.raises(IllegalAction, match=why):
        g.apply(order)
    assert g.digest() == before


@pytest.mark.parametrize("text", ["pivot to A/C", "pivot to G", "pivot F", "thrust", "fly",
                                  "bias Q"])
def test_malformed_orders(text: str) -> None:
    with pytest.raises(IllegalAction):
        load("game-two").apply(text)


def test_no_second_facing_change() -> None:
    g = load("game-two")
    g.apply("pivot to A")
    with pytest.raises(IllegalAction, match="already has a facing-change"):
        g.apply("roll 90 starboard")
    g.apply("done")
    with pytest.raises(IllegalAction, match="already in a pivot"):
        g.apply("pivot to B")


def test_two_d_mode() -> None:
    g = load("game-two", three_d="false")
    assert all(a.window.e == 0 for a in g.legal_actions() if hasattr(a, "window"))
    with pytest.raises(IllegalAction, match="amber"):
        g.apply("pivot to C+")
    with pytest.raises(IllegalAction, match="180"):
        g.apply("roll 90 starboard")
    with pytest.raises(UnknownName, match="level scenario"):
        load("game-one", three_d=False)


def test_factory_refuses_unknown_names() -> None:
    with pytest.raises(UnknownName):
        load("no-such-scenario")
    with pytest.raises(UnknownName):
        load("duel", warp=9)
    with pytest.raises(UnknownName):
        load("duel", bearings="guess")


def test_secret_orders_are_hidden_and_seats_take_turns() -> None:
    g = load("duel")
    assert g.to_act == "blue"
    with pytest.raises(IllegalAction, match="belongs to red"):
        g.apply("red-1: thrust 5")
    g.apply("thrust 5")
    assert g.view("red")["pending"]["blue"] == {"hidden": 1}
    assert g.view(None)["pending"]["blue"] == {"hidden": 1}
    assert g.view("blue")["pending"]["blue"] == [["blue-1", "thrust 5"]]
    assert "thrust 5" not in str(g.view("red"))
    g.apply("done")
    assert g.to_act == "red" and g.segment == 1
    g.apply("pivot to D/E")
    g.apply("done")
    assert g.to_act == "blue" and g.segment == 2
    orders = [e.text for e in g.log if e.kind == "order"]
    assert orders == ["blue orders blue-1: thrust 5", "red orders red-1: pivot to D/E"]


def test_sequence_of_play_is_data() -> None:
    assert [s.name for s in SEGMENT_STEPS] == [
        "plotting", "orders", "reveal", "fire", "long_orders", "resolve_thrust", "movement",
        "thrust_break", "regeneration"]
    for s in SEGMENT_STEPS:
        assert callable(getattr(AttackVectorGame, s.handler))


class _WithEndTurnOrders(AttackVectorGame):
    def end_turn_orders_wanted(self) -> bool:
        return True


def test_orders_out_of_step() -> None:
    g = load("game-two")
    g.__class__ = _WithEndTurnOrders
    for orders in GAME_ORDERS["game-two"]:
        segment(g, *orders)
    assert g.phase == "end_of_turn" and g.to_act == "pilot"
    with pytest.raises(IllegalAction, match="segment order"):
        g.apply("thrust 5")
    assert g.legal_actions() == [Done()]
    g.apply("done")
    assert g.over
    with pytest.raises(IllegalAction, match="over"):
        g.apply("done")


def test_multi_ship_seat_names_ships(tmp_path: Path) -> None:
    from .helpers import write_scenario
    path = write_scenario(tmp_path, """
name = "two"
title = "two"
turns = 1
seats = ["fleet"]
[[ships]]
id = "a1"
seat = "fleet"
[[ships]]
id = "a2"
seat = "fleet"
position = "3B"
""")
    g = load(path)
    with pytest.raises(IllegalAction, match="name one"):
        g.apply("thrust 1")
    g.apply("a2: thrust 1")
    assert "a1: thrust 1" in g.legal_notations()


def test_malformed_ship_and_scenario_files(tmp_path: Path) -> None:
    good = (Path(__file__).parents[2] / "src/voidwar/rulesets/attack_vector/data/ships/"
            "rafik_mk1.toml").read_text()
    cases = [
        (good.replace("[5, 4.5, 4,", "[5, 4.3, 4,"), "thrust_matrix", "chart column"),
        (good.replace("2 = [0, 1], 3", "2 = [0], 3", 1), "caterpillar.pivot", "wedge offsets"),
        (good.replace('{ shape = "circle", units = 20 },', '{ shape = "circle", units = 20 },'
                      '{ shape = "x", units = 1 },'), "(top level)", "runs"),
        (good.replace("mass = 1250", "mass = -3"), "mass", "greater"),
        ("warp = 9\n" + good, "warp", "Extra"),
        (good.replace('name = "Rafik Mk. 1"', 'name = "Rafik'), "(syntax)", "TOML"),
    ]
    for text, field, why in cases:
        p = tmp_path / "ship.toml"
        p.write_text(text)
        with pytest.raises(DataFileError) as e:
            load_ship_class(str(p))
        assert e.value.field.startswith(field) and why in e.value.reason, (field, e.value)
    p = tmp_path / "ship.toml"
    base = good.split("\n[systems]")[0]  # the shipped file may already name part 2's systems
    p.write_text(base + "\n[systems]\nreactors = 2\nanything = { x = 1 }\n")
    assert load_ship_class(str(p)).systems == {"reactors": 2, "anything": {"x": 1}}
    bad_sc = tmp_path / "bad.toml"
    bad_sc.write_text('name = "x"\ntitle = "x"\nturns = 1\nseats = ["a"]\n'
                      '[[ships]]\nid = "s"\nseat = "b"\nnose = "A/C"\n')
    with pytest.raises(DataFileError, match="nose"):
        voidwar.load("attack-vector", scenario=str(bad_sc))
    bad_sc.write_text('name = "x"\ntitle = "x"\nturns = 1\nseats = ["a"]\n'
                      '[[ships]]\nid = "s"\nseat = "a"\nthrust = "7"\n')
    with pytest.raises(DataFileError, match=r"ships\.s\.thrust"):
        voidwar.load("attack-vector", scenario=str(bad_sc))
