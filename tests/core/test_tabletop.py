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
    them, negatives, huge values and random bit patterns (the compiled build's own
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


def test_grid_points_and_text_are_exact() -> None:
    """Points rounded to the 0.01" grid are exactly the hundredths, with their floats; their
    text reads back as the same point."""
    for n in range(-2000, 2000, 7):
        p = Point.near(n / 100, -n / 100 + 0.004)
        assert p.x == F(n, 100) and p.fx == float(p.x) and p.fy == float(p.y)
        assert Point.parse(str(p)) == p
        assert Point.grid(n, -n) == p
    for v in (F(1, 3), F(-7, 8), F(5), F(-1, 64), F(12, 10**7)):
        assert fmt(v) == fmt(F(v.numerator, v.denominator))
    assert fmt(F(-1, 8)) == "-0.125"
    assert fmt(F(1, 3)) == "0.333333"
    assert within(Point.of(0, 0), Point.of(3, 4), 5)
    assert not within(Point.of(0, 0), Point(F(3), F(4) + F(1, 10**9)), 5)


def test_points_are_values() -> None:
    """Equal points are equal and hash alike however they were made (a whole number or a
    Fraction, parsed or rounded to the grid), and are frozen; points whose floats agree but
    whose exact values differ are different points."""
    from dataclasses import FrozenInstanceError

    a, b, c = Point(F(3), F(4)), Point(3, 4), Point.near(3.0, 4.0)  # type: ignore[arg-type]
    assert a == b == c and hash(a) == hash(b) == hash(c) == hash(P("3,4"))
    assert len({a, b, c, P("3,4")}) == 1
    close = Point(F(3) + F(1, 10**30), F(4))  # the same floats, another value
    assert close.fx == a.fx and close != a and len({a, close}) == 2
    with pytest.raises(FrozenInstanceError):
        c.x = F(1)  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del c.fx


def test_a_point_is_exact_inches() -> None:
    """A point's coordinates are exact: an int is made a Fraction, and a float, a bool or a
    Decimal (equal to an exact number, but not one) is refused naming the coordinate, so no
    point (and no action holding one) carries an inexact position."""
    import copy
    import pickle
    from decimal import Decimal

    p = Point(3, 4)  # type: ignore[arg-type]
    assert type(p.x) is F and type(p.y) is F and p == Point.of("3", "4") and str(p) == "3,4"
    for bad in (3.0, True, Decimal(3)):
        with pytest.raises(TypeError, match="a point's x: exact inches"):
            Point(bad, F(4))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a point's y: exact inches"):
            Point(F(4), bad)  # type: ignore[arg-type]
    q = Point.grid(1234, -5)
    assert (q.x, q.y, q.fx, q.fy) == (F(1234, 100), F(-5, 100), 12.34, -0.05)
    assert pickle.loads(pickle.dumps(q)) == q and copy.deepcopy(q) is q
    assert repr(q) == "Point(x=Fraction(617, 50), y=Fraction(-1, 20))"
    assert sorted([Point.grid(2, 0), Point.grid(1, 5), Point.grid(1, 1)]) == [
        Point.grid(1, 1), Point.grid(1, 5), Point.grid(2, 0)]
    match q:
        case Point(x, y):
            assert (x, y) == (q.x, q.y)


def test_clipping_is_one_routine_exact_and_in_floats() -> None:
    """Liang–Barsky on a 4" × 2" box: the part of a segment inside, as parameters; exact for
    exact points, and the same routine on the floats agrees; a segment touching a corner meets
    the box in one point, one parallel to a side and outside it not at all."""
    import random

    from voidwar.core.tabletop import clip

    box = Rect(F(2), F(1), F(6), F(3))
    assert box.clip(P("0,2"), P("8,2")) == (F(1, 4), F(3, 4))  # through, 2..6 of 0..8
    assert box.clip(P("4,2"), P("4,10")) == (F(0), F(1, 8))  # from inside out
    assert box.clip(P("0,1"), P("4,5")) == (F(1, 2), F(1, 2))  # touches the corner 2,3
    assert box.clip(P("0,4"), P("8,4")) is None  # parallel, above
    assert box.clip(P("0,0"), P("1,5")) is None
    assert clip(0.0, 2.0, 8.0, 2.0, box.fbox, 0.0, 1.0) == (0.25, 0.75)
    rng = random.Random(3)
    for _ in range(300):
        a = Point(F(rng.randrange(-100, 900), 100), F(rng.randrange(-100, 500), 100))
        b = Point(F(rng.randrange(-100, 900), 100), F(rng.randrange(-100, 500), 100))
        exact, floats = box.clip(a, b), box.fclip(a, b)
        # exact stays exact (in the compiled build too), floats stay floats
        assert exact is None or (type(exact[0]), type(exact[1])) == (F, F)
        assert floats is None or (type(floats[0]), type(floats[1])) == (float, float)
        if exact is None:  # apart; in floats at most a touch within rounding
            assert floats is None or floats[1] - floats[0] < 1e-9
        elif floats is None:
            assert exact[0] == exact[1]  # a touch the floats round away
        else:
            assert floats == pytest.approx((float(exact[0]), float(exact[1])), abs=1e-12)


def test_a_base_moved_past_another() -> None:
    """A 1" base moved along a line 1" from another's centre slides edge to edge (allowed);
    0.99" away it cuts in; a move that stops short of it is clear."""
    from voidwar.core.tabletop import leg_blocked

    c, r, fs2 = P("5,1"), HALF, 1.0
    assert not leg_blocked(P("0,0"), P("10,0"), c, r, r, fs2)  # touching: centres 1" apart
    assert leg_blocked(P("0,0.01"), P("10,0.01"), c, r, r, fs2)
    assert not leg_blocked(P("0,0.5"), P("4,0.5"), c, r, r, fs2)  # stops 1.12" short


def test_where_a_base_may_stand() -> None:
    """On a 48" table a base of radius 0.5" stands with its centre 0.5" to 47.5" from the
    lower left; the nearest allowed centre to a point off the table is on that border."""
    area = Surface(F(48), F(48)).area(HALF)
    assert area.contains(P("0.5,47.5")) and not area.contains(P("0.5,47.51"))
    assert area.clamp(P("-3,20")) == P("0.5,20")
    assert area.clamp(P("60,-1")) == P("47.5,0.5")
    inside = P("10,10")
    assert area.clamp(inside) is inside
