"""Astral Dreams: where a miniature may move (The Round 2a), defined once, as pure functions of
values.

The legal actions offer a finite, useful set of destinations (any other point may be typed and
is checked by the same rule, :func:`.movement.path_reason`):

* **the useful points** (our choice): for each enemy, to base contact, full speed toward it
  (when it is farther) and away from it, and to the edge of the unit's range; full speed at
  ±45° and ±90° off the line to the two nearest enemies (the way around a blocker); beside each
  line-of-sight blocker (cover);
* **of those, the ones The Round 2a allows** for a straight move, each once and never where the
  unit stands: the base stays on the table, the path's cost on the terrain (a hill half up,
  double down) is within speed, no impassable feature is entered (:func:`leg_open`, the table's
  part of the rule), and no other base is in the way (:func:`blocked`, the bases' part).

How it is fast. The table's part depends only on the setup, the unit's speed, where it stands
and the point; the useful points come in **chunks** that depend on one more point each (one
enemy's, one flank's; the cover points on none), so a chunk — its points screened by the
table's part — is a pure function of ``(setup, speed, range, position, other point)``, cached
(:func:`functools.lru_cache`). The bases' part of a chunk is a bit mask per base position, a
pure function of the chunk and that position, cached too; only the bases near enough to touch
one of the chunk's moves are asked. The whole answer is a pure function of the setup, the
unit's speed and range, its position and every other miniature's position (and which of them
are enemies), cached in front. Every key is a value: the setup is one object per scenario and
options and hashes once (:class:`.state.Setup`); a position hashes by its floats and compares
exactly (:class:`~voidwar.core.tabletop.Point`).
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...core.tabletop import Point, Rect, float_le, leg_blocked, toward
from .state import Setup
from .terrain import Feature

#: how far short of full speed (and of the range) the useful points stop: room for the
#: hundredth grid they are rounded to
STEP = 0.02

#: the flank directions off the line to an enemy: ±45°, ±90°
_FLANKS = (math.pi / 4, -math.pi / 4, math.pi / 2, -math.pi / 2)


def leg_open(s: Setup, speed: int, a: Point, p: Point) -> bool:
    """The table's part of The Round 2a for a straight move ``a`` → ``p``: the base ends on
    the table, the leg's cost on the terrain is within ``speed``, no impassable feature is
    entered (:func:`.movement.path_reason`'s tests, other bases aside). On a table whose terrain
    neither slows nor stops a base, the first two are decided by the float pre-tests the
    table's methods start with, made with the setup's float copies; near a limit, and on any
    other table, the table's methods decide."""
    t = s.table
    if t.plain:
        x0, x1, y0, y1 = s.fcentre
        px, py = p.fx, p.fy
        if x0 < px < x1 and y0 < py < y1:  # clearly on the table
            dx, dy = px - a.fx, py - a.fy
            fsp = float(speed)
            quick = float_le(dx * dx + dy * dy, fsp * fsp)  # within speed, every inch at 1
            if quick is not None:
                return quick
    r = s.radius
    return (t.base_on_table(p, r) and fits(s, speed, a, p)
            and (not t.impassable or t.impassable_on((a, p), r) is None))


def fits(s: Setup, speed: int, a: Point, p: Point) -> bool:
    """Whether ``speed`` pays for the straight leg ``a`` → ``p`` on the terrain
    (:meth:`.terrain.Table.path_fits`; on flat ground its float pre-test made here first)."""
    t = s.table
    if t.flat:
        dx, dy = p.fx - a.fx, p.fy - a.fy
        fsp = float(speed)
        quick = float_le(dx * dx + dy * dy, fsp * fsp)
        if quick is not None:
            return quick
    return t.path_fits((a, p), speed)


def reach_point(s: Setup, speed: int, a: Point, target: Point, want: float) -> Point | None:
    """The farthest grid point up to ``want`` inches from ``a`` along the straight line toward
    ``target`` (negative: away) that ``speed`` pays for on the terrain, clamped to the table;
    ``None`` when that is ``a`` itself."""
    t, r = s.table, s.radius
    end = t.clamp(toward(a, target, want), r)
    if end == a:
        return None
    if fits(s, speed, a, end):
        return end
    # bisection on the float cost, then the exact test on the chosen grid point
    lo, hi = 0.0, abs(want)
    sign = 1.0 if want >= 0 else -1.0
    budget = float(speed) - 0.005
    for _ in range(12):
        mid = (lo + hi) / 2
        p = t.clamp(toward(a, target, sign * mid), r)
        if t.path_cost((a, p)) <= budget:
            lo = mid
        else:
            hi = mid
    best = t.clamp(toward(a, target, sign * lo), r)
    if best == a or not fits(s, speed, a, best):
        return None
    return best


class Chunk:
    """Some of a unit's useful points, screened by the table's part of the rule: each point
    with the leg to it prepared for the bases' test. A value: it compares and hashes by what
    defines it (the setup, the speed and range, the unit's position, the kind and the other
    point), never changed once made."""

    __slots__ = ("at", "hash", "key", "points", "reach", "setup")

    def __init__(self, key: tuple[object, ...], s: Setup, a: Point, points: list[Point]
                 ) -> None:
        self.key = key
        self.hash = hash(key)
        self.setup, self.at = s, a
        self.points = tuple(points)
        #: the longest move: a base farther from ``a`` than it and two radii touches none
        self.reach = math.sqrt(max((a.fdist2(p) for p in points), default=0.0))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chunk) and self.key == other.key

    def __hash__(self) -> int:
        return self.hash


