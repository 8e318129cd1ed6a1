"""Part 2 in play (combat.py): fire orders, power, heat, reactors, radiators, damage, victory.

Hand-built positions a player can check on paper; dice scripted where a roll matters.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from voidwar.core.errors import DataFileError, IllegalAction

from .battle import battle, orders, ship_file


def systems(game, sid):  # type: ignore[no-untyped-def]
    assert game.combat is not None
    return game.combat.systems[sid]


def test_a5_166_in_play_mounts_a_and_b_bear_c_does_not(tmp_path: Path) -> None:
    # blue nose A level, top up; red 3A 2F and 2 levels below → range 5 in F/A blue-below (A5.162)
    g = battle(tmp_path, red_pos="3A 2F -2")
    assert str(g.bearing("blue-1", "red-1")) == "range 5 in F/A-"
    legal = {str(a) for a in g.legal_actions() if str(a).startswith("fire")}
    assert legal == {f"fire {w} at red-1" for w in ("A1", "A2", "B1", "B2")}
    with pytest.raises(IllegalAction, match="out of arc of mount C") as e:
        g.apply("fire C1 at red-1")
    assert e.value.rule == "AV:T A5.166"


def test_two_shots_then_regeneration_22_16_19(tmp_path: Path) -> None:
    # A5.372–A5.373: two 3-power lasers: 22 → 16, the same segment's regeneration → 19
    # dice: A1's damage d10=4 (→ 7), B1's d10=1 (→ 5), then each hit's location d10
    g = battle(tmp_path, dice=[4, 1, 4, 1] + [10] * 50)
    orders(g, ["fire A1 at red-1", "fire B1 at red-1"])
    s = systems(g, "blue-1")
    assert s.power.stored == 19
    assert g.ships["blue-1"].systems["power"]["stored"] == "19"
    # ready again on segment 1 + 5 = 6 (A5.371)
    assert s.weapons["A1"].timer_text(g.turn, g.segment) == "ready turn 1 seg 6"
    fire = [e.text for e in g.log if e.kind == "fire"]
    assert fire[0].startswith("blue-1 fires A1 (3 MRLS 3(+5)) at red-1: range 5 (0-10), d10=4 → 7")


def test_before_cooling_refused_and_ready_on_time(tmp_path: Path) -> None:
    g = battle(tmp_path, seed=3)
    orders(g, ["fire A1 at red-1"])  # segment 1
    for _ in range(4):  # segments 2-5
        with pytest.raises(IllegalAction, match="still cooling"):
            g.apply("fire A1 at red-1")
        orders(g)
    assert g.segment == 6
    g.apply("fire A1 at red-1")  # 1 + 5 = 6 (A5.371)


def test_cooling_runs_across_the_turn_boundary(tmp_path: Path) -> None:
    g = battle(tmp_path, seed=3)
    for _ in range(5):
        orders(g)
    assert g.segment == 6
    orders(g, ["fire A1 at red-1"])  # turn 1 segment 6 → ready turn 2 segment 3
    orders(g)
    orders(g)
    orders(g)  # end-of-turn orders step
    assert (g.turn, g.segment) == (2, 1)
    for _ in range(2):
        with pytest.raises(IllegalAction, match="ready turn 2 seg 3"):
            g.apply("fire A1 at red-1")
        orders(g)
    g.apply("fire A1 at red-1")


def test_firing_without_power(tmp_path: Path) -> None:
    weak = ship_file(tmp_path, "weak", battery=5)
    g = battle(tmp_path, blue_ship=weak)
    g.apply("fire A1 at red-1")
    with pytest.raises(IllegalAction, match="not enough power: the shots need 6") as e:
        g.apply("fire B1 at red-1")
    assert e.value.rule == "AV:T A5.372"
    assert "fire B1 at red-1" not in {str(a) for a in g.legal_actions()}


def test_bad_fire_orders(tmp_path: Path) -> None:
    g = battle(tmp_path, red_pos="31A")
    with pytest.raises(IllegalAction, match="beyond"):
        g.apply("fire A1 at red-1")
    with pytest.raises(IllegalAction, match="nothing called 'ghost'"):
        g.apply("fire A1 at ghost")
    with pytest.raises(IllegalAction, match="own side"):
        g.apply("fire A1 at blue-1")
    with pytest.raises(IllegalAction, match="no weapon"):
        g.apply("fire Z9 at red-1")
    with pytest.raises(IllegalAction, match="fire A1 at SHIP"):
        g.apply("fire A1 red-1")
    with pytest.raises(IllegalAction, match="between segment 8 and segment 1"):
        g.apply("reactors on off")
    with pytest.raises(IllegalAction, match="between segment 8 and segment 1"):
        g.apply("radiators out")


def test_end_of_turn_heat_reactors_and_surrender(tmp_path: Path) -> None:
    g = battle(tmp_path, seed=5)
    for _ in range(8):
        orders(g)
    assert g.current_step is not None and g.current_step.name == "end_turn_orders"
    s = systems(g, "blue-1")
    assert s.heat.stored == 3  # 2 × 1.5 (A5.39, spec §16.3)
    with pytest.raises(IllegalAction, match="only reactor, flex and radiator orders"):
        g.apply("thrust 5")
    with pytest.raises(IllegalAction, match="segment's orders step"):
        g.apply("fire A1 at red-1")
    orders(g, ["reactors on off"], ["radiators out"])
    assert (g.turn, g.segment) == (2, 1) or g.over
    assert systems(g, "blue-1").power.output == Fraction(3, 2)
    # red has surrendered (A5.314): blue wins at once
    assert g.over and g.result is not None
    assert g.result.winner == "blue" and g.result.outcome == "victory"
    assert g.result.details["ships_surrendered"] == 1


def test_thrust_with_radiators_out_is_refused() -> None:
    # 2v2: blue-2 surrenders (radiators out) at the end of turn 1; blue-1 fights on
    import voidwar

    g = voidwar.load("attack-vector", scenario="2v2", seed=2)
    for _ in range(8):
        orders(g)
    orders(g, ["blue-2: radiators out"])
    assert not g.over and (g.turn, g.segment) == (2, 1)
    with pytest.raises(IllegalAction, match="blue-2 cannot thrust: its radiators are out") as e:
        g.apply("blue-2: thrust 5")
    assert e.value.rule == "AV:T A5.391"
    assert not g.can_thrust(g.ships["blue-2"])
    g.apply("done")
    with pytest.raises(IllegalAction, match="surrendered; it may not be fired upon"):
        g.apply("red-1: fire A1 at blue-2")
    g.apply("red-1: fire A1 at blue-1")  # the other ship is fair game


def test_one_reactor_makes_two_heat_next_turn(tmp_path: Path) -> None:
    g = battle(tmp_path, seed=5, turns=3)
    for _ in range(8):
        orders(g)
    orders(g, ["reactors on off"], [])
    for _ in range(8):
        orders(g)
    assert systems(g, "blue-1").heat.stored == 3 + 2  # ⌈1.5⌉ = 2 (A5.39, spec §17)
    assert systems(g, "red-1").heat.stored == 6


def test_destruction_ends_the_battle(tmp_path: Path) -> None:
    fragile = ship_file(tmp_path, "fragile", tiny=True)
    # d10 damage roll 6 at range 5 → 7 points; location d10 1 → core: the one structure box
    g = battle(tmp_path, red_ship=fragile, dice=[6, 1])
    orders(g, ["fire B1 at red-1"])
    assert g.over and g.result is not None
    assert g.result.winner == "blue" and g.result.details["ships_destroyed"] == 1
    texts = [e.text for e in g.log]
    assert "red-1 is destroyed" in texts
    assert g.result.scores["blue"] == 7 + 20  # 7 boxes marked, 20 for the kill (ours)


def test_destroyed_weapon_never_fires(tmp_path: Path) -> None:
    fragile = ship_file(tmp_path, "fragile", tiny=True)
    # blue's B1 at range 12: column 11-13, d10=1 → D7; second d10=7 ≤ 7 → 1 point (our "Dn");
    # location d10=2 → fore, whose first box is red's weapon A1
    g = battle(tmp_path, red_pos="12A", red_ship=fragile, dice=[1, 7, 2] + [10] * 40)
    red = systems(g, "red-1")
    assert not red.weapons["A1"].destroyed
    orders(g, ["fire B1 at red-1"])
    assert red.weapons["A1"].destroyed and not red.weapons["A2"].destroyed
    g.apply("done")  # blue, segment 2
    assert g.to_act == "red"
    assert "fire A1 at blue-1" not in {str(a) for a in g.legal_actions()}
    assert "fire A2 at blue-1" in {str(a) for a in g.legal_actions()}
    with pytest.raises(IllegalAction, match="A1 is destroyed"):
        g.apply("fire A1 at blue-1")


def test_disengaging_off_the_map_edge(tmp_path: Path) -> None:
    g = battle(tmp_path, red_pos="8A", red_v="8A", radius=10)
    orders(g)  # red moves 1 hex a segment: 9A, 10A, then off the map at 11A
    orders(g)
    orders(g)
    assert g.over and g.result is not None
    assert g.result.winner == "blue" and g.result.details["ships_disengaged"] == 1


def test_turn_limit_goes_to_points(tmp_path: Path) -> None:
    g = battle(tmp_path, red_pos="20A", turns=1, dice=[6, 3] + [10] * 60)
    orders(g, ["fire B1 at red-1"])  # range 20: 18-22 column roll 6 → 2 points
    while not g.over:
        g.apply("done")
    assert g.result is not None and g.result.outcome == "turn-limit"
    assert g.result.winner == "blue" and g.result.scores == {"blue": 2.0, "red": 0.0}


def test_notation_round_trips_for_combat_orders(tmp_path: Path) -> None:
    g = battle(tmp_path)
    for a in g.legal_actions():
        assert g.parse_action(str(a)) == a
    for _ in range(8):
        orders(g)
    for a in g.legal_actions():
        assert g.parse_action(str(a)) == a
    assert "radiators out" in {str(a) for a in g.legal_actions()}


def test_d_results_file_is_a_game_option(tmp_path: Path) -> None:
    import voidwar

    f = tmp_path / "d.toml"
    f.write_text("".join(f"[results.D{n}]\nroll_at_most = 10\ndamage = 2\n" for n in (1, 3, 5, 7)))
    g = voidwar.load("attack-vector", scenario="duel", seed=1, d_results=str(f))
    assert g.combat is not None
    rules = g.combat.systems["blue-1"].rules
    assert rules.d_results["D7"].damage == 2
    # a record embeds the file's contents, so the game replays without the file
    rec = g.record()
    assert rec["options"]["d_results"]["results"]["D7"] == {"roll_at_most": 10, "damage": 2}
    f.unlink()
    again = voidwar.replay(rec)
    assert again.combat.systems["blue-1"].rules.d_results["D7"].damage == 2  # type: ignore[attr-defined]
    with pytest.raises(DataFileError, match="cannot read"):
        voidwar.load("attack-vector", scenario="duel", seed=1, d_results=str(tmp_path / "none"))
