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
  double down) is within speed, no impassable feature is entered (:func:`.legs.leg_open`, the
  table's part of the rule), and no other base is in the way (:func:`blocked`, the bases' part).

How it is fast (data layout and caches of pure functions, one derivation):

* the table's part depends only on the setup, the unit's speed, where it stands and the point,
  so the useful points come in **chunks** that depend on one more point each (one enemy's, one
  flank's; the cover points on none): a chunk, its points screened by the table's part, is a
  pure function of the setup, the unit's speed and range, its position and that point. A
  :class:`Spot` (the setup, speed, range and position: found by value,
  :func:`functools.lru_cache`) remembers its chunks by that other point;
* a chunk keeps each point as its whole hundredths on the 0.01" grid (every useful point lies
  on it) until the point is needed: the float pre-tests read the grid's floats, and a
  :class:`~voidwar.core.tabletop.Point` is made for an exact test near a limit, or when the
  point is offered;
* the bases' part of a chunk is a bit mask per base position, worked out in floats from the
  chunk's prepared moves and remembered by the chunk, and asked only of the bases near
  enough to touch one of them; the moves of a chunk are remembered by unit id. From one
  action to the next, what changes is one enemy's chunk and one base's masks.

Every key is a value: the setup is one object per scenario and options and hashes in one step
(:class:`.state.Setup`); a position is looked up by its floats (a function of its value, hashed
in one C step) and confirmed exactly. The memos follow core/memo.py's rules (made whole,
stored in one step, bounded).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from ...core.memo import remember
from ...core.tabletop import (
    MARGIN,
    Point,
    Rect,
    grid_round,
    leg_blocked,
    toward_floats,
)
from .actions import Move
from .attacks import reach_of
from .legs import Entry, leg_open, made, reach
from .state import Setup
from .terrain import Feature

#: how far short of full speed (and of the range) the useful points stop: room for the
#: hundredth grid they are rounded to
STEP = 0.02

#: the flank directions off the line to an enemy: ±45°, ±90°
_FLANKS = (math.pi / 4, -math.pi / 4, math.pi / 2, -math.pi / 2)

#: how many entries each memo of a chunk or a spot keeps (then it forgets them all)
MEMO = 64


# -- chunks ------------------------------------------------------------------------------------
class Chunk:
    """Some of a unit's useful points that the table's part of the rule allows, each with its
    move from the unit in floats for the bases' test. Made by
    :class:`_Screen`, found by value through its :class:`Spot`, and never changed but for
    its memos (core/memo.py's rules): the mask of each base position asked (:func:`blocked`)
    and the moves of each unit id (:func:`chunk_moves`). An enemy's chunk also says which
    attacks the unit can make on it from there (:func:`.attacks.reach_of`, a function of the
    same values)."""

    __slots__ = ("at", "entries", "foe", "keys", "legs", "masks", "moves", "near2", "setup")

    def __init__(self, s: Setup, a: Point, entries: list[Entry],
                 keys: list[tuple[float, float]], legs: list[tuple[float, float, float]],
                 foe: int) -> None:
        self.setup, self.at = s, a
        self.entries = tuple(entries)
        #: the points' floats (points that share none are not the same): a set, which keeps
        #: each one's hash, so the destinations' union of them hashes no float again
        self.keys = frozenset(keys)
        #: each move in floats: its offset from ``a`` and squared length
        self.legs = tuple(legs)
        # a base farther from ``a`` than the longest move and two radii (and a margin far
        # above rounding) touches none of them
        longest = max([leg[2] for leg in legs], default=0.0)
        near = (math.sqrt(longest) + 2 * s.fradius) * (1 + 1e-6) + 1e-6
        self.near2 = near * near
        #: an enemy's chunk: the single-target attacks on it from ``a``
        #: (:func:`.attacks.reach_of`'s bits; 0 for any other chunk)
        self.foe = foe
        self.masks: dict[tuple[float, float], tuple[Point, int]] = {}
        # made when first needed (fewer objects for the collector to visit)
        self.moves: dict[str, tuple[Move, ...]] | None = None

    def point(self, i: int) -> Point:
        """The ``i``-th point (made where it is kept as hundredths)."""
        e = self.entries[i]
        return e if isinstance(e, Point) else Point.grid(e[0], e[1])


