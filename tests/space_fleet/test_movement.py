"""Space Fleet: Movement — class window, alternation, turning, map edges (hand-built positions)."""

from __future__ import annotations

import pytest

from voidwar import IllegalAction

from .helpers import build, ship


def line_up() -> list[dict[str, object]]:
    return [
        ship("DN1", "blue", "0212"), ship("BB1", "blue", "0412"), ship("HC1", "blue", "0612"),
        ship("DN2", "red", "0201", "D"), ship("BB2", "red", "0401", "D"),
        ship("HC2", "red", "0601", "D"),
    ]


def movers(game: object) -> set[str]:
    return {a.split()[-1] for a in game.legal_notations() if a.startswith("end move")}  # type: ignore[attr-defined]


def test_slowest_first_then_the_sliding_class_window() -> None:
    # "The first player moves any DN, the second then moves any DN or BB, the first player then
    # moves any BB or HC, and so on."
    g = build(line_up())
    assert g.to_act == "blue" and movers(g) == {"DN1"}
    with pytest.raises(IllegalAction, match="slowest ships move first") as e:
        g.apply("move BB1 1")
    assert e.value.rule == "Space Fleet: Movement"
    g.apply("end move DN1")
    assert g.to_act == "red" and movers(g) == {"DN2", "BB2"}
    g.apply("end move BB2")
    # DN2 is still the slowest unmoved ship: the window is DN or BB
    assert g.to_act == "blue" and movers(g) == {"BB1"}
    g.apply("end move BB1")
    # the window stays DN or BB while red's DN2 is unmoved: HC2 must wait
    assert g.to_act == "red" and movers(g) == {"DN2"}
    g.apply("end move DN2")
    assert g.to_act == "blue" and movers(g) == {"HC1"}
    g.apply("end move HC1")
    assert g.to_act == "red" and movers(g) == {"HC2"}


def test_a_player_with_no_ship_in_the_window_is_passed_over() -> None:
    g = build([ship("BB1", "blue", "0412"), ship("HC1", "blue", "0612"),
               ship("DD2", "red", "0601", "D")])
    g.apply("end move BB1")
    # window is now HC and LC: red's destroyer must wait, blue moves HC1
    assert g.to_act == "blue" and movers(g) == {"HC1"}
    g.apply("end move HC1")
    assert g.to_act == "red" and movers(g) == {"DD2"}
    g2 = build([ship("BB1", "blue", "0412"), ship("BB3", "blue", "0812"),
                ship("DD2", "red", "0601", "D")])
    g2.apply("end move BB1")
    # red has nothing in the window {BB}: blue moves again
    assert g2.to_act == "blue" and movers(g2) == {"BB3"}


def test_forward_movement_and_speed() -> None:
    g = build([ship("DD1", "blue", "0710"), ship("DD2", "red", "0101", "D")])
    g.apply("move DD1 2")
    assert g.ships["DD1"].to_dict()["hex"] == "0708"
    with pytest.raises(IllegalAction, match="move 1 to 3 hexes more"):
        g.apply("move DD1 4")
    g.apply("move DD1 3")
    assert g.ships["DD1"].to_dict()["hex"] == "0705"
    with pytest.raises(IllegalAction, match="no movement left"):
        g.apply("move DD1 1")


def test_one_ship_at_a_time_and_once_per_turn() -> None:
    g = build([ship("DD1", "blue", "0710"), ship("DD3", "blue", "0910"),
               ship("DD2", "red", "0101", "D")])
    g.apply("move DD1 1")
    with pytest.raises(IllegalAction, match="finish DD1's move first"):
        g.apply("move DD3 1")
    g.apply("end move DD1")
    g.apply("end move DD2")
    with pytest.raises(IllegalAction, match="already moved"):
        g.apply("move DD1 1")


def test_turning_needs_a_hex_first_and_one_turn_per_hex() -> None:
    # "After moving 1 forward a ship may turn 60 degrees before moving again, and may turn once
    # for each 1 moved"
    g = build([ship("DD1", "blue", "0710"), ship("DD2", "red", "0101", "D")])
    with pytest.raises(IllegalAction, match="must move 1 hex forward"):
        g.apply("turn DD1 right")
    g.apply("move DD1 1")
    g.apply("turn DD1 right")
    assert g.ships["DD1"].to_dict()["facing"] == "B"
    with pytest.raises(IllegalAction, match="already turned"):
        g.apply("turn DD1 left")
    g.apply("move DD1 1")  # up-right from odd column 7 (shifted down half a hex): 0809
    assert g.ships["DD1"].to_dict()["hex"] == "0809"
    g.apply("turn DD1 left")
    assert g.ships["DD1"].to_dict()["facing"] == "A"


def test_no_turn_after_the_last_hex_of_a_full_move() -> None:
    g = build([ship("HC1", "blue", "0710"), ship("HC2", "red", "0101", "D")])
    g.apply("move HC1 3")
    with pytest.raises(IllegalAction, match="full move"):
        g.apply("turn HC1 right")


def test_a_ship_not_making_a_full_move_may_turn_after_it() -> None:
    g = build([ship("HC1", "blue", "0710"), ship("HC2", "red", "0101", "D")])
    g.apply("move HC1 2")
    g.apply("turn HC1 left")
    g.apply("end move HC1")
    h = g.ships["HC1"].to_dict()
    assert (h["hex"], h["facing"]) == ("0708", "F")


def test_a_dreadnought_may_turn_after_its_full_move() -> None:
    # "DN only may turn after all move completed"
    g = build([ship("DN1", "blue", "0710"), ship("DN2", "red", "0101", "D")])
    g.apply("move DN1 1")
    g.apply("turn DN1 right")
    assert g.ships["DN1"].to_dict()["facing"] == "B"
    with pytest.raises(IllegalAction, match="already turned"):
        g.apply("turn DN1 right")


def test_map_edge_and_occupied_hexes() -> None:
    g = build([ship("DD1", "blue", "0701"), ship("DD3", "blue", "0912"),
               ship("DD2", "red", "0911", "D")])
    with pytest.raises(IllegalAction, match="leave the map"):
        g.apply("move DD1 2")
    g.apply("end move DD1")
    g.apply("end move DD2")
    with pytest.raises(IllegalAction, match="occupied by DD2"):
        g.apply("move DD3 1")


def test_moving_in_the_fire_phase_is_refused() -> None:
    g = build([ship("DD1", "blue", "0710"), ship("DD2", "red", "0706", "D")])
    g.apply("end move DD1")
    g.apply("end move DD2")
    assert g.phase == "fire"
    with pytest.raises(IllegalAction, match="only in the movement phase"):
        g.apply("move DD1 1")


def test_alternate_first_move_and_initiative_roll() -> None:
    g = build([ship("DD1", "blue", "0710"), ship("DD2", "red", "0706", "D")], turn_limit=3)
    assert g.first == "blue"
    g.apply("end move DD1")
    g.apply("end move DD2")
    g.apply("end fire")
    g.apply("end fire")
    assert g.turn == 2 and g.first == "red" and g.to_act == "red"
    # roll: 4-4 is a tie and is rolled again; then red's 1 loses to blue's 2
    r = build([ship("DD1", "blue", "0710"), ship("DD2", "red", "0706", "D")],
              initiative="roll", dice=[4, 4, 2, 1])
    assert r.first == "blue"
    r2 = build([ship("DD1", "blue", "0710"), ship("DD2", "red", "0706", "D")],
               initiative="roll", dice=[3, 5])
    assert r2.first == "red" and r2.to_act == "red"
