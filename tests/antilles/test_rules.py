"""Each rule of the text on a hand-built position a player can check on paper.

Shipped tables (tables.toml): Caster d20 — 1 recharge, 2-7 normal A-F, 8-13 fast A-F,
14-19 exploding A-F, 20 launch-and-roll-again. Paths d20 — 1,2 F; 3 L; 4 R; 5-7 FF; 8 FL; 9 FR;
10 LF; 11 RF; 12 LL; 13 RR; 14,15 FFF; 16 FFL; 17 FFR; 18 FLF; 19 FRF; 20 LFR.
Directions: A up (0,-1), B (1,-1), C (1,0), D down (0,1), E (-1,1), F (-1,0).
"""

from __future__ import annotations

import pytest

from voidwar import IllegalAction
from voidwar.core.hexgrid import Hex

from .conftest import position

RECHARGE = 1  # caster roll: recharge (no effect when no shield is hit)


def one_caster(**kw):  # type: ignore[no-untyped-def]
    """Three Casters already destroyed, so a platform step needs few rolls."""
    kw.setdefault("hits", {"casters": 3})
    return kw


# -- 3.3 attacking the Antilles ----------------------------------------------------------------
def test_worked_example_3_3_range_2_roll_17_plus_3_destroys_a_caster() -> None:
    g = position([17], phase="attack", paladins={"1": [0, -2]})
    g.apply("fire P1 at platform")
    assert g.casters_destroyed == 1
    assert g.log[-1].text == "P1 (20): DESTROY BOLT CASTER"


def test_3_2_a_paladin_that_moved_gets_no_plus_3() -> None:
    g = position([17], phase="attack", paladins={"1": [0, -2]}, moved=[1])
    g.apply("fire P1 at platform")  # 17 at range 2: armor is 13+, caster 19+
    assert (g.casters_destroyed, g.armor_hits) == (0, 1)


@pytest.mark.parametrize(
    ("rng", "roll", "layer"),
    [(1, 2, None), (1, 3, "shield"), (1, 8, "armor"), (1, 13, "caster"),
     (2, 4, None), (2, 5, "shield"), (2, 10, "armor"), (2, 16, "caster"),
     (3, 6, None), (3, 7, "shield"), (3, 12, "armor"), (3, 18, "caster")],
)
def test_3_3_chart_columns_with_the_plus_3(rng: int, roll: int, layer: str | None) -> None:
    g = position([roll], phase="attack", paladins={"1": [0, -rng]})
    g.apply("fire P1 at platform")
    got = {"shield": g.shield_hits, "armor": g.armor_hits, "caster": g.casters_destroyed}
    assert got == {k: int(k == layer) for k in got}


def test_3_3_fusion_guns_reach_three_hexes() -> None:
    g = position([20], phase="attack", paladins={"1": [0, -4]})
    with pytest.raises(IllegalAction) as e:
        g.apply("fire P1 at platform")
    assert e.value.rule == "Antilles 3.3"
    assert "fire P1 at platform" not in g.legal_notations()


def test_3_3_each_paladin_fires_once_per_turn() -> None:
    g = position([1], phase="attack", paladins={"1": [0, -1]})
    g.apply("fire P1 at platform")
    before = g.digest()
    with pytest.raises(IllegalAction, match="already fired"):
        g.apply("fire P1 at platform")
    assert g.digest() == before


# -- 3.4 firing at Bolts ----------------------------------------------------------------------
def test_3_4_effect_b_destroys_a_bolt_at_its_range() -> None:
    # B1 is 2 hexes from P1: Effect B at range 2 is 10; 7 + 3 = 10 succeeds.
    g = position([7], phase="attack", paladins={"1": [3, -3]},
                 bolts=[["normal", [3, -1], "A"]])
    g.apply("fire P1 at B1")
    assert g.bolts == {}


def test_3_4_effect_b_miss_leaves_the_bolt() -> None:
    g = position([6], phase="attack", paladins={"1": [3, -3]},
                 bolts=[["normal", [3, -1], "A"]])
    g.apply("fire P1 at B1")
    assert list(g.bolts) == [1]


def test_3_4_bolts_beyond_the_chart_cannot_be_fired_on() -> None:
    g = position([], phase="attack", paladins={"1": [0, -5]}, bolts=[["normal", [5, -5], "A"]])
    with pytest.raises(IllegalAction, match="reaches 3"):
        g.apply("fire P1 at B1")


