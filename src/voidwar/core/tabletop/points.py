"""Points on the table (:mod:`voidwar.core.tabletop`): a position in exact inches with its
floats, distances, and the grid point toward another."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from ..native import mypyc_attr
from .exact import _GRID, QUANTUM, Number, _grid, fl, float_le, fmt, frac, grid_round, quantize


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
        # value); equal ones are confirmed exactly (the grid's points share their Fractions)
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Point)
        return (self.fx == other.fx and self.fy == other.fy
                and (self.x is other.x or self.x == other.x)
                and (self.y is other.y or self.y == other.y))

    def __hash__(self) -> int:
        # by the floats: equal points have equal floats (a float is a function of the value),
        # and two floats hash in a step where two Fractions take two modular inverses; the
        # caches of pure functions of positions hash points on every call
        return hash((self.fx, self.fy))

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
            nx, ny = hundredths(x, y)
            return Point.grid(nx, ny)
        return cls(quantize(x, step), quantize(y, step))

    @staticmethod
    def of_floats(x: Fraction, y: Fraction) -> Point:
        """``Point(x, y)`` (its floats worked out as the constructor does), made in fewer
        steps."""
        return _point(x, y, fl(x), fl(y))

    @staticmethod
    def grid(nx: int, ny: int) -> Point:
        """The point ``(nx/100, ny/100)`` of the 0.01" grid (:data:`QUANTUM`); ``n / 100`` is
        the correctly rounded float of ``Fraction(n, 100)``, as ``float()`` gives it."""
        gx, gy = _GRID.get(nx), _GRID.get(ny)
        return _point(_grid(nx) if gx is None else gx, _grid(ny) if gy is None else gy,
                      nx / 100, ny / 100)

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
    plain stores into a twin slots class, then its class set: half the cost of five descriptor
    writes, for the many grid points a move search makes."""
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


def hundredths(x: float, y: float) -> tuple[int, int]:
    """The 0.01" grid point nearest a float position, in whole hundredths (``quantize`` on the
    default grid: ``round(v / 0.01)``, ties to even, through :func:`grid_round`)."""
    return grid_round(x / 0.01), grid_round(y / 0.01)


def toward(a: Point, b: Point, distance: float, step: Fraction = QUANTUM) -> Point:
    """The grid point about ``distance`` inches from ``a`` toward ``b`` (negative: away).

    Rounded so that it is never farther from ``a`` than ``distance`` plus one grid step's
    diagonal; callers that need a hard bound check the result."""
    xy = toward_floats(a, b, distance)
    if xy is None:
        return a
    return Point.near(xy[0], xy[1], step)


def toward_floats(a: Point, b: Point, distance: float) -> tuple[float, float] | None:
    """The float position :func:`toward` rounds to the grid (``None``: ``a`` and ``b`` are
    one place, and :func:`toward` gives ``a``)."""
    ax, ay, bx, by = a.fx, a.fy, b.fx, b.fy
    d = math.hypot(bx - ax, by - ay)
    if d == 0:
        return None
    f = distance / d
    return ax + (bx - ax) * f, ay + (by - ay) * f


def path_length(path: Sequence[Point]) -> float:
    """Length of a path through its points, in inches (a float: a sum of square roots)."""
    return sum(a.dist(b) for a, b in pairwise(path))