class _Screen:
    """Builds one chunk: each point offered is kept if the table's part of the rule allows a
    straight move to it (never ``a``). A grid point is decided by :func:`leg_open`'s float
    pre-tests where they are clear (written out here, the setup's floats read once per chunk:
    a point is tested where it is made), by :func:`leg_open` itself otherwise."""

    def __init__(self, s: Setup, speed: int, a: Point) -> None:
        self.s, self.speed, self.a = s, speed, a
        self.ax, self.ay = a.fx, a.fy
        self.plain = s.table.plain
        self.box = s.area.inside
        fsp = float(speed)
        self.fsp2 = fsp * fsp
        self.entries: list[Entry] = []
        self.keys: list[tuple[float, float]] = []
        self.legs: list[tuple[float, float, float]] = []

    def grid(self, nx: int, ny: int) -> None:
        """The grid point ``(nx/100, ny/100)``, left unmade where the floats decide."""
        px, py = nx / 100, ny / 100
        vx, vy = px - self.ax, py - self.ay
        x0, x1, y0, y1 = self.box
        if self.plain and x0 < px < x1 and y0 < py < y1 and (vx != 0 or vy != 0):
            vv = vx * vx + vy * vy
            fsp2 = self.fsp2
            tol = MARGIN * (fsp2 + vv) + 1e-12  # float_le(|v|², speed²)
            if vv < fsp2 - tol:
                self.entries.append((nx, ny))
                self.keys.append((px, py))
                self.legs.append((vx, vy, vv))
                return
            if vv > fsp2 + tol:
                return
        self.point(Point.grid(nx, ny))

    def floats(self, x: float, y: float) -> None:
        """The grid point nearest ``(x, y)`` (:func:`~voidwar.core.tabletop.hundredths`)."""
        self.grid(grid_round(x / 0.01), grid_round(y / 0.01))

    def point(self, p: Point) -> None:
        """A made point (:func:`leg_open` decides)."""
        a = self.a
        if (p.fx != a.fx or p.fy != a.fy or p != a) and leg_open(self.s, self.speed, a, p):
            self._keep(p, p.fx, p.fy)

    def reached(self, e: Entry | None) -> None:
        """An answer of :func:`reach`: on the table, within speed and never ``a`` by its
        making; kept unless it enters impassable terrain."""
        if e is None:
            return
        t = self.s.table
        if t.impassable and t.impassable_on((self.a, made(e)), self.s.radius) is not None:
            return
        if isinstance(e, Point):
            px, py = e.fx, e.fy
        else:
            px, py = e[0] / 100, e[1] / 100
        vx, vy = px - self.ax, py - self.ay
        self.entries.append(e)
        self.keys.append((px, py))
        self.legs.append((vx, vy, vx * vx + vy * vy))

    def _keep(self, e: Entry, px: float, py: float) -> None:
        vx, vy = px - self.ax, py - self.ay
        self.entries.append(e)
        self.keys.append((px, py))
        self.legs.append((vx, vy, vx * vx + vy * vy))

    def chunk(self, foe: int = 0) -> Chunk:
        """The chunk of the points kept (``foe``: :attr:`Chunk.foe`)."""
        return Chunk(self.s, self.a, self.entries, self.keys, self.legs, foe)


class Spot:
    """What a unit of one speed and range standing at one place may move to, chunk by chunk:
    each chunk made when first asked for and remembered by the other point it depends on (a
    memo by that point's value: hashed by its floats, which a point's value fixes, in one C
    step, and confirmed exactly)."""

    __slots__ = ("a", "cover", "enemies", "flanks", "rng", "setup", "speed")

    def __init__(self, s: Setup, speed: int, rng: int, a: Point) -> None:
        self.setup, self.speed, self.rng, self.a = s, speed, rng, a
        self.enemies: dict[tuple[float, float], tuple[Point, Chunk]] = {}
        self.flanks: dict[tuple[float, float], tuple[Point, Chunk]] = {}
        self.cover = _cover_chunk(s, speed, a) if s.table.sight_blockers else None

    def enemy(self, e: Point) -> Chunk:
        """The chunk of the enemy at ``e``."""
        return _by_place(self.enemies, e, self, _enemy_chunk)

    def flank(self, e: Point) -> Chunk:
        """The flank chunk of the enemy at ``e``."""
        return _by_place(self.flanks, e, self, _flank_chunk)


def _by_place(memo: dict[tuple[float, float], tuple[Point, Chunk]], e: Point, sp: Spot,
              make: Callable[[Spot, Point], Chunk]) -> Chunk:
    """``make(sp, e)``, remembered in ``memo`` by the value of ``e``."""
    key = (e.fx, e.fy)
    hit = memo.get(key)
    if hit is not None and (hit[0] is e or hit[0] == e):
        return hit[1]
    ch = make(sp, e)
    if hit is None:  # else another point with the same floats holds the place: not kept
        if len(memo) >= MEMO:  # remember(), written out: a bound, then one atomic store
            memo.clear()
        memo.setdefault(key, (e, ch))
    return ch


