"""Space Fleet: Effect of hits — shields, regeneration, the damage table, points, repairs,
surrender (hand-built positions, scripted dice)."""

from __future__ import annotations

import pytest

from voidwar import IllegalAction

from .helpers import build, close_step, end_fire_until, end_moves, ship


def shoot(target_cls: str, damage_die: int, missile: bool = False, **target: object) -> object:
    """Blue's HC1 (or missile boat LC1) hits a shieldless red ship of class ``target_cls`` once;
    the damage roll is ``damage_die``; later rolls (surrender, repairs) are 1s."""
    # the target faces away: no return fire
    t = ship(f"{target_cls}2", "red", "0709", "A", shields=0, **target)
    if missile:
        g = build([ship("LC1", "blue", "0712", design="missile-boat"), t],
                  dice=[6, 1, damage_die, 1, 1, 1, 1])
        end_moves(g)
        end_fire_until(g, "LC")
        g.apply(f"missile LC1 at {target_cls}2")
    else:
        g = build([ship("HC1", "blue", "0712"), t], dice=[6, damage_die, 1, 1, 1, 1])
        end_moves(g)
        end_fire_until(g, "HC")
        g.apply(f"fire HC1 at {target_cls}2")
    close_step(g)
    return g


def effect(g: object) -> str:
    for e in reversed(g.log):  # type: ignore[attr-defined]
        if e.kind in ("damage", "destroyed"):
            return str(e.data.get("effect", "destroyed"))
    return "none"


@pytest.mark.parametrize(
    ("cls", "die", "missile", "expected"),
    [
        ("HC", 2, False, "destroyed"),   # <2 ... 2: destroyed
        ("HC", 3, False, "major"),
        ("HC", 4, False, "major"),
        ("HC", 5, False, "engines"),     # damage, half speed
        ("HC", 6, False, "weapons"),     # damage, weapons gone
        ("BB", 6, False, "minor"),       # 6 + 1 = 7: minor, no effect
        ("BB", 1, False, "destroyed"),   # 1 + 1 = 2
        ("BB", 2, False, "major"),       # 2 + 1 = 3
        ("DN", 5, False, "weapons"),     # 5 + 1 = 6
        ("DD", 4, False, "destroyed"),   # 4 - 2 = 2
        ("DD", 6, False, "major"),       # 6 - 2 = 4
        ("LC", 6, False, "engines"),     # 6 - 1 = 5
        ("LC", 3, False, "destroyed"),   # 3 - 1 = 2
        ("HC", 6, True, "engines"),      # missile: 6 - 1 = 5
        ("HC", 3, True, "destroyed"),    # missile: 3 - 1 = 2
    ],
)
def test_damage_table_and_modifiers(cls: str, die: int, missile: bool, expected: str) -> None:
    g = shoot(cls, die, missile)
    assert effect(g) == expected
    s = g.ships[f"{cls}2"]  # type: ignore[attr-defined]
    assert s.status == ("destroyed" if expected == "destroyed" else "active")
    assert s.points == {"major": 3, "engines": 1, "weapons": 1}.get(expected, 0)


def test_each_hit_destroys_one_shield_first() -> None:
    g = build([ship("HC1", "blue", "0712"), ship("HC2", "red", "0709", "A", shields=2)],
              dice=[6, 6, 6, 6, 1, 1])
    end_moves(g)
    end_fire_until(g, "HC")
    for _ in range(3):
        g.apply("fire HC1 at HC2")
    close_step(g)
    # three hits: two shields, then one damage roll (6: weapons gone); the crippled HC2 then
    # rolls 1 for surrender and 1 for repair, and regenerates a shield (it did not fire)
    assert [e.text for e in g.log if e.kind == "shield"] == [
        "HC2 loses a shield (1 left)", "HC2 loses a shield (0 left)"]
    assert g.ships["HC2"].shields == 1
    assert [d.kind for d in g.ships["HC2"].damage] == ["weapons"]


def test_major_damage_halves_speed_and_destroys_weapons_and_regeneration() -> None:
    g = shoot("HC", 3)
    s = g.ships["HC2"]  # type: ignore[attr-defined]
    assert s.speed == 1 and s.beams == 0 and not s.weapons_work and not s.can_regenerate
    assert s.shields == 0  # did not fire, but major damage: no regeneration


