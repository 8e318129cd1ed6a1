"""Each rule of the round on hand-placed miniatures with scripted dice (checkable on paper).

Dice: the first rolls of every script are the initiative (scouts' d20, robots' d20).
"""

from __future__ import annotations

import pytest

import voidwar
from voidwar.core.errors import DataFileError, IllegalAction, UnknownName
from voidwar.core.tabletop import Point

from .conftest import army, place


def pos(g: voidwar.Game, uid: str) -> str:
    return str(next(u["at"] for u in g.state_dict()["units"] if u["id"] == uid))


def unit_ids(g: voidwar.Game) -> list[str]:
    return [u["id"] for u in g.state_dict()["units"]]


def health(g: voidwar.Game, uid: str) -> int:
    return next(u["health"] for u in g.state_dict()["units"] if u["id"] == uid)


# -- The Round 1: initiative ---------------------------------------------------------------------
def test_initiative_highest_goes_first_ties_rerolled() -> None:
    g = place([("spacer", "10,10")], [("marine", "40,40")], [7, 7, 3, 9])
    assert g.to_act == "robots"
    texts = [e.text for e in g.log]
    assert "initiative tied at 7: roll again" in texts
    assert "the robots have initiative (3 vs 9)" in texts


def test_new_round_rolls_initiative_again() -> None:
    g = place([("spacer", "10,10")], [("marine", "40,40")], [12, 4, 2, 15])
    assert g.to_act == "scouts"
    g.apply("end S1")
    assert g.to_act == "robots"
    g.apply("end R1")
    assert g.state_dict()["round"] == 2
    assert g.to_act == "robots"  # 2 vs 15


# -- The Round 2, 3: alternating turns, a side out of miniatures -----------------------------------
def test_alternating_turns_and_one_side_finishing() -> None:
    g = place(
        [("spacer", "10,10"), ("spacer", "12,10"), ("spacer", "14,10")],
        [("marine", "40,40")], [15, 5, 15, 5],
    )
    g.apply("end S1")
    assert g.to_act == "robots"
    with pytest.raises(IllegalAction, match="not yours"):
        g.apply("end S2")
    g.apply("end R1")
    # the robots are out of miniatures: the scouts take S2 and S3 in a row
    g.apply("end S2")
    assert g.to_act == "scouts"
    g.apply("end S3")
    assert g.state_dict()["round"] == 2


def test_a_miniature_acts_once_per_round() -> None:
    g = place([("spacer", "10,10"), ("spacer", "12,10")], [("marine", "40,40")], [15, 5])
    g.apply("end S1")
    g.apply("end R1")
    with pytest.raises(IllegalAction, match="already taken its turn"):
        g.apply("move S1 to 10,12")


# -- The Round 2a: movement ------------------------------------------------------------------------
def test_move_up_to_speed_exactly() -> None:
    g = place([("spacer", "10,10")], [("marine", "40,40")], [15, 5])
    with pytest.raises(IllegalAction, match='moves up to 6"'):
        g.check(g.parse_action("move S1 to 13.6,14.81"))
    g.apply("move S1 to 13.6,14.8")  # 3.6-4.8-6: exactly six inches
    assert pos(g, "S1") == "13.6,14.8"


def test_robots_move_eight() -> None:
    g = place([("spacer", "10,10")], [("marine", "40,40")], [5, 15])
    g.apply("move R1 to 40,32")
    with pytest.raises(IllegalAction):
        place([("spacer", "10,10")], [("marine", "40,40")], [5, 15]).apply("move R1 to 40,31.99")


def test_path_through_waypoints_counts_every_leg() -> None:
    g = place([("spacer", "10,10")], [("marine", "40,40")], [15, 5])
    with pytest.raises(IllegalAction, match=r"costs 6\.01"):
        g.apply("move S1 to 13,15.01 via 13,14")
    g.apply("move S1 to 13,15 via 13,14")  # 5 + 1


def test_no_moving_through_or_onto_bases() -> None:
    g = place([("spacer", "10,10"), ("spacer", "20,30")], [("marine", "13,10")], [15, 5])
    with pytest.raises(IllegalAction, match="pass through or onto R1"):
        g.apply("move S1 to 16,10")
    with pytest.raises(IllegalAction, match="onto R1"):
        g.apply("move S1 to 12.5,10")
    g.apply("move S1 to 12,10")  # base edge touches R1's: base to base, allowed
    assert g.state_dict()["current"] == "S1"


def test_route_around_a_base_with_a_waypoint() -> None:
    g = place([("spacer", "10,10")], [("marine", "13,10")], [15, 5])
    g.apply("move S1 to 15,10 via 12.5,11.5")  # ≈ 2.92 + 2.92 ≤ 6 around R1
    assert pos(g, "S1") == "15,10"


