"""Tabletop geometry: exact numbers, bases, contact, paths, terrain costs and line of sight.

Every expected value is one a person can check with a ruler (3-4-5 triangles, straight lines).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidwar.core.tabletop import (
    Circle,
    Feature,
    Point,
    Rect,
    Table,
    fmt,
    frac,
    in_contact,
    overlaps,
    path_clear_of_bases,
    segment_point_dist2,
    segments_intersect,
    toward,
    within,
)

HALF = F(1, 2)


def P(text: str) -> Point:
    return Point.parse(text)


def test_numbers_are_exact_decimals() -> None:
    assert frac("12.5") == F(25, 2)
    assert frac("-0.1") == F(-1, 10)
    assert fmt(F(25, 2)) == "12.5"
    assert fmt(F(-1, 100)) == "-0.01"
    assert fmt(F(30)) == "30"
    assert str(P("12.50,30")) == "12.5,30"
    with pytest.raises(ValueError):
        frac(0.1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Point.parse("12;30")
    with pytest.raises(ValueError):
        Point.parse("1e3,2")


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6))
def test_point_text_round_trips(x: int, y: int) -> None:
    p = Point(F(x, 100), F(y, 100))
    assert Point.parse(str(p)) == p


def test_distance_three_four_five() -> None:
    a, b = P("0,0"), P("3,4")
    assert a.dist2(b) == 25
    assert a.dist(b) == 5.0
    assert within(a, b, 5)
    assert not within(a, b, "4.99")


def test_touching_bases_do_not_overlap_but_are_in_contact() -> None:
    a = P("10,10")
    assert not overlaps(a, HALF, P("11,10"), HALF)  # edges touch
    assert overlaps(a, HALF, P("10.99,10"), HALF)
    tol = F(1, 10)
    assert in_contact(a, HALF, P("11.1,10"), HALF, tol)  # a 0.1" gap is within tolerance
    assert not in_contact(a, HALF, P("11.11,10"), HALF, tol)
    # on a diagonal: 0.6,0.8 → centres exactly 1 apart (3-4-5 scaled)
    assert in_contact(P("0,0"), HALF, P("0.6,0.8"), HALF, F(0))
    assert not overlaps(P("0,0"), HALF, P("0.6,0.8"), HALF)


def test_path_through_a_base_is_refused_sliding_past_is_not() -> None:
    others = [("R1", P("13,10"), HALF)]
    # straight through R1
    assert path_clear_of_bases([P("10,10"), P("16,10")], HALF, others) == "R1"
    # passing exactly one inch from R1's centre: the bases slide edge to edge
    assert path_clear_of_bases([P("10,11"), P("16,11")], HALF, others) is None
    assert path_clear_of_bases([P("10,10.99"), P("16,10.99")], HALF, others) == "R1"
    # around it by a waypoint
    assert path_clear_of_bases([P("10,10"), P("13,12"), P("16,10")], HALF, others) is None


def test_segment_point_distance() -> None:
    assert segment_point_dist2(P("0,0"), P("10,0"), P("5,3")) == 9
    assert segment_point_dist2(P("0,0"), P("10,0"), P("13,4")) == 25  # beyond the end
    assert segments_intersect(P("0,0"), P("4,4"), P("0,4"), P("4,0"))
    assert not segments_intersect(P("0,0"), P("1,1"), P("2,2"), P("3,0"))


def test_path_length_and_fit_exact_at_the_limit() -> None:
    t = Table(F(48), F(48))
    assert t.path_fits([P("10,10"), P("13.6,14.8")], 6)  # exactly 6"
    assert not t.path_fits([P("10,10"), P("13.6,14.81")], 6)
    path = [P("10,10"), P("13,14"), P("13,15")]  # 5 + 1
    assert t.path_length(path) == pytest.approx(6.0)
    assert t.path_fits(path, 6)
    assert not t.path_fits([P("10,10"), P("13,14"), P("13,15.01")], 6)


def test_terrain_multipliers() -> None:
    hill = Feature("hill", Rect(F(20), F(0), F(30), F(48)), move=HALF)
    road = Feature("road", Rect(F(0), F(20), F(48), F(22)), move=F(2))
    t = Table(F(48), F(48), (hill, road))
    # 1" of open ground, then 2.5" of hill at half movement: 1 + 5 = 6
    assert t.path_cost([P("19,10"), P("22.5,10")]) == pytest.approx(6.0)
    assert t.path_fits([P("19,10"), P("22.5,10")], 6)
    assert not t.path_fits([P("19,10"), P("22.51,10")], 6)
    # along the road at double movement: 12" cost 6
    assert t.path_fits([P("2,21"), P("14,21")], 6)
    # where road and hill overlap, the slowest applies (½): 2" there cost 4
    assert t.path_cost([P("20,21"), P("22,21")]) == pytest.approx(4.0)


def test_terrain_refuses_bad_shapes() -> None:
    with pytest.raises(ValueError):
        Feature("pond", Circle(P("5,5"), F(2)), move=HALF)
    with pytest.raises(ValueError):
        Rect(F(3), F(0), F(1), F(4))
    with pytest.raises(ValueError):
        Feature("pit", Rect(F(0), F(0), F(1), F(1)), move=F(0))


def test_line_of_sight() -> None:
    wall = Feature("wall", Rect(F(10), F(10), F(12), F(20)), impassable=True, blocks_los=True)
    tower = Feature("tower", Circle(P("30,30"), F(2)), blocks_los=True)
    wood = Feature("wood", Rect(F(40), F(0), F(46), F(6)), blocks_los=True)
    t = Table(F(48), F(48), (wall, tower, wood))
    assert t.line_of_sight(P("5,15"), P("20,15")) is wall
    assert t.line_of_sight(P("5,25"), P("20,25")) is None
    # grazing the wall's edge is not through it
    assert t.line_of_sight(P("12,5"), P("12,25")) is None
    assert t.line_of_sight(P("30,20"), P("30,40")) is tower
    assert t.line_of_sight(P("32,20"), P("32,40")) is None  # tangent to the tower
    # into and out of the wood, not through it
    assert t.line_of_sight(P("43,3"), P("43,30")) is None
    assert t.line_of_sight(P("38,3"), P("47.5,3")) is wood


def test_impassable_terrain_and_table_edges() -> None:
    wall = Feature("wall", Rect(F(10), F(10), F(12), F(20)), impassable=True, blocks_los=True)
    t = Table(F(48), F(48), (wall,))
    assert t.impassable_on([P("5,15"), P("9,15")], HALF) is None
    assert t.impassable_on([P("5,15"), P("9.6,15")], HALF) is wall  # the base edge cuts in
    assert t.impassable_on([P("5,15"), P("9.5,15")], HALF) is None  # edge touches the wall
    assert t.base_on_table(P("0.5,0.5"), HALF)
    assert not t.base_on_table(P("0.49,10"), HALF)
    assert t.clamp(P("-3,50"), HALF) == P("0.5,47.5")


def test_toward_rounds_to_the_grid() -> None:
    p = toward(P("0,0"), P("3,4"), 2.5)
    assert p == P("1.5,2")
    q = toward(P("0,0"), P("3,4"), -5)
    assert q == P("-3,-4")
