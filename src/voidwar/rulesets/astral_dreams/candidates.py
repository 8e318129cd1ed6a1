"""Astral Dreams move destinations, made fast (issue 18): :func:`move_candidates` is
:func:`.movement.move_points` filtered by :func:`.movement.path_reason` (The Round 2a), the
same points in the same order, decided with less work on a table whose terrain neither slows
nor stops movement:

* the points come in chunks (one enemy's, one flank's, the cover beside one blocker), each a
  pure function of the setup, the unit's speed, range and position and one other point, and
  each already screened by the tests that do not involve other bases: on the table, within
  speed (the float pre-tests of :class:`.movement.StraightMoves`; a point too close to call is
  kept for the exact test);
* the points any chunk screened out are the points the filter would refuse, and a point's
  verdict depends on the point alone, so screening and filtering each chunk and then dropping
  repeats gives what dropping repeats and then filtering gives;
* the surviving points are tested against the bases near enough to matter, in floats (each
  chunk remembers what each base offset blocks), with the full :func:`.movement.path_reason`
  wherever a test is too close to call;
* each unit's answer is kept with the game (a :class:`Record`, shared by its clones) with the
  exact objects it was worked out from — the setup, the unit's profile and every miniature's
  id and position (positions are immutable values: the same object, the same place). While
  they are the same objects the answer stands; once one changed, the new answer reuses every
  chunk whose two points are still the same objects.

On any other table :func:`.movement.move_candidates` (the prepared definition) answers.

A game's records are its own (a copy copies the dict); records and chunks, shared by a game and
its copies, remember their points, moves and masks by core/memo.py's rules: each entry made
whole and stored in one step, never changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.tabletop import Point, grid_round
from .actions import Attack, Move, made_move
from .attacks import attack_options
from .gridmoves import enemy_entries, flank_entries, grid_of, kind_of
from .movegen import PointMaker, Raw, cover_points, made
from .paths import other_bases, path_reason

if TYPE_CHECKING:
    from .state import Battle, Unit

#: a screened point: the point or its unmade :data:`.movegen.Raw`, its floats, its offset from
#: the unit and squared length; a length below zero marks a point whose speed test was too
#: close to call (the exact test decides)
Entry = tuple[Raw, float, float, float, float, float]

#: how many base offsets a chunk remembers the masks of (then it forgets them all)
MASKS = 64


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

    def entries(self, points: list[Raw]) -> list[Entry]:
        """The points that pass (or are too close to call), never the unit's own spot."""
        x0, x1, y0, y1 = self.box
        a = self.here
        ax, ay = a.fx, a.fy
        fsp2 = self.fsp2
        out: list[Entry] = []
        for r in points:
            if r.__class__ is tuple:
                x, y = r
                px, py = grid_round(x / 0.01) / 100, grid_round(y / 0.01) / 100  # grid_floats
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


def _once(entries: list[Entry]) -> list[Entry]:
    """``entries`` without repeats of a point (the first kept)."""
    kept: list[Entry] = []
    for e in entries:
        if not any(f[1] == e[1] and f[2] == e[2] and _alike(f[0], e[0]) for f in kept):
            kept.append(e)
    return kept


def _alike(q: Raw, r: Raw) -> bool:
    """Whether two screened points with equal floats are the same point: two unmade ones
    always (one grid point per pair of floats), else compared exactly."""
    if q.__class__ is tuple and r.__class__ is tuple:
        return True
    return _same(made(q), made(r))