def _screened(key: tuple[object, ...], s: Setup, speed: int, a: Point,
              points: list[Point]) -> Chunk:
    """The chunk of ``points`` that the table's part allows, never ``a``."""
    ax, ay = a.fx, a.fy
    return Chunk(key, s, a, [p for p in points
                             if (p.fx != ax or p.fy != ay or p != a) and leg_open(s, speed, a, p)])


@lru_cache(maxsize=4096)
def enemy_chunk(s: Setup, speed: int, rng: int, a: Point, e: Point) -> Chunk:
    """One enemy's points: to base contact, full speed toward it when it is farther, full speed
    away, to the edge of range."""
    fsp, frng = float(speed), float(rng)
    contact = 2 * s.fradius + float(s.tolerance) / 2
    d = a.dist(e)
    pts: list[Point] = []
    if d > contact:
        pts.append(toward(e, a, contact))
    if d - contact > fsp:
        p = reach_point(s, speed, a, e, fsp - STEP)
        if p is not None:
            pts.append(p)
    p = reach_point(s, speed, a, e, -(fsp - STEP))
    if p is not None:
        pts.append(p)
    if abs(d - frng) > STEP:
        pts.append(toward(e, a, frng - 0.05))
    return _screened(("enemy", s, speed, rng, a, e), s, speed, a, pts)


@lru_cache(maxsize=4096)
def flank_chunk(s: Setup, speed: int, a: Point, e: Point) -> Chunk:
    """Full speed at ±45° and ±90° off the line from ``a`` toward the enemy at ``e``."""
    dist = float(speed) - STEP
    ax, ay = a.fx, a.fy
    base = math.atan2(e.fy - ay, e.fx - ax)
    pts = [Point.near(ax + dist * math.cos(base + off), ay + dist * math.sin(base + off))
           for off in _FLANKS]
    return _screened(("flank", s, speed, a, e), s, speed, a, pts)


@lru_cache(maxsize=1024)
def cover_chunk(s: Setup, speed: int, a: Point) -> Chunk:
    """The points just beside each line-of-sight blocker."""
    pts = [p for f in s.table.sight_blockers for p in beside(f, s.fradius)]
    return _screened(("cover", s, speed, a), s, speed, a, pts)


def beside(f: Feature, radius: float) -> list[Point]:
    """Points where a base of ``radius`` stands just outside a feature: off the middle of each
    side (a rectangle), or at the four compass points around it (a circle)."""
    off = radius + 0.05
    sh = f.shape
    if isinstance(sh, Rect):
        x0, y0, x1, y1 = sh.fbox
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return [Point.near(cx, y0 - off), Point.near(cx, y1 + off),
                Point.near(x0 - off, cy), Point.near(x1 + off, cy)]
    cx, cy = sh.centre.as_floats()
    r = float(sh.radius) + off
    return [Point.near(cx + r * math.cos(t), cy + r * math.sin(t))
            for t in (0, math.pi / 2, math.pi, 3 * math.pi / 2)]


@lru_cache(maxsize=16384)
def blocked(c: Chunk, at: Point) -> int:
    """The bases' part of the rule for one chunk and one other base at ``at``: a bit mask of
    the chunk's points whose straight move that base is in the way of (bit ``i``: point
    ``i``; :func:`~voidwar.core.tabletop.leg_blocked`, exact near the limit)."""
    s, a, r = c.setup, c.at, c.setup.radius
    mask = 0
    for i, p in enumerate(c.points):
        if leg_blocked(a, p, at, r, r, s.fpass2):
            mask |= 1 << i
    return mask


def destinations(s: Setup, speed: int, rng: int, a: Point, others: tuple[Point, ...],
                 foes: int) -> list[Point]:
    """The destinations a unit of ``speed`` and ``rng`` at ``a`` is offered, in order (see
    the module docstring): ``others`` is every other miniature's position in the game's
    order, ``foes`` a bit mask of those that are enemies (bit ``i``: ``others[i]``)."""
    enemies = [e for i, e in enumerate(others) if foes >> i & 1]
    chunks = [enemy_chunk(s, speed, rng, a, e) for e in enemies]
    # the two nearest enemies (ties: the first in order)
    for e in sorted(enemies, key=a.fdist2)[:2]:
        chunks.append(flank_chunk(s, speed, a, e))
    if s.table.sight_blockers:
        chunks.append(cover_chunk(s, speed, a))
    # the bases near enough to be in the way of some move (a margin far above rounding)
    touch = 2 * s.fradius
    ax, ay = a.fx, a.fy
    near = [(c, math.sqrt((c.fx - ax) ** 2 + (c.fy - ay) ** 2) - touch) for c in others]
    out: list[Point] = []
    seen: dict[tuple[float, float], list[Point]] = {}
    for ch in chunks:
        if not ch.points:
            continue
        lim = ch.reach * (1 + 1e-6) + 1e-6
        mask = 0
        for c, d in near:
            if d <= lim:
                mask |= blocked(ch, c)
        for i, p in enumerate(ch.points):
            key = (p.fx, p.fy)
            same = seen.get(key)
            if same is None:
                seen[key] = [p]
            elif any(q == p for q in same):
                continue  # each point once: its first chunk decided it
            else:
                same.append(p)
            if not mask >> i & 1:
                out.append(p)
    return out


__all__ = ["STEP", "Chunk", "beside", "blocked", "destinations", "fits", "leg_open",
           "reach_point"]
