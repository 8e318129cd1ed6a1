"""The movement grid (AV:T A2.1): on which segments a velocity's hexes are moved.

A ship's grid has a column per velocity component — Vel, Dir, Each = ⌊Vel/8⌋ (hexes moved on
every segment) and Rmd = Vel mod 8 (spec §4.2) — and eight rows, one per segment. The Rmd hexes
fall on the segments a **remainder table** names: horizontal by the two horizontal remainders
(the *major* component is the larger velocity, the clockwise-first at a tie; the *minor* the
other), vertical by its remainder and the remainder of the horizontal hexes a turn
(major + minor, mod 8). The table is data (:class:`MovementGrid`, built from a file by
:mod:`.grid_file`); the shipped one is our reconstruction, made by :func:`horizontal_cell` and
:func:`vertical_cell`:

* one component: R(k), the segments s with ⌊k·s/8⌋ > ⌊k·(s−1)/8⌋ — A2.1's worked cases (7 hexes
  a turn: one on segments 2–8; 12: 1, 2, 1, 2, …).
* two horizontal components share one spread, as both tutorials play it (Sample Game Three
  A5.341, 4A 2B: A on segments 2 and 3; Sample Game One A5.12–A5.17: A, A, B, A and up, A, B,
  which 5A 3B +2 gives). With n the sum of the remainders, a segment moves as many horizontal
  remainder hexes as R(n) spreads (one on each of R(n) up to 8; past 8 one on every segment and a
  second on R(n − 8)). Up to 8 the smaller remainder (the minor at a tie) keeps its own spread
  R(small), which lies inside R(n), and the larger takes the rest; past 8 (**our reading**: the
  text shows no such case) the larger (the major at a tie) keeps its own spread and the smaller
  takes every other segment and R(n − 8), which lies inside the larger's spread.
* vertical (**our reading**: the text shows one vertical move, Game One's up on segment 4 with
  2 up a turn, which is R(2)): it interleaves with the horizontal as the horizontal components
  do with each other — the horizontal (h = major + minor remainder, mod 8) keeps its segments
  R(h) and the vertical takes the rest of the spread of h + v, where R(h) lies inside it;
  otherwise it moves segment by segment as near that spread as one level a segment allows
  (:func:`vertical_cell`).

Every component thus moves Each or Each + 1 hexes a segment and exactly its velocity over a
turn; any table a player types in is checked to do the same. Lookups are tuples built once when
the table is loaded; a loaded table is never changed and games share it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from voidwar.core.errors import DataFileError
from voidwar.core.hexgrid import DIRECTION_LETTERS, DIRECTION_VECTORS

from .vectors import SEGMENTS, ZERO, Vec3, split_horizontal

#: the remainders a grid column can have (Rmd = Vel mod 8)
REMAINDERS = range(SEGMENTS)
#: segments 1..8
SEGMENT_NUMBERS = range(1, SEGMENTS + 1)


def spread(k: int) -> tuple[int, ...]:
    """R(k): the segments on which a component of ``k`` hexes a turn (0..8) moves, each once —
    those where ⌊k·s/8⌋ grows (AV:T A2.1: 7 → segments 2–8)."""
    return tuple(s for s in SEGMENT_NUMBERS if k * s // SEGMENTS > k * (s - 1) // SEGMENTS)


def horizontal_cell(major: int, minor: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Our reconstruction of one horizontal cell: the segments on which the major and the minor
    component move their remainder hex (see the module's docstring; AV:T A5.12–A5.17, A5.341)."""
    n = major + minor
    minor_smaller = minor <= major
    small, large = (minor, major) if minor_smaller else (major, minor)
    if n <= SEGMENTS:
        own = spread(small)
        rest = tuple(s for s in spread(n) if s not in own)
        small_segs, large_segs = own, rest
    else:
        large_segs = spread(large)
        twice = spread(n - SEGMENTS)
        small_segs = tuple(s for s in SEGMENT_NUMBERS if s not in large_segs or s in twice)
    return (large_segs, small_segs) if minor_smaller else (small_segs, large_segs)


