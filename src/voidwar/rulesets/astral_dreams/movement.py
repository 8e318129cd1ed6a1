"""Astral Dreams movement (The Round 2a): which paths a miniature may take, what they cost on
the terrain, and the finite set of useful destinations the legal actions offer."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from ...core.errors import IllegalAction
from ...core.tabletop import Point, fl
from .actions import Attack, Move
from .attacks import attack_candidates, attack_options, attack_reason
from .candidates import allowed, allows, simple
from .candidates import move_candidates as fast_candidates
from .candidates import ready_attacks as ready_attacks_of
from .movegen import PointMaker, cover_points
from .movegen import reach as reach  # the board and the game ask movement for it
from .paths import other_bases, path_reason
from .state import R_MOVE, R_TURN, Battle, Unit

__all__ = ["cover_points", "other_bases", "path_reason", "reach"]


def move_reason(b: Battle, a: Move) -> IllegalAction | None:
    """Why ``a`` is illegal now (The Round 2, 2a: move once, before attacking), or ``None``."""
    u, why = b.turn_reason(a.unit)
    if u is None:
        return why
    if b.current == u.id:
        if b.attack_kind is not None:
            return IllegalAction(f"{u.id} has attacked; it moves before attacking", R_TURN)
        return IllegalAction(f"{u.id} has already moved this turn", R_MOVE)
    path = a.path_from(u.pos)
    if all(p == u.pos for p in path[1:]):
        return IllegalAction(
            f"{u.id} is already at {u.pos}: attack or 'end {u.id}' to stay", R_MOVE
        )
    if not a.via and ((simple(b) and allows(b, u, a.to)) or StraightMoves(b, u).allowed(a.to)):
        # path_reason's answer: one of the candidates it allowed, or decided by its pre-tests
        return None
    return path_reason(b, u, path)


def _remembered(
    b: Battle, tag: str, u: Unit, at: Point, make: Callable[[], list[Point]]
) -> list[Point]:
    """``make()``, a pure function of the setup, ``u``'s speed, range and position and the
    point ``at``, remembered by the setup (a float key, confirmed exactly)."""
    key = (tag, u.profile.speed, b.range_of(u), u.pos.fx, u.pos.fy, at.fx, at.fy)
    memo = b.setup.memo
    hit = memo.get(key)
    if hit is not None and hit[0] == u.pos and hit[1] == at:
        found: list[Point] = hit[2]
        return found
    out = make()
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = (u.pos, at, out)
    return out


#: how many positions' move points a setup remembers (then it forgets them all)
MEMO_LIMIT = 4096


def move_points(b: Battle, u: Unit) -> list[Point]:
    """The candidate destinations, unchecked but for speed on the flanks: for each enemy, to
    base contact, full speed toward and away, to the edge of this unit's range; full speed
    around the two nearest enemies; and beside each line-of-sight blocker (cover). Each point
    once, never where ``u`` stands.

    They depend only on the setup, ``u``'s speed, range and position, and the enemies'
    positions in order: the setup remembers them by those (a float key, confirmed exactly)."""
    enemies = [e.pos for e in b.units.values() if e.side != u.side]
    speed, rng = u.profile.speed, b.range_of(u)
    key = (speed, rng, u.pos.fx, u.pos.fy, *[c for e in enemies for c in (e.fx, e.fy)])
    exact = (u.pos, *enemies)
    memo = b.setup.memo
    hit = memo.get(key)
    if hit is not None and hit[0] == exact:
        return list(hit[1])
    out = _make_points(b, u)
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = (exact, tuple(out))
    return out


def _make_points(b: Battle, u: Unit) -> list[Point]:
    """:func:`move_points`, computed."""
    s = b.setup
    maker = PointMaker(b, u)
    enemies = b.enemies(u)
    pts: list[Point] = []
    for e in enemies:
        pts.extend(_remembered(b, "enemy", u, e.pos, partial(maker.enemy, e)))
    # flanking: full speed at 45° and 90° either side of the line to the two nearest
    # enemies (the way around a blocker)
    near = sorted(enemies, key=lambda e: u.pos.fdist2(e.pos))[:2]
    for e in near:
        pts.extend(_remembered(b, "flank", u, e.pos, partial(maker.flank, e.pos)))
    for f in s.table.features:
        if not f.blocks_los:
            continue
        pts.extend(cover_points(f, s.fradius))
    # each point once: equal points have equal floats, so a point is looked for only among
    # those with its floats (an exact comparison there)
    seen: dict[tuple[float, float], list[Point]] = {}
    out: list[Point] = []
    here = u.pos
    for p in pts:
        if p == here:
            continue
        key = (p.fx, p.fy)
        same = seen.get(key)
        if same is None:
            seen[key] = [p]
        elif any(q == p for q in same):
            continue
        else:
            same.append(p)
        out.append(p)
    return out


def move_candidates(b: Battle, u: Unit) -> list[Point]:
    """A finite, useful set of destinations (:func:`move_points`) that ``u``'s movement allows
    (:func:`path_reason`). Any other point is accepted by notation and checked alike.

    On a table whose terrain neither slows nor stops movement :mod:`.candidates` answers (the
    same points, decided with less work); :func:`plain_candidates` elsewhere."""
    if simple(b):
        return fast_candidates(b, u)
    return plain_candidates(b, u)


def plain_candidates(b: Battle, u: Unit) -> list[Point]:
    """:func:`move_candidates` by its definition: :class:`StraightMoves` on :func:`move_points`."""
    return StraightMoves(b, u).allowed_points(move_points(b, u))


class StraightMoves:
    """:func:`path_reason` for straight moves of one unit, prepared once: the float pre-tests
    inlined (the same tests, :func:`~voidwar.core.tabletop.float_le`'s margin), and the full
    :func:`path_reason` wherever one of them is too close to call, or on a table with terrain
    that slows or stops movement. The answer is :func:`path_reason`'s, decided faster."""

    def __init__(self, b: Battle, u: Unit) -> None:
        s = b.setup
        t = s.table
        self.b, self.u = b, u
        self.others = other_bases(b, u)
        r, m = s.fradius, 1e-9  # Surface.base_on_table's float test
        w, h = fl(t.width), fl(t.height)
        self.box = (r + m, w - r - m, r + m, h - r - m)
        fsp = fl(u.profile.speed)
        self.fsp2 = fsp * fsp
        self.simple = t.flat and not any(f.impassable for f in t.features)
        self.on_table, self.radius = t.base_on_table, s.radius
        # a straight move within speed stays within speed of its start: a base farther than
        # speed plus both radii (and a margin far above rounding) cannot be touched
        ax, ay = u.pos.fx, u.pos.fy
        self.bases = [
            (c.fx, c.fy, fs2) for _, c, _, fs2 in self.others
            if math.sqrt((c.fx - ax) ** 2 + (c.fy - ay) ** 2)
            <= (fsp + math.sqrt(fs2)) * (1 + 1e-6) + 1e-6
        ]

    def allowed_points(self, points: list[Point]) -> list[Point]:
        """The points ``u`` may move straight to, in order."""
        quick = self._quick if self.simple else None
        out: list[Point] = []
        for p in points:
            ok = quick(p) if quick is not None else None
            if ok is None:
                ok = path_reason(self.b, self.u, [self.u.pos, p], self.others) is None
            if ok:
                out.append(p)
        return out

    def allowed(self, p: Point) -> bool:
        """Whether ``u`` may move straight to ``p`` (``path_reason(...) is None``)."""
        quick = self._quick(p) if self.simple else None
        if quick is not None:
            return quick
        return path_reason(self.b, self.u, [self.u.pos, p], self.others) is None

    def _quick(self, p: Point) -> bool | None:
        """The float pre-tests: True when all pass clearly, False when one clearly fails,
        ``None``: too close to call."""
        x0, x1, y0, y1 = self.box
        px, py = p.fx, p.fy
        if not (x0 < px < x1 and y0 < py < y1) and not self.on_table(p, self.radius):
            return False  # near the edge the exact test (Surface.base_on_table) decides
        a = self.u.pos
        ax, ay = a.fx, a.fy
        abx, aby = px - ax, py - ay
        denom = abx * abx + aby * aby
        if denom == 0:
            return None
        fsp2 = self.fsp2
        tol = 1e-9 * (fsp2 + denom) + 1e-12  # float_le(|ab|², speed²)
        if denom > fsp2 + tol:
            return False
        if denom >= fsp2 - tol:
            return None
        for cx, cy, fs2 in self.bases:
            # fsegment_point_dist2(a, p, c), then float_le(limit², distance²)
            t = ((cx - ax) * abx + (cy - ay) * aby) / denom
            t = 1.0 if t > 1 else 0.0 if t < 0 else t
            dx, dy = ax + abx * t - cx, ay + aby * t - cy
            d2 = dx * dx + dy * dy
            tol = 1e-9 * (d2 + fs2) + 1e-12
            if fs2 < d2 - tol:
                continue
            if fs2 > d2 + tol:
                return False
            return None
        return True


def legal_moves(b: Battle, u: Unit) -> list[Move]:
    """``[Move(u.id, p) for p in move_points(b, u)]`` filtered by :func:`move_reason`, the
    preparation shared: no move when ``u`` may not act or is mid-turn; else the points
    (never where ``u`` stands) whose straight path :func:`path_reason` allows."""
    if not can_move(b, u):
        return []
    if simple(b):
        uid = u.id
        return [c.move(uid, i) for c, i in allowed(b, u).sel]
    return [Move(u.id, p) for p in plain_candidates(b, u)]


def move_choice(b: Battle, u: Unit) -> tuple[int, Callable[[int], Move]]:
    """How many moves :func:`legal_moves` lists for ``u``, and its ``i``-th, made only when
    asked for (a random pick makes one)."""
    if not can_move(b, u):
        return 0, _no_move
    if simple(b):
        rec = allowed(b, u)
        uid = u.id
        return len(rec.sel), lambda i: rec.move(uid, i)
    pts = plain_candidates(b, u)
    return len(pts), lambda i: Move(u.id, pts[i])


def ready_attacks(b: Battle, u: Unit) -> list[Attack]:
    """The single-target attacks that pass :func:`.attacks.attack_reason` for a unit that may
    act and has not attacked (:func:`.attacks.attack_options`; remembered with its move
    record on a table :func:`simple`): the list the caller's to read."""
    if u.profile.attacks < 1:
        return [a for a in attack_candidates(b, u) if attack_reason(b, a) is None]
    if simple(b):
        return ready_attacks_of(b, u)
    return attack_options(b, u)


def ready_choice(b: Battle, u: Unit) -> tuple[list[Attack], int, Callable[[int], Move]]:
    """What a ready unit's block of :meth:`legal_actions` holds: its single-target attacks
    (:func:`.attacks.attack_options`, the list the caller's to read), how many moves and the
    ``i``-th of them (:func:`move_choice`), the unit's record asked once."""
    if u.profile.attacks >= 1 and simple(b) and can_move(b, u):
        rec = allowed(b, u)
        attacks = rec.attacks
        if attacks is None:
            attacks = rec.attacks = attack_options(b, u)
        uid = u.id
        return attacks, len(rec.sel), lambda i: rec.move(uid, i)
    if u.profile.attacks >= 1:
        attacks = attack_options(b, u)
    else:
        attacks = [a for a in attack_candidates(b, u) if attack_reason(b, a) is None]
    count, move = move_choice(b, u)
    return attacks, count, move


def _no_move(i: int) -> Move:
    raise IndexError(f"no move {i}")


def can_move(b: Battle, u: Unit) -> bool:
    """Whether ``u`` may move now: it may act, and is not mid-turn (The Round 2)."""
    return b.turn_reason(u.id)[1] is None and b.current != u.id
