"""The heuristic commander's danger maps (:mod:`.policies`), computed by counting.

A Bolt's danger at a hex is its chance of killing a Paladin there during the next platform step,
over every Path (2.12; two when fast, 2.2): ``1/n`` added once for each Path whose flight would
kill there (``1/n²`` per pair of Paths when fast). Every addend of one map is the same number, so
the sum at a hex depends only on how many Paths kill there: we count (integers) and read the sum
from a table of repeated sums, built by adding the same numbers one by one — bit for bit the
floats that adding them in flight order gives. Maps are kept per board index (the hexes of
:func:`.state.board_hexes`, in board order) for the hexes a Paladin can stand on; index tables of
each map size are built once per process.

Every game of a process shares these tables, in every thread (core/memo.py): the functions are
pure functions of immutable values (tables, hexes, ints), cached; the danger maps they return
are read-only; :data:`_NEIGHBORS` is remembered.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ...core.hexgrid import ORIGIN, Hex
from ...core.memo import remember
from .state import board_hexes, board_places, place_at, place_grid
from .tables import Tables

Danger = dict[Hex, float]
#: (board index, P(surviving) there) for the hexes of the map where a danger is not nil
Factors = tuple[tuple[int, float], ...]


class Geometry(NamedTuple):
    """A map's index tables: per board index its hex, range from the Antilles, and the board
    indices of its neighbours on the map."""

    hexes: tuple[Hex, ...]
    place: dict[Hex, int]
    distance: tuple[int, ...]
    neighbors: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=8)
def geometry(radius: int) -> Geometry:
    """The index tables of a map of ``radius`` (built once per size)."""
    hexes = board_hexes(radius)
    place = board_places(radius)
    distance = tuple(h.distance(ORIGIN) for h in hexes)
    neighbors = tuple(tuple(place[n] for n in h.neighbors() if n in place) for h in hexes)
    return Geometry(hexes, place, distance, neighbors)


@lru_cache(maxsize=65536)
def kill_hexes(start: Hex, facing: int, kind: str,
               steps: tuple[int, ...]) -> tuple[frozenset[Hex], Hex, int]:
    """Hexes where a Paladin would die along one Path (entered, or adjacent for exploding,
    2.2), and where the Bolt ends, facing which way."""
    kills: set[Hex] = set()
    h, f = start, facing
    exploding = kind == "exploding"
    for veer in steps:
        f = (f + veer) % 6
        h = neighbors(h)[f]
        kills.add(h)
        if exploding:
            kills.update(neighbors(h))
    return frozenset(kills), h, f


#: hex → its six neighbours in direction order (:meth:`Hex.neighbors`); remembered
#: (core/memo.py)
_NEIGHBORS: dict[Hex, tuple[Hex, ...]] = {}


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """:meth:`Hex.neighbors`, remembered (Paths are flown from the same hexes again and
    again)."""
    n = _NEIGHBORS.get(h)
    if n is None:
        n = remember(_NEIGHBORS, h, tuple(h.neighbors()), 100_000)
    return n


#: per hex, a count (:func:`path_counts`, :func:`fast_counts`), as (dq, dr, count) offsets from
#: the Bolt's hex: flying is the same from every hex (translation), so counted once per facing
Offsets = tuple[tuple[int, int, int], ...]


@lru_cache(maxsize=512)
def _path_offsets(paths: tuple[tuple[int, ...], ...], facing: int, kind: str) -> Offsets:
    """:func:`path_counts` from the Antilles' hex, as offsets."""
    out: dict[Hex, int] = defaultdict(int)
    for path in paths:
        for h in kill_hexes(ORIGIN, facing, kind, path)[0]:
            out[h] += 1
    return tuple((h.q, h.r, c) for h, c in out.items())


@lru_cache(maxsize=512)
def _fast_offsets(paths: tuple[tuple[int, ...], ...], facing: int, kind: str) -> Offsets:
    """:func:`fast_counts` from the Antilles' hex, as offsets: on the first Path every
    second one counts, else the second Paths from where the first ended."""
    out: dict[Hex, int] = defaultdict(int)
    n = len(paths)
    for path in paths:
        kills, end, f = kill_hexes(ORIGIN, facing, kind, path)
        for h in kills:
            out[h] += n
        for dq, dr, c in _path_offsets(paths, f, kind):
            h = Hex(end.q + dq, end.r + dr)
            if h not in kills:
                out[h] += c
    return tuple((h.q, h.r, c) for h, c in out.items())


