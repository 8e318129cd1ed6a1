"""Astral Dreams move points, made fast (issue 18): the constructions of
:func:`.movement.points_for` and :func:`.movement.flank_for` (The Round 2a's useful destinations)
with one unit's preparation shared and the float steps inlined — the same float operations in
the same order, so the same grid points; the plain functions wherever a step is not the
common one (a zero distance, a destination the speed does not clearly pay for)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ...core.tabletop import MARGIN, Circle, Point, Rect, fl, grid_round, toward

if TYPE_CHECKING:
    from .state import Battle, Unit
    from .terrain import Feature

#: how far short of full speed the generated destinations stop (grid rounding room)
STEP = 0.02

_near = Point.near
#: a move point not yet made: the float position :meth:`Point.near` rounds, or the point
Raw = Point | tuple[float, float]


def _raw(x: float, y: float) -> Raw:
    """A float position left unmade (:data:`Raw`)."""
    return (x, y)


def grid_floats(x: float, y: float) -> tuple[float, float]:
    """The floats of ``Point.near(x, y)`` (``round(v / 0.01)`` hundredths, as it rounds)
    without making the point."""
    return grid_round(x / 0.01) / 100, grid_round(y / 0.01) / 100


def made(raw: Raw) -> Point:
    """The point a :data:`Raw` stands for."""
    return raw if isinstance(raw, Point) else _near(raw[0], raw[1])

#: the four flank offsets of :func:`.movement.flank_points`
_OFFSETS = (math.pi / 4, -math.pi / 4, math.pi / 2, -math.pi / 2)


class PointMaker:
    """One unit's move points, prepared once for the enemies and flanks it is asked about."""

    def __init__(self, b: Battle, u: Unit) -> None:
        s = b.setup
        t = s.table
        self.b, self.u = b, u
        self.table, self.radius = t, s.radius
        self.speed = float(u.profile.speed)
        self.contact = 2 * s.fradius + float(s.tolerance) / 2
        self.rng = float(b.range_of(u))
        w, h = t._fsize
        r = fl(s.radius)
        m = 1e-9 * (1.0 + abs(w) + abs(h) + abs(r))  # Surface.clamp's "clearly inside"
        self.inside = (r + m, w - r - m, r + m, h - r - m)
        fsp = fl(u.profile.speed)  # Table.path_fits' float speed
        self.fsp2 = fsp * fsp
        self.flat = t.flat

    def fits(self, p: Point) -> bool:
        """``table.path_fits([u.pos, p], speed)``: its float test inlined on a flat table
        (every factor 1.0), the method itself where that test is too close to call."""
        a = self.u.pos
        if self.flat and p != a:
            dx, dy = a.fx - p.fx, a.fy - p.fy
            fa, fb = dx * dx + dy * dy, self.fsp2
            tol = MARGIN * (fb + fa) + 1e-12
            if fa < fb - tol:
                return True
            if fa > fb + tol:
                return False
        return self.table.path_fits([a, p], self.u.profile.speed)

    def _clamped(self, x: float, y: float) -> Point:
        """``table.clamp(Point.near(x, y), radius)``."""
        p = _near(x, y)
        x0, x1, y0, y1 = self.inside
        if x0 < p.fx < x1 and y0 < p.fy < y1:
            return p
        return self.table.clamp(p, self.radius)

    def enemy(self, e: Unit, reachable: bool = False) -> list[Point]:
        """:func:`.movement.points_for`: to base contact, full speed toward and away, to the
        edge of range. ``reachable``: without the contact and range points that lie clearly
        beyond the unit's speed (more than a grid step's diagonal and a margin beyond it)."""
        far = self.speed + 0.05 if reachable else math.inf  # a grid point rounds by < 0.0071
        # every point made: ``make`` is Point.near and ``reach`` makes its own
        return cast("list[Point]", self._enemy_points(e, far, _near, self._reach_toward))

    def _enemy_points(self, e: Unit, far: float, make: Callable[[float, float], Raw],
                      reach: Callable[[Unit, float, float, float, float], Raw | None]
                      ) -> list[Raw]:
        """The body of :meth:`enemy` and :meth:`enemy_raw`: ``make`` turns a float position
        into its point (or leaves it raw), ``reach`` finds a full-speed point."""
        a = self.u.pos
        ux, uy, ex, ey = a.fx, a.fy, e.pos.fx, e.pos.fy
        dxe, dye = ux - ex, uy - ey
        h = math.hypot(dxe, dye)
        if h == 0:
            return list(points_for(self.b, self.u, e))
        d = math.sqrt(dxe * dxe + dye * dye)  # Point.dist
        speed, contact = self.speed, self.contact
        pts: list[Raw] = []
        if d > contact and d - contact <= far:
            f = contact / h  # toward(e, u, contact)
            pts.append(make(ex + dxe * f, ey + dye * f))
        # toward(u, e, want): u + (e - u) * (want / h), the same products as there
        mx, my = ex - ux, ey - uy
        if d - contact > speed:
            p = reach(e, speed - STEP, mx, my, h)
            if p is not None:
                pts.append(p)
        p = reach(e, -(speed - STEP), mx, my, h)
        if p is not None:
            pts.append(p)
        rng = self.rng
        if abs(d - rng) > STEP and abs(h - (rng - 0.05)) <= far:
            f = (rng - 0.05) / h  # toward(e, u, range - 0.05)
            pts.append(make(ex + dxe * f, ey + dye * f))
        return pts

    def _reach_toward(self, e: Unit, want: float, mx: float, my: float, h: float) -> Point | None:
        """:meth:`_reach` with toward's own arithmetic: ``u + m * (want / h)``."""
        a = self.u.pos
        f = want / h
        end = self._clamped(a.fx + mx * f, a.fy + my * f)
        if end == a:
            return None
        if self.fits(end):
            return end
        return reach(self.b, self.u, e.pos, want)

    # -- the same points, not yet made (issue 18: a random pick makes one) ------------------
    def enemy_raw(self, e: Unit) -> list[Raw]:
        """:meth:`enemy` with ``reachable``, each point that takes the common path left as
        the float position :meth:`Point.near` rounds (:data:`Raw`), the others made."""
        return self._enemy_points(e, self.speed + 0.05, _raw, self._reach_raw)

    def _reach_raw(self, e: Unit, want: float, mx: float, my: float, h: float) -> Raw | None:
        """:meth:`_reach_toward` unmade where its point is clearly inside the table, not the
        unit's own spot and clearly paid for by the speed on a flat table."""
        a = self.u.pos
        f = want / h
        x, y = a.fx + mx * f, a.fy + my * f
        fx, fy = grid_floats(x, y)
        x0, x1, y0, y1 = self.inside
        if self.flat and x0 < fx < x1 and y0 < fy < y1 and (fx != a.fx or fy != a.fy):
            dx, dy = a.fx - fx, a.fy - fy
            fa, fb = dx * dx + dy * dy, self.fsp2
            if fa < fb - (MARGIN * (fb + fa) + 1e-12):
                return (x, y)
        return self._reach_toward(e, want, mx, my, h)

    def flank_raw(self, at: Point) -> list[Raw]:
        """:meth:`flank`, each point the speed clearly pays for on a flat table left unmade."""
        a = self.u.pos
        ax, ay = a.fx, a.fy
        dist = self.speed - STEP
        base = math.atan2(at.fy - ay, at.fx - ax)
        fb = self.fsp2
        out: list[Raw] = []
        for off in _OFFSETS:
            x, y = ax + dist * math.cos(base + off), ay + dist * math.sin(base + off)
            fx, fy = grid_floats(x, y)
            if self.flat and (fx != ax or fy != ay):
                dx, dy = ax - fx, ay - fy
                fa = dx * dx + dy * dy
                tol = MARGIN * (fb + fa) + 1e-12
                if fa < fb - tol:
                    out.append((x, y))
                    continue
                if fa > fb + tol:
                    continue
            p = _near(x, y)
            if self.fits(p):
                out.append(p)
        return out

    def flank(self, at: Point) -> list[Point]:
        """:func:`.movement.flank_for`: full speed at ±45° and ±90° off the line to ``at``,
        where the speed pays for it."""
        ax, ay = self.u.pos.fx, self.u.pos.fy
        dist = self.speed - STEP
        base = math.atan2(at.fy - ay, at.fx - ax)
        out: list[Point] = []
        for off in _OFFSETS:
            p = _near(ax + dist * math.cos(base + off), ay + dist * math.sin(base + off))
            if self.fits(p):
                out.append(p)
        return out


