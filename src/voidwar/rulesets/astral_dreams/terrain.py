"""Astral Dreams terrain (our reading): what a feature on the table does to movement and sight.

The text only advises "use common sense to make appropriate terrain rules (e.g., half movement up
a hill, double movement down it)"; specs/astral-dreams.md fixes our reading:

* a movement multiplier on rectangles only, so that the length inside is exact: a leg is clipped
  against each area (Liang–Barsky) and each piece costs ``length / multiplier``; where areas
  overlap the slowest applies;
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

from ...core.tabletop import EPS, Number, Point, Rect, Shape, Surface, float_le, frac, path_length

__all__ = ["Feature", "Table"]


@dataclass(frozen=True, slots=True)
class Feature:
    """A piece of terrain.

    ``move`` multiplies movement inside it (``1/2``: every inch moved there costs two inches of
    speed; ``2``: half an inch), only on rectangles. ``impassable``: no base may enter it.
    ``blocks_los``: a line between two points that passes through its inside is blocked, unless
    one of the two points is itself inside (one sees into and out of a wood, not through it).
    """

    name: str
    shape: Shape
    move: Fraction = Fraction(1)
    impassable: bool = False
    blocks_los: bool = False

    def __post_init__(self) -> None:
        if self.move <= 0:
            raise ValueError("a movement multiplier must be positive (use impassable)")
        if self.move != 1 and not isinstance(self.shape, Rect):
            raise ValueError("a movement multiplier needs a rectangular area")

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


def _clip_floats(
    a: Point, b: Point, box: tuple[float, float, float, float]
) -> tuple[float, float] | None:
    """Float Liang–Barsky: the parameter interval of ``ab`` inside ``box`` (``None``: apart)."""
    x0, y0, x1, y1 = box
    dx, dy = b.fx - a.fx, b.fy - a.fy
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a.fx - x0), (dx, x1 - a.fx), (-dy, a.fy - y0), (dy, y1 - a.fy)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    return (t0, t1) if t0 < t1 else None


@dataclass(frozen=True)
class Table(Surface):
    """The playing surface with its terrain features (Astral Dreams scenarios)."""

    features: tuple[Feature, ...] = field(default_factory=tuple)
    _movers: tuple[tuple[float, tuple[float, float, float, float]], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        movers = tuple(
            (float(f.move), f.shape.fbox) for f in self.features
            if f.move != 1 and isinstance(f.shape, Rect)
        )
        object.__setattr__(self, "_movers", movers)
        super().__post_init__()

    def segment_factor(self, a: Point, b: Point) -> Fraction:
        """Cost per inch of ``ab`` as an exact fraction of its length.

        Where areas overlap, the smallest multiplier (the slowest going) applies."""
        movers = [
            (f, f.shape) for f in self.features
            if f.move != 1 and isinstance(f.shape, Rect) and f.shape.near_segment(a, b, 0.0)
        ]
        if not movers or a == b:
            return Fraction(1)
        cuts = {Fraction(0), Fraction(1)}
        for _f, rect in movers:
            iv = rect.clip(a, b)
            if iv is not None:
                cuts.update(iv)
        ts = sorted(cuts)
        total = Fraction(0)
        for t0, t1 in pairwise(ts):
            tm = (t0 + t1) / 2
            mid = Point(a.x + (b.x - a.x) * tm, a.y + (b.y - a.y) * tm)
            mult = min([f.move for f, r in movers if r.contains(mid)], default=Fraction(1))
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
            (m, box) for m, box in all_movers
            if not (hix < box[0] or lox > box[2] or hiy < box[1] or loy > box[3])
        ]
        if not movers:
            return 1.0
        cuts = {0.0, 1.0}
        spans: list[tuple[float, float, float]] = []
        for move, box in movers:
            iv = _clip_floats(a, b, box)
            if iv is not None:
                cuts.update(iv)
                spans.append((iv[0], iv[1], float(move)))
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
        sp = frac(speed)
        legs = list(pairwise(path))
        if not legs:
            return True
        if len(legs) == 1:
            a, b = legs[0]
            fk, fsp = self.fsegment_factor(a, b), float(sp)
            quick = float_le(a.fdist2(b) * fk * fk, fsp * fsp)
            if quick is not None:
                return quick
            k = self.segment_factor(a, b)
            return a.dist2(b) * k * k <= sp * sp
        return self.path_cost(path) <= float(sp) + EPS

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