@lru_cache(maxsize=128)
def spot(s: Setup, speed: int, rng: int, a: Point) -> Spot:
    """The :class:`Spot` of these values (a pure function, cached)."""
    return Spot(s, speed, rng, a)


def _enemy_chunk(sp: Spot, e: Point) -> Chunk:
    """One enemy's points: to base contact, full speed toward it when it is farther, full speed
    away, to the edge of range."""
    s, speed, a = sp.setup, sp.speed, sp.a
    fsp, frng = float(speed), float(sp.rng)
    contact = s.fcontact
    # on flat ground a point more than the speed, a grid step's diagonal (0.0071) and a margin
    # away is beyond any straight move
    far = fsp + 0.05 if s.table.flat else math.inf
    d = a.dist(e)
    sc = _Screen(s, speed, a)
    if d > contact and d - contact <= far:
        _toward(sc, e, a, contact)
    if d - contact > fsp:
        sc.reached(reach(s, speed, a, e, fsp - STEP))
    sc.reached(reach(s, speed, a, e, -(fsp - STEP)))
    if abs(d - frng) > STEP and abs(d - (frng - 0.05)) <= far:
        _toward(sc, e, a, frng - 0.05)
    return sc.chunk(reach_of(s, sp.rng, a, e))


def _toward(sc: _Screen, e: Point, a: Point, distance: float) -> None:
    """Offer ``toward(e, a, distance)`` (``e`` itself where the two are one place)."""
    xy = toward_floats(e, a, distance)
    if xy is None:
        sc.point(e)
    else:
        sc.floats(xy[0], xy[1])


def _flank_chunk(sp: Spot, e: Point) -> Chunk:
    """Full speed at ±45° and ±90° off the line from the unit toward the enemy at ``e``."""
    a = sp.a
    dist = float(sp.speed) - STEP
    ax, ay = a.fx, a.fy
    base = math.atan2(e.fy - ay, e.fx - ax)
    sc = _Screen(sp.setup, sp.speed, a)
    for off in _FLANKS:
        sc.floats(ax + dist * math.cos(base + off), ay + dist * math.sin(base + off))
    return sc.chunk()


def _cover_chunk(s: Setup, speed: int, a: Point) -> Chunk:
    """The points just beside each line-of-sight blocker."""
    sc = _Screen(s, speed, a)
    for f in s.table.sight_blockers:
        for p in beside(f, s.fradius):
            sc.point(p)
    return sc.chunk()


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


# -- the bases' part of the rule ---------------------------------------------------------------
def blocked(ch: Chunk, c: Point) -> int:
    """The bases' part of the rule for one chunk and another base at ``c``: a bit mask of the
    chunk's moves that base is in the way of (bit ``i``: the move to point ``i``), remembered
    by the chunk by the value of ``c`` (as :class:`Spot` remembers its chunks)."""
    key = (c.fx, c.fy)
    hit = ch.masks.get(key)
    if hit is not None and (hit[0] is c or hit[0] == c):
        return hit[1]
    mask = _mask(ch, c)
    if hit is None:
        masks = ch.masks
        if len(masks) >= MEMO:  # remember(), written out: a bound, then one atomic store
            masks.clear()
        masks.setdefault(key, (c, mask))
    return mask


def _mask(ch: Chunk, c: Point) -> int:
    """:func:`blocked`, worked out: each move's squared distance to ``c`` in floats first (the
    chunk's prepared legs); near two radii :func:`~voidwar.core.tabletop.leg_blocked` decides
    exactly."""
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
                d2 <= fs2 + tol and leg_blocked(a, ch.point(i), c, s.radius, s.radius, fs2)):
            mask |= 1 << i
    return mask


def chunk_moves(ch: Chunk, uid: str) -> tuple[Move, ...]:
    """``Move(uid, p)`` for each point of ``ch``, remembered by the chunk: one value per move
    for every ask."""
    memo = ch.moves
    if memo is None:
        memo = ch.moves = {}
    found = memo.get(uid)
    if found is None:
        moves = tuple([Move(uid, ch.point(i)) for i in range(len(ch.entries))])
        found = remember(memo, uid, moves, MEMO)
    return found