def _at(start: Hex, offsets: Offsets) -> dict[Hex, int]:
    q, r = start
    return {Hex(q + dq, r + dr): c for dq, dr, c in offsets}


def path_counts(paths: tuple[tuple[int, ...], ...], start: Hex, facing: int,
                kind: str) -> dict[Hex, int]:
    """Per hex, how many of ``paths`` kill a Paladin there (:func:`kill_hexes`)."""
    return _at(start, _path_offsets(paths, facing, kind))


def fast_counts(paths: tuple[tuple[int, ...], ...], start: Hex, facing: int,
                kind: str) -> dict[Hex, int]:
    """Per hex, how many pairs of ``paths`` (first, second) kill there: on the first Path
    every second one counts, else the second Paths from where the first ended."""
    return _at(start, _fast_offsets(paths, facing, kind))


def _counts_offsets(tables: Tables, facing: int, kind: str) -> tuple[Offsets, tuple[float, ...]]:
    """A Bolt's kill counts as offsets, and the sums (P(kill)) the counts stand for."""
    paths = tables.paths
    p1 = 1 / len(paths)
    if kind == "fast":
        return _fast_offsets(paths, facing, kind), repeated_sums(p1 * p1, len(paths) ** 2)
    return _path_offsets(paths, facing, kind), repeated_sums(p1, len(paths))


@lru_cache(maxsize=16)
def repeated_sums(p: float, n: int) -> tuple[float, ...]:
    """``0.0``, then ``p`` added on one at a time, ``n`` times: the sums a danger map of
    addend ``p`` reaches."""
    out = [0.0]
    for _ in range(n):
        out.append(out[-1] + p)
    return tuple(out)


@lru_cache(maxsize=8192)
def bolt_danger(tables: Tables, start: Hex, facing: int, kind: str) -> Danger:
    """P(kill) per hex for one Bolt flying from ``start`` (two Paths when fast)."""
    offsets, sums = _counts_offsets(tables, facing, kind)
    q, r = start
    return {Hex(q + dq, r + dr): sums[c] for dq, dr, c in offsets}


def factors(place: dict[Hex, int], danger: Danger) -> Factors:
    """``danger`` as (board index, P(surviving)) on the map, in the map's order."""
    out = []
    for h, p in danger.items():
        i = place.get(h)
        if i is not None:
            out.append((i, max(0.0, 1.0 - min(p, 1.0))))
    return tuple(out)


@lru_cache(maxsize=8192)
def bolt_factors(tables: Tables, radius: int, start: Hex, facing: int, kind: str) -> Factors:
    """:func:`factors` of :func:`bolt_danger` on a map of ``radius``: the same numbers (each
    P(surviving) read from its count), in the offsets' order (each index once)."""
    offsets, sums = _counts_offsets(tables, facing, kind)
    survive = _survivals(sums)
    q, r = start
    out = []
    if max(abs(q), abs(r), abs(q + r)) <= radius:  # on the map: steps through a padded grid
        grid, width, deltas = _padded(tables, radius, facing, kind)
        pad = (width - 1) // 2
        at = (q + pad) * width + r + pad
        for d, c in deltas:
            i = grid[at + d]
            if i >= 0:
                out.append((i, survive[c]))
        return tuple(out)
    grid = place_grid(radius)  # a Bolt off the map (a set position)
    for dq, dr, c in offsets:
        i = place_at(grid, radius, q + dq, r + dr)  # the hex's place, no hex built
        if i >= 0:
            out.append((i, survive[c]))
    return tuple(out)


@lru_cache(maxsize=8192)
def reach_factors(tables: Tables, radius: int, reach: int, start: Hex, facing: int,
                  kind: str) -> Factors:
    """:func:`bolt_factors` of the places within ``reach`` of the Antilles (the only ones a
    movement choice scores), in the same order."""
    distance = geometry(radius).distance
    return tuple([(i, f) for i, f in bolt_factors(tables, radius, start, facing, kind)
                  if distance[i] <= reach])


