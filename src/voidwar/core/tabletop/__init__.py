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

The pieces, one module each (every name is importable from here):

* :mod:`.exact` — exact numbers from decimal text (:func:`frac`), their text (:func:`fmt`), the
  0.01" grid (:data:`QUANTUM`, :func:`grid_round`, :func:`quantize`), the float pre-test
  (:func:`float_le`).
* :mod:`.points` — :class:`Point`, a position on the table (text ``"12.5,30"``; it hashes by its
  floats and compares exactly); :func:`within`, :func:`toward`, :func:`path_length`.
* :mod:`.segments` — a point's distance to a segment, two segments crossing, Liang–Barsky
  clipping (:func:`clip`, exact or in floats), and round bases: :func:`overlaps` (touching is not
  overlapping), :func:`in_contact` (base to base, with a tolerance), :func:`leg_blocked` and
  :func:`path_clear_of_bases` (a base moved along a path never passes through another).
* :mod:`.shapes` — :class:`Rect` and :class:`Circle` (clipping, distances to segments, crossing),
  :class:`Surface`, a width × height table, and :class:`BaseArea`, where a base's centre may
  stand on it (:meth:`Surface.base_on_table`, :meth:`Surface.clamp`).

Terrain (what a shape on the table does to movement and sight) is a ruleset's own reading and
lives with the ruleset.
"""

from __future__ import annotations

from .exact import (
    EPS,
    MARGIN,
    QUANTUM,
    Number,
    fl,
    float_le,
    fmt,
    frac,
    grid_round,
    quantize,
)
from .points import Point, hundredths, path_length, toward, toward_floats, within
from .segments import (
    BaseLimit,
    base_limits,
    clip,
    fsegment_point_dist2,
    in_contact,
    leg_blocked,
    overlaps,
    path_clear_of_bases,
    path_clear_of_limits,
    segment_point_dist2,
    segments_intersect,
)
from .shapes import BaseArea, Circle, Rect, Shape, Surface

__all__ = [
    "EPS", "MARGIN", "QUANTUM", "BaseArea", "BaseLimit", "Circle", "Number", "Point", "Rect",
    "Shape", "Surface", "base_limits", "clip", "fl", "float_le", "fmt", "frac",
    "fsegment_point_dist2", "grid_round", "hundredths", "in_contact", "leg_blocked",
    "overlaps", "path_clear_of_bases", "path_clear_of_limits", "path_length", "quantize",
    "segment_point_dist2", "segments_intersect", "toward", "toward_floats", "within",
]
