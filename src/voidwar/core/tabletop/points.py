"""Points on the table (:mod:`voidwar.core.tabletop`): a position in exact inches with its
floats, distances, and the grid point toward another."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import FrozenInstanceError
from fractions import Fraction
from itertools import pairwise
from typing import Final, final

from .exact import (
    _GRID,
    QUANTUM,
    Number,
    _grid,
    exact,
    fl,
    float_le,
    fmt,
    frac,
    grid_round,
    quantize,
)


@final
class Point:
    """A point on the table, in inches: exact ``x`` and ``y`` and their floats ``fx`` and
    ``fy``. A value: frozen, equal and hashed by its coordinates. ``str(p)`` is ``"x,y"`` in
    exact decimals.

    A plain slotted class, not a dataclass: compiled (``build_compiled.py``) it is a native
    class, whose fields compiled code reads as a C struct's (every move search reads them by
    the thousand); its fields are set once, by its constructor."""

    __slots__ = ("x", "y", "fx", "fy", "text")  # noqa: RUF023 (the fields' order)
    #: the value's own fields, the constructor's first arguments (what ``match`` reads)
    __match_args__: Final = ("x", "y")

    x: Fraction
    y: Fraction
    fx: float
    fy: float
    #: the text, made when first asked for
    text: str | None

    def __init__(self, x: Fraction | int, y: Fraction | int, fx: float | None = None,
                 fy: float | None = None) -> None:
        """The point ``(x, y)`` in exact inches (an int is made a Fraction; a float, a bool or
        a Decimal is refused: :func:`~.exact.exact`); ``fx`` and ``fy``: ``float(x)`` and
        ``float(y)`` where the maker already has them (a grid point's ``n / 100``), else worked
        out here. The one place a point's fields are written."""
        if type(x) is not Fraction:
            x = exact(x, "a point's x")
        if type(y) is not Fraction:
            y = exact(y, "a point's y")
        if fx is None:
            fx = fl(x)
        if fy is None:
            fy = fl(y)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        object.__setattr__(self, "fx", fx)
        object.__setattr__(self, "fy", fy)
        object.__setattr__(self, "text", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}: a point is a value")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}: a point is a value")

    def __reduce__(self) -> tuple[type[Point], tuple[Fraction, Fraction]]:
        return Point, (self.x, self.y)

    def __repr__(self) -> str:
        return f"Point(x={self.x!r}, y={self.y!r})"

    def __eq__(self, other: object) -> bool:
        # the floats first: unequal floats mean unequal values (a float is a function of the
        # value); equal ones are confirmed exactly (the grid's points share their Fractions)
        if not isinstance(other, Point):
            return NotImplemented
        return (self.fx == other.fx and self.fy == other.fy
                and (self.x is other.x or self.x == other.x)
                and (self.y is other.y or self.y == other.y))

    def __lt__(self, other: Point) -> bool:
        return (self.x, self.y) < (other.x, other.y)

    def __le__(self, other: Point) -> bool:
        return (self.x, self.y) <= (other.x, other.y)

    def __gt__(self, other: Point) -> bool:
        return (self.x, self.y) > (other.x, other.y)

    def __ge__(self, other: Point) -> bool:
        return (self.x, self.y) >= (other.x, other.y)

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
        return Point(frac(x), frac(y))

    @classmethod
    def parse(cls, text: str) -> Point:
        """``"12.5,30"`` → Point; :class:`ValueError` on anything else."""
        parts = text.split(",")
        if len(parts) != 2:
            raise ValueError(f"a point is 'x,y' in inches, not {text!r}")
        return Point(frac(parts[0]), frac(parts[1]))

    @classmethod
    def near(cls, x: float, y: float, step: Fraction = QUANTUM) -> Point:
        """The grid point nearest to a float position."""
        if step is QUANTUM:
            nx, ny = hundredths(x, y)
            return Point.grid(nx, ny)
        return Point(quantize(x, step), quantize(y, step))

    @staticmethod
    def of_floats(x: Fraction, y: Fraction) -> Point:
        """``Point(x, y)`` (its floats worked out as the constructor does), made in fewer
        steps."""
        return Point(x, y, fl(x), fl(y))

    @staticmethod
    def grid(nx: int, ny: int) -> Point:
        """The point ``(nx/100, ny/100)`` of the 0.01" grid (:data:`QUANTUM`); ``n / 100`` is
        the correctly rounded float of ``Fraction(n, 100)``, as ``float()`` gives it."""
        gx, gy = _GRID.get(nx), _GRID.get(ny)
        return Point(_grid(nx) if gx is None else gx, _grid(ny) if gy is None else gy,
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

