"""The AVID (Attitude Vector Information Display) and the ship's orientation.

AV:T A2.4 / A5.131: a sphere around the ship, fixed to the map, through whose windows the ship's
markers (and targets) are seen. Windows (spec §5.3): 12 azimuths (A, A/B, B … F/A; azimuth index
k = 0..11, A = 0, clockwise) in the amber ring (e = 0), the blue rings (e = ±1, ±30°), the green
rings (e = ±2, ±60°; all 12 azimuths — PROPOSAL, spec §5.3) and one purple pole per hemisphere
(e = ±3). Notation ``<azimuth><ring>``: ``C+`` is C blue above, ``F/A-`` F/A blue below, ``F++`` F
green above, ``+++``/``---`` the poles.

Orientation (spec §5.4, §8.4 DERIVED): heading k, elevation e and roll r, each in 30° steps — yaw
about the world vertical, then pitch, then roll about the nose. The nose is always in the window
(k, e); Starboard is 3 windows clockwise of a level nose with no roll; Top = Starboard × Nose
(A5.333–A5.3331); Aft, Port, Bottom are the opposites. Frames are exact in Q(√3) (see
:mod:`.exact`) and orthonormal by construction. At a pole heading and roll describe the same
freedom, so the state is kept canonical there (roll 0).

Orientation, window and pivot tables are pure functions of immutable values, cached: every game
of a process shares them in every thread (core/memo.py); the dicts they return are read-only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from math import lcm

from voidwar.core.native import mypyc_attr

from .exact import Vec, add, cos30, cross, neg, scale, sin30

AZIMUTHS: tuple[str, ...] = ("A", "A/B", "B", "B/C", "C", "C/D", "D", "D/E", "E", "E/F", "F", "F/A")
RING_NAMES = {0: "amber", 1: "blue", 2: "green", 3: "purple"}
MARKERS: tuple[str, ...] = ("nose", "aft", "top", "bottom", "port", "starboard")


class WindowError(ValueError):
    """Text that names no AVID window."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True, order=True)
class Window:
    """One AVID window: azimuth index ``k`` (0..11) and elevation index ``e`` (−3..3).

    The poles (e = ±3) have no azimuth; they are kept with k = 0.
    """

    k: int
    e: int

    def __post_init__(self) -> None:
        if not -3 <= self.e <= 3 or not 0 <= self.k <= 11:
            raise WindowError(f"no AVID window at azimuth {self.k}, elevation {self.e}")
        if abs(self.e) == 3 and self.k != 0:
            raise WindowError("the purple pole windows have no azimuth")

    @property
    def ring(self) -> str:
        """The ring of the window: amber, blue, green or purple (spec §5.3)."""
        return RING_NAMES[abs(self.e)]

    @property
    def is_pole(self) -> bool:
        """Whether the window is a purple pole (e = ±3)."""
        return abs(self.e) == 3

    @property
    def is_corner(self) -> bool:
        """Whether the window sits at a hex corner (A/B … F/A; AV:T A5.272 bias)."""
        return not self.is_pole and self.k % 2 == 1

    @property
    def below(self) -> bool:
        """Markers below the amber ring are drawn circled (printed on the AVID)."""
        return self.e < 0

    @property
    def azimuth(self) -> str:
        """The azimuth name (``A`` … ``F/A``); empty at the poles."""
        return "" if self.is_pole else AZIMUTHS[self.k]

    def vector(self) -> Vec:
        """The window's exact unit vector in the map frame (Q(√3))."""
        return window_vector(self.k, self.e)

    def __str__(self) -> str:
        suffix = ("+" if self.e > 0 else "-") * abs(self.e)
        return self.azimuth + suffix


@lru_cache(maxsize=256)
def window(k: int, e: int) -> Window:
    """The window at (k, e), folding the azimuth away at the poles (windows are immutable values,
    so each is built once)."""
    return Window(0 if abs(e) == 3 else k % 12, e)


_WINDOW_RE = re.compile(r"^([A-F](?:/?[A-F])?)?([+-]{0,3})$")


