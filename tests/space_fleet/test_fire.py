"""Space Fleet: Firing — order, simultaneity, range bands, modifiers, arcs, missiles."""

from __future__ import annotations

import pytest

from voidwar import IllegalAction

from .helpers import build, close_step, end_fire_until, end_moves, ship


def hits(g: object, target: str) -> int:
    """Hits scored on ``target`` this game, read from the fire log (regeneration at the end of
    the turn would hide a lost shield)."""
    return sum(e.data["hits"] for e in g.log  # type: ignore[attr-defined]
               if e.kind == "fire" and e.data["target"] == target)


def shields_lost(g: object, sid: str) -> int:
    return sum(1 for e in g.log if e.kind == "shield" and e.data["ship"] == sid)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("target_at", "die", "hit"),
    [
        ("0708", 4, True),   # range 4: short, 4+
        ("0708", 3, False),
        ("0707", 5, True),   # range 5: medium, 5+
        ("0707", 4, False),
        ("0704", 4, False),  # range 8: still medium
        ("0704", 5, True),
        ("0703", 5, False),  # range 9: long, 6 only
        ("0703", 6, True),
        ("0700", 6, True),   # range 12: still long
    ],
)
def test_range_bands_and_beam_to_hit(target_at: str, die: int, hit: bool) -> None:
    g = build([ship("HC1", "blue", "0712"), ship("HC2", "red", target_at, "D")], dice=[die])
    end_moves(g)
    end_fire_until(g, "HC")
    g.apply("fire HC1 at HC2")
    close_step(g)  # red does not fire
    assert hits(g, "HC2") == (1 if hit else 0)


def test_beyond_long_range_is_refused() -> None:
    g = build([ship("HC1", "blue", "0713"), ship("HC2", "red", "0700", "D"),
               ship("DD3", "red", "0710", "D")], rows=14)
    end_moves(g)
    end_fire_until(g, "HC")
    with pytest.raises(IllegalAction, match="13 hexes away") as e:
        g.apply("fire HC1 at HC2")
    assert e.value.rule == "Space Fleet: Firing"


def test_destroyers_and_light_cruisers_cannot_fire_at_long_range() -> None:
    g = build([ship("DD1", "blue", "0712"), ship("HC2", "red", "0703", "D"),
               ship("DD3", "red", "0709", "A")])
    end_moves(g)
    assert g.fire_class == "DD" and g.to_act == "blue"
    with pytest.raises(IllegalAction, match="cannot fire at long range"):
        g.apply("fire DD1 at HC2")
    g2 = build([ship("DD1", "blue", "0712"), ship("HC2", "red", "0704", "D")])
    end_moves(g2)
    assert "fire DD1 at HC2" in g2.legal_notations()  # range 8: medium is allowed


def test_smallest_ships_fire_first() -> None:
    g = build([ship("DD1", "blue", "0712"), ship("BB1", "blue", "0912"),
               ship("HC2", "red", "0708", "D")])
    end_moves(g)
    assert g.fire_class == "DD"
    with pytest.raises(IllegalAction, match="smallest ships fire first") as e:
        g.apply("fire BB1 at HC2")
    assert e.value.rule == "Space Fleet: Firing"
    g.apply("end fire")  # blue's destroyer holds; red's HC fires later
    assert g.fire_class == "HC" and g.to_act == "red"


def test_fire_within_a_class_is_simultaneous() -> None:
    # Both destroyers are shieldless; both hit; the damage roll 1 (-2 for a destroyer) destroys
    # each. DD2 still fires although DD1's shot, declared first, destroys it.
    g = build([ship("DD1", "blue", "0712", shields=0), ship("DD2", "red", "0709", "D", shields=0)],
              dice=[6, 6, 1, 1])
    end_moves(g)
    g.apply("fire DD1 at DD2")
    assert g.to_act == "red"  # DD1 has fired its one shot; red declares
    g.apply("fire DD2 at DD1")
    assert g.ships["DD1"].status == g.ships["DD2"].status == "destroyed"
    assert g.over and g.result is not None and g.result.outcome == "mutual-destruction"


def test_other_beam_fire_within_one_hex_is_minus_one() -> None:
    # HC1 and HC3 are adjacent and both fire beams: each shot is at -1 (4 becomes 3: a miss).
    ships = [ship("HC1", "blue", "0712"), ship("HC3", "blue", "0711"),
             ship("HC2", "red", "0708", "D")]
    g = build(ships, dice=[4, 4])
    end_moves(g)
    end_fire_until(g, "HC")
    g.apply("fire HC1 at HC2")
    g.apply("fire HC3 at HC2")
    close_step(g)
    assert hits(g, "HC2") == 0
    # without HC3 firing, the same 4 hits
    g2 = build(ships, dice=[4])
    end_moves(g2)
    end_fire_until(g2, "HC")
    g2.apply("fire HC1 at HC2")
    close_step(g2)
    assert hits(g2, "HC2") == 1


