"""Space Fleet: Movement — "Slowest ships move first", read by current speed, and a ship a mine
slows down mid-move (hand-built hex positions)."""

from __future__ import annotations

import pytest

from voidwar import IllegalAction

from .helpers import build, ship


def movers(game: object) -> set[str]:
    return {a.split()[-1] for a in game.legal_notations() if a.startswith("end move")}  # type: ignore[attr-defined]


def test_a_half_speed_battleship_moves_with_the_dreadnoughts() -> None:
    # "Slowest ships move first ... The first player moves any DN, the second then moves any DN
    # or BB": speed decides, and "5 Damage, ½ speed" makes a battleship as slow as a dreadnought.
    g = build([ship("BB1", "blue", "0412", damage=["engines"]), ship("HC1", "blue", "0612"),
               ship("DN2", "red", "0201", "D")])
    assert g.ships["BB1"].speed == 1
    assert g.to_act == "blue" and movers(g) == {"BB1"}
    g.apply("end move BB1")
    assert g.to_act == "red" and movers(g) == {"DN2"}
    g.apply("end move DN2")
    assert movers(g) == {"HC1"}


def test_a_speed_4_destroyer_moves_with_the_light_cruisers() -> None:
    # a customised destroyer ("shots and speed may be traded", "2 shields for one speed") of
    # speed 4 moves when speed 4 may, not in the destroyers' (speed 5) slot
    g = build([ship("HC1", "blue", "0412"), ship("HC3", "blue", "0612"),
               ship("DD2", "red", "0601", "D", trades=["1 speed -> 2 shields"]),
               ship("DD3", "red", "0801", "D")])
    assert g.ships["DD2"].speed == 4
    g.apply("end move HC1")
    # HC3 is still unmoved: the window is speed 3 or 4. Red's speed-4 destroyer may move now (by
    # class it would wait for the LC-or-DD window), its speed-5 one may not.
    assert g.to_act == "red" and movers(g) == {"DD2"}
    with pytest.raises(IllegalAction, match="only ships of speed 3 or 4 may move now") as e:
        g.apply("move DD3 1")
    assert e.value.rule == "Space Fleet: Movement"
    g.apply("end move DD2")
    assert g.to_act == "blue" and movers(g) == {"HC3"}
    g.apply("end move HC3")
    assert g.to_act == "red" and movers(g) == {"DD3"}


def test_the_first_move_is_the_slowest_speed_only() -> None:
    g = build([ship("DD1", "blue", "0412", trades=["3 speed -> 3 shots"]),
               ship("DN2", "red", "0201", "D")])
    # a speed-2 destroyer is slower than nothing but the dreadnought: red's DN moves first
    assert g.ships["DD1"].speed == 2
    assert g.to_act == "red" and movers(g) == {"DN2"}


def mined_cruiser(dice: list[int]) -> object:
    # HC1 has no shields left; the mine in 0711 attacks on a 4, 1 hit, damage roll 5: "Damage,
    # ½ speed" (speed 3 -> 1)
    return build([ship("HC1", "blue", "0712", shields=0), ship("HC2", "red", "0101", "D")],
                 dice=dice, mines=["0711"])


def test_a_mine_that_halves_speed_stops_the_ship_and_it_may_still_turn() -> None:
    # "may turn once for each 1 moved except for the last (DN only may turn after all move
    # completed, as may ships not making a full move)": slowed mid-move, HC1 does not make its
    # full move of 3, so it may turn after its last hex.
    g = mined_cruiser([4, 1, 5])
    events = g.apply("move HC1 3")  # type: ignore[attr-defined]
    s = g.ships["HC1"]  # type: ignore[attr-defined]
    assert s.speed == 1 and s.to_dict()["hex"] == "0711"
    assert any("slowed to speed 1" in e.text for e in events)
    assert g.moving == "HC1"  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="no movement left"):
        g.apply("move HC1 1")  # type: ignore[attr-defined]
    g.apply("turn HC1 right")  # type: ignore[attr-defined]
    assert s.to_dict()["facing"] == "B"


def test_slowed_after_one_hex_of_one_hex_moves_may_turn_too() -> None:
    g = mined_cruiser([4, 1, 5])
    g.apply("move HC1 1")  # type: ignore[attr-defined]
    assert "turn HC1 left" in g.legal_notations()  # type: ignore[attr-defined]
    g.apply("turn HC1 left")  # type: ignore[attr-defined]


def test_an_unslowed_full_move_still_forbids_the_last_turn() -> None:
    g = mined_cruiser([3])  # the mine misses
    g.apply("move HC1 3")  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="full move"):
        g.apply("turn HC1 right")  # type: ignore[attr-defined]