# -- 4.0 overflow -------------------------------------------------------------------------------
def test_4_0_shield_hits_overflow_to_armor_then_to_casters() -> None:
    g = position([3, 3], phase="attack", paladins={"1": [0, -1], "2": [1, -1]},
                 hits={"shields": 6, "armor": 5})
    g.apply("fire P1 at platform")  # REDUCE SHIELD → Armor (shields full)
    assert (g.shield_hits, g.armor_hits, g.casters_destroyed) == (6, 6, 0)
    g.apply("fire P2 at platform")  # REDUCE SHIELD → Armor full → Caster
    assert (g.shield_hits, g.armor_hits, g.casters_destroyed) == (6, 6, 1)


# -- 5.0 immediate end --------------------------------------------------------------------------
def test_5_0_the_game_ends_when_the_last_caster_is_destroyed() -> None:
    g = position([20], turn=4, phase="attack",
                 paladins={"1": [0, -1], "2": [1, -1], "3": [0, 2]}, hits={"casters": 3})
    g.apply("fire P1 at platform")
    assert g.over and g.outcome == "antilles-destroyed"
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply("fire P2 at platform")
    r = g.result
    assert r is not None
    # 6.0: 50 + 5 per surviving Paladin + our bonus of 3 VP per full turn left (9 - 4 = 5)
    assert r.scores["commander"] == 50 + 3 * 5 + 3 * 5
    assert r.level == "Decisive Paladin Victory"  # 80 ≥ 71


# -- 2.11-2.14 Bolt Casters ------------------------------------------------------------------
def test_2_11_a_bolt_starts_in_the_antilles_hex_and_flies_its_path() -> None:
    # one Caster; roll 4 = normal Bolt facing C; path roll 5 = FF → ends at (2, 0)
    g = position([4, 5], phase="end", paladins={"1": [-3, 0]}, **one_caster())
    g.apply("continue")
    assert [(b.kind, b.hex, b.facing) for b in g.bolts.values()] == [("normal", Hex(2, 0), 2)]


def test_2_12_veer_turns_the_bolt_for_the_rest_of_its_flight() -> None:
    # normal Bolt facing A (roll 2); path 16 = FFL: up, up, then veer left to F
    g = position([2, 16], phase="end", paladins={"1": [3, 0]}, **one_caster())
    g.apply("continue")
    (b,) = g.bolts.values()
    assert (b.hex, b.facing) == (Hex(-1, -2), 5)


def test_2_14_recharge_removes_one_shield_hit_and_none_when_unhit() -> None:
    g = position([RECHARGE], phase="end", paladins={"1": [3, 0]},
                 hits={"shields": 2, "casters": 3})
    g.apply("continue")
    assert g.shield_hits == 1
    g2 = position([RECHARGE], phase="end", paladins={"1": [3, 0]}, **one_caster())
    g2.apply("continue")
    assert g2.shield_hits == 0 and "no Shield is hit" in g2.log[-1].text


def test_2_14_launch_and_roll_again() -> None:
    # roll 20 = launch and roll again; the Bolt: re-roll 1 (recharge → re-rolled), 6 = normal E,
    # path 1 = F → (-1, 1); then another action: 1 = recharge.
    g = position([20, 1, 6, 1, RECHARGE], phase="end", paladins={"1": [3, -3]}, **one_caster())
    g.apply("continue")
    assert [(b.hex, b.facing) for b in g.bolts.values()] == [(Hex(-1, 1), 4)]
    assert g.dice.history == [20, 1, 6, 1, RECHARGE]


def test_2_13_each_operational_caster_acts_in_turn() -> None:
    g = position([RECHARGE, RECHARGE], phase="end", paladins={"1": [3, 0]},
                 hits={"casters": 2})
    g.apply("continue")
    rolls = [e.data["purpose"] for e in g.log if e.kind == "roll"]
    assert rolls == ["Active Bolt Caster 1", "Active Bolt Caster 2"]


# -- 2.15 order of existing Bolts ---------------------------------------------------------------
def test_2_15_farthest_bolt_moves_first() -> None:
    # B1 at range 1, B2 at range 3: B2's path is rolled first.
    g = position([1, 1, RECHARGE], phase="end", paladins={"1": [-5, 0]},
                 bolts=[["normal", [0, -1], "A"], ["normal", [3, 0], "C"]], **one_caster())
    g.apply("continue")
    purposes = [e.data["purpose"] for e in g.log if e.kind == "roll"]
    assert purposes[:2] == ["Path of B2", "Path of B1"]


# -- 2.16 / 2.17 / 2.18 ----------------------------------------------------------------------
def test_2_16_bolt_entering_a_paladin_hex_destroys_both() -> None:
    g = position([1, RECHARGE], phase="end", paladins={"1": [2, -2], "2": [-3, 0]},
                 bolts=[["normal", [2, -1], "A"]], **one_caster())
    g.apply("continue")
    assert not g.paladins[0].alive and g.bolts == {}
    assert g.paladins[1].alive