class _Chunk:
    """One chunk's screened points (each once, in order), what each base offset does to them,
    and the points and moves made when first asked for."""

    __slots__ = ("at", "entries", "keys", "masks", "moves", "pairs", "points", "unsure")

    def __init__(self, at: Any, entries: list[Entry], unsure: bool = True) -> None:
        self.at = at  # the other point (or the cover points) it was made for: held
        keys = {(e[1], e[2]) for e in entries}
        if len(keys) < len(entries):
            entries = _once(entries)
        self.entries = entries
        self.keys = keys
        #: the points whose speed test was too close to call (``unsure``: there may be some)
        self.unsure = sum(1 << i for i, e in enumerate(entries) if e[5] < 0) if unsure else 0
        # made when first needed (fewer objects for the collector to visit)
        self.masks: dict[tuple[float, float], tuple[int, int]] | None = None
        self.points: list[Point | None] | None = None
        self.moves: dict[str, list[Move | None]] | None = None
        #: ``(self, i)`` for every entry, made when first asked for
        self.pairs: list[tuple[_Chunk, int]] | None = None

    def point(self, i: int) -> Point:
        """Entry ``i``'s point."""
        pts = self.points
        if pts is None:
            pts = self.points = [None] * len(self.entries)
        p = pts[i]
        if p is None:
            p = pts[i] = made(self.entries[i][0])
        return p

    def move(self, uid: str, i: int) -> Move:
        """``Move(uid, point(i))``, one value for every ask."""
        moves = self.moves
        if moves is None:
            moves = self.moves = {}
        ms = moves.get(uid)
        if ms is None:
            ms = moves[uid] = [None] * len(self.entries)
        m = ms[i]
        if m is None:
            m = ms[i] = made_move(uid, self.point(i))
        return m

    def mask(self, key: tuple[float, float], fs2: float) -> tuple[int, int]:
        """(blocked, too close to call) by a base at ``key = (vx, vy)`` from the unit."""
        masks = self.masks
        if masks is None:
            masks = self.masks = {}
        hit = masks.get(key)
        if hit is not None:
            return hit
        vx, vy = key
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
        if len(masks) >= MASKS:
            masks.clear()
        out = masks[key] = (blocked, unsure)
        return out

    def __deepcopy__(self, memo: dict[int, object]) -> _Chunk:
        return self  # never changed but for what it remembers


class Record:
    """One unit's legal move destinations (:func:`allowed`): its chunks (by the other unit:
    enemies, flanks; and the cover), the allowed ``(chunk, entry)`` pairs in order, and the
    objects the answer was worked out from."""

    __slots__ = ("attacks", "chunks", "covers", "deps", "flanks", "foes", "near", "order",
                 "pos", "profile", "repeats", "sel", "setup", "side")

    def __init__(self, b: Battle, u: Unit) -> None:
        self.setup, self.profile, self.pos, self.side = b.setup, u.profile, u.pos, u.side
        #: every miniature's id and position, in order; the enemies' alone
        self.deps: list[object] = []
        self.foes: list[object] = []
        #: the unit's single-target attacks from here (:func:`ready_attacks`), once asked for
        self.attacks: list[Attack] | None = None
        #: the chunk of each enemy, and its flank chunk, by the enemy's id (a chunk holds the
        #: position it was made for: it serves only while the enemy stands on that object)
        self.chunks: dict[str, _Chunk] = {}
        self.flanks: dict[str, _Chunk] = {}
        self.covers: tuple[_Chunk, ...] = ()
        #: the chunks in order, and the positions of the bases near enough to block a move
        self.order: list[_Chunk] = []
        self.near: list[Point] = []
        self.sel: list[tuple[_Chunk, int]] = []
        #: whether two of the chunks share a point's floats (:func:`_repeats`; -1: not known)
        self.repeats = -1

    def valid(self, b: Battle, u: Unit) -> bool:
        """Whether the answer still stands: the same objects it was worked out from."""
        if (self.pos is not u.pos or self.profile is not u.profile or self.setup is not b.setup
                or self.side != u.side):
            return False
        deps = self.deps
        if len(deps) != 2 * len(b.units):
            return False
        i = 0
        for o in b.units.values():
            if deps[i] is not o.id or deps[i + 1] is not o.pos:
                return False
            i += 2
        return True

    def point(self, i: int) -> Point:
        """The ``i``-th allowed destination."""
        c, j = self.sel[i]
        return c.point(j)

    def move(self, uid: str, i: int) -> Move:
        """``Move(uid, point(i))``, one value for every ask."""
        c, j = self.sel[i]
        return c.move(uid, j)

    def __deepcopy__(self, memo: dict[int, object]) -> Record:
        return self  # never changed: a copy of a game shares it


