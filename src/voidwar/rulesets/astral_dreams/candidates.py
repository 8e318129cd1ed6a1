"""Astral Dreams move destinations, made fast (issue 18): :func:`move_candidates` is
:func:`.movement.move_points` filtered by :func:`.movement.path_reason` (The Round 2a), the
same points in the same order, decided with less work on a table whose terrain neither slows
nor stops movement:

* the points come in chunks (one enemy's, one flank's, the cover beside one blocker), each a
  pure function of the setup, the unit's speed, range and position and one other point. A chunk
  is remembered by the setup (a float key, confirmed exactly) already screened by the tests
  that do not involve other bases: on the table, within speed (the float pre-tests of
  :class:`.movement.StraightMoves`; a point too close to call is kept for the exact test);
* the points any chunk screened out are the points the filter would refuse, so screening each
  chunk and then dropping repeats gives what dropping repeats and then filtering gives;
* the surviving points are tested against the bases near enough to matter, in floats, with the
  full :func:`.movement.path_reason` wherever a test is too close to call;
* the whole answer is remembered too, by the unit, its position and every base in reach
  (a repeated position: a search's tree, ``legal_actions`` then ``apply``).

On any other table :func:`.movement.move_candidates` (the prepared definition) answers.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.tabletop import Point
from .actions import Move
from .movegen import PointMaker, Raw, cover_points, made
from .paths import other_bases, path_reason

if TYPE_CHECKING:
    from .state import Battle, Unit

#: a screened point: the point or its unmade :data:`.movegen.Raw`, its floats, its offset from
#: the unit and squared length; a length below zero marks a point whose speed test was too
#: close to call (the exact test decides)
Entry = tuple[Raw, float, float, float, float, float]

#: how many entries each of the setup's memos holds (then it forgets them all)
LIMIT = 20_000


def _memo(b: Battle, name: str) -> dict[Any, Any]:
    """The setup's memo ``name`` (a dict shared by a game and its clones)."""
    memo = b.setup.memo
    d: dict[Any, Any] | None = memo.get(name)
    if d is None:
        d = memo[name] = {}
    return d


def _same(p: Point, q: Point) -> bool:
    """``p == q`` for points whose floats are known to be equal (the exact confirmation)."""
    return p is q or ((p.x is q.x or p.x == q.x) and (p.y is q.y or p.y == q.y))


def simple(b: Battle) -> bool:
    """Whether the table neither slows nor stops movement (the fast path's tables)."""
    t = b.setup.table
    flag: bool | None = b.setup.memo.get("simple")
    if flag is None:
        flag = b.setup.memo["simple"] = t.flat and not any(f.impassable for f in t.features)
    return flag


class _Screen:
    """The tests of one unit's straight moves that do not involve other bases."""

    def __init__(self, b: Battle, u: Unit) -> None:
        s = b.setup
        t = s.table
        r, m = s.fradius, 1e-9  # Surface.base_on_table's float test
        w, h = t._fsize
        self.box = (r + m, w - r - m, r + m, h - r - m)
        fsp = float(u.profile.speed)
        self.fsp2 = fsp * fsp
        self.on_table, self.radius = t.base_on_table, s.radius
        self.here = u.pos

    def entries(self, points: Sequence[Raw]) -> list[Entry]:
        """The points that pass (or are too close to call), never the unit's own spot."""
        x0, x1, y0, y1 = self.box
        a = self.here
        ax, ay = a.fx, a.fy
        fsp2 = self.fsp2
        out: list[Entry] = []
        for r in points:
            if r.__class__ is tuple:
                x, y = r
                px, py = round(x / 0.01) / 100, round(y / 0.01) / 100  # movegen.grid_floats
            else:
                px, py = r.fx, r.fy  # type: ignore[union-attr]
            if px == ax and py == ay:
                r = made(r)
                if _same(r, a):
                    continue  # never where the unit stands
            if not (x0 < px < x1 and y0 < py < y1):
                r = made(r)
                if not self.on_table(r, self.radius):
                    continue
            abx, aby = px - ax, py - ay
            denom = abx * abx + aby * aby
            tol = 1e-9 * (fsp2 + denom) + 1e-12  # float_le(|ab|², speed²)
            if denom > fsp2 + tol:
                continue
            if denom == 0 or denom >= fsp2 - tol:
                denom = -1.0  # the exact test decides
            out.append((r, px, py, abx, aby, denom))
        return out