def vertical_cell(horizontal: int, vertical: int) -> tuple[int, ...]:
    """Our reconstruction of one vertical cell (**our reading**): the vertical interleaves with
    the horizontal. The horizontal keeps its segments, R(``horizontal``); segment by segment the
    vertical moves while the two together stay within the spread of their sum t (⌊t·s/8⌋
    remainder hexes after segment s), one level a segment at most and all of them by segment 8.
    Where R(horizontal) lies inside the sum's spread, that is the sum's other segments; with no
    horizontal remainder it is R(vertical) (Game One's 2 up: segment 4, the text's one case)."""
    t = horizontal + vertical
    own = spread(horizontal)
    segs: list[int] = []
    done = along = 0
    for s in SEGMENT_NUMBERS:
        along += s in own
        want = t * s // SEGMENTS - along
        lo, hi = max(done, vertical - (SEGMENTS - s)), min(done + 1, vertical)
        now = min(max(want, lo), hi)
        if now > done:
            segs.append(s)
        done = now
    return tuple(segs)


def pair_key(a: int, b: int) -> str:
    """A cell's key in a grid file: ``"4,2"``."""
    return f"{a},{b}"


@dataclass(frozen=True, slots=True)
class GridColumn:
    """One component's column of a ship's movement grid as the card has it: Vel, Dir, Each, Rmd
    and the hexes moved in segments 1–8 (AV:T A2.1; spec §4.2)."""

    vel: int
    dir: str
    each: int
    rmd: int
    hexes: tuple[int, ...]


def _segments(value: Sequence[int], count: int, file: str, field: str, what: str
              ) -> tuple[int, ...]:
    """A cell's segment list, checked: ``count`` segments of 1..8, in increasing order."""
    segs = tuple(value)
    if len(segs) != count:
        raise DataFileError(file, field, f"lists {len(segs)} segment(s); a remainder of {count} "
                            f"({what}) moves on {count}")
    if any(not 1 <= s <= SEGMENTS for s in segs):
        raise DataFileError(file, field, f"segments are 1 to {SEGMENTS}")
    if any(a >= b for a, b in pairwise(segs)):
        raise DataFileError(file, field, "list the segments in increasing order, each once")
    return segs


def _keys(table: Mapping[str, Any], file: str, part: str, first: str, second: str) -> None:
    """Every pair of remainders 0..7 has a cell, and nothing else does."""
    wanted = {pair_key(a, b) for a in REMAINDERS for b in REMAINDERS}
    for key in table:
        if key not in wanted:
            raise DataFileError(file, f"{part}.{key[:16]}", f"not a pair of remainders 0-7 (write "
                                f"\"{first.upper()},{second.upper()}\", e.g. \"4,2\")")
    missing = sorted(wanted - set(table), key=lambda k: tuple(map(int, k.split(","))))
    if missing:
        raise DataFileError(file, part, f"no cell for {first},{second} = {missing[0]} (the "
                            f"table needs all 64 pairs 0,0 ... 7,7)")


def _cumulative(marks: Sequence[int]) -> tuple[int, ...]:
    out = [0]
    for m in marks:
        out.append(out[-1] + m)
    return tuple(out)