def _records(b: Battle) -> dict[str, Record]:
    """The game's records by unit id (copied, not shared, by a clone: :meth:`clone`)."""
    d: dict[str, Record] | None = b.__dict__.get("move_records")
    if d is None:
        d = b.__dict__["move_records"] = {}
    return d


def allowed(b: Battle, u: Unit) -> Record:
    """:func:`.movement.move_candidates` on a table :func:`simple`, as a :class:`Record` of
    the allowed points (see the module docstring)."""
    recs = _records(b)
    rec = recs.get(u.id)
    if rec is not None and rec.valid(b, u):
        return rec
    new = _build(b, u, rec)
    if len(recs) > 4 * len(b.units) + 8:
        recs.clear()  # units removed long ago
    recs[u.id] = new
    return new


class _Maker:
    """Makes one unit's new chunks: on the hundredth grid (:mod:`.gridmoves`) where it can,
    else by the plain construction (:class:`.movegen.PointMaker`, :class:`_Screen`)."""

    def __init__(self, b: Battle, u: Unit) -> None:
        self.b, self.u = b, u
        self.kind = kind_of(b, u)
        self.ga = grid_of(u.pos) if self.kind is not None else None
        self.screen: _Screen | None = None
        self.maker: PointMaker | None = None

    def _plain(self) -> tuple[_Screen, PointMaker]:
        if self.screen is None or self.maker is None:
            self.screen, self.maker = _Screen(self.b, self.u), PointMaker(self.b, self.u)
        return self.screen, self.maker

    def enemy(self, e: Unit) -> _Chunk:
        """The chunk of enemy ``e``: contact, full speed toward and away, range."""
        if self.ga is not None and self.kind is not None:
            entries = enemy_entries(self.kind, self.u.pos, self.ga, e.pos)
            if entries is not None:
                return _Chunk(e.pos, entries, unsure=False)  # decided exactly, in integers
        screen, maker = self._plain()
        return _Chunk(e.pos, screen.entries(maker.enemy_raw(e)))

    def flank(self, at: Point) -> _Chunk:
        """The flank chunk of the enemy at ``at``."""
        if self.ga is not None and self.kind is not None:
            return _Chunk(at, flank_entries(self.kind, self.u.pos, self.ga, at), unsure=False)
        screen, maker = self._plain()
        return _Chunk(at, screen.entries(maker.flank_raw(at)))

    def cover(self, pts: list[Point]) -> _Chunk:
        """The cover chunk beside one blocker."""
        screen, _ = self._plain()
        return _Chunk(pts, screen.entries(list(pts)))