def test_half_speed_rounds_down_and_stacks() -> None:
    g = build([ship("DD1", "blue", "0712", damage=["engines"]),
               ship("HC2", "red", "0101", "D", damage=["engines", "engines"])])
    assert g.ships["DD1"].speed == 2  # 5 // 2
    assert g.ships["HC2"].speed == 0  # 3 // 2 // 2
    assert "move HC2 1" not in g.legal_notations()
    g.apply("end move HC2")  # the heavy cruiser moves first
    with pytest.raises(IllegalAction, match="move 1 to 2 hexes"):
        g.apply("move DD1 3")


def test_weapons_gone_cannot_fire() -> None:
    g = build([ship("HC1", "blue", "0712", damage=["weapons"]), ship("HC2", "red", "0709", "D"),
               ship("DD1", "blue", "0912")], dice=[1, 1, 1, 1, 1, 1])
    end_moves(g)
    g.apply("end fire")  # DD1 holds
    end_fire_until(g, "HC")
    assert g.to_act == "red"  # blue's HC step was skipped: its weapons are gone
    with pytest.raises(IllegalAction):
        g.apply("fire HC1 at HC2")


def test_four_points_destroy_a_ship() -> None:
    # 3 points of major damage + 1 point of engine damage = 4: destroyed
    g = shoot("HC", 5, damage=["major"])
    s = g.ships["HC2"]  # type: ignore[attr-defined]
    assert s.points == 4 and s.status == "destroyed"
    # 2 + 1 = 3 points: still afloat
    g = shoot("HC", 5, damage=["engines", "weapons"])
    assert g.ships["HC2"].status == "active"  # type: ignore[attr-defined]


def test_regeneration_only_for_ships_that_did_not_fire() -> None:
    g = build([ship("HC1", "blue", "0712", shields=3), ship("HC2", "red", "0709", "D", shields=3)],
              dice=[1])
    end_moves(g)
    end_fire_until(g, "HC")
    g.apply("fire HC1 at HC2")  # HC1 fires (and misses); HC2 holds its fire
    close_step(g)
    assert g.turn == 2
    assert g.ships["HC1"].shields == 3 and g.ships["HC2"].shields == 4


def test_repair_on_a_six_and_major_damage_is_never_repaired() -> None:
    ships = [ship("HC1", "blue", "0712", damage=["engines", "major"]),
             ship("HC2", "red", "0101", "D", damage=["weapons"])]
    g = build(ships, dice=[6, 5])
    end_moves(g)  # nobody can fire: end of turn at once
    assert g.turn == 2
    assert [(d.kind, d.repaired) for d in g.ships["HC1"].damage] == [("engines", True),
                                                                      ("major", False)]
    assert g.ships["HC2"].damage[0].repaired is False  # rolled a 5
    assert g.ships["HC1"].speed == 1  # only the major damage's halving remains
    repair_rolls = [e for e in g.log if e.kind == "roll" and "repair" in e.text]
    assert len(repair_rolls) == 2  # no roll for the major damage


def test_repaired_damage_still_counts_its_points() -> None:
    g = build([ship("HC1", "blue", "0712", damage=["weapons"]),
               ship("HC2", "red", "0101", "D")], dice=[6])
    end_moves(g)
    assert g.ships["HC1"].damage[0].repaired and g.ships["HC1"].points == 1
    assert g.ships["HC1"].weapons_work


@pytest.mark.parametrize(("die", "surrenders"), [(5, True), (6, True), (4, False)])
def test_crippled_ship_fired_on_surrenders_on_5_or_6(die: int, surrenders: bool) -> None:
    g = build([ship("HC1", "blue", "0712"),
               ship("HC2", "red", "0709", "D", shields=0, damage=["weapons"])],
              dice=[1, die, 1, 1])
    end_moves(g)
    end_fire_until(g, "HC")
    g.apply("fire HC1 at HC2")  # a miss (1), but HC2 was fired on
    close_step(g)
    assert g.ships["HC2"].status == ("surrendered" if surrenders else "active")
    if surrenders:
        assert g.over and g.result is not None and g.result.winner == "blue"


def test_a_ship_with_shields_or_weapons_does_not_check_surrender() -> None:
    g = build([ship("HC1", "blue", "0712"), ship("HC2", "red", "0709", "A", shields=1,
                                                 damage=["weapons"])], dice=[1, 1])
    end_moves(g)
    end_fire_until(g, "HC")
    g.apply("fire HC1 at HC2")
    close_step(g)
    assert not [e for e in g.log if "surrender" in e.text]
