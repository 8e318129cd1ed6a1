"""Damage: a data-driven SSD of seven hit locations (spec §12; AV:T A2.1, A2.4).

GIVEN (A2.4 glossary): the SSD breaks the ship into **seven hit locations**, each with its own
table; a **d10** roll chooses the location; damage marks off boxes, destroyed systems lower the
ship's capabilities; engine damage marks thrust-matrix boxes off from the left.

Everything else is MISSING (D4.0–D4.4, Sample Game Four). OUR DESIGN (spec §12 PROPOSAL),
documented in docs/attack-vector.md:

* the SSD lists, per location, an ordered list of boxes, each tagged with the system it belongs to:
  ``armor``, ``structure``, ``thrust``, ``battery``, ``heat_sink`` (counted systems) or
  ``reactor:N``, ``radiator:N``, ``weapon:ID`` (single units, possibly spanning several boxes);
* a hit's damage points are applied **box by box**, first unmarked box first; a location with no
  box left passes the rest to its ``overflow`` location (ending at the core), and the core passes
  it to the first location in table order that still has boxes;
* radiator boxes can be hit only while the radiators are not retracted (A5.391 "vulnerable to
  weapons fire"; our reading): otherwise damage passes over them;
* a unit (reactor, radiator, weapon) is out as soon as any one of its boxes is marked; counted
  systems lose capacity per box; the ship is **destroyed** when its last structure box is marked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

COUNTED = ("armor", "structure", "thrust", "battery", "heat_sink")
UNITS = ("reactor", "radiator", "weapon")
RULE_SSD = "AV:T A2.4 (SSD, hit locations)"


def parse_tag(tag: str) -> tuple[str, str | None]:
    """``"weapon:A1"`` → ("weapon", "A1"); ``"armor"`` → ("armor", None); errors for others."""
    kind, sep, ident = tag.partition(":")
    if kind in COUNTED and not sep:
        return kind, None
    if kind in UNITS and sep and ident:
        return kind, ident
    if kind in UNITS:
        raise ValueError(f"box {tag!r}: a {kind} box names its unit, like '{kind}:1'")
    known = ", ".join([*COUNTED, *(f"{u}:ID" for u in UNITS)])
    raise ValueError(f"box {tag!r}: unknown system (known: {known})")


class LocationModel(BaseModel):
    """One SSD location: its boxes, marked from the first, and where damage overflows."""
    model_config = ConfigDict(extra="forbid")

    boxes: list[str]
    overflow: str | None = None

    @field_validator("boxes")
    @classmethod
    def _boxes(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError("a hit location has at least one box")
        for tag in v:
            parse_tag(tag)
        return v


class SSDModel(BaseModel):
    """The damage half of a ship's systems table (read-only once validated)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> SSDModel:
        """Read-only once validated: copies of a game (search, snapshots) share it."""
        return self

    reconstructed: bool = True
    #: location hit by each d10 roll, rolls 1..10 in order
    hit_table: list[str]
    core: str
    locations: dict[str, LocationModel]

    def __hash__(self) -> int:
        """An SSD is an immutable value (frozen, equal field by field); it hashes by its core
        location, which equal SSDs share, so that functions of an SSD can be cached
        (:func:`ssd_boxes`)."""
        return hash(self.core)

    @model_validator(mode="after")
    def _check(self) -> SSDModel:
        if len(self.locations) != 7:
            raise ValueError(
                f"locations: the SSD has seven hit locations, found {len(self.locations)}"
            )
        if len(self.hit_table) != 10:
            raise ValueError(
                f"hit_table: one location per d10 roll (10), found {len(self.hit_table)}"
            )
        for i, name in enumerate(self.hit_table, start=1):
            if name not in self.locations:
                raise ValueError(f"hit_table: roll {i} names unknown location {name!r}")
        missing = set(self.locations) - set(self.hit_table)
        if missing:
            raise ValueError(f"hit_table: no roll hits {', '.join(sorted(missing))}")
        if self.core not in self.locations:
            raise ValueError(f"core: unknown location {self.core!r}")
        for name, loc in self.locations.items():
            seen = {name}
            cur = loc
            while cur.overflow is not None:
                if cur.overflow not in self.locations:
                    raise ValueError(
                        f"locations.{name}.overflow: unknown location {cur.overflow!r}"
                    )
                if cur.overflow in seen:
                    raise ValueError(f"locations.{name}.overflow: the overflow chain loops")
                seen.add(cur.overflow)
                cur = self.locations[cur.overflow]
        if not any("structure" in loc.boxes for loc in self.locations.values()):
            raise ValueError("locations: the ship needs at least one structure box")
        return self

    @property
    def count_structure(self) -> int:
        """:meth:`count` of ``structure``."""
        return len(ssd_boxes(self).get("structure", ()))

    def tags(self) -> list[str]:
        """Every box tag of the SSD, location by location."""
        return [t for loc in self.locations.values() for t in loc.boxes]

    def count(self, kind: str) -> int:
        """How many boxes of ``kind`` the SSD has."""
        return len(ssd_boxes(self).get(kind, ()))

    def boxes_of(self, kind: str) -> tuple[tuple[str, int, str | None], ...]:
        """(location, box index, unit) of every box of ``kind`` (:func:`ssd_boxes`)."""
        return ssd_boxes(self).get(kind, ())

    def units(self, kind: str) -> set[str]:
        """The unit ids of ``kind`` on the SSD (``reactor:1`` → ``1``)."""
        out = set()
        for t in self.tags():
            k, ident = parse_tag(t)
            if k == kind and ident is not None:
                out.add(ident)
        return out