def parse_window(text: str) -> Window:
    """``"C+"``, ``"F/A-"`` (or ``"FA-"``), ``"F++"``, ``"+++"``; case-insensitive."""
    t = text.strip().upper().replace("−", "-").replace(" ", "")
    m = _WINDOW_RE.match(t)
    if not m or not t:
        raise WindowError(
            f"not an AVID window: {text!r} (an azimuth A, A/B … F/A and a ring suffix: none for "
            "amber, + / - blue, ++ / -- green; +++ / --- are the poles)"
        )
    az, ring = m.group(1), m.group(2)
    if ring and len(set(ring)) != 1:
        raise WindowError(f"not an AVID window: {text!r} (mixed + and - in the ring suffix)")
    e = len(ring) * (1 if ring.startswith("+") else -1) if ring else 0
    if abs(e) == 3:
        if az:
            raise WindowError(f"{text!r}: the purple pole windows have no azimuth (write {ring})")
        return Window(0, e)
    if not az:
        raise WindowError(f"{text!r}: name an azimuth (A, A/B … F/A)")
    if len(az.replace("/", "")) == 2:
        pair = az.replace("/", "")
        a, b = pair[0], pair[1]
        name = f"{a}/{b}"
        if name not in AZIMUTHS:
            raise WindowError(
                f"{text!r}: {a} and {b} are not adjacent hex sides in clockwise order "
                "(corners are A/B, B/C, C/D, D/E, E/F, F/A)"
            )
        return Window(AZIMUTHS.index(name), e)
    return Window(AZIMUTHS.index(az), e)


def window_vector(k: int, e: int) -> Vec:
    """Unit vector of window (k, e): (cos e·cos k, −cos e·sin k, sin e) in 30° units (spec §5.4).

    x points to A, y to the side 90° counter-clockwise of A (E/F), z up.
    """
    ce = cos30(e)
    return (ce * cos30(k), -(ce * sin30(k)), sin30(e))


ALL_WINDOWS: tuple[Window, ...] = tuple(
    [Window(0, 3)]
    + [Window(k, e) for e in (2, 1, 0, -1, -2) for k in range(12)]
    + [Window(0, -3)]
)
AMBER_WINDOWS: tuple[Window, ...] = tuple(Window(k, 0) for k in range(12))


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True, order=True)
class Orientation:
    """Heading ``k`` (0..11), elevation ``e`` (−3..3), roll ``r`` (0..11; + = to starboard).

    Always build through :func:`orientation`, which keeps the pole form canonical.
    """

    k: int
    e: int
    r: int = 0

    @property
    def nose(self) -> Window:
        """The nose's window (AV:T A5.131)."""
        return window(self.k, self.e)

    def frame(self) -> tuple[Vec, Vec, Vec]:
        """(nose, starboard, top) unit vectors, exact."""
        return _frame(self.k, self.e, self.r)

    def markers(self) -> dict[str, tuple[Window, bool]]:
        """Each marker's window and whether it sits exactly in it (off-window only after rolls
        with an inclined nose; then the nearest window is shown)."""
        return _markers(self.k, self.e, self.r)

    def marker_windows(self) -> dict[str, Window]:
        """The window of each of the six markers (nose, aft, top, bottom, port, starboard)."""
        return {m: w for m, (w, _) in self.markers().items()}

    def to_dict(self) -> dict[str, object]:
        """The orientation as JSON-ready data: heading, elevation, roll and the markers (a
        fresh copy of the remembered dict)."""
        return {"heading": self.k, "elevation": self.e, "roll": self.r,
                "markers": dict(_marker_texts(self))}


@lru_cache(maxsize=4096)
def _marker_texts(o: Orientation) -> dict[str, str]:
    """Each marker's window as text, built once per orientation (callers copy it)."""
    return {m: str(w) for m, w in o.marker_windows().items()}


def orientation(k: int, e: int, r: int = 0) -> Orientation:
    """Canonical orientation: at the poles the roll is folded into the heading (same frame)."""
    k, r = k % 12, r % 12
    if e == 3:
        return Orientation((k - r) % 12, 3, 0)
    if e == -3:
        return Orientation((k + r) % 12, -3, 0)
    return Orientation(k, e, r)