class MovementGrid:
    """A remainder table, checked and turned into lookups (AV:T A2.1). ``horizontal`` maps
    ``"MAJOR,MINOR"`` to (major's segments, minor's segments); ``vertical`` maps
    ``"HORIZONTAL,VERTICAL"`` to the vertical's segments. A refusal names ``file``, the cell
    and the reason (:class:`~voidwar.core.errors.DataFileError`)."""

    __slots__ = ("_h", "_hcum", "_v", "_vcum", "file", "fingerprint", "reconstructed", "source")

    def __init__(self, horizontal: Mapping[str, tuple[Sequence[int], Sequence[int]]],
                 vertical: Mapping[str, Sequence[int]], file: str, *,
                 reconstructed: bool = False, source: str = "") -> None:
        self.file = file
        self.reconstructed = reconstructed
        self.source = source
        _keys(horizontal, file, "horizontal", "major", "minor")
        _keys(vertical, file, "vertical", "horizontal", "vertical")
        h: list[tuple[tuple[int, int], ...]] = []
        hcum: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        v: list[tuple[int, ...]] = []
        vcum: list[tuple[int, ...]] = []
        for a in REMAINDERS:
            for b in REMAINDERS:
                key = pair_key(a, b)
                cell = horizontal[key]
                big = _segments(cell[0], a, file, f"horizontal.{key}.major", "the major's")
                small = _segments(cell[1], b, file, f"horizontal.{key}.minor", "the minor's")
                marks = tuple((int(s in big), int(s in small)) for s in SEGMENT_NUMBERS)
                h.append(marks)
                hcum.append((_cumulative([m[0] for m in marks]),
                             _cumulative([m[1] for m in marks])))
                up = _segments(vertical[key], b, file, f"vertical.{key}", "the vertical's")
                vmarks = tuple(int(s in up) for s in SEGMENT_NUMBERS)
                v.append(vmarks)
                vcum.append(_cumulative(vmarks))
        #: index (major Rmd · 8 + minor Rmd) → per segment (major's extra hex, minor's)
        self._h: tuple[tuple[tuple[int, int], ...], ...] = tuple(h)
        #: the same index → (major's, minor's) extra hexes after segments 0..8
        self._hcum: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(hcum)
        #: index (horizontal Rmd · 8 + vertical Rmd) → per segment the vertical's extra hex
        self._v: tuple[tuple[int, ...], ...] = tuple(v)
        self._vcum: tuple[tuple[int, ...], ...] = tuple(vcum)
        #: the table's value as a short text: tables that move ships alike have the same one
        #: (what a memo of a ship's drawing is keyed by)
        self.fingerprint = hashlib.sha256(repr((self._h, self._v)).encode()).hexdigest()[:24]

    def __deepcopy__(self, memo: dict[int, Any]) -> MovementGrid:
        """Read-only once built: game clones (search) share it rather than copy it."""
        return self

    def cells(self) -> tuple[dict[str, tuple[list[int], list[int]]], dict[str, list[int]]]:
        """The table's cells again, as the file writes them (horizontal, vertical)."""
        horizontal, vertical = {}, {}
        for a in REMAINDERS:
            for b in REMAINDERS:
                i, key = a * SEGMENTS + b, pair_key(a, b)
                horizontal[key] = ([s for s in SEGMENT_NUMBERS if self._h[i][s - 1][0]],
                                   [s for s in SEGMENT_NUMBERS if self._h[i][s - 1][1]])
                vertical[key] = [s for s in SEGMENT_NUMBERS if self._v[i][s - 1]]
        return horizontal, vertical

    def move(self, v: Vec3, s: int) -> Vec3:
        """The hexes a ship of velocity ``v`` moves in segment ``s`` (1..8), all components."""
        dq = dr = dz = 0
        hrmd = 0
        if v.dq or v.dr:
            j_major, n_major, j_minor, n_minor = _major_minor(v)
            i = (n_major % SEGMENTS) * SEGMENTS + n_minor % SEGMENTS
            e_major, e_minor = self._h[i][s - 1]
            k_major = n_major // SEGMENTS + e_major
            k_minor = n_minor // SEGMENTS + e_minor
            mq, mr = DIRECTION_VECTORS[j_major]
            nq, nr = DIRECTION_VECTORS[j_minor]
            dq, dr = mq * k_major + nq * k_minor, mr * k_major + nr * k_minor
            hrmd = (n_major + n_minor) % SEGMENTS
        if v.dz:
            n = v.dz if v.dz > 0 else -v.dz
            k = n // SEGMENTS + self._v[hrmd * SEGMENTS + n % SEGMENTS][s - 1]
            dz = k if v.dz > 0 else -k
        if not (dq or dr or dz):
            return ZERO
        return Vec3(dq, dr, dz)

    def moved_after(self, v: Vec3, s: int) -> Vec3:
        """The hexes moved in segments 1..``s`` (0..8) together: :meth:`move`'s sum."""
        dq = dr = dz = 0
        hrmd = 0
        if v.dq or v.dr:
            j_major, n_major, j_minor, n_minor = _major_minor(v)
            i = (n_major % SEGMENTS) * SEGMENTS + n_minor % SEGMENTS
            c_major, c_minor = self._hcum[i]
            k_major = n_major // SEGMENTS * s + c_major[s]
            k_minor = n_minor // SEGMENTS * s + c_minor[s]
            mq, mr = DIRECTION_VECTORS[j_major]
            nq, nr = DIRECTION_VECTORS[j_minor]
            dq, dr = mq * k_major + nq * k_minor, mr * k_major + nr * k_minor
            hrmd = (n_major + n_minor) % SEGMENTS
        if v.dz:
            n = v.dz if v.dz > 0 else -v.dz
            k = n // SEGMENTS * s + self._vcum[hrmd * SEGMENTS + n % SEGMENTS][s]
            dz = k if v.dz > 0 else -k
        return Vec3(dq, dr, dz)

    def rest_of_turn(self, v: Vec3, s: int) -> Vec3:
        """The hexes still to move after segment ``s`` this turn (the EoT marker's offset from
        the FP marker, spec §4.4): ``v`` less what segments 1..``s`` move."""
        return v - self.moved_after(v, s)

    def columns(self, v: Vec3) -> list[GridColumn | None]:
        """The card's three columns for ``v`` — major, minor, vertical (``None`` where the
        velocity has no such component), each with its hexes per segment (AV:T A2.1)."""
        out: list[GridColumn | None] = [None, None, None]
        hrmd = 0
        if v.dq or v.dr:
            j_major, n_major, j_minor, n_minor = _major_minor(v)
            i = (n_major % SEGMENTS) * SEGMENTS + n_minor % SEGMENTS
            marks = self._h[i]
            out[0] = _column(n_major, DIRECTION_LETTERS[j_major], [m[0] for m in marks])
            if n_minor:
                out[1] = _column(n_minor, DIRECTION_LETTERS[j_minor], [m[1] for m in marks])
            hrmd = (n_major + n_minor) % SEGMENTS
        if v.dz:
            n = abs(v.dz)
            out[2] = _column(n, "+" if v.dz > 0 else "-",
                             self._v[hrmd * SEGMENTS + n % SEGMENTS])
        return out


