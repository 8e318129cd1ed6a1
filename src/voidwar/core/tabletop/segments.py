"""Segments and round bases (:mod:`voidwar.core.tabletop`): a point's distance to a segment,
two segments crossing, Liang–Barsky clipping, bases overlapping, in contact, in the way."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import overload

from .exact import fl, float_le
from .points import Point

#: the numbers :func:`clip` works in: exact, or floats for a pre-test
Num = Fraction | float


def fsegment_point_dist2(a: Point, b: Point, p: Point) -> float:
    """Float copy of :func:`segment_point_dist2` (for pre-tests and heuristics)."""
    abx, aby = b.fx - a.fx, b.fy - a.fy
    denom = abx * abx + aby * aby
    if denom == 0:
        return a.fdist2(p)
    t = ((p.fx - a.fx) * abx + (p.fy - a.fy) * aby) / denom
    t = 1.0 if t > 1 else 0.0 if t < 0 else t
    dx, dy = a.fx + abx * t - p.fx, a.fy + aby * t - p.fy
    return dx * dx + dy * dy


def segment_point_dist2(a: Point, b: Point, p: Point) -> Fraction:
    """Squared distance from ``p`` to the segment ``ab`` (exact)."""
    ab = b - a
    denom = ab.dot(ab)
    if denom == 0:
        return a.dist2(p)
    t = (p - a).dot(ab) / denom
    t = min(Fraction(1), max(Fraction(0), t))
    q = Point(a.x + ab.x * t, a.y + ab.y * t)
    return q.dist2(p)


def _orient(a: Point, b: Point, c: Point) -> Fraction:
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the closed segments ``ab`` and ``cd`` share a point (exact)."""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)

    def on(p: Point, q: Point, r: Point) -> bool:
        return min(p.x, q.x) <= r.x <= max(p.x, q.x) and min(p.y, q.y) <= r.y <= max(p.y, q.y)

    if ((o1 > 0 > o2) or (o1 < 0 < o2)) and ((o3 > 0 > o4) or (o3 < 0 < o4)):
        return True
    return (
        (o1 == 0 and on(a, b, c))
        or (o2 == 0 and on(a, b, d))
        or (o3 == 0 and on(c, d, a))
        or (o4 == 0 and on(c, d, b))
    )


@overload
def clip(ax: Fraction, ay: Fraction, bx: Fraction, by: Fraction,
         box: tuple[Fraction, Fraction, Fraction, Fraction], lo: Fraction,
         hi: Fraction) -> tuple[Fraction, Fraction] | None: ...


@overload
def clip(ax: float, ay: float, bx: float, by: float, box: tuple[float, float, float, float],
         lo: float, hi: float) -> tuple[float, float] | None: ...


def clip(ax: Num, ay: Num, bx: Num, by: Num, box: tuple[Num, Num, Num, Num], lo: Num,
         hi: Num) -> tuple[Num, Num] | None:
    """Liang–Barsky: the parameter interval ``[t0, t1]`` (within ``[lo, hi]``, i.e. 0 and 1)
    of ``a + t(b − a)`` inside the closed box ``(x0, y0, x1, y1)``; ``None`` when apart. In
    Fractions it is exact; in floats it is the terrain's pre-test (a segment that only touches
    the box gives ``t0 == t1``).

    Overloads over one body typed by the union, not a constrained ``TypeVar``: mypyc compiles
    a ``TypeVar("Num", Fraction, float)`` body once, as floats, and the exact clip came back
    in floats (``tests/core/test_tabletop.py`` checks its type both ways)."""
    x0, y0, x1, y1 = box
    dx, dy = bx - ax, by - ay
    t0, t1 = lo, hi
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return None  # parallel to this side and outside it
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return t0, t1


# -- bases -------------------------------------------------------------------------------------
def overlaps(a: Point, ra: Fraction, b: Point, rb: Fraction) -> bool:
    """Two round bases overlap when their centres are closer than the sum of the radii.

    Touching (exactly the sum) is not overlapping."""
    s = ra + rb
    fs = fl(s)
    quick = float_le(fs * fs, a.fdist2(b))
    if quick is not None:
        return not quick
    return a.dist2(b) < s * s


def in_contact(a: Point, ra: Fraction, b: Point, rb: Fraction, tolerance: Fraction) -> bool:
    """Base to base: the gap between the two base edges is at most ``tolerance``."""
    s = ra + rb + tolerance
    fs = fl(s)
    quick = float_le(a.fdist2(b), fs * fs)
    return quick if quick is not None else a.dist2(b) <= s * s


def path_clear_of_bases(
    path: Sequence[Point], radius: Fraction, others: Iterable[tuple[str, Point, Fraction]]
) -> str | None:
    """The id of the first base a base of ``radius`` moved along ``path`` would pass through.

    A base may slide along another (edges touching) but never cut into it. ``None`` if clear."""
    return path_clear_of_limits(path, radius, base_limits(radius, others))


#: a base as :func:`path_clear_of_limits` takes it: id, centre, radius, float squared limit
BaseLimit = tuple[str, Point, Fraction, float]


def base_limits(
    radius: Fraction, others: Iterable[tuple[str, Point, Fraction]]
) -> list[BaseLimit]:
    """The bases of :func:`path_clear_of_bases` prepared once for many paths of one base."""
    fr = fl(radius)
    return [(ident, c, r, (fr + fl(r)) ** 2) for ident, c, r in others]


def path_clear_of_limits(
    path: Sequence[Point], radius: Fraction, limits: Sequence[BaseLimit]
) -> str | None:
    """:func:`path_clear_of_bases` with the bases prepared by :func:`base_limits`. A base
    whose centre lies clearly outside the leg's bounding box grown by the two radii (a margin
    far above rounding) is clear of it without the distance worked out."""
    for a, b in pairwise(path):
        x0, x1 = (a.fx, b.fx) if a.fx <= b.fx else (b.fx, a.fx)
        y0, y1 = (a.fy, b.fy) if a.fy <= b.fy else (b.fy, a.fy)
        for ident, c, r, fs2 in limits:
            m = math.sqrt(fs2) * (1 + 1e-6) + 1e-6
            if c.fx < x0 - m or c.fx > x1 + m or c.fy < y0 - m or c.fy > y1 + m:
                continue
            if leg_blocked(a, b, c, radius, r, fs2):
                return ident
    return None


def leg_blocked(a: Point, b: Point, c: Point, radius: Fraction, r: Fraction, fs2: float) -> bool:
    """Whether a base of ``radius`` moved straight from ``a`` to ``b`` would cut into the base
    of radius ``r`` at ``c``: the segment comes closer to ``c`` than the two radii (sliding
    along it, edges touching, is allowed). ``fs2``: the two radii's sum squared in floats, the
    pre-test's limit; the exact test decides within its margin."""
    quick = float_le(fs2, fsegment_point_dist2(a, b, c))
    if quick is not None:
        return not quick
    return segment_point_dist2(a, b, c) < (radius + r) ** 2