class _Merged:
    """One unit's chunks joined, each point once, and what each base near it does to them:
    a mask of the points it clearly blocks and one of those too close to call; the points
    and moves made when first asked for."""

    __slots__ = ("chunks", "entries", "masks", "moves", "points", "unsure")

    def __init__(self, chunks: list[list[Entry]]) -> None:
        self.chunks = chunks  # held: their ids key this record
        seen: set[tuple[float, float]] = set()
        entries: list[Entry] = []
        for chunk in chunks:
            for entry in chunk:
                k = (entry[1], entry[2])
                if k in seen:
                    # equal floats: the same point unless an exact comparison says otherwise
                    r = entry[0]
                    if any(e[1] == k[0] and e[2] == k[1] and _alike(e[0], r) for e in entries):
                        continue
                else:
                    seen.add(k)
                entries.append(entry)
        self.entries = entries
        self.masks: dict[tuple[float, float], tuple[int, int]] = {}
        # the points whose speed test was too close to call
        self.unsure = sum(1 << i for i, e in enumerate(entries) if e[5] < 0)
        self.points: list[Point | None] = [None] * len(entries)
        self.moves: dict[str, list[Move | None]] = {}

    def point(self, i: int) -> Point:
        """Entry ``i``'s point."""
        p = self.points[i]
        if p is None:
            p = self.points[i] = made(self.entries[i][0])
        return p

    def move(self, uid: str, i: int) -> Move:
        """``Move(uid, point(i))``, one value for every ask."""
        ms = self.moves.get(uid)
        if ms is None:
            ms = self.moves[uid] = [None] * len(self.entries)
        m = ms[i]
        if m is None:
            m = ms[i] = Move(uid, self.point(i))
        return m

    def mask(self, vx: float, vy: float, fs2: float) -> tuple[int, int]:
        """(blocked, too close to call) by a base at ``(vx, vy)`` from the unit."""
        key = (vx, vy)
        hit = self.masks.get(key)
        if hit is not None:
            return hit
        blocked = unsure = 0
        bit = 1
        for _r, _x, _y, abx, aby, denom in self.entries:
            if denom > 0:
                t = (vx * abx + vy * aby) / denom
                t = 1.0 if t > 1 else 0.0 if t < 0 else t
                dx, dy = abx * t - vx, aby * t - vy
                d2 = dx * dx + dy * dy
                tol = 1e-9 * (d2 + fs2) + 1e-12
                if fs2 > d2 + tol:
                    blocked |= bit
                elif fs2 >= d2 - tol:
                    unsure |= bit
            bit <<= 1
        if len(self.masks) >= 256:
            self.masks.clear()
        out = self.masks[key] = (blocked, unsure)
        return out


def _alike(q: Raw, r: Raw) -> bool:
    """Whether two screened points with equal floats are the same point: two unmade ones
    always (one grid point per pair of floats), else compared exactly."""
    if q.__class__ is tuple and r.__class__ is tuple:
        return True
    return _same(made(q), made(r))


#: a unit's legal move destinations: its merged points and the indices of those allowed
Allowed = tuple[_Merged, list[int]]


def allowed(b: Battle, u: Unit) -> Allowed:
    """:func:`.movement.move_candidates` on a table :func:`simple`, as indices into the merged
    points (see the module docstring), remembered by the unit, its position, the enemies and
    the bases in reach."""
    a = u.pos
    ax, ay = a.fx, a.fy
    sp = u.profile.speed
    fr = b.setup.fradius
    lim = (float(sp) + 2 * fr) * (1 + 1e-6) + 1e-6  # StraightMoves' reach of a base
    lim2 = lim * lim
    # the answer depends on the enemies (their points) and the bases in reach (the paths)
    key: list[Any] = [u.id, sp, b.range_of(u), ax, ay]
    exact: list[Point] = [a]
    near: list[tuple[float, float]] = []
    for o in b.units.values():
        if o is u:
            continue
        op = o.pos
        vx, vy = op.fx - ax, op.fy - ay
        close = vx * vx + vy * vy <= lim2
        if close:
            near.append((vx, vy))
        if close or o.side != u.side:
            key.append(op.fx)
            key.append(op.fy)
            exact.append(op)
        else:
            key.append(None)
    memo = _memo(b, "moves")
    k = tuple(key)
    hit = memo.get(k)
    if hit is not None and all(map(_same, hit[0], exact)):
        found: Allowed = hit[1]
        return found
    out = _filtered(b, u, _chunks(b, u), near, (fr + fr) ** 2)
    if len(memo) >= LIMIT:
        memo.clear()
    memo[k] = (exact, out)
    return out