@lru_cache(maxsize=512)
def _padded(tables: Tables, radius: int, facing: int,
            kind: str) -> tuple[tuple[int, ...], int, tuple[tuple[int, int], ...]]:
    """For :func:`bolt_factors` from a hex on the map: the board places of a square grid
    wide enough that every offset of the Bolt's counts stays inside it (-1 off the map), its
    width, and the offsets as (step in the grid, count) in the offsets' order."""
    offsets, _ = _counts_offsets(tables, facing, kind)
    pad = radius + max([max(abs(dq), abs(dr)) for dq, dr, _ in offsets], default=0)
    width = 2 * pad + 1
    grid = [-1] * (width * width)
    for i, h in enumerate(board_hexes(radius)):
        grid[(h.q + pad) * width + h.r + pad] = i
    return tuple(grid), width, tuple((dq * width + dr, c) for dq, dr, c in offsets)


@lru_cache(maxsize=512)
def _count_grid(tables: Tables, facing: int,
                kind: str) -> tuple[tuple[int, ...], int, tuple[float, ...]]:
    """:func:`_counts_offsets` as a square grid of counts (0 where a Path kills nowhere),
    ``(dq + pad) * (2 * pad + 1) + dr + pad`` for the offset (dq, dr); its ``pad`` (the
    largest offset); and the sums the counts stand for."""
    offsets, sums = _counts_offsets(tables, facing, kind)
    pad = max([max(abs(dq), abs(dr)) for dq, dr, _ in offsets], default=0)
    width = 2 * pad + 1
    grid = [0] * (width * width)
    for dq, dr, c in offsets:
        grid[(dq + pad) * width + dr + pad] = c
    return tuple(grid), pad, sums


def threat_sum(tables: Tables, start: Hex, facing: int, kind: str,
               hexes: Sequence[Hex]) -> float:
    """``sum(bolt_danger(tables, start, facing, kind).get(h, 0.0) for h in hexes)``: the
    same numbers added in the same order, each read from its count without building the map
    (:func:`_count_grid`; a hex beyond every offset adds the 0.0 that changes no sum)."""
    grid, pad, sums = _count_grid(tables, facing, kind)
    width = 2 * pad + 1
    q, r = start
    total = 0.0
    for h in hexes:
        dq = h[0] - q
        dr = h[1] - r
        if -pad <= dq <= pad and -pad <= dr <= pad:
            total += sums[grid[(dq + pad) * width + dr + pad]]
    return total


@lru_cache(maxsize=16)
def _survivals(sums: tuple[float, ...]) -> tuple[float, ...]:
    """Per count, :func:`factors`' P(surviving) of its sum."""
    return tuple(max(0.0, 1.0 - min(p, 1.0)) for p in sums)


@lru_cache(maxsize=8)
def launch_danger(tables: Tables) -> Danger:
    """P(kill) per hex for one Caster action (2.11–2.14), from the shipped or user tables."""
    out: Danger = defaultdict(float)
    rows = tables.caster
    launches = [e for e in rows if e.action == "launch"]
    per_launch: list[Danger] = [
        bolt_danger(tables, ORIGIN, e.facing or 0, e.bolt or "normal") for e in launches
    ]
    n = len(rows)
    for e in rows:
        if e.action == "recharge":
            continue
        if e.action == "launch":
            idx = launches.index(e)
            for h, p in per_launch[idx].items():
                out[h] += p / n
        else:  # launch-and-roll-again: one average launch, then (roughly) another action
            for d in per_launch:
                for h, p in d.items():
                    out[h] += 2 * p / (n * len(per_launch))
    return dict(out)


@lru_cache(maxsize=64)
def launch_survival(tables: Tables, radius: int, casters: int) -> tuple[float, ...]:
    """P(surviving ``casters`` Caster actions) per board index."""
    survive = [1.0] * len(board_hexes(radius))
    launch = factors(board_places(radius), launch_danger(tables))
    for _ in range(casters):
        for i, f in launch:
            survive[i] *= f
    return tuple(survive)