@lru_cache(maxsize=2048)
def _frame(k: int, e: int, r: int) -> tuple[Vec, Vec, Vec]:
    n = window_vector(k, e)
    s0 = window_vector(k + 3, 0)  # AV:T A5.333: Starboard 3 windows clockwise of a level nose
    t0 = cross(s0, n)  # spec §5.4: t = s × n
    c, s_ = cos30(r), sin30(r)
    top = add(scale(c, t0), scale(s_, s0))
    stbd = add(scale(c, s0), scale(-s_, t0))
    return n, stbd, top


def nearest_window(v: Vec) -> tuple[Window, bool]:
    """The window nearest to ``v`` and whether ``v`` lies exactly in it.

    Exact in Q(√3) as before, but in integers: ``v`` is scaled by the common denominator ``d`` of
    its parts and every window vector by 4 (cos·cos of multiples of 30° has denominator 4), so
    each dot product is ``(x + y√3) / 4d`` with integers x, y; the same comparisons (strictly
    greater, first window kept on ties) on the same exact values pick the same window."""
    d = lcm(*(c.a.denominator for c in v), *(c.b.denominator for c in v))
    va = [int(c.a * d) for c in v]
    vb = [int(c.b * d) for c in v]
    best = 0
    bx = by = 0
    for i, (wa, wb) in enumerate(_WINDOW_INTS):
        x = va[0] * wa[0] + va[1] * wa[1] + va[2] * wa[2] \
            + 3 * (vb[0] * wb[0] + vb[1] * wb[1] + vb[2] * wb[2])
        y = va[0] * wb[0] + va[1] * wb[1] + va[2] * wb[2] \
            + vb[0] * wa[0] + vb[1] * wa[1] + vb[2] * wa[2]
        if i == 0 or _sign3(x - bx, y - by) > 0:
            best, bx, by = i, x, y
    return ALL_WINDOWS[best], bx == 4 * d and by == 0


def _sign3(x: int, y: int) -> int:
    """The exact sign of x + y·√3 for integers x, y (compare x² with 3y² when signs differ)."""
    sx = (x > 0) - (x < 0)
    sy = (y > 0) - (y < 0)
    if sy == 0:
        return sx
    if sx == 0 or sx == sy:
        return sy
    dd = x * x - 3 * y * y
    return sx if dd > 0 else (sy if dd < 0 else 0)


def _window_ints(w: Window) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The window's unit vector times 4, as integer rational and √3 parts (exact)."""
    vec = w.vector()
    a = tuple(int(c.a * 4) for c in vec)
    b = tuple(int(c.b * 4) for c in vec)
    assert all(c.a * 4 == x and c.b * 4 == y for c, x, y in zip(vec, a, b, strict=True))
    return (a[0], a[1], a[2]), (b[0], b[1], b[2])


_WINDOW_INTS = tuple(_window_ints(w) for w in ALL_WINDOWS)


@lru_cache(maxsize=2048)  # every orientation: 12 · 5 · 12 + 2 · 12 = 744
def _markers(k: int, e: int, r: int) -> dict[str, tuple[Window, bool]]:
    """Each marker's nearest window and whether it lies exactly in it (:func:`nearest_window`;
    a pure function of the orientation, cached: callers copy what they change)."""
    n, s, t = _frame(k, e, r)
    vecs = {"nose": n, "aft": neg(n), "top": t, "bottom": neg(t), "port": neg(s), "starboard": s}
    return {m: nearest_window(v) for m, v in vecs.items()}


# -- facing changes (AV:T A5.222–A5.224, A5.261, A5.321; spec §8) --------------------------------


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class FacingStep:
    """One move of the nose (or one roll wedge): how many 30° wedges it takes, and the result."""

    wedges: int
    after: Orientation


def _signed_azimuth_steps(k0: int, k1: int) -> int:
    """Shortest signed azimuth change; exactly opposite goes clockwise (to starboard)."""
    d = (k1 - k0) % 12
    return d if d <= 6 else d - 12


def _canonical(k: int, e: int, r: int) -> tuple[int, int, int]:
    """:func:`orientation`'s canonical (heading, elevation, roll), as integers."""
    k, r = k % 12, r % 12
    if e == 3:
        return (k - r) % 12, 3, 0
    if e == -3:
        return (k + r) % 12, -3, 0
    return k, e, r