def test_2_17_bolt_entering_a_bolt_hex_destroys_both() -> None:
    # B1 (farther, range 3) moves first: F from (0,3) facing A → (0,2) where B2 sits.
    g = position([1, RECHARGE], phase="end", paladins={"1": [4, -4]},
                 bolts=[["normal", [0, 3], "A"], ["normal", [0, 2], "D"]], **one_caster())
    g.apply("continue")
    assert g.bolts == {}


def test_2_17_new_bolt_meets_a_bolt_that_ended_in_the_antilles_hex() -> None:
    # B1 at (0,1) facing A flies F into the Antilles hex and stops there; the Caster then
    # launches (roll 2 = normal A): both are destroyed before any path is rolled.
    g = position([1, 2], phase="end", paladins={"1": [4, -4]},
                 bolts=[["normal", [0, 1], "A"]], **one_caster())
    g.apply("continue")
    assert g.bolts == {}
    assert "both destroyed (2.17)" in g.log[-1].text


def test_2_18_bolt_leaving_the_map_is_removed() -> None:
    g = position([14, RECHARGE], phase="end", paladins={"1": [0, -3]},
                 bolts=[["normal", [7, 0], "C"]], **one_caster())
    g.apply("continue")
    assert g.bolts == {}
    assert any(e.kind == "exit" for e in g.log)


def test_2_18_a_bolt_that_passes_off_the_edge_does_not_come_back() -> None:
    # path 20 = L F R from (7,-7) facing B: veer to A → (7,-8) is off the map at once.
    g = position([20, RECHARGE], phase="end", paladins={"1": [0, -3]},
                 bolts=[["normal", [7, -7], "B"]], **one_caster())
    g.apply("continue")
    assert g.bolts == {}


# -- 2.2 Bolt types ---------------------------------------------------------------------------
def test_2_2_fast_bolts_roll_a_second_path() -> None:
    # fast Bolt facing D (roll 11); path 1 F → (0,1); second path 5 FF → (0,3)
    g = position([11, 1, 5], phase="end", paladins={"1": [4, -4]}, **one_caster())
    g.apply("continue")
    (b,) = g.bolts.values()
    assert b.hex == Hex(0, 3)
    assert [e.data["purpose"] for e in g.log if e.kind == "roll"][1:] == [
        "Path of B1", "Path of B1 (second, fast)"]


def test_2_2_exploding_bolt_destroys_all_adjacent_paladins() -> None:
    # exploding Bolt B1 at (0,-3) facing D, path F → (0,-2): P1 at (1,-2) and P2 at (-1,-1)
    # are adjacent to (0,-2) and die; P3 at (0,-4)... is 2 away and survives.
    g = position([1, RECHARGE], phase="end",
                 paladins={"1": [1, -2], "2": [-1, -1], "3": [2, -5]},
                 bolts=[["exploding", [0, -3], "D"]], **one_caster())
    g.apply("continue")
    assert [p.alive for p in g.paladins[:3]] == [False, False, True]
    assert g.bolts == {}


def test_2_2_exploding_bolt_ignores_bolts_and_spares_them() -> None:
    # the exploding Bolt passes next to B2 without exploding; B2 (range 3) moved first: path 1.
    g = position([4, 5, RECHARGE], phase="end", paladins={"1": [-6, 6]},
                 bolts=[["exploding", [0, 2], "A"], ["normal", [2, -3], "A"]], **one_caster())
    # order: B1 at range 2, B2 at range 3 → B2 first (roll 4 = R: to B → (3,-4)); B1 roll 5 FF
    g.apply("continue")
    kinds = sorted(b.kind for b in g.bolts.values())
    assert kinds == ["exploding", "normal"]


def test_2_2_exploding_bolt_launched_next_to_a_paladin_explodes_entering_its_hex() -> None:
    # P1 one hex from the Antilles at (0,-1); exploding A (roll 14), path F → enters P1's hex.
    # P2 at (1,-2) is adjacent to (0,-1) and is destroyed too.
    g = position([14, 1], phase="end", paladins={"1": [0, -1], "2": [1, -2], "3": [0, 3]},
                 **one_caster())
    g.apply("continue")
    assert [p.alive for p in g.paladins[:3]] == [False, False, True]


def test_2_2_bolts_never_damage_the_antilles() -> None:
    g = position([1, RECHARGE], phase="end", paladins={"1": [5, 0]},
                 bolts=[["exploding", [0, 1], "A"]], **one_caster())
    g.apply("continue")
    assert (g.shield_hits, g.armor_hits, g.casters_destroyed) == (0, 0, 3)