# -- the plain definitions ------------------------------------------------------------
def reach(b: Battle, u: Unit, target: Point, want: float) -> Point | None:
    """The farthest grid point up to ``want`` inches along the straight line toward
    ``target`` (negative: away) that the speed pays for, clamped to the table."""
    s = b.setup
    end = s.table.clamp(toward(u.pos, target, want), s.radius)
    if end == u.pos:
        return None
    if s.table.path_fits([u.pos, end], u.profile.speed):
        return end
    # bisection on the float cost, then the exact test on the chosen grid point
    lo, hi = 0.0, abs(want)
    sign = 1.0 if want >= 0 else -1.0
    speed = float(u.profile.speed) - 0.005
    for _ in range(12):
        mid = (lo + hi) / 2
        p = s.table.clamp(toward(u.pos, target, sign * mid), s.radius)
        if s.table.path_cost([u.pos, p]) <= speed:
            lo = mid
        else:
            hi = mid
    best = s.table.clamp(toward(u.pos, target, sign * lo), s.radius)
    if best == u.pos or not s.table.path_fits([u.pos, best], u.profile.speed):
        return None
    return best


def points_for(b: Battle, u: Unit, e: Unit) -> list[Point]:
    """One enemy's move points: to base contact, full speed toward and away, to the edge of
    range (the plain definition; :meth:`.movegen.PointMaker.enemy` makes the same faster)."""
    s = b.setup
    speed = float(u.profile.speed)
    contact = 2 * s.fradius + float(s.tolerance) / 2
    rng = float(b.range_of(u))
    pts: list[Point] = []
    d = u.pos.dist(e.pos)
    if d > contact:
        pts.append(toward(e.pos, u.pos, contact))
    if d - contact > speed:
        p = reach(b, u, e.pos, speed - STEP)
        if p is not None:
            pts.append(p)
    p = reach(b, u, e.pos, -(speed - STEP))
    if p is not None:
        pts.append(p)
    if abs(d - rng) > STEP:
        pts.append(toward(e.pos, u.pos, rng - 0.05))
    return pts