def _column(vel: int, arrow: str, marks: Sequence[int]) -> GridColumn:
    each = vel // SEGMENTS
    return GridColumn(vel, arrow, each, vel % SEGMENTS, tuple(each + m for m in marks))


def _major_minor(v: Vec3) -> tuple[int, int, int, int]:
    """(major direction, its hexes a turn, minor direction, its hexes): the larger horizontal
    component is the major, the clockwise-first at a tie (a single component is the major)."""
    d, a, b = split_horizontal(v.dq, v.dr)
    e = (d + 1) % 6
    if a >= b:
        return d, a, e, b
    return e, b, d, a


def our_cells() -> tuple[dict[str, tuple[list[int], list[int]]], dict[str, list[int]]]:
    """Every cell of our reconstruction (horizontal, vertical), by :func:`horizontal_cell` and
    :func:`vertical_cell`."""
    horizontal: dict[str, tuple[list[int], list[int]]] = {}
    vertical: dict[str, list[int]] = {}
    for a in REMAINDERS:
        for b in REMAINDERS:
            big, small = horizontal_cell(a, b)
            horizontal[pair_key(a, b)] = (list(big), list(small))
            vertical[pair_key(a, b)] = list(vertical_cell(a, b))
    return horizontal, vertical


__all__ = ["GridColumn", "MovementGrid", "horizontal_cell", "our_cells", "spread",
           "vertical_cell"]
