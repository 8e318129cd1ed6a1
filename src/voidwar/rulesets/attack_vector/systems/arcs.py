"""Firing arcs as sets of ship-frame windows (spec §11.6; AV:T A5.166, A5.19, A5.37).

GIVEN: target markers are mapped onto each mount's firing-arc ("ring arc") diagram drawn in the
ship's own frame (A5.19 note); the Rafik's three forward mounts A, B, C have broad arcs (A5.37);
with the nose in A (level, top up) a target in window F/A blue-below — 30° to port of the nose and
30° down — is in arc of mounts **A and B, not C** (A5.166). Everything else is MISSING.

PROPOSAL (ours, spec §11.6): a *ship-frame window* is (relative azimuth, relative elevation) in 30°
steps: azimuth index 0..11 clockwise from the nose seen from the top (3 = starboard, 6 = aft,
9 = port), elevation index −3..3 toward the top (+) or bottom (−); at ±3 (the ship's poles) the
azimuth is irrelevant and stored as 0. An arc is a set of such windows, written in data as blocks
``{azimuth = [from, to], elevation = [low, high]}`` in degrees (multiples of 30, azimuth negative
to port, read clockwise from ``from`` to ``to``).

A target's AVID window (map frame) becomes a ship-frame window through the ship's orientation
(nose and top unit vectors, spec §5.4 ``u(k, e)``): forward = d·n, starboard = d·s, up = d·t with
s = n × t; angles are rounded to the nearest 30° (exact for every orientation built from 30° steps
about map-aligned axes, which is the whole of 2-D play; a documented nearest-window reading
otherwise).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

Vec3 = tuple[float, float, float]

RULE_ARCS = "AV:T A5.166"


@dataclass(frozen=True, order=True)
class ShipWindow:
    """A window of the ship-frame sphere: ``az`` 0..11 clockwise from the nose, ``el`` −3..3."""

    az: int
    el: int

    def __post_init__(self) -> None:
        if not 0 <= self.az <= 11 or not -3 <= self.el <= 3:
            raise ValueError(f"no ship-frame window az={self.az}, el={self.el}")
        if abs(self.el) == 3 and self.az != 0:
            raise ValueError("at the poles (el ±3) the azimuth is 0")

    @classmethod
    def of(cls, az: int, el: int) -> ShipWindow:
        """The window at (az, el), folding the azimuth away at the poles."""
        return cls(0 if abs(el) == 3 else az % 12, el)

    def __str__(self) -> str:
        if abs(self.el) == 3:
            return "straight up (top)" if self.el > 0 else "straight down (bottom)"
        deg = self.az * 30 if self.az <= 6 else (self.az - 12) * 30
        names = {0: "nose", 90: "starboard", 180: "aft", -90: "port"}
        side = names.get(deg) or (f"{abs(deg)}° to {'starboard' if deg > 0 else 'port'}")
        if self.el == 0:
            return side
        return f"{side}, {abs(self.el) * 30}° {'up' if self.el > 0 else 'down'}"


def window_vector(k: int, e: int) -> Vec3:
    """Spec §5.4: AVID window (azimuth index k, A = 0, clockwise; elevation e) → unit vector."""
    ce = math.cos(math.radians(30 * e))
    return (
        ce * math.cos(math.radians(30 * k)),
        -ce * math.sin(math.radians(30 * k)),
        math.sin(math.radians(30 * e)),
    )


def _dot(a: Vec3, b: Vec3) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec3, b: Vec3) -> Vec3:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _steps(angle_deg: float) -> int:
    # nearest 30° step; the tiny offset makes exact half steps resolve the same way everywhere
    return math.floor(angle_deg / 30 + 0.5 + 1e-9)


def ship_frame_window(target: Vec3, nose: Vec3, top: Vec3) -> ShipWindow:
    """The ship-frame window through which a target seen in direction ``target`` lies."""
    star = _cross(nose, top)  # s = n × t (spec §5.4)
    x, y, z = _dot(target, nose), _dot(target, star), _dot(target, top)
    el = _steps(math.degrees(math.atan2(z, math.hypot(x, y))))
    if abs(el) >= 3:
        return ShipWindow(0, 3 if el > 0 else -3)
    az = _steps(math.degrees(math.atan2(y, x)))
    return ShipWindow.of(az, el)


def ship_frame_window_of(
    target: tuple[int, int], nose: tuple[int, int], top: tuple[int, int]
) -> ShipWindow:
    """Same, from AVID windows given as (azimuth index, elevation index) pairs."""
    return ship_frame_window(window_vector(*target), window_vector(*nose), window_vector(*top))


#: an angle of a firing arc, in degrees
Degrees = Annotated[int, Field(ge=-360, le=360)]


class ArcBlock(BaseModel):
    """One block of an arc in a data file (degrees, multiples of 30)."""

    model_config = ConfigDict(extra="forbid")

    azimuth: tuple[Degrees, Degrees]
    elevation: tuple[Degrees, Degrees]

    @model_validator(mode="after")
    def _check(self) -> ArcBlock:
        a0, a1 = self.azimuth
        e0, e1 = self.elevation
        for v in (a0, a1, e0, e1):
            if v % 30:
                raise ValueError(f"arc angles are multiples of 30°, not {v}")
        if not -180 <= a0 <= 180 or not -180 <= a1 <= 180:
            raise ValueError("azimuth runs from -180 (aft, via port) to 180 (aft, via starboard)")
        if a1 < a0:
            raise ValueError(f"azimuth [{a0}, {a1}] must be read clockwise: from ≤ to")
        if not -90 <= e0 <= e1 <= 90:
            raise ValueError(f"elevation [{e0}, {e1}] must satisfy -90 ≤ low ≤ high ≤ 90")
        return self

    def windows(self) -> frozenset[ShipWindow]:
        """The ship-frame windows of this block."""
        out: set[ShipWindow] = set()
        for e in range(self.elevation[0] // 30, self.elevation[1] // 30 + 1):
            if abs(e) == 3:
                out.add(ShipWindow(0, e))
                continue
            for a in range(self.azimuth[0] // 30, self.azimuth[1] // 30 + 1):
                out.add(ShipWindow.of(a, e))
        return frozenset(out)


@dataclass(frozen=True)
class Arc:
    """A mount's firing arc: the ship-frame windows it bears on."""

    windows: frozenset[ShipWindow]

    @classmethod
    def from_blocks(cls, blocks: Iterable[ArcBlock]) -> Arc:
        """The arc made of ``blocks``' windows."""
        ws: set[ShipWindow] = set()
        for b in blocks:
            ws |= b.windows()
        return cls(frozenset(ws))

    def __contains__(self, w: object) -> bool:
        return w in self.windows

    def __deepcopy__(self, memo: dict[int, Any]) -> Arc:
        return self  # immutable: clones share it

    def amber_only(self) -> Arc:
        """The middle row only (2-D play, A5.19 note)."""
        return Arc(frozenset(w for w in self.windows if w.el == 0))