def test_non_destroyer_at_a_destroyer_at_long_range_is_minus_one() -> None:
    g = build([ship("HC1", "blue", "0712"), ship("DD2", "red", "0703", "D")], dice=[6])
    end_moves(g)
    end_fire_until(g, "HC")
    g.apply("fire HC1 at DD2")
    close_step(g)
    assert hits(g, "DD2") == 0  # 6 - 1 = 5: a miss at long range
    g2 = build([ship("HC1", "blue", "0712"), ship("LC2", "red", "0703", "D")], dice=[6])
    end_moves(g2)
    end_fire_until(g2, "HC")
    g2.apply("fire HC1 at LC2")
    close_step(g2)
    assert hits(g2, "LC2") == 1  # no modifier against a light cruiser


def test_rear_ninety_degree_arc() -> None:
    # BB1 faces A (up). 0708 is straight behind (180°) and 0809 is 150° off the bow: both in the
    # rear arc. 0808 is the down-right neighbour, 120° off the bow: it may be fired on. Near the
    # arc's edge (135° off the bow): 1010 is 133.9° (allowed), 0909 is 139.1° (refused).
    cases = (("0708", False), ("0809", False), ("0808", True), ("1010", True), ("0909", False),
             ("0410", True), ("0411", False))
    for at, legal in cases:
        g = build([ship("BB1", "blue", "0707"), ship("HC2", "red", at, "A"),
                   ship("HC3", "red", "0703", "A")])
        end_moves(g)
        end_fire_until(g, "BB")
        assert g.fire_class == "BB" and g.to_act == "blue"
        assert ("fire BB1 at HC2" in g.legal_notations()) == legal, at


def test_rear_arc_refusal_names_the_rule() -> None:
    g = build([ship("BB1", "blue", "0707"), ship("HC2", "red", "0708", "A"),
               ship("HC3", "red", "0703", "A")])
    end_moves(g)
    end_fire_until(g, "BB")
    assert g.to_act == "blue"
    with pytest.raises(IllegalAction, match="rear 90° arc") as e:
        g.apply("fire BB1 at HC2")
    assert e.value.rule == "Space Fleet: Firing"


def test_missiles_short_range_only_and_1d6_hits() -> None:
    g = build([ship("LC1", "blue", "0712", design="missile-boat"),
               ship("HC2", "red", "0707", "D"), ship("DD3", "red", "0910", "A")])
    end_moves(g)
    end_fire_until(g, "LC")
    assert g.to_act == "blue"
    with pytest.raises(IllegalAction, match="short range only"):
        g.apply("missile LC1 at HC2")
    g = build([ship("LC1", "blue", "0712", design="missile-boat"),
               ship("HC2", "red", "0708", "D")], dice=[4, 5])
    end_moves(g)
    end_fire_until(g, "LC")
    g.apply("missile LC1 at HC2")
    close_step(g)
    assert hits(g, "HC2") == 5 and shields_lost(g, "HC2") == 5  # d6 = 5 hits
    assert g.ships["LC1"].missiles == 3


def test_missile_at_destroyer_or_light_cruiser_is_minus_one() -> None:
    g = build([ship("LC1", "blue", "0712", design="missile-boat"),
               ship("LC2", "red", "0709", "D")], dice=[4])
    end_moves(g)
    g.apply("missile LC1 at LC2")
    close_step(g)
    assert hits(g, "LC2") == 0  # 4 - 1 = 3: a miss


def test_missiles_replace_beams_and_carry_two_each() -> None:
    # missile-battleship: 5 shots, 2 of them launchers -> 3 beams, 4 missiles
    g = build([ship("BB1", "blue", "0712", design="missile-battleship"),
               ship("HC2", "red", "0709", "D")], dice=[1] * 20, turn_limit=5)
    end_moves(g)
    end_fire_until(g, "BB")
    for _ in range(3):
        g.apply("fire BB1 at HC2")
    with pytest.raises(IllegalAction, match="all 3 of BB1's beam weapons"):
        g.apply("fire BB1 at HC2")
    g.apply("missile BB1 at HC2")
    g.apply("missile BB1 at HC2")
    assert g.ships["BB1"].missiles == 2
    # next turn: the last two missiles; the turn after: none left
    end_moves(g)
    end_fire_until(g, "BB")
    g.apply("missile BB1 at HC2")
    g.apply("missile BB1 at HC2")
    assert g.ships["BB1"].missiles == 0
    end_moves(g)
    end_fire_until(g, "BB")
    with pytest.raises(IllegalAction, match="no missiles left"):
        g.apply("missile BB1 at HC2")


def test_a_ship_without_launchers_cannot_fire_missiles() -> None:
    g = build([ship("HC1", "blue", "0712"), ship("HC2", "red", "0709", "D")])
    end_moves(g)
    end_fire_until(g, "HC")
    with pytest.raises(IllegalAction, match="no missile launchers"):
        g.apply("missile HC1 at HC2")


def test_fire_at_own_ship_or_unknown_ship_is_refused() -> None:
    g = build([ship("HC1", "blue", "0712"), ship("HC3", "blue", "0710"),
               ship("HC2", "red", "0709", "D")])
    end_moves(g)
    end_fire_until(g, "HC")
    with pytest.raises(IllegalAction, match="on your side"):
        g.apply("fire HC1 at HC3")
    with pytest.raises(IllegalAction, match="no ship XX9"):
        g.apply("fire HC1 at XX9")
    with pytest.raises(IllegalAction, match="not one of blue's ships"):
        g.apply("fire HC2 at HC1")
