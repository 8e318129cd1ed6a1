"""Astral Dreams: one straight leg across the table (The Round 2a, the table's part of the rule):
the base ends on the table, the leg's cost on the terrain (a hill half up, double down) is within
speed, no impassable feature is entered; and how far a miniature gets along a line. Pure
functions of values, float pre-tests first where they are clear (:mod:`.destinations` offers
the points; :func:`.movement.path_reason` names a refusal's reason)."""

from __future__ import annotations

from ...core.tabletop import MARGIN, Point, float_le, grid_round, toward, toward_floats
from .state import Setup

#: a point of a chunk: made, or not yet made (its whole hundredths on the 0.01" grid)
Entry = Point | tuple[int, int]


# -- the table's part of the rule --------------------------------------------------------------
def _fits_quick(s: Setup, speed: int, a: Point, px: float, py: float) -> bool | None:
    """Whether ``speed`` pays for the leg from ``a`` to ``(px, py)`` on flat ground, in floats:
    :meth:`.terrain.Table.path_fits`' pre-test (``None``: too close to call, or the terrain
    changes the cost)."""
    if not s.table.flat:
        return None
    dx, dy = px - a.fx, py - a.fy
    fsp = float(speed)
    return float_le(dx * dx + dy * dy, fsp * fsp)


def _open_quick(s: Setup, speed: int, a: Point, px: float, py: float) -> bool | None:
    """:func:`leg_open` in floats where it is clear: the base clearly on the table and the leg
    clearly within or beyond speed, on a table whose terrain neither slows nor stops it
    (``None``: the exact tests decide)."""
    if not s.table.plain:
        return None
    x0, x1, y0, y1 = s.area.inside
    if not (x0 < px < x1 and y0 < py < y1):
        return None
    return _fits_quick(s, speed, a, px, py)


def leg_open(s: Setup, speed: int, a: Point, p: Point) -> bool:
    """The table's part of The Round 2a for a straight move ``a`` → ``p``: the base ends on
    the table, the leg's cost on the terrain is within ``speed``, no impassable feature is
    entered (:func:`.movement.path_reason`'s tests, other bases aside; their float pre-tests
    first)."""
    quick = _open_quick(s, speed, a, p.fx, p.fy)
    if quick is not None:
        return quick
    t = s.table
    return (s.area.contains(p) and fits(s, speed, a, p)
            and (not t.impassable or t.impassable_on((a, p), s.radius) is None))


def fits(s: Setup, speed: int, a: Point, p: Point) -> bool:
    """Whether ``speed`` pays for the straight leg ``a`` → ``p`` on the terrain
    (:meth:`.terrain.Table.path_fits`, its flat-ground pre-test first)."""
    quick = _fits_quick(s, speed, a, p.fx, p.fy)
    if quick is not None:
        return quick
    return s.table.path_fits((a, p), speed)


def reach(s: Setup, speed: int, a: Point, target: Point, want: float) -> Entry | None:
    """The farthest grid point up to ``want`` inches from ``a`` along the straight line toward
    ``target`` (negative: away) that ``speed`` pays for on the terrain, clamped to the table;
    ``None`` when that is ``a`` itself. Left as hundredths where the point ``want`` inches
    along is clearly on the table, not ``a``, and clearly paid for on flat ground (then the
    clamp keeps it and it is the answer); otherwise made and found exactly, by bisection where
    the terrain makes the full distance too dear."""
    xy = toward_floats(a, target, want)
    if xy is not None and s.table.flat:
        nx, ny = grid_round(xy[0] / 0.01), grid_round(xy[1] / 0.01)  # hundredths
        px, py = nx / 100, ny / 100
        vx, vy = px - a.fx, py - a.fy
        x0, x1, y0, y1 = s.area.inside
        if x0 < px < x1 and y0 < py < y1 and (vx != 0 or vy != 0):
            fsp = float(speed)
            fsp2, vv = fsp * fsp, vx * vx + vy * vy
            if vv < fsp2 - (MARGIN * (fsp2 + vv) + 1e-12):  # fits' pre-test, clearly
                return nx, ny
    area = s.area
    end = area.clamp(toward(a, target, want))
    if end.fx == a.fx and end.fy == a.fy and end == a:
        return None
    if fits(s, speed, a, end):
        return end
    # bisection on the float cost, then the exact test on the chosen grid point
    lo, hi = 0.0, abs(want)
    sign = 1.0 if want >= 0 else -1.0
    budget = float(speed) - 0.005
    for _ in range(12):
        mid = (lo + hi) / 2
        p = area.clamp(toward(a, target, sign * mid))
        if s.table.path_cost((a, p)) <= budget:
            lo = mid
        else:
            hi = mid
    best = area.clamp(toward(a, target, sign * lo))
    if best == a or not fits(s, speed, a, best):
        return None
    return best


def reach_point(s: Setup, speed: int, a: Point, target: Point, want: float) -> Point | None:
    """:func:`reach`, made."""
    e = reach(s, speed, a, target, want)
    return None if e is None else made(e)


def made(e: Entry) -> Point:
    """The point an entry stands for."""
    return e if isinstance(e, Point) else Point.grid(e[0], e[1])


__all__ = ["Entry", "fits", "leg_open", "made", "reach", "reach_point"]