def allows(b: Battle, u: Unit, p: Point) -> bool:
    """Whether ``p`` is one of ``u``'s move candidates (its straight path is then allowed);
    False says nothing of any other point."""
    m, idx = allowed(b, u)
    entries = m.entries
    px, py = p.fx, p.fy
    for i in idx:
        e = entries[i]
        if e[1] == px and e[2] == py and _same(m.point(i), p):
            return True
    return False


def move_candidates(b: Battle, u: Unit) -> list[Point]:
    """:func:`.movement.move_candidates` on a table :func:`simple` (the caller's own list)."""
    m, idx = allowed(b, u)
    return [m.point(i) for i in idx]


def _chunks(b: Battle, u: Unit) -> list[list[Entry]]:
    """The screened points of each enemy, of the flanks of the two nearest and of the cover
    beside each blocker, in :func:`.movement.move_points`' order, each remembered."""
    s = b.setup
    a = u.pos
    ax, ay = a.fx, a.fy
    memo = _memo(b, "chunks")
    head = (u.profile.speed, b.range_of(u), ax, ay)
    screen: _Screen | None = None
    maker: PointMaker | None = None
    enemies = b.enemies(u)
    # (tag, the other point, its unit or points)
    wanted: list[tuple[str, Point, Any]] = [("e", e.pos, e) for e in enemies]
    wanted.extend(("f", e.pos, None)
                  for e in sorted(enemies, key=lambda e: a.fdist2(e.pos))[:2])
    for i, f in enumerate(s.table.features):
        if f.blocks_los:
            pts = cover_points(f, s.fradius)
            if pts:
                wanted.append((f"c{i}", pts[0], pts))
    chunks: list[list[Entry]] = []
    for tag, at, arg in wanted:
        key = (tag, *head, at.fx, at.fy)
        hit = memo.get(key)
        if hit is not None and _same(hit[0], a) and _same(hit[1], at):
            chunks.append(hit[2])
            continue
        if screen is None:
            screen, maker = _Screen(b, u), PointMaker(b, u)
        assert maker is not None
        raws = (maker.enemy_raw(arg) if tag == "e"
                else maker.flank_raw(at) if tag == "f" else arg)
        entries = screen.entries(raws)
        if len(memo) >= LIMIT:
            memo.clear()
        memo[key] = (a, at, entries)
        chunks.append(entries)
    return chunks


def _filtered(b: Battle, u: Unit, chunks: list[list[Entry]], near: list[tuple[float, float]],
              fs2: float) -> Allowed:
    """The chunks' points, each once, that no base blocks (The Round 2a): float masks, and
    :func:`.paths.path_reason` for the points too close to call."""
    memo = _memo(b, "merged")
    key = tuple(map(id, chunks))
    m: _Merged | None = memo.get(key)
    if m is None or not all(map(operator.is_, m.chunks, chunks)):
        m = _Merged(chunks)
        if len(memo) >= LIMIT:
            memo.clear()
        memo[key] = m
    blocked, unsure = 0, m.unsure
    for vx, vy in near:
        bl, un = m.mask(vx, vy, fs2)
        blocked |= bl
        unsure |= un
    unsure &= ~blocked
    n = len(m.entries)
    if not blocked and not unsure:
        return m, list(range(n))
    out: list[int] = []
    others: list[Any] = []
    a = u.pos
    for i in range(n):
        bit = 1 << i
        if blocked & bit:
            continue
        if unsure & bit:
            if not others:
                others.append(other_bases(b, u))
            if path_reason(b, u, [a, m.point(i)], others[0]) is not None:
                continue
        out.append(i)
    return m, out
