"""Shapes on the table and the table itself (:mod:`voidwar.core.tabletop`): rectangles,
circles, and a width × height surface that bases must stay on."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..memo import remember
from ..native import mypyc_attr
from .exact import fl, float_le, fmt
from .points import Point
from .segments import clip, fsegment_point_dist2, segment_point_dist2

_ZERO, _ONE = Fraction(0), Fraction(1)


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
        """Liang–Barsky (:func:`.segments.clip`): the parameter interval ``[t0, t1]`` of
        ``a + t(b-a)`` inside (closed), exactly."""
        return clip(a.x, a.y, b.x, b.y, (self.x0, self.y0, self.x1, self.y1), _ZERO, _ONE)

    def fclip(self, a: Point, b: Point) -> tuple[float, float] | None:
        """:meth:`clip` in floats (pre-tests: the same routine on the float copies)."""
        return clip(a.fx, a.fy, b.fx, b.fy, self.fbox, 0.0, 1.0)

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


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class BaseArea:
    """Where the centre of a round base may stand on a surface: the closed box ``x0 ≤ x ≤ x1,
    y0 ≤ y ≤ y1`` (exact), with the float box a margin inside it that the pre-tests use."""

    x0: Fraction
    x1: Fraction
    y0: Fraction
    y1: Fraction
    #: how far inside the bounds a float is clearly inside (far above the floats' rounding)
    margin: float
    #: ``(x0, x1, y0, y1)`` in floats, and the same moved ``margin`` inward
    fbounds: tuple[float, float, float, float] = field(
        init=False, repr=False, compare=False, hash=False)
    inside: tuple[float, float, float, float] = field(
        init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        x0, x1, y0, y1 = fl(self.x0), fl(self.x1), fl(self.y0), fl(self.y1)
        m = self.margin
        object.__setattr__(self, "fbounds", (x0, x1, y0, y1))
        object.__setattr__(self, "inside", (x0 + m, x1 - m, y0 + m, y1 - m))

    def contains(self, p: Point) -> bool:
        """The centre ``p`` is allowed (the whole base lies on the surface)."""
        x0, x1, y0, y1 = self.inside
        if x0 < p.fx < x1 and y0 < p.fy < y1:
            return True
        return self.x0 <= p.x <= self.x1 and self.y0 <= p.y <= self.y1

    def clamp(self, p: Point) -> Point:
        """The nearest allowed centre to ``p`` (``p`` itself when allowed)."""
        x0, x1, y0, y1 = self.inside
        px, py = p.fx, p.fy
        if x0 < px < x1 and y0 < py < y1:
            return p  # clearly inside
        lo, hi, _, _ = self.fbounds
        x = _clamped(p.x, px, self.x0, self.x1, lo, hi, self.margin)
        _, _, lo, hi = self.fbounds
        y = _clamped(p.y, py, self.y0, self.y1, lo, hi, self.margin)
        if x is p.x and y is p.y:
            return p  # the same value (Point compares by value)
        return Point.of_floats(x, y)


def _clamped(v: Fraction, fv: float, lo: Fraction, hi: Fraction, flo: float, fhi: float,
             m: float) -> Fraction:
    """``min(max(v, lo), hi)``: decided in floats (``fv``, ``flo``, ``fhi``) where they are
    clearly apart, exactly otherwise."""
    if flo + m < fv < fhi - m:
        return v
    if fv < flo - m:
        return lo
    if fv > fhi + m:
        return hi
    return min(max(v, lo), hi)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Surface:
    """A rectangular playing surface: ``width`` × ``height`` inches, origin at the lower left
    corner. Terrain on it belongs to the ruleset that uses it."""

    width: Fraction
    height: Fraction
    _fsize: tuple[float, float] = field(init=False, repr=False, compare=False)
    #: per base radius: where its centre may stand; the surface's own memo, kept as a
    #: remembered table (core/memo.py): each area made whole and stored in one step
    _areas: dict[Fraction, BaseArea] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_fsize", (float(self.width), float(self.height)))
        object.__setattr__(self, "_areas", {})

    def area(self, radius: Fraction) -> BaseArea:
        """Where the centre of a base of ``radius`` may stand (worked out once per radius)."""
        found = self._areas.get(radius)
        if found is None:
            w, h = self._fsize
            m = 1e-9 * (1.0 + abs(w) + abs(h) + abs(fl(radius)))  # far above the rounding
            found = remember(self._areas, radius, BaseArea(
                radius, self.width - radius, radius, self.height - radius, m), 64)
        return found

    def centre_bounds(self, radius: Fraction) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """Where the centre of a base of ``radius`` may be, exactly: ``(lo_x, hi_x, lo_y,
        hi_y)``."""
        a = self.area(radius)
        return a.x0, a.x1, a.y0, a.y1

    def base_on_table(self, p: Point, radius: Fraction) -> bool:
        """The whole base of ``radius`` around ``p`` lies on the surface."""
        return self.area(radius).contains(p)

    def clamp(self, p: Point, radius: Fraction) -> Point:
        """The nearest point to ``p`` where a base of ``radius`` lies wholly on the surface."""
        return self.area(radius).clamp(p)