def test_no_moving_off_the_table() -> None:
    g = place([("spacer", "1,1")], [("marine", "40,40")], [15, 5])
    with pytest.raises(IllegalAction, match="off the table"):
        g.apply("move S1 to 0.4,1")


def test_attacking_without_moving_ends_a_single_attack_turn() -> None:
    g = place([("spacer", "10,10")], [("marine", "10,22")], [15, 5, 2])
    g.apply("shoot S1 at R1")  # a miss (2); one attack, so the turn is over
    assert g.to_act == "robots"
    with pytest.raises(IllegalAction, match="already taken its turn"):
        place([("spacer", "10,10"), ("spacer", "30,10")], [("marine", "10,22")],
              [15, 5, 2]).apply_all(["shoot S1 at R1", "end R1", "move S1 to 10,12"])


# -- The Round 2b: melee -----------------------------------------------------------------------
def test_melee_only_base_to_base() -> None:
    g = place([("spacer", "10,10")], [("marine", "11.2,10")], [15, 5])
    with pytest.raises(IllegalAction, match="not base to base"):
        g.apply("melee S1 at R1")
    g = place([("spacer", "10,10")], [("marine", "11.1,10")], [15, 5, 18])  # 0.1" gap: contact
    g.apply("melee S1 at R1")
    assert health(g, "R1") == 2


def test_melee_hit_needs_total_at_least_armor() -> None:
    # Spacer MA +3 against a Marine's armor 21: 18 hits (21), 17 misses (20)
    g = place([("spacer", "10,10")], [("marine", "11,10")], [15, 5, 17])
    ev = g.apply("melee S1 at R1")
    assert "S1 misses R1: 17+3=20 < 21" in [e.text for e in ev]
    assert health(g, "R1") == 3
    g = place([("spacer", "10,10")], [("marine", "11,10")], [15, 5, 18])
    ev = g.apply("melee S1 at R1")
    assert "S1 hits R1: 18+3=21 ≥ 21; 1 damage, health 2" in [e.text for e in ev]


def test_removed_at_zero_health() -> None:
    # Marine MD 2 against a Scout's 2 health: exactly 0 removes it
    g = place([("scout", "10,10"), ("spacer", "30,10")], [("marine", "11,10")], [5, 15, 11])
    g.apply("melee R1 at S1")  # 11+6=17 ≥ 17
    assert "S1" not in unit_ids(g)
    assert g.state_dict()["fallen"] == ["S1"]
    assert g.to_act == "scouts"  # no second target in contact: R1's turn ended
    with pytest.raises(IllegalAction, match="S1 has been destroyed"):
        g.apply("end S1")


# -- The Round 2c: ranged -------------------------------------------------------------------------
def test_ranged_only_within_range() -> None:
    g = place([("spacer", "10,10")], [("marine", "10,22.01")], [15, 5])
    with pytest.raises(IllegalAction, match="beyond its range of 12"):
        g.apply("shoot S1 at R1")
    g = place([("spacer", "10,10")], [("marine", "10,22")], [15, 5, 18])
    ev = g.apply("shoot S1 at R1")  # exactly 12": in range; 18+3=21 hits for 12 damage
    assert any("12 damage" in e.text for e in ev)
    assert g.over and g.result is not None
    assert g.result.winner == "scouts"
    assert g.result.outcome == "scouts-win"


def test_scout_range_is_a_scenario_option() -> None:
    g = place([("spacer", "10,10")], [("marine", "10,20")], [15, 5], scout_range=8)
    with pytest.raises(IllegalAction, match="range of 8"):
        g.apply("shoot S1 at R1")


def test_move_then_shoot() -> None:
    g = place([("spacer", "10,10")], [("marine", "10,27")], [15, 5, 1])
    g.apply("move S1 to 10,15")
    g.apply("shoot S1 at R1")
    assert g.to_act == "robots"


def test_never_melee_then_ranged() -> None:
    g = place(
        [("spacer", "10,10"), ("spacer", "20,10")], [("marine", "11,10")], [5, 15, 1],
    )
    g.apply("melee R1 at S1")  # 1: a miss; one attack left
    with pytest.raises(IllegalAction, match="never melee and ranged"):
        g.apply("shoot R1 at S2")
    with pytest.raises(IllegalAction, match="moves before attacking"):
        g.apply("move R1 to 11,14")


def test_two_attacks_at_two_targets() -> None:
    g = place(
        [("spacer", "10,10"), ("spacer", "14,10"), ("spacer", "30,30")],
        [("marine", "12,20")], [5, 15, 20, 1],
    )
    ev = g.apply("shoot R1 at S1 and S2")
    texts = [e.text for e in ev]
    assert "S1 (Spacer) is destroyed" in texts
    assert "R1 misses S2: 1+6=7 < 17" in texts
    assert g.to_act == "scouts"


