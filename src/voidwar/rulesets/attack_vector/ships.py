"""Ship classes as TOML data files (the parts of the SSD that motion needs).

AV:T A2.4 ("Thrust", "Fuel"), A5.24 (the thrust matrix's top row), A5.222–A5.224 (caterpillar
charts). A ship file gives: ``name``, ``mass``, ``thrust_matrix`` (rows of boxes, left to right;
engine damage marks boxes off from the left, lighter mass moves play to a later row), the ``fuel``
track (runs of same-shaped fuel units; every change of shape moves to the next matrix row,
A2.4), and the ``caterpillar`` charts for pivots and rolls (wedge offsets per facing-change size).
``reconstructed`` lists what is ours rather than the book's. An optional ``[systems]`` table (any
keys) is kept for part 2 (power, heat, weapons, SSD) and not interpreted here.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, pairwise
from typing import Annotated, Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .thrust import THRUST_VALUES

MAX_WEDGES = 6  # a shortest pivot is at most 180° (see avid.pivot_path); rolls up to 180°


def _thrust_value(v: Any) -> Fraction:
    if isinstance(v, bool) or not isinstance(v, int | float | str):
        raise ValueError("a thrust value must be a number")
    f = Fraction(str(v))
    if f != 0 and f not in THRUST_VALUES:
        raise ValueError(f"thrust {v} is not a chart column (0.5 .. 8 in halves)")
    return f


class FuelRun(BaseModel):
    """A run of same-shaped fuel units on the fuel track (AV:T A2.4)."""
    model_config = ConfigDict(extra="forbid", frozen=True)

    shape: str = Field(min_length=1)
    units: int = Field(ge=1, le=10_000)


class Fuel(BaseModel):
    """The fuel track (AV:T A2.4 "Fuel")."""
    model_config = ConfigDict(extra="forbid", frozen=True)

    #: runs of fuel units in the order they are burnt; run i uses thrust-matrix row i (A2.4)
    track: list[FuelRun] = Field(min_length=1, max_length=100)

    @property
    def ends(self) -> tuple[int, ...]:
        """Fuel units burnt at the end of each run."""
        return tuple(accumulate(r.units for r in self.track))

    @property
    def capacity(self) -> int:
        """Fuel units in a full tank."""
        return sum(r.units for r in self.track)


#: a facing change in 30° steps (1-6) and a wedge's segment offset (0-7)
Size = Annotated[int, Field(ge=1, le=6)]
Offset = Annotated[int, Field(ge=0, le=7)]
#: a thrust matrix entry
Thrust = Annotated[Fraction, Field(ge=0, le=100)]


class Caterpillar(BaseModel):
    """Wedge offsets per facing-change size: ``"2" = [0, 1]`` — a 60° change's wedges are
    traversed in the start segment (+0) and the next (+1); the last offset is when it completes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    pivot: dict[Size, list[Offset]] = Field(max_length=6)
    roll: dict[Size, list[Offset]] = Field(max_length=6)

    @field_validator("pivot", "roll")
    @classmethod
    def _chart(cls, v: dict[int, list[int]]) -> dict[int, list[int]]:
        need = set(range(1, MAX_WEDGES + 1))
        if set(v) != need:
            raise ValueError(f"needs exactly the sizes 1..{MAX_WEDGES} wedges (30° .. 180°)")
        for n, offs in v.items():
            if len(offs) != n:
                raise ValueError(f"{n * 30}° chart must list {n} wedge offsets, not {len(offs)}")
            if offs[0] != 0 or any(b < a for a, b in pairwise(offs)):
                raise ValueError(f"{n * 30}° chart offsets must start at +0 and never decrease")
        return v


class ShipClass(BaseModel):
    """A ship class file (AV:T A2.4): thrust matrix, fuel track, caterpillar charts; read-only."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> ShipClass:
        """Read-only once validated: game clones (search) share it rather than copy it."""
        return self

    name: str = Field(min_length=1)
    source: str = ""
    #: hull mass in tons (informational; the matrix row follows the fuel track)
    mass: int = Field(ge=1, le=10**6)
    thrust_matrix: list[list[Thrust]] = Field(min_length=1, max_length=20)
    fuel: Fuel
    caterpillar: Caterpillar
    reconstructed: list[str] = Field(default_factory=list)
    #: part 2 (power, heat, weapons, SSD) defines this table's contents
    systems: dict[str, Any] | None = None

    def __hash__(self) -> int:
        """A class is an immutable value (frozen, equal field by field); it hashes by its name,
        which equal classes share, so that functions of a class can be cached
        (:func:`thrust_table`)."""
        return hash(self.name)

    @field_validator("thrust_matrix", mode="before")
    @classmethod
    def _matrix(cls, v: Any) -> list[list[Fraction]]:
        if not isinstance(v, list) or not v:
            raise ValueError("the thrust matrix is a list of rows of thrust values")
        rows = []
        for row in v:
            if not isinstance(row, list) or not row:
                raise ValueError("each thrust-matrix row is a non-empty list of thrust values")
            vals = [_thrust_value(x) for x in row]
            if any(x == 0 for x in vals):
                raise ValueError("thrust-matrix boxes are 0.5 .. 8")
            rows.append(vals)
        return rows

    @model_validator(mode="after")
    def _rows_for_fuel(self) -> ShipClass:
        if len(self.fuel.track) > len(self.thrust_matrix):
            raise ValueError(
                f"fuel.track has {len(self.fuel.track)} runs but the thrust matrix only "
                f"{len(self.thrust_matrix)} rows (each change of fuel shape moves one row, A2.4)"
            )
        return self


class ThrustTable(NamedTuple):
    """A class's thrust matrix and fuel track as the rules read them on every order: the
    matrix in halves (every box is a chart column, 0.5 .. 8), the fuel burnt at the end of
    each run, and the full tank (AV:T A2.4)."""

    rows: tuple[tuple[int, ...], ...]
    ends: tuple[int, ...]
    capacity: int


@lru_cache(maxsize=64)
def thrust_table(cls: ShipClass) -> ThrustTable:
    """:class:`ThrustTable` of ``cls`` (a pure function of the class, cached)."""
    ends = cls.fuel.ends
    return ThrustTable(tuple(tuple(int(2 * x) for x in row) for row in cls.thrust_matrix),
                       ends, ends[-1])


def max_thrust_halves(table: ThrustTable, fuel_used: int, boxes_lost: int = 0) -> int:
    """The first unmarked box of the current row (engine damage marks boxes from the left), in
    halves; 0 when every box of the row is marked (AV:T A2.4, A5.24)."""
    ends = table.ends
    row = table.rows[min(bisect_right(ends, fuel_used), len(ends) - 1)]
    return row[boxes_lost] if boxes_lost < len(row) else 0


def max_thrust(cls: ShipClass, fuel_used: int, boxes_lost: int = 0) -> Fraction:
    """:func:`max_thrust_halves` as a thrust value."""
    return Fraction(max_thrust_halves(thrust_table(cls), fuel_used, boxes_lost), 2)
