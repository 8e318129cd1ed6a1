"""Space Fleet: Mines — laying, attacks on entry, 1d3 hits, sweeping by stopping."""

from __future__ import annotations

import pytest

from voidwar import IllegalAction

from .helpers import build, ship


def test_entering_a_mined_hex_rolls_d6_and_4_plus_is_1d3_hits() -> None:
    g = build([ship("HC1", "blue", "0710"), ship("HC2", "red", "0101", "D")],
              mines=["0709"], dice=[4, 2])
    g.apply("move HC1 2")
    assert [e.text for e in g.log if e.kind == "mine"] == ["mine at 0709 hits HC1: 2 hits"]
    assert g.ships["HC1"].shields == 4
    assert g.ships["HC1"].to_dict()["hex"] == "0708"  # the move goes on


def test_a_mine_roll_under_4_does_nothing_and_the_pattern_attacks_again() -> None:
    g = build([ship("HC1", "blue", "0710"), ship("HC3", "blue", "0712"),
               ship("HC2", "red", "0101", "D")], mines=["0709"], dice=[3, 5, 1])
    g.apply("move HC1 2")  # through 0709: a 3, no hits
    assert g.ships["HC1"].shields == 6
    g.apply("end move HC1")
    g.apply("end move HC2")
    # "Mines may make any number of attacks": HC3 is attacked in its turn (a 5: 1d3 = 1 hit)
    g.apply("move HC3 3")
    assert g.ships["HC3"].to_dict()["hex"] == "0709" and g.ships["HC3"].shields == 5
    assert "0709" in g.state_dict()["mines"]


def test_a_mine_can_destroy_a_moving_ship_and_end_its_move() -> None:
    g = build([ship("DD1", "blue", "0710", shields=0), ship("DD2", "red", "0101", "D")],
              mines=["0709"], dice=[6, 1, 1])  # 1 hit; damage 1 - 2 = destroyed
    g.apply("move DD1 3")
    assert g.ships["DD1"].status == "destroyed"
    assert g.ships["DD1"].to_dict()["hex"] == "0709"
    assert g.over and g.result is not None and g.result.winner == "red"


def test_a_minelayer_lays_one_pattern_per_move() -> None:
    # minelayer: a destroyer that traded its shot for 2 mine patterns
    g = build([ship("DD1", "blue", "0710", design="minelayer"), ship("DD2", "red", "0101", "D")])
    assert g.ships["DD1"].mines == 2
    g.apply("lay mine DD1")
    assert "0710" in g.state_dict()["mines"] and g.ships["DD1"].mines == 1
    g.apply("move DD1 1")
    with pytest.raises(IllegalAction, match="one per move") as e:
        g.apply("lay mine DD1")
    assert e.value.rule == "Space Fleet: Mines"
    g.apply("end move DD1")
    g.apply("end move DD2")
    # turn 2 (red moves first): a new move, a new pattern
    g.apply("end move DD2")
    g.apply("lay mine DD1")
    assert sorted(g.state_dict()["mines"]) == ["0709", "0710"]


def test_only_ships_with_mines_lay_them_and_not_twice_in_a_hex() -> None:
    g = build([ship("DD1", "blue", "0710"), ship("DD3", "blue", "0910", design="minelayer"),
               ship("DD2", "red", "0101", "D")], mines=["0910"])
    with pytest.raises(IllegalAction, match="no mine patterns"):
        g.apply("lay mine DD1")
    with pytest.raises(IllegalAction, match="already mined"):
        g.apply("lay mine DD3")


def test_a_beam_armed_ship_sweeps_by_stopping_a_move_and_is_still_attacked() -> None:
    g = build([ship("HC1", "blue", "0710"), ship("HC2", "red", "0101", "D")],
              mines=["0710"], dice=[5, 1])
    g.apply("sweep HC1")
    assert g.ships["HC1"].shields == 5  # attacked: 5 → 1 hit
    assert g.state_dict()["mines"] == []
    assert g.ships["HC1"].moved and g.to_act == "red"


def test_sweeping_needs_a_whole_move_and_a_beam() -> None:
    g = build([ship("HC1", "blue", "0710"), ship("DD3", "blue", "0912", design="minelayer"),
               ship("HC2", "red", "0101", "D")], mines=["0709", "0912"], dice=[1])
    g.apply("move HC1 1")  # enters 0709 (a 1: no hits)
    with pytest.raises(IllegalAction, match="whole move"):
        g.apply("sweep HC1")
    g.apply("end move HC1")
    g.apply("end move HC2")
    with pytest.raises(IllegalAction, match="beam-armed"):
        g.apply("sweep DD3")
    with pytest.raises(IllegalAction, match="not in a mine pattern"):
        build([ship("HC1", "blue", "0710"), ship("HC2", "red", "0101", "D")]).apply("sweep HC1")