def flank_for(b: Battle, u: Unit, at: Point, speed: float) -> list[Point]:
    """The flank points around ``at`` that ``u``'s speed pays for (the plain definition;
    :meth:`.movegen.PointMaker.flank` makes the same faster)."""
    fits = b.setup.table.path_fits
    return [p for p in flank_points(u.pos, at, speed - STEP)
            if fits([u.pos, p], u.profile.speed)]


def flank_points(a: Point, b: Point, dist: float) -> list[Point]:
    """Points ``dist`` from ``a`` at ±45° and ±90° off the line toward ``b``."""
    ax, ay = a.as_floats()
    bx, by = b.as_floats()
    base = math.atan2(by - ay, bx - ax)
    return [
        Point.near(ax + dist * math.cos(base + off), ay + dist * math.sin(base + off))
        for off in (math.pi / 4, -math.pi / 4, math.pi / 2, -math.pi / 2)
    ]


def cover_points(f: Feature, radius: float) -> list[Point]:
    """Points just outside a feature's sides (rect) or around it (circle)."""
    off = radius + 0.05
    sh = f.shape
    if isinstance(sh, Rect):
        x0, y0, x1, y1 = (float(v) for v in (sh.x0, sh.y0, sh.x1, sh.y1))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return [
            Point.near(cx, y0 - off), Point.near(cx, y1 + off),
            Point.near(x0 - off, cy), Point.near(x1 + off, cy),
        ]
    if isinstance(sh, Circle):
        cx, cy = sh.centre.as_floats()
        r = float(sh.radius) + off
        return [Point.near(cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (0, math.pi / 2, math.pi, 3 * math.pi / 2)]
    return []
