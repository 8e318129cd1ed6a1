"""Space Fleet on a free table: the geometry (Space Fleet: Movement — "Ships may either be moved
freely on a table surface, or on a hex grid. Speed is given as units, which may be hexes, or any
scale to fit the models used.").

Built on :mod:`voidwar.core.tabletop`: positions are exact :class:`~voidwar.core.tabletop.Point`
values in inches from the lower left corner (``"12.5,30"``); a *unit* (speed, ranges, mine radii)
is ``unit`` inches (1 by default). A heading is a whole number of degrees, clockwise from straight
up the table (0: toward red's edge, 90: to the right, 180: toward blue's edge). A move's end point
is rounded to :data:`~voidwar.core.tabletop.QUANTUM` (0.01 inch); distances are compared with
limits exactly (squared, rational); only bearings (the rear arc) and where along a move a mine
pattern is entered are floats.

This module holds the scenario-file models of a table (:class:`TableSize`, :class:`MineArea`) and
the pure geometry; the rules that use it are :mod:`.table_game`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pydantic import Field, field_validator

from ...core.datafile import StrictModel
from ...core.tabletop import Circle, Point, Surface, fl, float_le, fmt, frac

#: the six hex-side letters as headings (a scenario may name a table facing A–F)
LETTER_HEADINGS = {letter: 60 * i for i, letter in enumerate("ABCDEF")}
#: the turn the text allows: "may turn 60 degrees"
TURN_DEGREES = 60
#: tolerance of the bearing test (degrees are floats): exactly 135° off the bow may still fire
ARC_EPS = 1e-9


def exact(v: Any) -> Fraction:
    """A number from a data file (int, float or decimal text) as an exact Fraction; a float is
    read through its shortest decimal text (``12.5`` → 25/2). :class:`ValueError` otherwise."""
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"not a number: {v!r}")
        return frac(repr(v)) if "e" not in repr(v) else Fraction(v)
    if isinstance(v, (int, str)) and not isinstance(v, bool):
        return frac(v)
    raise ValueError(f"not a number: {v!r}")


def _positive(v: Any, what: str) -> Fraction:
    f = exact(v)
    if f <= 0:
        raise ValueError(f"{what} must be positive, not {fmt(f)}")
    return f


class TableSize(StrictModel):
    """A scenario's free table: ``width`` × ``height`` inches; ``unit``: inches per unit of speed
    and range (Movement: "any scale to fit the models used"); ``mine_radius``: the radius of a
    mine pattern, in units (our reading of "area of effect")."""

    width: Fraction = Field(description="inches (6 to 240: _size)")
    height: Fraction = Field(description="inches (6 to 240: _size)")
    unit: Fraction = Field(default=Fraction(1), gt=0, le=100)
    mine_radius: Fraction = Field(default=Fraction(1), ge=0, le=100)

    @field_validator("width", "height", "unit", "mine_radius", mode="before")
    @classmethod
    def _number(cls, v: Any) -> Fraction:
        return _positive(v, "the size")

    @field_validator("width", "height")
    @classmethod
    def _size(cls, v: Fraction) -> Fraction:
        if not 6 <= v <= 240:
            raise ValueError(f"a table side must be 6 to 240 inches, not {fmt(v)}")
        return v


class MineArea(StrictModel):
    """A mine pattern on the table: a circle at ``at`` (``"x,y"`` inches); ``radius`` in units
    (default: the table's ``mine_radius``)."""

    at: str
    radius: Fraction | None = Field(default=None, gt=0, le=100)

    @field_validator("at")
    @classmethod
    def _point(cls, v: str) -> str:
        Point.parse(v)
        return v

    @field_validator("radius", mode="before")
    @classmethod
    def _radius(cls, v: Any) -> Fraction | None:
        return None if v is None else _positive(v, "a mine radius")


def parse_heading(value: str) -> int:
    """A table facing from a scenario file: a hex letter A–F or whole degrees 0–359."""
    v = value.strip().upper()
    if v in LETTER_HEADINGS:
        return LETTER_HEADINGS[v]
    if v.isdigit() and int(v) < 360:
        return int(v)
    raise ValueError(f"a table facing is A-F or whole degrees 0-359, not {value!r}")


def turned(heading: int, right: bool) -> int:
    """The heading after one 60° turn, clockwise when ``right`` (Space Fleet: Movement)."""
    return (heading + (TURN_DEGREES if right else -TURN_DEGREES)) % 360


def bow(heading: int) -> tuple[float, float]:
    """The unit vector straight ahead of a ship with ``heading``."""
    a = math.radians(heading)
    return math.sin(a), math.cos(a)


def ahead(p: Point, heading: int, inches: float) -> Point:
    """The grid point ``inches`` straight ahead of ``p`` (rounded to 0.01 inch)."""
    dx, dy = bow(heading)
    return Point.near(p.fx + dx * inches, p.fy + dy * inches)


def in_rear_arc_at(p: Point, heading: int, target: Point) -> bool:
    """Space Fleet: Firing — "No vessel may fire in the rear 90 degree arc." On the table: the
    bearing to ``target`` is more than 135° off the bow (exactly 135° may still fire)."""
    vx, vy = target.fx - p.fx, target.fy - p.fy
    d = math.hypot(vx, vy)
    if d == 0:
        return False
    ux, uy = bow(heading)
    return (ux * vx + uy * vy) / d < -math.sqrt(0.5) - ARC_EPS


@dataclass(frozen=True)
class Pattern:
    """A mine pattern on the table: an id (``M1``) and its circle (inches)."""

    id: str
    area: Circle

    def to_dict(self, unit: Fraction) -> dict[str, Any]:
        """The pattern as data: id, centre and radius in units."""
        return {"id": self.id, "at": str(self.area.centre),
                "radius": fmt(self.area.radius / unit)}


def inside(c: Circle, p: Point) -> bool:
    """``p`` lies inside or on the circle ``c`` (:meth:`Circle.contains`): decided in floats
    with :func:`~voidwar.core.tabletop.float_le`'s margin, exactly when too close to call."""
    r = fl(c.radius)
    quick = float_le(c.centre.fdist2(p), r * r)
    return quick if quick is not None else c.contains(p)


def entry_along(a: Point, b: Point, c: Circle) -> float | None:
    """How far along the move ``a``→``b`` (inches) it enters the circle ``c``, or ``None`` when it
    does not move into it (Space Fleet: Mines, "when move into area of effect"): a move that
    starts inside the pattern, or only touches its rim, does not enter it."""
    if inside(c, a) or not c.crosses_interior(a, b):
        return None
    dx, dy = b.fx - a.fx, b.fy - a.fy
    fx, fy = a.fx - c.centre.fx, a.fy - c.centre.fy
    qa = dx * dx + dy * dy
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - float(c.radius) ** 2
    disc = max(0.0, qb * qb - 4 * qa * qc)
    t = (-qb - math.sqrt(disc)) / (2 * qa)
    return max(0.0, t) * math.sqrt(qa)


@dataclass(frozen=True)
class TableSpec:
    """The table a game is played on: its surface, the unit and the default mine radius."""

    surface: Surface
    unit: Fraction
    mine_radius: Fraction

    @classmethod
    def of(cls, size: TableSize) -> TableSpec:
        """From the scenario's ``table`` entry."""
        return cls(Surface(size.width, size.height), size.unit, size.mine_radius)

    def on_table(self, p: Point) -> bool:
        """``p`` lies on the table (edges included): a ship may not leave it (our reading)."""
        return self.surface.base_on_table(p, Fraction(0))

    def units(self, a: Point, b: Point) -> float:
        """The distance from ``a`` to ``b`` in units (a float: display and heuristics)."""
        return a.dist(b) / float(self.unit)

    def to_dict(self) -> dict[str, Any]:
        """The table as data (the web page draws a ``table`` of ``width`` × ``height``)."""
        s = self.surface
        return {"width": fmt(s.width), "height": fmt(s.height), "unit": fmt(self.unit),
                "mine_radius": fmt(self.mine_radius)}