# -- a unit's destinations ---------------------------------------------------------------------
class Selection:
    """A unit's destinations as chunks: each chunk with points, with the mask of those left out
    (a base in the way, or the same point met in an earlier chunk); how many are left; and
    the enemies' chunks in the game's order (each says which attacks reach that enemy)."""

    __slots__ = ("chunks", "count", "foes")

    def __init__(self, chunks: list[tuple[Chunk, int]], count: int, foes: list[Chunk]) -> None:
        self.chunks, self.count, self.foes = chunks, count, foes

    def points(self) -> list[Point]:
        """The destinations, in order."""
        return [ch.point(i) for ch, mask in self.chunks
                for i in range(len(ch.entries)) if not mask >> i & 1]

    def nth(self, i: int) -> Point:
        """The ``i``-th destination (in :meth:`points`' order)."""
        for ch, mask in self.chunks:
            for k in range(len(ch.entries)):
                if not mask >> k & 1:
                    if i == 0:
                        return ch.point(k)
                    i -= 1
        raise IndexError(f"no destination {i}")

    def moves(self, uid: str) -> list[Move]:
        """``Move(uid, p)`` for each destination (:func:`chunk_moves`)."""
        out: list[Move] = []
        for ch, mask in self.chunks:
            moves = chunk_moves(ch, uid)
            if mask:
                out.extend([m for i, m in enumerate(moves) if not mask >> i & 1])
            else:
                out.extend(moves)
        return out


def selection(s: Setup, speed: int, rng: int, a: Point, enemies: tuple[Point, ...],
              friends: tuple[Point, ...]) -> Selection:
    """The destinations of a unit of ``speed`` and ``rng`` at ``a`` with enemies and friends
    at those positions (in the game's order) (see the module docstring)."""
    sp = spot(s, speed, rng, a)
    ax, ay = a.fx, a.fy
    foes: list[Chunk] = []
    bases: list[tuple[Point, float]] = []
    # the two nearest enemies (ties: the first in order)
    n1: Point | None = None
    n2: Point | None = None
    d1 = d2 = 0.0
    memo = sp.enemies
    for e in enemies:
        hit = memo.get((e.fx, e.fy))  # Spot.enemy, its memo read here
        foes.append(hit[1] if hit is not None and (hit[0] is e or hit[0] == e)
                    else sp.enemy(e))
        dx, dy = e.fx - ax, e.fy - ay
        d = dx * dx + dy * dy
        bases.append((e, d))
        if n1 is None or d < d1:
            n2, d2, n1, d1 = n1, d1, e, d
        elif n2 is None or d < d2:
            n2, d2 = e, d
    chunks = list(foes)
    flanks = sp.flanks
    for q in (n1, n2):
        if q is not None:
            hit = flanks.get((q.fx, q.fy))
            chunks.append(hit[1] if hit is not None and (hit[0] is q or hit[0] == q)
                          else sp.flank(q))
    if sp.cover is not None:
        chunks.append(sp.cover)
    for c in friends:
        dx, dy = c.fx - ax, c.fy - ay
        bases.append((c, dx * dx + dy * dy))
    far = max([ch.near2 for ch in chunks], default=0.0)
    near = [(c, d) for c, d in bases if d <= far]
    out: list[tuple[Chunk, int]] = []
    n = 0
    keys: set[tuple[float, float]] = set()
    for ch in chunks:
        if not ch.entries:
            continue
        mask = 0
        lim = ch.near2
        masks = ch.masks
        for c, d in near:
            if d <= lim:
                hit2 = masks.get((c.fx, c.fy))  # blocked, its memo read here
                mask |= (hit2[1] if hit2 is not None and (hit2[0] is c or hit2[0] == c)
                         else blocked(ch, c))
        out.append((ch, mask))
        n += len(ch.entries)
        keys.update(ch.keys)
    if len(keys) < n:
        _once(out)  # some point met twice
    for _, mask in out:
        n -= mask.bit_count()
    return Selection(out, n, foes)


def _once(sel: list[tuple[Chunk, int]]) -> None:
    """Leave out of ``sel`` each point met in an earlier chunk (its first chunk decided it)."""
    seen: dict[tuple[float, float], list[Point]] = {}
    for k, (ch, mask) in enumerate(sel):
        for i in range(len(ch.entries)):
            p = ch.point(i)
            key = (p.fx, p.fy)
            same = seen.get(key)
            if same is None:
                seen[key] = [p]
            elif any(q == p for q in same):
                mask |= 1 << i
            else:
                same.append(p)
        sel[k] = (ch, mask)


__all__ = ["STEP", "Chunk", "Selection", "Spot", "beside", "blocked", "chunk_moves", "selection",
           "spot"]
