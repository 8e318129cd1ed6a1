"""Tabletop geometry: exact numbers, bases, contact, paths, shapes and the surface.

Every expected value is one a person can check with a ruler (3-4-5 triangles, straight lines).
Terrain (movement costs, line of sight) is Astral Dreams': tests/astral_dreams/test_terrain.py.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidwar.core.tabletop import (
    Circle,
    Point,
    Rect,
    Surface,
    fmt,
    frac,
    in_contact,
    overlaps,
    path_clear_of_bases,
    path_length,
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


def test_toward_rounds_to_the_grid() -> None:
    p = toward(P("0,0"), P("3,4"), 2.5)
    assert p == P("1.5,2")
    q = toward(P("0,0"), P("3,4"), -5)
    assert q == P("-3,-4")



def test_path_length_sums_the_legs() -> None:
    assert path_length([P("10,10"), P("13,14"), P("13,15")]) == pytest.approx(6.0)  # 5 + 1
    assert path_length([P("10,10")]) == 0


def test_shapes_refuse_bad_sizes_and_meet_segments() -> None:
    with pytest.raises(ValueError):
        Rect(F(3), F(0), F(1), F(4))
    with pytest.raises(ValueError):
        Circle(P("5,5"), F(0))
    wall = Rect(F(10), F(10), F(12), F(20))
    assert wall.crosses_interior(P("5,15"), P("20,15"))
    assert not wall.crosses_interior(P("12,5"), P("12,25"))  # along the edge
    tower = Circle(P("30,30"), F(2))
    assert tower.crosses_interior(P("30,20"), P("30,40"))
    assert not tower.crosses_interior(P("32,20"), P("32,40"))  # tangent


def test_surface_edges() -> None:
    t = Surface(F(48), F(48))
    assert t.base_on_table(P("0.5,0.5"), HALF)
    assert not t.base_on_table(P("0.49,10"), HALF)
    assert t.clamp(P("-3,50"), HALF) == P("0.5,47.5")


def test_grid_round_is_round() -> None:
    """``grid_round`` is ``round`` of a float (ties to even) everywhere: ties, values next to
    them, negatives, huge values and random bit patterns (issue 18: the compiled build's own
    rounding)."""
    import math
    import random
    import struct

    from voidwar.core.tabletop import grid_round

    r = random.Random(18)
    values = [k / 2 for k in range(-400, 401)]
    values += [math.nextafter(v, d) for v in values for d in (-math.inf, math.inf)]
    values += [r.uniform(-5000, 5000) for _ in range(20_000)]
    values += [2.0**52 + 0.5, -(2.0**52) - 0.5, 2.0**53 + 1, 1e300, -1e300, 5e-324, -5e-324]
    for _ in range(20_000):
        v = struct.unpack("d", struct.pack("Q", r.getrandbits(64)))[0]
        if math.isfinite(v):
            values.append(v)
    for v in values:
        assert grid_round(v) == round(v), v
    for bad in (math.inf, -math.inf, math.nan):
        try:
            round(bad)
        except (OverflowError, ValueError) as e:
            expected: type[Exception] = type(e)
        try:
            grid_round(bad)
        except expected:
            continue
        raise AssertionError(f"grid_round({bad}) did not raise {expected.__name__}")