def _build(b: Battle, u: Unit, old: Record | None) -> Record:
    """A new :class:`Record` of ``u`` (``old``: the one before, whose chunks it reuses where
    their two points are the same objects): the chunks of each enemy, of the flanks of the two
    nearest and of the cover beside each blocker, in :func:`.movement.move_points`' order, and
    the points of them that no base blocks."""
    rec = Record(b, u)
    a = u.pos
    ax, ay = a.fx, a.fy
    here = old is not None and old.pos is a and old.profile is u.profile and (
        old.setup is b.setup)
    olds: dict[str, _Chunk] = old.chunks if here and old is not None else {}
    old_flanks: dict[str, _Chunk] = old.flanks if here and old is not None else {}
    mk: _Maker | None = None
    fr = b.setup.fradius
    lim = (float(u.profile.speed) + 2 * fr) * (1 + 1e-6) + 1e-6  # StraightMoves' reach
    lim2 = lim * lim
    deps, foes, mine, chunks, near_at = rec.deps, rec.foes, rec.chunks, rec.order, rec.near
    flanks = rec.flanks
    near: list[tuple[float, float]] = []
    fresh = not here  # a chunk made anew (else every chunk is the old record's)
    # the two nearest enemies, as sorted(key=squared distance)[:2] picks them (ties: first)
    n1: Point | None = None
    n2: Point | None = None
    i1 = i2 = ""
    d1 = d2 = 0.0
    side = u.side
    for o in b.units.values():
        p = o.pos
        deps.append(o.id)
        deps.append(p)
        if o is u:
            continue
        vx, vy = p.fx - ax, p.fy - ay
        d = vx * vx + vy * vy  # Point.fdist2
        if d <= lim2:
            near.append((vx, vy))
            near_at.append(p)
        if o.side == side:
            continue
        oid = o.id
        foes.append(oid)
        foes.append(p)
        c = olds.get(oid)
        if c is None or c.at is not p:
            if mk is None:
                mk = _Maker(b, u)
            c = mk.enemy(o)
            fresh = True
        mine[oid] = c
        chunks.append(c)
        if n1 is None or d < d1:
            n2 = n1  # one statement each: mypyc keeps n2's declared type
            i2 = i1
            d2 = d1
            n1 = p
            i1 = oid
            d1 = d
        elif n2 is None or d < d2:
            n2 = p
            i2 = oid
            d2 = d
    for q, qid in ((n1, i1), (n2, i2)):
        if q is not None:
            c = old_flanks.get(qid)
            if c is None or c.at is not q:
                if mk is None:
                    mk = _Maker(b, u)
                c = mk.flank(q)
                fresh = True
            flanks[qid] = c
            chunks.append(c)
    if _covers(b):
        rec.covers = _cover_chunks(b, u, old if here else None, mk)
        chunks.extend(rec.covers)
    if here and old is not None and old.attacks is not None and _same_objects(foes, old.foes):
        rec.attacks = old.attacks  # the same place, the same enemies where they were
    same = not fresh and old is not None and _same_objects(chunks, old.order)
    if same and old is not None and _same_objects(near_at, old.near):
        rec.sel = old.sel  # the same chunks and the same bases near: the same points
        rec.repeats = old.repeats
    else:
        # the same chunks: whether two share a point's floats is known
        rec.repeats = old.repeats if same and old is not None and old.repeats >= 0 else (
            _repeats(chunks))
        rec.sel = _filtered(b, u, chunks, near, (fr + fr) ** 2, rec.repeats == 1)
    return rec


def _repeats(chunks: list[_Chunk]) -> int:
    """1 when two of the chunks share a point's floats, else 0."""
    keys = [c.keys for c in chunks]
    return 1 if len(set().union(*keys)) < sum(map(len, keys)) else 0


def _same_objects(xs: list[Any], ys: list[Any]) -> bool:
    """Whether the two lists hold the very same objects in the same order."""
    if len(xs) != len(ys):
        return False
    for x, y in zip(xs, ys, strict=True):  # noqa: SIM110 (a loop: no generator made)
        if x is not y:
            return False
    return True


def _cover_chunks(b: Battle, u: Unit, old: Record | None, mk: _Maker | None
                  ) -> tuple[_Chunk, ...]:
    """The cover chunks beside each blocker (``old``: a record from the same place)."""
    covers = _covers(b)
    if old is not None and len(old.covers) == len(covers):
        return old.covers
    mk = mk or _Maker(b, u)
    return tuple(mk.cover(pts) for pts in covers)


def ready_attacks(b: Battle, u: Unit) -> list[Attack]:
    """:func:`.attacks.attack_options` of ``u`` (every kind) on a table :func:`simple`,
    remembered by its :class:`Record` (a function of the objects it was worked out from);
    the caller's to read, not to change."""
    rec = allowed(b, u)
    found = rec.attacks
    if found is None:
        found = rec.attacks = attack_options(b, u)
    return found


