"""Continuous tabletop geometry in inches, for miniature rulesets (no ruleset named here).

Everything that can be decided exactly is decided exactly: coordinates are :class:`Fraction`
values (parsed from decimal text such as ``"12.5"``), and every comparison of a distance with a
limit is made on *squared* distances, which are rational. Only sums of several square roots
(the length of a path with waypoints) are computed in floating point, and those are compared with
a documented tolerance, :data:`EPS`.

Speed without giving up exactness: points and shapes cache float copies of their coordinates;
each test is first made in floats with a relative margin (:data:`MARGIN`, :func:`float_le`) and
falls back to the exact rational test only when the float answer is within that margin of the
limit.

The pieces:

* :class:`Point` — a position on the table; text ``"12.5,30"``; :func:`within`, :func:`toward`,
  :func:`path_length`, segment distances and intersection.
* round bases: :func:`overlaps` (two bases share area; touching is not overlapping),
  :func:`in_contact` (base to base, with a tolerance), :func:`path_clear_of_bases` (a base moved
  along a path never passes through another).
* :class:`Rect` and :class:`Circle` shapes (clipping, distances to segments, crossing).
* :class:`Surface` — a width × height table: :meth:`Surface.base_on_table`,
  :meth:`Surface.clamp`.

Terrain (what a shape on the table does to movement and sight) is a ruleset's own reading and
lives with the ruleset.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from .memo import remember
from .native import mypyc_attr

#: tolerance for sums of square roots (path lengths): a path fits a speed when its cost is at
#: most ``speed + EPS``. Far below anything a ruler measures, far above float rounding.
EPS = 1e-9

#: the grid generated points are rounded to (computed positions such as "6 inches toward R2")
QUANTUM = Fraction(1, 100)

#: relative margin of the float pre-tests (answers nearer the limit are decided exactly)
MARGIN = 1e-9

_NUM = re.compile(r"^\s*([+-]?)(\d+)(?:\.(\d{1,6}))?\s*$")

Number = int | str | Fraction


def fl(value: Fraction | int | float) -> float:
    """``float(value)`` for an int or a Fraction, without the slow generic conversion: the
    correctly rounded quotient of numerator and denominator, the very value ``float`` gives."""
    if isinstance(value, float):  # a float given where an exact number is expected
        return value
    return value.numerator / value.denominator


#: Fraction(n, 100) for the grid integers met so far (points rounded to :data:`QUANTUM`):
#: remembered (core/memo.py), so that every point of a grid value shares one Fraction
_GRID: dict[int, Fraction] = {}


def _grid(n: int) -> Fraction:
    """``n * QUANTUM``, shared between the points that use it."""
    f = _GRID.get(n)
    if f is None:
        f = remember(_GRID, n, Fraction(n, 100), 200_000)
    return f


def frac(value: Number) -> Fraction:
    """An exact number from an int, a Fraction or decimal text (``"12.5"``); floats refused.

    Raises :class:`ValueError` with a readable reason otherwise.
    """
    if type(value) is Fraction:
        return value
    if isinstance(value, bool):
        raise ValueError(f"not a number: {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        m = _NUM.match(value)
        if not m:
            raise ValueError(f"not a decimal number: {value!r}")
        sign, whole, dec = m.groups()
        f = Fraction(int(whole + (dec or "")), 10 ** len(dec or ""))
        return -f if sign == "-" else f
    raise ValueError(f"not an exact number: {value!r}")


def fmt(value: Fraction) -> str:
    """Exact decimal text of a Fraction (``Fraction(25, 2)`` → ``"12.5"``).

    Values with a non-terminating decimal expansion are printed to 6 places (never produced by
    this module's own constructions, which stay on :data:`QUANTUM`)."""
    num, den = value.numerator, value.denominator
    if den == 1:
        return str(num)
    sign = "-" if num < 0 else ""
    for places in range(1, 7):
        scale = 10**places
        if scale % den == 0:  # the same test as "v * 10**places is whole"
            s = str(abs(num) * (scale // den)).rjust(places + 1, "0")
            return f"{sign}{s[:-places]}.{s[-places:]}"
    return f"{sign}{float(abs(value)):.6f}"


def grid_round(v: float) -> int:
    """``round(v)`` of a float: the nearest integer, ties to even, the same value (``v - n`` is
    exact for ``n = floor(v)`` wherever a tie can occur; infinities and NaN raise alike). Its
    own function so that the compiled build calls ``floor`` natively, not the generic
    built-in (issue 18)."""
    n = math.floor(v)
    d = v - n
    if d > 0.5 or (d == 0.5 and n % 2 == 1):
        return n + 1
    return n


def quantize(value: float, step: Fraction = QUANTUM, toward_zero: bool = False) -> Fraction:
    """A float rounded to the grid ``step`` (nearest, or toward zero)."""
    q = value / float(step)
    n = math.trunc(q) if toward_zero else round(q)
    return n * step


def float_le(fa: float, fb: float) -> bool | None:
    """Float pre-test of ``a ≤ b`` for non-negative quantities; ``None``: too close to call
    (the caller then decides exactly)."""
    tol = MARGIN * (abs(fb) + abs(fa)) + 1e-12
    if fa < fb - tol:
        return True
    if fa > fb + tol:
        return False
    return None


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True, order=True)
class Point:
    """A point on the table, in inches. ``str(p)`` is ``"x,y"`` in exact decimals."""

    x: Fraction
    y: Fraction
    fx: float = field(init=False, repr=False, compare=False, hash=False)
    fy: float = field(init=False, repr=False, compare=False, hash=False)
    #: the text, made when first asked for
    text: str | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        x, y = self.x, self.y
        object.__setattr__(self, "fx", fl(x) if type(x) is Fraction else float(x))
        object.__setattr__(self, "fy", fl(y) if type(y) is Fraction else float(y))

    def __eq__(self, other: object) -> bool:
        # the floats first: unequal floats mean unequal values (a float is a function of the
        # value); equal ones are confirmed exactly
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Point)
        return (self.fx == other.fx and self.fy == other.fy
                and self.x == other.x and self.y == other.y)

    def __hash__(self) -> int:
        return hash((self.x, self.y))

    def __copy__(self) -> Point:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Point:
        return self

    @classmethod
    def of(cls, x: Number, y: Number) -> Point:
        """A point from exact numbers (ints, Fractions or decimal text)."""
        return cls(frac(x), frac(y))

    @classmethod
    def parse(cls, text: str) -> Point:
        """``"12.5,30"`` → Point; :class:`ValueError` on anything else."""
        parts = text.split(",")
        if len(parts) != 2:
            raise ValueError(f"a point is 'x,y' in inches, not {text!r}")
        return cls(frac(parts[0]), frac(parts[1]))

    @classmethod
    def near(cls, x: float, y: float, step: Fraction = QUANTUM) -> Point:
        """The grid point nearest to a float position."""
        if step is QUANTUM and cls is Point:
            # quantize() on the default grid: round(v / 0.01) hundredths (grid_round); n / 100
            # is the correctly rounded float of Fraction(n, 100), as float() gives it
            nx, ny = grid_round(x / 0.01), grid_round(y / 0.01)
            gx, gy = _GRID.get(nx), _GRID.get(ny)
            return _point(_grid(nx) if gx is None else gx, _grid(ny) if gy is None else gy,
                          nx / 100, ny / 100)
        return cls(quantize(x, step), quantize(y, step))

    def __str__(self) -> str:
        t = self.text
        if t is None:
            t = f"{fmt(self.x)},{fmt(self.y)}"
            object.__setattr__(self, "text", t)
        return t

    def __add__(self, other: Point) -> Point:
        return Point(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point(self.x - other.x, self.y - other.y)

    def dot(self, other: Point) -> Fraction:
        """Dot product of the two position vectors (exact)."""
        return self.x * other.x + self.y * other.y

    def dist2(self, other: Point) -> Fraction:
        """Squared distance (exact)."""
        dx, dy = self.x - other.x, self.y - other.y
        return dx * dx + dy * dy

    def fdist2(self, other: Point) -> float:
        """Squared distance in floats (pre-tests and heuristics)."""
        dx, dy = self.fx - other.fx, self.fy - other.fy
        return dx * dx + dy * dy

    def dist(self, other: Point) -> float:
        """Distance in inches (a float, for display and path costs)."""
        return math.sqrt(self.fdist2(other))

    def as_floats(self) -> tuple[float, float]:
        """The cached float coordinates ``(x, y)``."""
        return self.fx, self.fy


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class _PointFields:
    """A :class:`Point`'s storage, writable while :func:`_point` fills it; then made a
    ``Point`` (``__class__`` assignment: the same slots), which no one can change."""

    __slots__ = ("x", "y", "fx", "fy", "text")  # noqa: RUF023 (Point's order, its layout)


def _point(x: Fraction, y: Fraction, fx: float, fy: float) -> Point:
    """A point whose float copies are already known (``fx == float(x)``, ``fy == float(y)``):
    plain stores, not five ``object.__setattr__`` calls (issue 18)."""
    p: Any = _PointFields()
    p.x = x
    p.y = y
    p.fx = fx
    p.fy = fy
    p.text = None
    p.__class__ = Point
    return p  # type: ignore[no-any-return]



def within(a: Point, b: Point, limit: Number) -> bool:
    """``|ab| ≤ limit``, exactly."""
    if type(limit) is int:  # the common case: a whole number of inches
        if limit < 0:
            return False
        fi = float(limit)
        quick = float_le(a.fdist2(b), fi * fi)
        return quick if quick is not None else a.dist2(b) <= limit * limit
    lim = frac(limit)
    if lim < 0:
        return False
    flim = fl(lim)
    quick = float_le(a.fdist2(b), flim * flim)
    return quick if quick is not None else a.dist2(b) <= lim * lim


def toward(a: Point, b: Point, distance: float, step: Fraction = QUANTUM) -> Point:
    """The grid point about ``distance`` inches from ``a`` toward ``b`` (negative: away).

    Rounded so that it is never farther from ``a`` than ``distance`` plus one grid step's
    diagonal; callers that need a hard bound check the result."""
    ax, ay = a.as_floats()
    bx, by = b.as_floats()
    d = math.hypot(bx - ax, by - ay)
    if d == 0:
        return a
    f = distance / d
    return Point.near(ax + (bx - ax) * f, ay + (by - ay) * f, step)


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
    """:func:`path_clear_of_bases` with the bases prepared by :func:`base_limits`."""
    for a, b in pairwise(path):
        for ident, c, r, fs2 in limits:
            quick = float_le(fs2, fsegment_point_dist2(a, b, c))
            if quick is True:
                continue
            if quick is None and segment_point_dist2(a, b, c) >= (radius + r) ** 2:
                continue
            return ident
    return None


# -- shapes --------------------------------------------------------------------------------
@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle ``x0 ≤ x ≤ x1, y0 ≤ y ≤ y1``."""

    x0: Fraction
    y0: Fraction
    x1: Fraction
    y1: Fraction
    fbox: tuple[float, float, float, float] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if not (self.x0 < self.x1 and self.y0 < self.y1):
            raise ValueError("a rectangle needs x0 < x1 and y0 < y1")
        box = (float(self.x0), float(self.y0), float(self.x1), float(self.y1))
        object.__setattr__(self, "fbox", box)

    def near_segment(self, a: Point, b: Point, margin: float) -> bool:
        """Cheap float test: the segment's bounding box, grown by ``margin``, meets this one.
        ``False`` means certainly apart by more than ``margin``."""
        x0, y0, x1, y1 = self.fbox
        m = margin + 1e-9
        return not (
            max(a.fx, b.fx) < x0 - m or min(a.fx, b.fx) > x1 + m
            or max(a.fy, b.fy) < y0 - m or min(a.fy, b.fy) > y1 + m
        )

    def contains(self, p: Point) -> bool:
        """``p`` lies inside or on the edge."""
        return self.x0 <= p.x <= self.x1 and self.y0 <= p.y <= self.y1

    def strictly_contains(self, p: Point) -> bool:
        """``p`` lies inside, not on the edge."""
        return self.x0 < p.x < self.x1 and self.y0 < p.y < self.y1

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The four corners, counter-clockwise from the lower left."""
        return (
            Point(self.x0, self.y0),
            Point(self.x1, self.y0),
            Point(self.x1, self.y1),
            Point(self.x0, self.y1),
        )

    def centre(self) -> Point:
        """The middle of the rectangle."""
        return Point((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def clip(self, a: Point, b: Point) -> tuple[Fraction, Fraction] | None:
        """Liang–Barsky: the parameter interval ``[t0, t1]`` of ``a + t(b-a)`` inside (closed)."""
        t0, t1 = Fraction(0), Fraction(1)
        dx, dy = b.x - a.x, b.y - a.y
        for p, q in (
            (-dx, a.x - self.x0),
            (dx, self.x1 - a.x),
            (-dy, a.y - self.y0),
            (dy, self.y1 - a.y),
        ):
            if p == 0:
                if q < 0:
                    return None
                continue
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return None
        return t0, t1

    def point_dist2(self, p: Point) -> Fraction:
        """Squared distance from ``p`` to the (closed) rectangle; 0 inside (exact)."""
        dx = max(self.x0 - p.x, Fraction(0), p.x - self.x1)
        dy = max(self.y0 - p.y, Fraction(0), p.y - self.y1)
        return dx * dx + dy * dy

    def segment_dist2(self, a: Point, b: Point) -> Fraction:
        """Squared distance between the segment and the (closed) rectangle; 0 if they meet."""
        if self.clip(a, b) is not None:
            return Fraction(0)
        return min(
            self.point_dist2(a),
            self.point_dist2(b),
            *(segment_point_dist2(a, b, c) for c in self.corners()),
        )

    def crosses_interior(self, a: Point, b: Point) -> bool:
        """Whether the segment passes through the inside (not just along an edge)."""
        if not self.near_segment(a, b, 0.0):
            return False
        iv = self.clip(a, b)
        if iv is None:
            return False
        t0, t1 = iv
        tm = (t0 + t1) / 2
        mid = Point(a.x + (b.x - a.x) * tm, a.y + (b.y - a.y) * tm)
        return self.strictly_contains(mid)

    def describe(self) -> str:
        """Short text: ``rect x0,y0–x1,y1``."""
        return f"rect {fmt(self.x0)},{fmt(self.y0)}–{fmt(self.x1)},{fmt(self.y1)}"


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Circle:
    """A disc of ``radius`` around ``centre``."""

    centre: Point
    radius: Fraction

    def __post_init__(self) -> None:
        if self.radius <= 0:
            raise ValueError("a circle needs a positive radius")

    def contains(self, p: Point) -> bool:
        """``p`` lies inside or on the circle."""
        return self.centre.dist2(p) <= self.radius * self.radius

    def crosses_interior(self, a: Point, b: Point) -> bool:
        """Whether the segment passes through the inside (a tangent does not)."""
        return not self.segment_dist2_ok(a, b, Fraction(0))

    def segment_dist2_ok(self, a: Point, b: Point, clearance: Fraction) -> bool:
        """True when the segment stays at least ``clearance`` outside the disc."""
        s = self.radius + clearance
        fs = fl(s)
        quick = float_le(fs * fs, fsegment_point_dist2(a, b, self.centre))
        if quick is not None:
            return quick
        return segment_point_dist2(a, b, self.centre) >= s * s

    def describe(self) -> str:
        """Short text: ``circle at x,y r R``."""
        return f"circle at {self.centre} r {fmt(self.radius)}"


Shape = Rect | Circle


def path_length(path: Sequence[Point]) -> float:
    """Length of a path through its points, in inches (a float: a sum of square roots)."""
    return sum(a.dist(b) for a, b in pairwise(path))


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Surface:
    """A rectangular playing surface: ``width`` × ``height`` inches, origin at the lower left
    corner. Terrain on it belongs to the ruleset that uses it."""

    width: Fraction
    height: Fraction
    _fsize: tuple[float, float] = field(init=False, repr=False, compare=False)
    #: per base radius: the exact bounds of its centre, ``(lo_x, hi_x, lo_y, hi_y)``; the
    #: table's own memo, kept as a remembered table (core/memo.py): a tuple stored in one step
    _bounds: dict[Fraction, tuple[Fraction, Fraction, Fraction, Fraction]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_fsize", (float(self.width), float(self.height)))
        object.__setattr__(self, "_bounds", {})

    def centre_bounds(self, radius: Fraction) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """Where the centre of a base of ``radius`` may be, exactly: ``(lo_x, hi_x, lo_y,
        hi_y)`` (worked out once per radius)."""
        b = self._bounds.get(radius)
        if b is None:
            b = self._bounds[radius] = (
                radius, self.width - radius, radius, self.height - radius)
        return b

    def base_on_table(self, p: Point, radius: Fraction) -> bool:
        """The whole base of ``radius`` around ``p`` lies on the surface."""
        w, h = self._fsize
        r = fl(radius)
        m = 1e-9
        if r + m < p.fx < w - r - m and r + m < p.fy < h - r - m:
            return True
        x0, x1, y0, y1 = self.centre_bounds(radius)
        return x0 <= p.x <= x1 and y0 <= p.y <= y1

    def clamp(self, p: Point, radius: Fraction) -> Point:
        """The nearest point to ``p`` where a base of ``radius`` lies wholly on the surface."""
        w, h = self._fsize
        r = fl(radius)
        m = 1e-9 * (1.0 + abs(w) + abs(h) + abs(r))  # far above the floats' rounding
        if r + m < p.fx < w - r - m and r + m < p.fy < h - r - m:
            return p  # clearly inside: the clamp is p itself
        x0, x1, y0, y1 = self.centre_bounds(radius)
        x, y = min(max(p.x, x0), x1), min(max(p.y, y0), y1)
        if x is p.x and y is p.y:
            return p  # the same value (Point compares by value)
        return Point(x, y)