# -- 3.1 / 3.2 placement and movement -------------------------------------------------------
def test_3_1_placement_refusals() -> None:
    import voidwar

    g = voidwar.load("antilles", seed=1)
    with pytest.raises(IllegalAction, match="Antilles' hex") as e:
        g.apply("place P1 at 0,0")
    assert e.value.rule == "Antilles 3.1"
    g.apply("place P1 at 1,0")
    with pytest.raises(IllegalAction, match="already at"):
        g.apply("place P2 at 1,0")
    with pytest.raises(IllegalAction, match="off the map"):
        g.apply("place P2 at 9,0")
    with pytest.raises(IllegalAction, match="in order"):
        g.apply("place P4 at 2,0")
    assert len(g.legal_actions()) == 169 - 2


def test_3_2_movement_refusals_and_legal_moves() -> None:
    g = position([], phase="movement", paladins={"1": [1, 0], "2": [2, 0]},
                 bolts=[["normal", [3, 0], "C"]])
    for text, why in [("move P1 to 2,0", "P2 is already"), ("move P1 to 3,0", "Bolt B1"),
                      ("move P1 to 0,0", "Antilles"), ("move P3 to 1,1", "destroyed"),
                      ("fire P1 at platform", "attack step")]:
        with pytest.raises(IllegalAction, match=why):
            g.apply(text)
    g.apply("move P1 to -4,4")
    with pytest.raises(IllegalAction, match="already moved"):
        g.apply("move P1 to -4,3")
    moves = [a for a in g.legal_notations() if a.startswith("move")]
    assert len(moves) == 169 - 4  # P2 may go anywhere but the Antilles, P1, B1 and itself


def test_malformed_notation_names_the_forms() -> None:
    g = position([], phase="movement", paladins={"1": [1, 0]})
    with pytest.raises(IllegalAction, match="cannot read"):
        g.apply("teleport P1")


# -- 6.0 / 6.1 ----------------------------------------------------------------------------------
def test_6_0_abort_scores_survivors_and_boxes() -> None:
    g = position([], turn=3, phase="end", paladins={"1": [1, 0], "2": [2, 0]},
                 hits={"shields": 2, "armor": 1, "casters": 1})
    g.apply("abort")
    r = g.result
    assert r is not None and r.outcome == "mission-aborted"
    assert r.scores["commander"] == 5 * 2 + 4


def test_6_0_paladins_destroyed_scores_boxes_only() -> None:
    g = position([1, RECHARGE], phase="end", paladins={"1": [2, -2]},
                 bolts=[["normal", [2, -1], "A"]], hits={"shields": 3, "casters": 3})
    g.apply("continue")
    r = g.result
    assert r is not None and r.outcome == "paladins-destroyed"
    assert r.scores["commander"] == 3 + 3


def test_6_0_end_of_turn_nine_retreat() -> None:
    g = position([], turn=9, phase="attack", paladins={"1": [2, -2], "2": [5, 0]},
                 hits={"armor": 4})
    g.apply("end attacks")
    r = g.result
    assert r is not None and r.outcome == "end-of-turn-nine"
    assert r.scores["commander"] == 4 + 10
    assert "abort" not in g.legal_notations()


def test_abort_only_at_the_end_of_a_turn() -> None:
    g = position([], phase="attack", paladins={"1": [2, -2]})
    with pytest.raises(IllegalAction) as e:
        g.apply("abort")
    assert e.value.rule == "Antilles 6.0"


@pytest.mark.parametrize(
    ("vp", "level"),
    [(0, "Crushing Paladin Defeat"), (19, "Crushing Paladin Defeat"),
     (20, "Solid Antilles Victory"), (39, "Solid Antilles Victory"),
     (40, "Marginal Antilles Victory"), (49, "Marginal Antilles Victory"),
     (50, "Solid Paladin Victory"), (70, "Solid Paladin Victory"),
     (71, "Decisive Paladin Victory"), (120, "Decisive Paladin Victory")],
)
def test_6_1_victory_level_boundaries(vp: int, level: str) -> None:
    from voidwar.rulesets.antilles import victory_level

    assert victory_level(vp) == level


def test_6_1_levels_reached_in_play() -> None:
    # abort with 4 survivors and 19 boxes... 5*4 + 19 = 39 → Solid Antilles; with 20 boxes → 40
    g = position([], turn=5, phase="end", paladins={str(i): [i, 0] for i in range(1, 5)},
                 hits={"shields": 6, "armor": 6, "casters": 3})
    g.apply("abort")
    assert g.result is not None and g.result.scores["commander"] == 35
    assert g.result.level == "Solid Antilles Victory"