def test_two_attacks_one_at_a_time() -> None:
    g = place([("spacer", "10,10"), ("spacer", "14,10")], [("marine", "12,20")], [5, 15, 20, 20])
    g.apply("shoot R1 at S1")
    assert g.to_act == "robots" and g.state_dict()["attacks_left"] == 1
    g.apply("shoot R1 at S2")
    assert g.over


def test_a_lost_second_attack_at_a_removed_target() -> None:
    g = place([("spacer", "10,10"), ("spacer", "40,10")], [("marine", "12,20")], [5, 15, 20])
    ev = g.apply("shoot R1 at S1 and S1")
    assert "R1's attack is lost: S1 was already removed" in [e.text for e in ev]


def test_one_attack_units_cannot_attack_twice() -> None:
    g = place([("spacer", "10,10")], [("marine", "10,20"), ("marine", "14,20")], [15, 5])
    with pytest.raises(IllegalAction, match="no Two Attacks"):
        g.apply("shoot S1 at R1 and R2")


def test_cannot_attack_own_side() -> None:
    g = place([("spacer", "10,10"), ("spacer", "11,10")], [("marine", "40,40")], [15, 5])
    with pytest.raises(IllegalAction, match="own side"):
        g.apply("melee S1 at S2")


# -- terrain ---------------------------------------------------------------------------------------
def test_line_of_sight_blocked_by_the_comm_tower() -> None:
    g = place([("spacer", "24,18")], [("marine", "24,30")], [15, 5], scenario="ruins")
    with pytest.raises(IllegalAction, match="comm tower blocks the line of sight"):
        g.apply("shoot S1 at R1")


def test_hill_halves_movement_uphill() -> None:
    """"half movement up a hill": the ruins' hill (28..38 × 12..18) rises north to a crest at
    y = 15; 1" of open ground then 2.5" up its south face cost 1 + 5 = 6."""
    g = place([("spacer", "33,11")], [("marine", "10,40")], [15, 5], scenario="ruins")
    with pytest.raises(IllegalAction, match=r"costs 6\.02"):
        g.apply("move S1 to 33,14.51")
    g.apply("move S1 to 33,14.5")


def test_road_doubles_movement() -> None:
    g = place([("spacer", "4,10")], [("marine", "40,40")], [15, 5], scenario="ruins")
    g.apply("move S1 to 4,22")  # 12" along the road cost 6


def test_impassable_bunker() -> None:
    g = place([("spacer", "12,15")], [("marine", "40,40")], [15, 5], scenario="ruins")
    with pytest.raises(IllegalAction, match="cannot enter the west bunker"):
        g.apply("move S1 to 12,19")


# -- round limit and victory ---------------------------------------------------------------------
def test_round_limit_more_surviving_points_wins() -> None:
    g = place([("spacer", "10,10")], [("marine", "40,40")], [15, 5], round_limit=1)
    g.apply("end S1")
    g.apply("end R1")
    assert g.over and g.result is not None
    assert g.result.outcome == "round-limit" and g.result.winner == "robots"  # 21 vs 4
    assert g.result.scores == {"scouts": 4.0, "robots": 21.0}
    with pytest.raises(IllegalAction, match="over"):
        g.apply("end S1")


# -- setup and options -------------------------------------------------------------------------
def test_default_deployment_within_six_inches_of_own_edge() -> None:
    g = voidwar.load("astral-dreams", seed=1)
    for u in g.state_dict()["units"]:
        y = Point.parse(u["at"]).y
        assert (y <= 6) if u["side"] == "scouts" else (y >= 42)


def test_explicit_positions_outside_the_zone_are_refused() -> None:
    with pytest.raises(DataFileError, match="deployment zone"):
        voidwar.load("astral-dreams", army_a=army("scouts", [("spacer", "10,20")], 50))


def test_bad_options_are_refused() -> None:
    with pytest.raises(UnknownName, match="unknown Astral Dreams scenario"):
        voidwar.load("astral-dreams", scenario="moon")
    with pytest.raises(UnknownName, match="unknown Astral Dreams option"):
        voidwar.load("astral-dreams", speed=9)
    with pytest.raises(DataFileError, match="the robots seat needs a robots army"):
        voidwar.load("astral-dreams", army_b=army("scouts", [("spacer", "10,3")], 50))
    with pytest.raises(DataFileError, match="over the game's allowance of 30"):
        voidwar.load("astral-dreams", points=30)
    with pytest.raises(UnknownName, match="whole number"):
        voidwar.load("astral-dreams", round_limit="soon")


def test_malformed_actions() -> None:
    g = voidwar.load("astral-dreams", seed=1)
    for text in ("move S1 12,3", "shoot S1", "melee S1 at", "jump S1", "move S1 to 1e3,2"):
        with pytest.raises(IllegalAction):
            g.apply(text)
    with pytest.raises(IllegalAction, match="no unit S99"):
        g.apply("end S99")
    with pytest.raises(IllegalAction, match="already at"):
        g.apply("move S1 to 24,3")