def _ring_steps(k: int, e: int, r: int, tk: int, te: int) -> list[tuple[int, int, int, int]]:
    """The path along the rings and meridians (:func:`pivot_path`) from orientation (k, e, r)
    to window (tk, te), on integers: each step's wedges and canonical (k, e, r) after it."""
    steps: list[tuple[int, int, int, int]] = []
    target_pole = abs(te) == 3
    if abs(e) == 3 and not target_pole:
        # leaving a pole: relabel the heading to the target's meridian (same frame, spec §8.4)
        r = (tk - k) % 12 if e == 3 else (k - tk) % 12
        k = tk
    dk = 0 if (target_pole or abs(e) == 3) else _signed_azimuth_steps(k, tk)
    de = te - e
    sk = (dk > 0) - (dk < 0)
    se = (de > 0) - (de < 0)
    while dk or de:
        wedges = 0
        if dk:
            k, dk, wedges = k + sk, dk - sk, wedges + 1
        if de:
            e, de, wedges = e + se, de - se, wedges + 1
        ck, ce, cr = _canonical(k, e, r)
        steps.append((wedges, ck, ce, cr))
    return steps


@lru_cache(maxsize=4096)
def _facing_step(wedges: int, k: int, e: int, r: int) -> FacingStep:
    """One step of a path, its orientation already canonical (immutable values, built once)."""
    return FacingStep(wedges, Orientation(k, e, r))


def pivot_path(o: Orientation, target: Window, three_d: bool = True) -> list[FacingStep]:
    """The shortest AVID path of the nose to ``target`` (AV:T A5.321; :func:`_pivot_path`,
    found once per orientation, window and 2-D/3-D)."""
    return list(_pivot_path(o, target, three_d))


@lru_cache(maxsize=65536)  # every orientation × window × 2-D/3-D: ~39,000
def _pivot_path(o: Orientation, target: Window, three_d: bool) -> tuple[FacingStep, ...]:
    """The shortest AVID path of the nose to ``target`` (AV:T A5.321 "draw the shortest path").

    A window step along a ring or a meridian is one 30° wedge; a diagonal step (one window across
    and one ring up or down) is two wedges, yaw then pitch, and the nose reaches the new window when
    both are done (A5.322/A5.331, spec §8.4). A path may go over a pole when that is shorter; ties
    keep the ring path, and an exactly opposite azimuth turns to starboard (our choice).
    Returns () when the nose is already there. Found on integers (:func:`_ring_steps`); only
    the result is made of :class:`FacingStep` values.
    """
    k, e, r = o.k, o.e, o.r
    tk, te = target.k, target.e
    pole = abs(e) == 3
    if te == e and tk == (0 if pole else k % 12):  # target == o.nose
        return ()
    best = _ring_steps(k, e, r, tk, te)
    if three_d and abs(te) != 3 and not pole:
        cost = sum(s[0] for s in best)
        for p in (3, -3):
            up = _ring_steps(k, e, r, 0, p)
            _, k2, e2, r2 = up[-1]
            down = _ring_steps(k2, e2, r2, tk, te)
            if sum(s[0] for s in up) + sum(s[0] for s in down) < cost:
                best = up + down
                cost = sum(s[0] for s in best)
    return tuple(_facing_step(w, sk, se, sr) for w, sk, se, sr in best)


def roll_path(o: Orientation, degrees: int, starboard: bool) -> list[FacingStep]:
    """A roll of ``degrees`` (30..180) about the nose, one wedge per 30° (AV:T A2.4 "Roll")."""
    n = degrees // 30
    sign = 1 if starboard else -1
    steps = []
    cur = o
    for _ in range(n):
        cur = orientation(cur.k, cur.e, cur.r + sign) if abs(cur.e) != 3 else _pole_roll(cur, sign)
        steps.append(FacingStep(1, cur))
    return steps


def _pole_roll(o: Orientation, sign: int) -> Orientation:
    # at a pole the canonical form has r = 0; rolling turns the frame about the vertical nose
    return orientation(o.k, o.e, sign)


def wedge_count(steps: list[FacingStep]) -> int:
    """Wedges (30° steps) in a facing change's path (AV:T A5.222)."""
    return sum(s.wedges for s in steps)
