"""Hex geometry for flat-topped hexes (Red Blob Games' conventions).

Axial coordinates ``(q, r)`` are stored; cube ``(q, r, s=-q-r)`` is used for the algorithms. The six
directions are lettered **A–F clockwise from the top**: A is straight up (north), B up-right,
C down-right, D down, E down-left, F up-left. The twelve *facings* (sides and corners, used by
Attack Vector's bias rule and by anything that points between two hex sides) are numbered 0..11
clockwise from A: even numbers are sides (0 = A, 2 = B, ...), odd numbers are corners
(1 = the A/B corner, written ``AB``). ``Hex3`` adds an altitude level for the 3-D ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple, Protocol

DIRECTION_LETTERS = "ABCDEF"

#: Axial offsets of the six neighbours, in direction order A..F (clockwise from the top).
DIRECTION_VECTORS: tuple[tuple[int, int], ...] = (
    (0, -1),  # A  up
    (1, -1),  # B  up-right
    (1, 0),  # C  down-right
    (0, 1),  # D  down
    (-1, 1),  # E  down-left
    (-1, 0),  # F  up-left
)


class Hex(NamedTuple):
    """A hex in axial coordinates.

    A named tuple, not a dataclass: hashing and comparing hexes is what hex rules do most
    (sets of taken hexes, danger maps), and a tuple does both in C. The hash is the one the
    frozen dataclass had (``hash((q, r))``), so sets of hexes iterate in the same order."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s = 0)."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """This vector ``k`` times."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin in hexes."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Hex distance: hexes counted from here to there, this hex not counted."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (0..5)."""
        dq, dr = DIRECTION_VECTORS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        """The six adjacent hexes, in direction order."""
        return [self.neighbor(d) for d in range(6)]

    def rotate(self, steps: int, center: Hex | None = None) -> Hex:
        """Rotate by ``steps`` × 60° clockwise about ``center`` (default the origin)."""
        c = center or ORIGIN
        q, r, s = self.q - c.q, self.r - c.r, self.s - c.s
        for _ in range(steps % 6):
            q, r, s = -r, -s, -q
        return Hex(q + c.q, r + c.r)

    def ring(self, radius: int) -> list[Hex]:
        """The hexes exactly ``radius`` away, in ring order."""
        return ring(self, radius)

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    @staticmethod
    def parse(text: str) -> Hex:
        """Parse ``"q,r"`` (spaces allowed)."""
        m = re.fullmatch(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*", text)
        if not m:
            raise ValueError(f"not a hex: {text!r} (write q,r, e.g. 2,-1)")
        return Hex(int(m.group(1)), int(m.group(2)))


ORIGIN = Hex(0, 0)


class Hex3(NamedTuple):
    """A hex plus an altitude level (Attack Vector's 3-D map); one level counts as one hex."""

    q: int
    r: int
    z: int = 0

    @property
    def flat(self) -> Hex:
        """The hex this 3-D hex stands over (altitude dropped)."""
        return Hex(self.q, self.r)

    def __add__(self, other: Hex3) -> Hex3:  # type: ignore[override]
        return Hex3(self.q + other.q, self.r + other.r, self.z + other.z)

    def __str__(self) -> str:
        return f"{self.q},{self.r},{self.z}"


def direction_index(letter: str) -> int:
    """``"A"`` → 0 ... ``"F"`` → 5."""
    i = DIRECTION_LETTERS.find(letter.strip().upper())
    if i < 0 or len(letter.strip()) != 1:
        raise ValueError(f"not a hex direction: {letter!r} (use A-F)")
    return i


def direction_letter(direction: int) -> str:
    """The letter of a hex side or facing (``0`` → ``A``)."""
    return DIRECTION_LETTERS[direction % 6]


def facing_name(facing: int) -> str:
    """Name of one of the 12 facings: ``"A"`` (side) or ``"AB"`` (corner)."""
    f = facing % 12
    if f % 2 == 0:
        return DIRECTION_LETTERS[f // 2]
    return DIRECTION_LETTERS[f // 2] + DIRECTION_LETTERS[(f // 2 + 1) % 6]


def parse_facing(text: str) -> int:
    """Inverse of :func:`facing_name` (``"FA"`` is the corner between F and A)."""
    t = text.strip().upper()
    for f in range(12):
        if facing_name(f) == t:
            return f
    raise ValueError(f"not a facing: {text!r} (a side A-F or a corner such as AB)")


def rotate_facing(facing: int, steps: int) -> int:
    """Turn a 12-point facing by ``steps`` × 30° (positive = clockwise)."""
    return (facing + steps) % 12


def turn_direction(direction: int, steps: int) -> int:
    """Turn a 6-point direction by ``steps`` × 60° (positive = clockwise, i.e. to the right)."""
    return (direction + steps) % 6


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` away, clockwise starting from the one in direction E·r."""
    if radius < 0:
        raise ValueError("radius must be non-negative")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = center + Hex(*DIRECTION_VECTORS[4]).scale(radius)
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbor(d)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius``, centre first, then ring by ring."""
    out = [center]
    for k in range(1, radius + 1):
        out.extend(ring(center, k))
    return out


def _cube_round(q: Fraction, r: Fraction) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included (exact arithmetic).

    A tiny nudge (Red Blob's epsilon, here an exact 1/10⁶) breaks ties on hex edges the same way
    every time.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    eps = Fraction(1, 1_000_000)
    aq, ar = Fraction(a.q) + eps, Fraction(a.r) + eps
    bq, br = Fraction(b.q) + eps, Fraction(b.r) + eps
    return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction (0..5) from ``a`` to an adjacent ``b``, or ``None`` if not adjacent."""
    d = b - a
    try:
        return DIRECTION_VECTORS.index((d.q, d.r))
    except ValueError:
        return None


def pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of a flat-topped hex in screen units (y down). For renderers only."""
    x = size * 1.5 * h.q
    y = size * (3**0.5) * (h.r + h.q / 2)
    return x, y


class Board(Protocol):
    """A bounded set of hexes."""

    def __contains__(self, h: object) -> bool: ...

    def __iter__(self) -> Iterator[Hex]: ...

    def __len__(self) -> int: ...


@dataclass(frozen=True)
class HexagonBoard:
    """A hexagon of hexes within ``radius`` of ``center``."""

    radius: int
    center: Hex = ORIGIN

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and h.distance(self.center) <= self.radius

    def __iter__(self) -> Iterator[Hex]:
        return iter(spiral(self.center, self.radius))

    def __len__(self) -> int:
        return 3 * self.radius * (self.radius + 1) + 1

    def __reduce__(self) -> tuple[type[HexagonBoard], tuple[int, Hex]]:
        # copy and pickle rebuild it through __init__ (frozen: the compiled build can't setattr)
        return HexagonBoard, (self.radius, self.center)


@dataclass(frozen=True)
class RectBoard:
    """A rectangle of ``cols`` × ``rows`` flat-topped hexes in "odd-q" offset layout.

    Column ``c`` and row ``w`` map to axial ``q = c``, ``r = w - (c - (c & 1)) // 2``; offset
    (0, 0) is axial (0, 0).
    """

    cols: int
    rows: int

    def __reduce__(self) -> tuple[type[RectBoard], tuple[int, int]]:
        # copy and pickle rebuild it through __init__ (frozen: the compiled build can't setattr)
        return RectBoard, (self.cols, self.rows)

    @staticmethod
    def to_offset(h: Hex) -> tuple[int, int]:
        """Axial → the printed map's (column, row)."""
        return h.q, h.r + (h.q - (h.q & 1)) // 2

    @staticmethod
    def from_offset(col: int, row: int) -> Hex:
        """The printed map's (column, row) → axial."""
        return Hex(col, row - (col - (col & 1)) // 2)

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, Hex):
            return False
        c, w = self.to_offset(h)
        return 0 <= c < self.cols and 0 <= w < self.rows

    def __iter__(self) -> Iterator[Hex]:
        for w in range(self.rows):
            for c in range(self.cols):
                yield self.from_offset(c, w)

    def __len__(self) -> int:
        return self.cols * self.rows