@lru_cache(maxsize=64)
def ssd_boxes(ssd: SSDModel) -> Mapping[str, tuple[tuple[str, int, str | None], ...]]:
    """Every box of ``ssd`` by its system's kind, as (location, box index, unit), location by
    location (a pure function of the SSD, cached: damage reads it on every fire check)."""
    found: dict[str, list[tuple[str, int, str | None]]] = {}
    for name, loc in ssd.locations.items():
        for i, t in enumerate(loc.boxes):
            kind, ident = parse_tag(t)
            found.setdefault(kind, []).append((name, i, ident))
    return MappingProxyType({k: tuple(v) for k, v in found.items()})


@dataclass(frozen=True)
class BoxHit:
    """One box marked off."""

    location: str
    index: int
    tag: str


@dataclass
class DamageState:
    """Which boxes of an SSD are marked (per location, box indices)."""

    marked: dict[str, set[int]] = field(default_factory=dict)

    def is_marked(self, location: str, index: int) -> bool:
        """Whether box ``index`` of ``location`` is marked."""
        return index in self.marked.get(location, set())

    def mark(self, location: str, index: int) -> None:
        """Mark box ``index`` of ``location``."""
        self.marked.setdefault(location, set()).add(index)

    def lost(self, ssd: SSDModel, kind: str) -> int:
        """Boxes of a counted system marked off."""
        marked = self.marked
        if not marked:  # the usual case: an undamaged ship
            return 0
        return sum(1 for name, i, _u in ssd.boxes_of(kind) if i in marked.get(name, ()))

    def units_out(self, ssd: SSDModel, kind: str) -> set[str]:
        """Units of ``kind`` with at least one box marked (a unit is out at its first box)."""
        marked = self.marked
        return {u for name, i, u in ssd.boxes_of(kind)
                if u is not None and i in marked.get(name, ())}

    def destroyed(self, ssd: SSDModel) -> bool:
        """Destroyed when the last structure box is marked (our design)."""
        return self.lost(ssd, "structure") >= ssd.count_structure

    def copy(self) -> DamageState:
        """An independent copy."""
        return DamageState({k: set(v) for k, v in self.marked.items()})

    def to_dict(self) -> dict[str, list[int]]:
        """The marked boxes per location (JSON-ready)."""
        return {k: sorted(v) for k, v in sorted(self.marked.items()) if v}


def _can_take(tag: str, radiators_exposed: bool) -> bool:
    return radiators_exposed or not tag.startswith("radiator:")


def apply_damage(
    ssd: SSDModel,
    state: DamageState,
    location: str,
    points: int,
    *,
    radiators_exposed: bool = False,
) -> list[BoxHit]:
    """Mark ``points`` boxes starting at ``location``, box by box (our design, module doc)."""
    if location not in ssd.locations:
        raise ValueError(f"unknown hit location {location!r}")
    if points < 0:
        raise ValueError("damage points are never negative")
    hits: list[BoxHit] = []
    loc: str | None = location
    visited: set[str] = set()
    while points > 0 and loc is not None:
        visited.add(loc)
        for i, tag in enumerate(ssd.locations[loc].boxes):
            if points == 0:
                break
            if not state.is_marked(loc, i) and _can_take(tag, radiators_exposed):
                state.mark(loc, i)
                hits.append(BoxHit(loc, i, tag))
                points -= 1
        if points == 0:
            break
        nxt = ssd.locations[loc].overflow
        if nxt is None or nxt in visited:
            nxt = next(
                (
                    name
                    for name in ssd.hit_table + list(ssd.locations)
                    if name not in visited
                    and any(
                        not state.is_marked(name, i) and _can_take(t, radiators_exposed)
                        for i, t in enumerate(ssd.locations[name].boxes)
                    )
                ),
                None,
            )
        loc = nxt
    return hits


def roll_location(ssd: SSDModel, roll: Callable[[int, str], int], who: str = "hit") -> str:
    """A d10 chooses the hit location (A2.4)."""
    return ssd.hit_table[roll(10, f"{who} location") - 1]


def describe_hits(hits: list[BoxHit]) -> str:
    """The boxes hit, for the log."""
    if not hits:
        return "no box left to mark"
    parts: dict[str, list[str]] = {}
    for h in hits:
        parts.setdefault(h.location, []).append(h.tag)
    return "; ".join(f"{loc}: {', '.join(tags)}" for loc, tags in parts.items())


def summary(ssd: SSDModel, state: DamageState) -> dict[str, Any]:
    """Remaining boxes per counted system and units out (for views and renders)."""
    return {
        "left": {k: ssd.count(k) - state.lost(ssd, k) for k in COUNTED},
        "out": {k: sorted(state.units_out(ssd, k)) for k in UNITS},
    }
