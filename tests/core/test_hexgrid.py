from __future__ import annotations

import itertools

import pytest

from voidwar.core.hexgrid import (
    ORIGIN,
    Hex,
    HexagonBoard,
    RectBoard,
    direction_between,
    direction_index,
    facing_name,
    line,
    parse_facing,
    pixel,
    ring,
    rotate_facing,
    spiral,
)


def test_directions_a_to_f_clockwise_from_the_top() -> None:
    pts = [pixel(ORIGIN.neighbor(d)) for d in range(6)]
    assert pts[0][0] == 0 and pts[0][1] < 0  # A straight up
    assert pts[3][0] == 0 and pts[3][1] > 0  # D straight down
    assert pts[1][0] > 0 > pts[1][1]  # B up-right
    assert pts[2][0] > 0 and pts[2][1] > 0  # C down-right
    assert pts[4][0] < 0 < pts[4][1]  # E down-left
    assert pts[5][0] < 0 and pts[5][1] < 0  # F up-left
    assert direction_index("c") == 2
    assert direction_between(ORIGIN, Hex(-1, 0)) == 5
    assert direction_between(ORIGIN, Hex(2, 0)) is None


def test_distance_counts_the_target_not_the_start() -> None:
    assert Hex(0, -2).distance(ORIGIN) == 2
    assert Hex(3, -1).distance(Hex(-2, 2)) == 5
    assert all(ORIGIN.neighbor(d).distance(ORIGIN) == 1 for d in range(6))


def test_rings_spirals_boards() -> None:
    assert [len(ring(ORIGIN, k)) for k in range(4)] == [1, 6, 12, 18]
    assert all(h.distance(ORIGIN) == 3 for h in ring(ORIGIN, 3))
    assert len(set(spiral(ORIGIN, 7))) == len(HexagonBoard(7)) == 169
    assert Hex(7, 0) in HexagonBoard(7) and Hex(8, 0) not in HexagonBoard(7)
    b = RectBoard(10, 6)
    assert len(list(b)) == 60
    assert all(RectBoard.from_offset(*RectBoard.to_offset(h)) == h for h in b)
    assert all(h in b for h in b) and RectBoard.from_offset(10, 0) not in b


def test_lines_are_contiguous_and_symmetric_in_length() -> None:
    a, b = Hex(-3, 1), Hex(4, -2)
    path = line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(path))


def test_rotation_and_facings() -> None:
    assert Hex(1, 0).rotate(1) == Hex(0, 1)  # C → D, one step clockwise
    assert Hex(1, 0).rotate(6) == Hex(1, 0)
    assert Hex(2, 0).rotate(3, center=Hex(1, 0)) == Hex(0, 0)
    assert [facing_name(f) for f in range(12)][:4] == ["A", "AB", "B", "BC"]
    assert facing_name(11) == "FA" and parse_facing("fa") == 11
    assert rotate_facing(11, 1) == 0
    with pytest.raises(ValueError):
        parse_facing("AC")
    with pytest.raises(ValueError):
        Hex.parse("1;2")
