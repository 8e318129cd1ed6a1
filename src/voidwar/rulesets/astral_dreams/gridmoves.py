"""Astral Dreams move chunks worked out on the hundredth grid (issue 18): the screened points
of :meth:`.movegen.PointMaker.enemy_raw` and :meth:`~.movegen.PointMaker.flank_raw` (The Round
2a's useful destinations) after :class:`.candidates._Screen`, decided in integers instead of
``Fraction``s.

Every generated destination is a grid point ``(nx/100, ny/100)`` (:meth:`Point.near`). Where the
unit stands on the grid too and the table's bounds for a base centre are hundredths, each exact
test of the screen is a comparison of integers, and the very same comparison:

* on the table (``Surface.base_on_table``): ``X0 ≤ nx ≤ X1`` and ``Y0 ≤ ny ≤ Y1``;
* within speed on a flat table (``Table.path_fits`` of one straight leg, every factor 1):
  ``(nx − ax)² + (ny − ay)² ≤ (100 · speed)²``;
* the unit's own spot: ``(nx, ny) == (ax, ay)``; clamping to the table: ``min``/``max`` of ints.

The float positions are computed with the same operations in the same order as
:class:`.movegen.PointMaker`, so they round to the same grid points. Where the plain
construction takes a rare turn (a zero distance, a full-speed point the speed does not pay for
after clamping, which then bisects) these functions answer ``None`` and the caller uses it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.tabletop import Point, grid_round
from .movegen import _OFFSETS, STEP, Raw

if TYPE_CHECKING:
    from .state import Battle, Unit

#: a screened point (:data:`.candidates.Entry`): the point or its unmade position, its floats,
#: its offset from the unit and squared length
Entry = tuple[Raw, float, float, float, float, float]



def grid_of(p: Point) -> tuple[int, int] | None:
    """``(100·x, 100·y)`` when both are whole numbers (a point on the hundredth grid)."""
    x, y = p.x, p.y
    dx, dy = x.denominator, y.denominator
    if 100 % dx or 100 % dy:
        return None
    return x.numerator * (100 // dx), y.numerator * (100 // dy)


class Kind:
    """What the chunks of units of one speed and range on one setup share."""

    __slots__ = ("bounds", "contact", "far", "rng", "speed", "speed2", "want")

    def __init__(self, b: Battle, u: Unit, bounds: tuple[int, int, int, int]) -> None:
        s = b.setup
        self.bounds = bounds
        self.speed = float(u.profile.speed)  # PointMaker's
        self.contact = 2 * s.fradius + float(s.tolerance) / 2
        self.rng = float(b.range_of(u))
        self.far = self.speed + 0.05  # enemy_raw's
        self.want = self.speed - STEP
        sp = 100 * u.profile.speed
        self.speed2 = sp * sp


def kind_of(b: Battle, u: Unit) -> Kind | None:
    """The :class:`Kind` of ``u`` (remembered by the setup); ``None`` where the table's bounds
    for a base centre are not hundredths (the plain construction answers)."""
    memo = b.setup.memo
    key = ("grid-kind", u.profile.speed, b.range_of(u))
    k: Kind | bool | None = memo.get(key, False)
    if k is False:
        s = b.setup
        x0, x1, y0, y1 = s.table.centre_bounds(s.radius)
        gs = [grid_of(Point(x0, y0)), grid_of(Point(x1, y1))]
        k = None
        if gs[0] is not None and gs[1] is not None:
            k = Kind(b, u, (gs[0][0], gs[1][0], gs[0][1], gs[1][1]))
        memo[key] = k
    return k  # type: ignore[return-value]


def enemy_entries(k: Kind, a: Point, ga: tuple[int, int], e: Point) -> list[Entry] | None:
    """``_Screen.entries(PointMaker.enemy_raw(enemy at e))`` for ``u`` at ``a`` (grid ``ga``):
    to base contact, full speed toward (when beyond it) and away, to the edge of range."""
    ax, ay = a.fx, a.fy
    ex, ey = e.fx, e.fy
    dxe, dye = ax - ex, ay - ey
    h = math.hypot(dxe, dye)
    if h == 0:
        return None
    d = math.sqrt(dxe * dxe + dye * dye)  # Point.dist
    speed, contact, far = k.speed, k.contact, k.far
    out: list[Entry] = []
    if d > contact and d - contact <= far:
        f = contact / h  # toward(e, u, contact)
        _screened(out, k, a, ga, ex + dxe * f, ey + dye * f)
    mx, my = ex - ax, ey - ay
    if d - contact > speed:
        f = k.want / h  # u + (e - u) * (want / h)
        if not _reached(out, k, a, ga, ax + mx * f, ay + my * f):
            return None
    f = -k.want / h
    if not _reached(out, k, a, ga, ax + mx * f, ay + my * f):
        return None
    rng = k.rng
    if abs(d - rng) > STEP and abs(h - (rng - 0.05)) <= far:
        f = (rng - 0.05) / h  # toward(e, u, range - 0.05)
        _screened(out, k, a, ga, ex + dxe * f, ey + dye * f)
    return out


def flank_entries(k: Kind, a: Point, ga: tuple[int, int], at: Point) -> list[Entry]:
    """``_Screen.entries(PointMaker.flank_raw(at))``: full speed at ±45° and ±90° off the line
    to ``at``, where the speed pays for it."""
    ax, ay = a.fx, a.fy
    dist = k.want
    base = math.atan2(at.fy - ay, at.fx - ax)
    out: list[Entry] = []
    for off in _OFFSETS:
        _screened(out, k, a, ga, ax + dist * math.cos(base + off), ay + dist * math.sin(base + off))
    return out


def _screened(out: list[Entry], k: Kind, a: Point, ga: tuple[int, int], x: float,
              y: float) -> None:
    """Add the grid point nearest ``(x, y)`` (left unmade) unless it is the unit's own spot,
    puts the base off the table or lies beyond the speed."""
    nx, ny = grid_round(x / 0.01), grid_round(y / 0.01)  # Point.near
    gx, gy = ga
    x0, x1, y0, y1 = k.bounds
    if not (x0 <= nx <= x1 and y0 <= ny <= y1) or (nx == gx and ny == gy):
        return
    dx, dy = nx - gx, ny - gy
    if dx * dx + dy * dy > k.speed2:
        return
    px, py = nx / 100, ny / 100
    abx, aby = px - a.fx, py - a.fy
    out.append(((x, y), px, py, abx, aby, abx * abx + aby * aby))


def _reached(out: list[Entry], k: Kind, a: Point, ga: tuple[int, int], x: float,
             y: float) -> bool:
    """Add the full-speed point: the grid point nearest ``(x, y)`` clamped to the table
    (``Surface.clamp``), none when that is the unit's own spot. False: the speed does not pay
    for it (the plain construction bisects)."""
    nx, ny = grid_round(x / 0.01), grid_round(y / 0.01)
    gx, gy = ga
    x0, x1, y0, y1 = k.bounds
    cx = x0 if nx < x0 else x1 if nx > x1 else nx
    cy = y0 if ny < y0 else y1 if ny > y1 else ny
    if cx == gx and cy == gy:
        return True
    dx, dy = cx - gx, cy - gy
    if dx * dx + dy * dy > k.speed2:
        return False
    raw: Raw = (x, y) if cx == nx and cy == ny else (cx / 100, cy / 100)
    px, py = cx / 100, cy / 100
    abx, aby = px - a.fx, py - a.fy
    out.append((raw, px, py, abx, aby, abx * abx + aby * aby))
    return True
