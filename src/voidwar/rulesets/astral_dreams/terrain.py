"""Astral Dreams terrain (our reading): what a feature on the table does to movement and sight.

The text only advises "use common sense to make appropriate terrain rules (e.g., half movement up
a hill, double movement down it)"; specs/astral-dreams.md fixes our reading:

* a movement multiplier on rectangles only, so that the length inside is exact: a leg is clipped
  against each area (Liang–Barsky) and each piece costs ``length / multiplier``; where areas
  overlap the slowest applies;
* a hill is a rectangle with a :class:`Slope`: the direction its ground rises. A leg inside it
  goes *up* the slope (within 45° of the rise: ``up``, ½ by default — "half movement up a hill"),
  *down* it (within 45° of the fall: ``down``, ×2 — "double movement down it"), or *across*
  (the feature's ``move``, 1 by default); exactly 45° is across. A hill with two sides is two
  rectangles rising toward a shared crest;
* ``impassable``: no base may cut into the feature;
* ``blocks_los``: a line through its inside is blocked (grazing an edge or a tangent is not); a
  line with an end inside the feature is not blocked by it (one sees into and out of a wood, not
  through it).

The geometry itself (points, shapes, bases, the surface) is :mod:`voidwar.core.tabletop`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Literal

from ...core.tabletop import (
    EPS,
    Number,
    Point,
    Rect,
    Shape,
    Surface,
    clip,
    fl,
    float_le,
    frac,
    path_length,
)

__all__ = ["COMPASS", "Feature", "Slope", "Table"]

Heading = Literal["up", "down", "across"]
#: the eight compass directions a slope may rise toward (north: +y, the robots' edge)
COMPASS: dict[str, tuple[int, int]] = {
    "north": (0, 1), "northeast": (1, 1), "east": (1, 0), "southeast": (1, -1),
    "south": (0, -1), "southwest": (-1, -1), "west": (-1, 0), "northwest": (-1, 1),
}


@dataclass(frozen=True, slots=True)
class Slope:
    """A hill's slope: ``rise`` is the direction its ground rises (any non-zero vector); ``up``
    and ``down`` multiply movement going up and down it (½ and 2: the text's example)."""

    rise: tuple[Fraction, Fraction]
    up: Fraction = Fraction(1, 2)
    down: Fraction = Fraction(2)

    def __post_init__(self) -> None:
        if not any(self.rise):
            raise ValueError("a slope must rise in some direction, not (0, 0)")
        if self.up <= 0 or self.down <= 0:
            raise ValueError("a slope's up and down multipliers must be positive")

    def heading(self, a: Point, b: Point) -> Heading:
        """Whether ``a`` → ``b`` goes up, down or across the slope (exact): up or down when
        within 45° of the rise or the fall, i.e. 2 (d·r)² > |d|² |r|²."""
        rx, ry = self.rise
        dx, dy = b.x - a.x, b.y - a.y
        dot = dx * rx + dy * ry
        if 2 * dot * dot <= (dx * dx + dy * dy) * (rx * rx + ry * ry):
            return "across"
        return "up" if dot > 0 else "down"

    def fheading(self, a: Point, b: Point) -> Heading:
        """:meth:`heading` in floats, the exact test where the leg is within rounding of 45°."""
        rx, ry = float(self.rise[0]), float(self.rise[1])
        dx, dy = b.fx - a.fx, b.fy - a.fy
        dot = dx * rx + dy * ry
        lhs, rhs = 2 * dot * dot, (dx * dx + dy * dy) * (rx * rx + ry * ry)
        if abs(lhs - rhs) <= 1e-9 * (lhs + rhs):
            return self.heading(a, b)
        if lhs <= rhs:
            return "across"
        return "up" if dot > 0 else "down"

    def describe(self) -> str:
        """``rising north`` (a compass direction where it is one, else the vector)."""
        for name, (x, y) in COMPASS.items():
            if Fraction(x) * self.rise[1] == Fraction(y) * self.rise[0] and (
                    x * self.rise[0] + y * self.rise[1] > 0):
                return f"rising {name}"
        return f"rising toward ({float(self.rise[0]):g}, {float(self.rise[1]):g})"


@dataclass(frozen=True, slots=True)
class Feature:
    """A piece of terrain.

    ``move`` multiplies movement inside it (``1/2``: every inch moved there costs two inches of
    speed; ``2``: half an inch), only on rectangles; on a hill (``slope``) it is the multiplier
    across the slope, the slope's ``up`` and ``down`` the others. ``impassable``: no base may
    enter it. ``blocks_los``: a line between two points that passes through its inside is
    blocked, unless one of the two points is itself inside (one sees into and out of a wood,
    not through it).
    """

    name: str
    shape: Shape
    move: Fraction = Fraction(1)
    impassable: bool = False
    blocks_los: bool = False
    slope: Slope | None = None

    def __post_init__(self) -> None:
        if self.move <= 0:
            raise ValueError("a movement multiplier must be positive (use impassable)")
        if self.slows and not isinstance(self.shape, Rect):
            raise ValueError("a movement multiplier or a slope needs a rectangular area")

    @property
    def slows(self) -> bool:
        """Whether moving inside changes the cost of movement (a multiplier or a slope)."""
        return self.move != 1 or self.slope is not None

    def heading(self, a: Point, b: Point) -> Heading:
        """Up, down or across this feature's slope (a flat feature: always across)."""
        return "across" if self.slope is None else self.slope.heading(a, b)

    def factor(self, a: Point, b: Point) -> Fraction:
        """The movement multiplier for travel ``a`` → ``b`` inside the feature (exact)."""
        return self._by_heading(self.heading(a, b))

    def ffactor(self, a: Point, b: Point) -> float:
        """:meth:`factor` as a float (the heading decided exactly near 45°)."""
        if self.slope is None:
            return float(self.move)
        return float(self._by_heading(self.slope.fheading(a, b)))

    def _by_heading(self, heading: Heading) -> Fraction:
        if self.slope is None or heading == "across":
            return self.move
        return self.slope.up if heading == "up" else self.slope.down

    def contains(self, p: Point) -> bool:
        """``p`` lies inside the feature (or on its edge)."""
        return self.shape.contains(p)

    def blocks_base(self, a: Point, b: Point, radius: Fraction) -> bool:
        """Whether a base of ``radius`` moved along ``ab`` would cut into this (impassable)."""
        if isinstance(self.shape, Rect):
            if not self.shape.near_segment(a, b, float(radius)):
                return False
            return self.shape.segment_dist2(a, b) < radius * radius
        return not self.shape.segment_dist2_ok(a, b, radius)


@dataclass(frozen=True)
class Table(Surface):
    """The playing surface with its terrain features (Astral Dreams scenarios)."""

    features: tuple[Feature, ...] = field(default_factory=tuple)
    _movers: tuple[tuple[Feature, tuple[float, float, float, float]], ...] = field(
        init=False, repr=False, compare=False
    )
    #: the features that block line of sight, in order (derived once)
    sight_blockers: tuple[Feature, ...] = field(init=False, repr=False, compare=False)
    #: no feature changes the cost of movement: every path costs its length (derived once)
    flat: bool = field(init=False, repr=False, compare=False)
    #: whether any feature is impassable (derived once)
    impassable: bool = field(init=False, repr=False, compare=False)
    #: no feature slows or stops a base: every straight move costs its length and only the
    #: table's edge and other bases limit it (derived once)
    plain: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        movers = tuple((f, f.shape.fbox) for f in self.features
                       if f.slows and isinstance(f.shape, Rect))
        object.__setattr__(self, "_movers", movers)
        object.__setattr__(self, "sight_blockers",
                           tuple(f for f in self.features if f.blocks_los))
        object.__setattr__(self, "flat", not movers)
        object.__setattr__(self, "impassable", any(f.impassable for f in self.features))
        object.__setattr__(self, "plain", not movers and not self.impassable)
        super().__post_init__()

    def segment_factor(self, a: Point, b: Point) -> Fraction:
        """Cost per inch of ``ab`` as an exact fraction of its length: each piece inside a
        feature at that feature's multiplier for this direction (up, down or across a slope).

        Where areas overlap, the smallest multiplier (the slowest going) applies."""
        movers = [
            (f, f.shape) for f in self.features
            if f.slows and isinstance(f.shape, Rect) and f.shape.near_segment(a, b, 0.0)
        ]
        if not movers or a == b:
            return Fraction(1)
        cuts = {Fraction(0), Fraction(1)}
        for _f, rect in movers:
            iv = rect.clip(a, b)
            if iv is not None:
                cuts.update(iv)
        ts = sorted(cuts)
        mults = [(f.factor(a, b), r) for f, r in movers]
        total = Fraction(0)
        for t0, t1 in pairwise(ts):
            tm = (t0 + t1) / 2
            mid = Point(a.x + (b.x - a.x) * tm, a.y + (b.y - a.y) * tm)
            mult = min([m for m, r in mults if r.contains(mid)], default=Fraction(1))
            total += (t1 - t0) / mult
        return total

    def fsegment_factor(self, a: Point, b: Point) -> float:
        """Float copy of :meth:`segment_factor` (pre-tests, path costs, heuristics)."""
        all_movers = self._movers
        if not all_movers or a == b:
            return 1.0
        lox, hix = min(a.fx, b.fx) - 1e-9, max(a.fx, b.fx) + 1e-9
        loy, hiy = min(a.fy, b.fy) - 1e-9, max(a.fy, b.fy) + 1e-9
        movers = [
            (f, box) for f, box in all_movers
            if not (hix < box[0] or lox > box[2] or hiy < box[1] or loy > box[3])
        ]
        if not movers:
            return 1.0
        cuts = {0.0, 1.0}
        spans: list[tuple[float, float, float]] = []
        for f, box in movers:
            iv = clip(a.fx, a.fy, b.fx, b.fy, box, 0.0, 1.0)
            if iv is not None and iv[0] < iv[1]:  # a piece of the leg, not a touch
                cuts.update(iv)
                spans.append((iv[0], iv[1], f.ffactor(a, b)))
        ts = sorted(cuts)
        total = 0.0
        for t0, t1 in pairwise(ts):
            tm = (t0 + t1) / 2
            mult = min([m for s0, s1, m in spans if s0 <= tm <= s1], default=1.0)
            total += (t1 - t0) / mult
        return total

    def path_length(self, path: Sequence[Point]) -> float:
        """Length of ``path`` in inches, terrain ignored."""
        return path_length(path)

    def path_cost(self, path: Sequence[Point]) -> float:
        """Movement spent along ``path`` (inches of speed), terrain multipliers included."""
        return sum(
            a.dist(b) * self.fsegment_factor(a, b)
            for a, b in pairwise(path)
        )

    def path_fits(self, path: Sequence[Point], speed: Number) -> bool:
        """Whether ``path`` costs at most ``speed``: exact for one leg, within :data:`EPS` else."""
        sp: Fraction | int = speed if type(speed) is int else frac(speed)
        if len(path) < 2:
            return True
        fsp = fl(sp)
        if len(path) == 2:
            a, b = path
            fk = self.fsegment_factor(a, b)
            quick = float_le(a.fdist2(b) * fk * fk, fsp * fsp)
            if quick is not None:
                return quick
            k = self.segment_factor(a, b)
            return a.dist2(b) * k * k <= sp * sp
        return self.path_cost(path) <= fsp + EPS

    def impassable_on(self, path: Sequence[Point], radius: Fraction) -> Feature | None:
        """The first impassable feature a base moved along ``path`` would enter."""
        for f in self.features:
            if f.impassable:
                for a, b in pairwise(path):
                    if f.blocks_base(a, b, radius):
                        return f
                if len(path) == 1 and f.blocks_base(path[0], path[0], radius):
                    return f
        return None

    def line_of_sight(self, a: Point, b: Point) -> Feature | None:
        """The feature that blocks the line ``ab`` (``None``: the line is clear)."""
        for f in self.features:
            if not f.blocks_los or f.contains(a) or f.contains(b):
                continue
            if f.shape.crosses_interior(a, b):
                return f
        return None

    def features_at(self, p: Point) -> list[Feature]:
        """Every feature ``p`` stands in."""
        return [f for f in self.features if f.contains(p)]
