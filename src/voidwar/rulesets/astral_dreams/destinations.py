"""Astral Dreams: where a miniature may move (The Round 2a), defined once, as pure functions of
values.

The legal actions offer a finite, useful set of destinations (any other point may be typed and
is checked by the same rule, :func:`.movement.path_reason`):

* **the useful points** (our choice): for each enemy, to base contact, full speed toward it
  (when it is farther) and away from it, and to the edge of the unit's range; full speed at
  ±45° and ±90° off the line to the two nearest enemies (the way around a blocker); beside each
  line-of-sight blocker (cover). On flat ground a contact or range point that lies clearly
  beyond the unit's speed is not made (no straight move reaches it);
* **of those, the ones The Round 2a allows** for a straight move, each once and never where the
  unit stands: the base stays on the table, the path's cost on the terrain (a hill half up,
  double down) is within speed, no impassable feature is entered (:func:`leg_open`, the table's
  part of the rule), and no other base is in the way (:func:`blocked`, the bases' part).

How it is fast. The table's part depends only on the setup, the unit's speed, where it stands
and the point; the useful points come in **chunks** that depend on one more point each (one
enemy's, one flank's; the cover points on none), so a chunk — its points screened by the
table's part, with each move prepared for the bases' test — is a pure function of ``(setup,
speed, range, position, other point)``, cached (:func:`functools.lru_cache`). The bases' part
of a chunk is a bit mask per base position, a pure function of the chunk and that position,
cached too, and asked only of the bases near enough to touch one of the chunk's moves. The
moves of a chunk for a unit id are cached the same way. What changes from one action to the
next is then one enemy's chunk, one base's masks and the assembly. Every key is a value: the
setup is one object per scenario and options and hashes in one step (:class:`.state.Setup`);
a position hashes by its floats and compares exactly (:class:`~voidwar.core.tabletop.Point`);
a chunk hashes by what defines it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...core.memo import remember
from ...core.tabletop import MARGIN, Point, Rect, float_le, leg_blocked, toward
from .actions import Move
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
        x0, x1, y0, y1 = s.area.inside
        px, py = p.fx, p.fy
        if x0 < px < x1 and y0 < py < y1:  # clearly on the table
            dx, dy = px - a.fx, py - a.fy
            fsp = float(speed)
            quick = float_le(dx * dx + dy * dy, fsp * fsp)  # within speed, every inch at 1
            if quick is not None:
                return quick
    return (s.area.contains(p) and fits(s, speed, a, p)
            and (not t.impassable or t.impassable_on((a, p), s.radius) is None))


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
    t, area = s.table, s.area
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
        if t.path_cost((a, p)) <= budget:
            lo = mid
        else:
            hi = mid
    best = area.clamp(toward(a, target, sign * lo))
    if best == a or not fits(s, speed, a, best):
        return None
    return best


class Chunk:
    """Some of a unit's useful points that the table's part of the rule allows, each with its
    move from the unit prepared for the bases' test. Found by value (the functions that make
    chunks are cached by their arguments) and never changed but for its two memos, kept by
    core/memo.py's rules: the mask of each base position that has been asked
    (:func:`blocked`), and the moves of each unit id (:func:`chunk_moves`)."""

    __slots__ = ("at", "keys", "legs", "masks", "moves", "near2", "points", "setup")

    def __init__(self, s: Setup, speed: int, a: Point, points: list[Point]) -> None:
        self.setup, self.at = s, a
        ax, ay = a.fx, a.fy
        kept: list[Point] = []
        keys: list[tuple[float, float]] = []
        legs: list[tuple[float, float, float]] = []
        longest = 0.0
        for p in points:
            px, py = p.fx, p.fy
            if (px == ax and py == ay and p == a) or not leg_open(s, speed, a, p):
                continue  # never where the unit stands; the table's part of the rule
            vx, vy = px - ax, py - ay
            vv = vx * vx + vy * vy
            kept.append(p)
            keys.append((px, py))
            legs.append((vx, vy, vv))
            longest = max(longest, vv)
        self.points = tuple(kept)
        #: each point's floats (points that share none are not the same)
        self.keys = frozenset(keys)
        #: each move in floats: its offset from ``a`` and squared length
        self.legs = tuple(legs)
        # a base farther from ``a`` than the longest move and two radii (and a margin far
        # above rounding) touches none of them
        near = (math.sqrt(longest) + 2 * s.fradius) * (1 + 1e-6) + 1e-6
        self.near2 = near * near
        self.masks: dict[Point, int] = {}
        self.moves: dict[str, tuple[Move, ...]] = {}


@lru_cache(maxsize=512)
def enemy_chunk(s: Setup, speed: int, rng: int, a: Point, e: Point) -> Chunk:
    """One enemy's points: to base contact, full speed toward it when it is farther, full speed
    away, to the edge of range."""
    fsp, frng = float(speed), float(rng)
    contact = s.fcontact
    # on flat ground a point more than the speed, a grid step's diagonal (0.0071) and a margin
    # away is beyond any straight move
    far = fsp + 0.05 if s.table.flat else math.inf
    d = a.dist(e)
    pts: list[Point] = []
    if d > contact and d - contact <= far:
        pts.append(toward(e, a, contact))
    if d - contact > fsp:
        p = reach_point(s, speed, a, e, fsp - STEP)
        if p is not None:
            pts.append(p)
    p = reach_point(s, speed, a, e, -(fsp - STEP))
    if p is not None:
        pts.append(p)
    if abs(d - frng) > STEP and abs(d - (frng - 0.05)) <= far:
        pts.append(toward(e, a, frng - 0.05))
    return Chunk(s, speed, a, pts)


@lru_cache(maxsize=512)
def flank_chunk(s: Setup, speed: int, a: Point, e: Point) -> Chunk:
    """Full speed at ±45° and ±90° off the line from ``a`` toward the enemy at ``e``."""
    dist = float(speed) - STEP
    ax, ay = a.fx, a.fy
    base = math.atan2(e.fy - ay, e.fx - ax)
    pts = [Point.near(ax + dist * math.cos(base + off), ay + dist * math.sin(base + off))
           for off in _FLANKS]
    return Chunk(s, speed, a, pts)


@lru_cache(maxsize=128)
def cover_chunk(s: Setup, speed: int, a: Point) -> Chunk:
    """The points just beside each line-of-sight blocker."""
    pts = [p for f in s.table.sight_blockers for p in beside(f, s.fradius)]
    return Chunk(s, speed, a, pts)


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


def blocked(ch: Chunk, c: Point) -> int:
    """The bases' part of the rule for one chunk and another base at ``c``: a bit mask of the
    chunk's moves that base is in the way of (bit ``i``: the move to ``ch.points[i]``),
    remembered by the chunk."""
    found = ch.masks.get(c)
    if found is None:
        found = remember(ch.masks, c, _mask(ch, c), 64)
    return found


def _mask(ch: Chunk, c: Point) -> int:
    """:func:`blocked`, worked out: each move's squared distance to ``c`` in floats first;
    near two radii :func:`~voidwar.core.tabletop.leg_blocked` decides exactly."""
    s, a = ch.setup, ch.at
    fs2 = s.fpass2
    wx, wy = c.fx - a.fx, c.fy - a.fy
    mask = 0
    for i, (vx, vy, vv) in enumerate(ch.legs):
        t = (wx * vx + wy * vy) / vv  # where along the move c is nearest (a move has length)
        t = 1.0 if t > 1 else 0.0 if t < 0 else t
        dx, dy = vx * t - wx, vy * t - wy
        d2 = dx * dx + dy * dy
        tol = MARGIN * (fs2 + d2) + 1e-12
        if d2 < fs2 - tol or (
                d2 <= fs2 + tol and leg_blocked(a, ch.points[i], c, s.radius, s.radius, fs2)):
            mask |= 1 << i
    return mask


def chunk_moves(ch: Chunk, uid: str) -> tuple[Move, ...]:
    """``Move(uid, p)`` for each point of ``ch``, remembered by the chunk: one value per move
    for every ask."""
    found = ch.moves.get(uid)
    if found is None:
        found = remember(ch.moves, uid, tuple([Move(uid, p) for p in ch.points]), 64)
    return found


#: the chunks of a unit's destinations, each with the mask of its points left out (a base in
#: the way, or the same point met in an earlier chunk)
Selection = list[tuple[Chunk, int]]


def selection(s: Setup, speed: int, rng: int, a: Point, enemies: tuple[Point, ...],
              friends: tuple[Point, ...]) -> Selection:
    """The destinations of a unit of ``speed`` and ``rng`` at ``a`` with enemies and friends
    at those positions (in the game's order), as chunks and masks (see the module
    docstring)."""
    chunks = [enemy_chunk(s, speed, rng, a, e) for e in enemies]
    # the two nearest enemies (ties: the first in order)
    for e in sorted(enemies, key=a.fdist2)[:2]:
        chunks.append(flank_chunk(s, speed, a, e))
    if s.table.sight_blockers:
        chunks.append(cover_chunk(s, speed, a))
    ax, ay = a.fx, a.fy
    far = max([ch.near2 for ch in chunks], default=0.0)
    near: list[tuple[Point, float]] = []
    for c in (*enemies, *friends):
        dx, dy = c.fx - ax, c.fy - ay
        d2 = dx * dx + dy * dy
        if d2 <= far:
            near.append((c, d2))
    out: Selection = []
    n = 0
    keys: set[tuple[float, float]] = set()
    for ch in chunks:
        if not ch.points:
            continue
        mask = 0
        lim = ch.near2
        for c, d2 in near:
            if d2 <= lim:
                mask |= blocked(ch, c)
        out.append((ch, mask))
        n += len(ch.points)
        keys |= ch.keys
    if len(keys) < n:
        _once(out)  # some point met twice
    return out


def _once(sel: Selection) -> None:
    """Leave out of ``sel`` each point met in an earlier chunk (its first chunk decided it)."""
    seen: dict[tuple[float, float], list[Point]] = {}
    for k, (ch, mask) in enumerate(sel):
        for i, p in enumerate(ch.points):
            key = (p.fx, p.fy)
            same = seen.get(key)
            if same is None:
                seen[key] = [p]
            elif any(q == p for q in same):
                mask |= 1 << i
            else:
                same.append(p)
        sel[k] = (ch, mask)


def destinations(s: Setup, speed: int, rng: int, a: Point, enemies: tuple[Point, ...],
                 friends: tuple[Point, ...]) -> list[Point]:
    """The destinations a unit is offered, in order (:func:`selection`)."""
    out: list[Point] = []
    for ch, mask in selection(s, speed, rng, a, enemies, friends):
        if mask:
            out.extend([p for i, p in enumerate(ch.points) if not mask >> i & 1])
        else:
            out.extend(ch.points)
    return out


def counted(sel: Selection) -> int:
    """How many destinations ``sel`` holds."""
    n = 0
    for ch, mask in sel:
        n += len(ch.points) - mask.bit_count()
    return n


def nth(sel: Selection, i: int) -> Point:
    """The ``i``-th destination of ``sel`` (in :func:`destinations`' order)."""
    for ch, mask in sel:
        for k, p in enumerate(ch.points):
            if not mask >> k & 1:
                if i == 0:
                    return p
                i -= 1
    raise IndexError(f"no destination {i}")


def destination_moves(uid: str, s: Setup, speed: int, rng: int, a: Point,
                      enemies: tuple[Point, ...], friends: tuple[Point, ...]) -> list[Move]:
    """``Move(uid, p)`` for each of :func:`destinations`."""
    out: list[Move] = []
    for ch, mask in selection(s, speed, rng, a, enemies, friends):
        moves = chunk_moves(ch, uid)
        if mask:
            out.extend([m for i, m in enumerate(moves) if not mask >> i & 1])
        else:
            out.extend(moves)
    return out


__all__ = ["STEP", "Chunk", "beside", "blocked", "counted", "destination_moves", "destinations",
           "fits", "leg_open", "nth", "reach_point", "selection"]
