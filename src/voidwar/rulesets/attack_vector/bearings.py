"""Shooting bearings: the AVID window a target is seen through, and the RAL range and ring.

* Azimuth window (AV:T A5.152, rule printed above the AVID): write the horizontal offset as a hexes
  in direction X plus b hexes in the adjacent direction Y. If the larger is at least 3 times the
  smaller, the target is seen through the hex side of the larger; otherwise through the corner X/Y.
  The exact geometry (option ``bearings = "exact"``, spec §6.2): side windows span ±15°, i.e. side X
  iff 3(a+b)² < (2a+b)² — an integer test.
* RAL (AV:T A2.4, A5.153; spec §6.3, DERIVED): range = ⌊√(h² + v²)⌋ with h the horizontal hex
  distance and v the altitude difference; the ring from the elevation θ = atan(v/h):
  amber |θ| < 15°,
  blue 15° < |θ| ≤ 45°, green 45° < |θ| < 75°, purple above (AVID side-view bands). All tests are
  exact integer comparisons (tan 15° = 2 − √3, tan 75° = 2 + √3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import isqrt

from voidwar.core.hexgrid import Hex3

from .avid import Window, window
from .vectors import Vec3, offset, split_horizontal

RULE = "rule"
EXACT = "exact"
METHODS = (RULE, EXACT)


@dataclass(frozen=True, slots=True)
class Bearing:
    """A target marker: the range and the window (``None`` for the same hex and level)."""

    range: int
    window: Window | None
    h: int
    v: int

    def __str__(self) -> str:
        w = str(self.window) if self.window is not None else "same hex"
        return f"range {self.range} in {w}"


def azimuth_index(dq: int, dr: int, method: str = RULE) -> int:
    """The azimuth window index (0..11) of a non-zero horizontal offset (AV:T A5.152)."""
    d, a, b = split_horizontal(dq, dr)
    if a == 0 and b == 0:
        raise ValueError("no horizontal offset")
    if method == EXACT:
        s = 3 * (a + b) ** 2
        if s < (2 * a + b) ** 2:
            return 2 * d
        if s < (a + 2 * b) ** 2:
            return (2 * d + 2) % 12
        return 2 * d + 1
    if a >= 3 * b:  # "at least 3 times the smaller": the larger one's hex side
        return 2 * d
    if b >= 3 * a:
        return (2 * d + 2) % 12
    return 2 * d + 1


def ral_ring(h: int, v: int) -> int:
    """Ring index 0 amber, 1 blue, 2 green, 3 purple for horizontal h ≥ 0 and vertical v ≥ 0."""
    if 2 * h - v > 0 and 3 * h * h < (2 * h - v) ** 2:  # tan θ < 2 − √3
        return 0
    if v <= h:  # θ ≤ 45°: 45° exactly is blue (the printed blue band ends at 45°)
        return 1
    if v - 2 * h < 0 or (v - 2 * h) ** 2 < 3 * h * h:  # tan θ < 2 + √3
        return 2
    return 3


def ral(h: int, v: int) -> tuple[int, int]:
    """(range, ring index) from the RAL for horizontal distance h and altitude difference |v|."""
    v = abs(v)
    return isqrt(h * h + v * v), ral_ring(h, v)


def bearing_of(off: Vec3, method: str = RULE, three_d: bool = True) -> Bearing:
    """The target marker for a target ``off`` away from the ship (spec §6)."""
    h = off.horizontal
    v = off.dz if three_d else 0
    if h == 0 and v == 0:
        return Bearing(0, None, 0, 0)
    rng, ring = ral(h, v)
    if not three_d:
        ring = 0
    e = ring if v >= 0 else -ring
    k = 0 if ring == 3 else azimuth_index(off.dq, off.dr, method)
    return Bearing(rng, window(k, e), h, abs(v))


@lru_cache(maxsize=8192)
def bearing(frm: Hex3, to: Hex3, method: str = RULE, three_d: bool = True) -> Bearing:
    """The bearing (AVID window and RAL range) from ``frm`` to ``to`` (spec §6; a pure function
    of immutable values, so remembered)."""
    return bearing_of(offset(frm, to), method, three_d)
