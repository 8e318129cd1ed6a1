"""Vectors on the 3-D hex map: velocity in normal form and vector notation.

* Directions A–F are the core's flat-topped hex directions, clockwise (AV:T A2.4 "Vector
  Movement"; spec §3.1); up and down are ``+`` and ``-``. Any clockwise assignment works (spec
  §3.2), and the identities A+D = 0 and A+C = B hold for ours.
* Velocity is a vector of hexes per turn (AV:T A2.4). Stored as an integer lattice vector; shown in
  **normal form**: at most two *adjacent* horizontal directions plus one vertical (spec §4.1).
* Segmented movement (AV:T A2.1), which segments a velocity's hexes are moved on, is the movement
  grid's remainder table: :mod:`.movement_grid`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from voidwar.core.hexgrid import DIRECTION_LETTERS, DIRECTION_VECTORS, Hex3
from voidwar.core.native import mypyc_attr

SEGMENTS = 8  # AV:T A2.0: each turn is broken into 8 segments

#: the eight vector arrows of the AVID (spec §5.5): A–F, up, down
ARROWS: tuple[str, ...] = (*DIRECTION_LETTERS, "+", "-")


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Vec3:
    """An integer vector on the hex lattice: axial (dq, dr) plus levels dz."""

    dq: int = 0
    dr: int = 0
    dz: int = 0

    def __add__(self, o: Vec3) -> Vec3:
        return Vec3(self.dq + o.dq, self.dr + o.dr, self.dz + o.dz)

    def __sub__(self, o: Vec3) -> Vec3:
        return Vec3(self.dq - o.dq, self.dr - o.dr, self.dz - o.dz)

    def __neg__(self) -> Vec3:
        return Vec3(-self.dq, -self.dr, -self.dz)

    def scale(self, k: int) -> Vec3:
        """``k`` times the vector."""
        return Vec3(self.dq * k, self.dr * k, self.dz * k)

    @property
    def horizontal(self) -> int:
        """Hex distance of the horizontal part."""
        return (abs(self.dq) + abs(self.dr) + abs(self.dq + self.dr)) // 2

    def is_zero(self) -> bool:
        """Whether the vector is zero."""
        return self.dq == 0 and self.dr == 0 and self.dz == 0

    def components(self) -> dict[str, int]:
        """The vector's normal form: hex-side letters and ``+``/``-`` with their counts."""
        return normal_form(self)

    def __str__(self) -> str:
        return format_vector(self)

    def to_list(self) -> list[int]:
        """The vector as ``[dq, dr, dz]``."""
        return [self.dq, self.dr, self.dz]


ZERO = Vec3()


def unit(arrow: str) -> Vec3:
    """The unit vector of an arrow: ``"A"``…``"F"``, ``"+"`` or ``"-"``."""
    if arrow == "+":
        return Vec3(0, 0, 1)
    if arrow == "-":
        return Vec3(0, 0, -1)
    dq, dr = DIRECTION_VECTORS[DIRECTION_LETTERS.index(arrow)]
    return Vec3(dq, dr, 0)


_UNITS = {a: unit(a) for a in ARROWS}


def split_horizontal(dq: int, dr: int) -> tuple[int, int, int]:
    """Write (dq, dr) as a·X + b·Y with Y the direction clockwise-adjacent to X, a > 0, b ≥ 0.

    Returns (X index, a, b); (0, 0, 0) for the zero vector. Adjacent directions form a lattice basis
    (determinant ±1), so a and b are integers and the decomposition is unique.
    """
    if dq == 0 and dr == 0:
        return 0, 0, 0
    for d in range(6):
        x1, y1 = DIRECTION_VECTORS[d]
        x2, y2 = DIRECTION_VECTORS[(d + 1) % 6]
        det = x1 * y2 - x2 * y1
        a = (dq * y2 - x2 * dr) * det  # det is ±1, so dividing is multiplying
        b = (x1 * dr - dq * y1) * det
        if a > 0 and b >= 0:
            return d, a, b
    raise AssertionError("unreachable: six sectors cover the plane")  # pragma: no cover


def normal_form(v: Vec3) -> dict[str, int]:
    """Spec §4.1: at most two adjacent map directions plus one vertical, zero parts left out.

    ``{"A": 4, "B": 2}``; ``{"+": 1}``; ``{}`` for no velocity. Key order: clockwise, then vertical.
    """
    out: dict[str, int] = {}
    d, a, b = split_horizontal(v.dq, v.dr)
    if a:
        out[DIRECTION_LETTERS[d]] = a
    if b:
        out[DIRECTION_LETTERS[(d + 1) % 6]] = b
    if v.dz > 0:
        out["+"] = v.dz
    elif v.dz < 0:
        out["-"] = -v.dz
    return out


def from_components(parts: dict[str, int]) -> Vec3:
    """Sum of ``n × arrow`` for any (not necessarily normal) set of components (summed as
    integers, one vector built)."""
    dq = dr = dz = 0
    for arrow, n in parts.items():
        if n:
            u = _UNITS[arrow]
            dq += u.dq * n
            dr += u.dr * n
            dz += u.dz * n
    return Vec3(dq, dr, dz) if dq or dr or dz else ZERO


@lru_cache(maxsize=65536)
def format_vector(v: Vec3) -> str:
    """``"4A 2B +1"``; the zero vector is ``"0"`` (vectors are immutable values: each written
    once)."""
    nf = normal_form(v)
    if not nf:
        return "0"
    parts = []
    for k, n in nf.items():
        parts.append(f"{n}{k}" if k not in "+-" else f"{k}{n}")
    return " ".join(parts)


_TOKEN = re.compile(r"\s*(?:(\d*)([A-Fa-f])|([+-])(\d+)|(0))\s*")


def parse_vector(text: str) -> Vec3:
    """Parse ``"4A 2F -1"`` (counts before letters, levels as ``+n``/``-n``; ``"0"`` is zero).

    A letter without a count is one hex (``"A"`` = ``"1A"``). Components need not be normal.
    """
    t = text.strip().replace("−", "-")
    if not t:
        raise ValueError("empty vector (write e.g. 4A 2B +1, or 0)")
    pos = 0
    out = ZERO
    while pos < len(t):
        m = _TOKEN.match(t, pos)
        if not m or m.end() == pos:
            raise ValueError(f"not a vector: {text!r} (write e.g. 4A 2B +1, or 0)")
        if m.group(2):
            n = int(m.group(1)) if m.group(1) else 1
            out = out + _UNITS[m.group(2).upper()].scale(n)
        elif m.group(3):
            n = int(m.group(4))
            out = out + Vec3(0, 0, n if m.group(3) == "+" else -n)
        pos = m.end()
    return out


def shift(p: Hex3, v: Vec3) -> Hex3:
    """Hex ``p`` moved by vector ``v``."""
    return Hex3(p.q + v.dq, p.r + v.dr, p.z + v.dz)


def offset(a: Hex3, b: Hex3) -> Vec3:
    """The vector from ``a`` to ``b``."""
    return Vec3(b.q - a.q, b.r - a.r, b.z - a.z)


def parse_position(text: str) -> Hex3:
    """A position written as a vector from the map's origin hex (``"7A 1F -1"``)."""
    v = parse_vector(text)
    return Hex3(v.dq, v.dr, v.dz)