def allows(b: Battle, u: Unit, p: Point) -> bool:
    """Whether ``p`` is one of ``u``'s move candidates (its straight path is then allowed);
    False says nothing of any other point."""
    px, py = p.fx, p.fy
    for c, i in allowed(b, u).sel:
        e = c.entries[i]
        if e[1] == px and e[2] == py and _same(c.point(i), p):
            return True
    return False


def move_candidates(b: Battle, u: Unit) -> list[Point]:
    """:func:`.movement.move_candidates` on a table :func:`simple` (the caller's own list)."""
    return [c.point(i) for c, i in allowed(b, u).sel]


def _covers(b: Battle) -> list[list[Point]]:
    """The cover points beside each line-of-sight blocker (remembered by the setup)."""
    s = b.setup
    found: list[list[Point]] | None = s.memo.get("covers")
    if found is None:
        found = [pts for f in s.table.features if f.blocks_los
                 if (pts := cover_points(f, s.fradius))]
        s.memo["covers"] = found
    return found


def _filtered(b: Battle, u: Unit, chunks: list[_Chunk], near: list[tuple[float, float]],
              fs2: float, repeats: bool) -> list[tuple[_Chunk, int]]:
    """The chunks' points, each once, that no base blocks (The Round 2a): float masks, and
    :func:`.paths.path_reason` for the points too close to call. ``repeats``: two chunks
    share a point's floats (:func:`_repeats`)."""
    out: list[tuple[_Chunk, int]] = []
    if repeats:
        return _filtered_slowly(b, u, chunks, near, fs2)
    for c in chunks:
        blocked, unsure = _masks(c, near, fs2)
        if not blocked and not unsure:
            pairs = c.pairs
            if pairs is None:
                pairs = c.pairs = [(c, i) for i in range(len(c.entries))]
            out.extend(pairs)
        else:
            _pick(b, u, c, blocked, unsure & ~blocked, out, None)
    return out


def _masks(c: _Chunk, near: list[tuple[float, float]], fs2: float) -> tuple[int, int]:
    """``c``'s points some base in ``near`` blocks, and those too close to call (bit masks)."""
    blocked, unsure = 0, c.unsure
    masks = c.masks
    for key in near:
        hit = masks.get(key) if masks is not None else None  # _Chunk.mask's memo, inlined
        if hit is None:
            hit = c.mask(key, fs2)
            masks = c.masks
        blocked |= hit[0]
        unsure |= hit[1]
    return blocked, unsure


def _pick(b: Battle, u: Unit, c: _Chunk, blocked: int, unsure: int,
          out: list[tuple[_Chunk, int]], met: dict[tuple[float, float], list[Raw]] | None
          ) -> None:
    """Add ``c``'s points that no base blocks (``unsure``: decided by :func:`path_reason`);
    ``met``: the points of the chunks before, by their floats (a repeat is left out)."""
    a = u.pos
    for i, e in enumerate(c.entries):
        if met is not None:
            k = (e[1], e[2])
            same = met.get(k)
            if same is None:
                met[k] = [e[0]]
            elif any(_alike(q, e[0]) for q in same):
                continue  # the same point as one before: already decided
            else:
                same.append(e[0])
        bit = 1 << i
        if blocked & bit:
            continue
        if unsure & bit and path_reason(b, u, [a, c.point(i)], other_bases(b, u)) is not None:
            continue
        out.append((c, i))


def _filtered_slowly(b: Battle, u: Unit, chunks: list[_Chunk],
                     near: list[tuple[float, float]], fs2: float) -> list[tuple[_Chunk, int]]:
    """:func:`_filtered` where two chunks share a point's floats: each point once."""
    out: list[tuple[_Chunk, int]] = []
    met: dict[tuple[float, float], list[Raw]] = {}
    for c in chunks:
        blocked, unsure = _masks(c, near, fs2)
        _pick(b, u, c, blocked, unsure & ~blocked, out, met)
    return out
