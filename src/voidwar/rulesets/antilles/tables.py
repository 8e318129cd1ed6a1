"""The Antilles' tables (Active Bolt Caster, Paths, Paladin Attacks): their data model.

The text refers to these tables without giving them; the shipped file ``data/tables.toml`` is our
reconstruction. A user's file of the same shape replaces it (loading: :mod:`.data`); a bad file
is refused with file, field and reason by the validators below. What the text fixes (four
Casters, 50 + 5 VP, nine turns, the 3.3 worked example: :mod:`.fixed`) no file can change.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from ...core.datafile import StrictModel
from ...core.hexgrid import direction_index
from .fixed import (
    CASTERS,
    DESTROYED_BASE,
    EXAMPLE_RANGE,
    EXAMPLE_TOTAL,
    LAST_TURN,
    PER_SURVIVING_PALADIN,
    fixed_reason,
)

BOLT_TYPES = ("normal", "fast", "exploding")
PATH_STEPS = {"F": 0, "L": -1, "R": 1}  # veer in 60° steps (negative = counter-clockwise = left)


@dataclass(frozen=True)
class CasterEntry:
    """One row of the Active Bolt Caster table (2.11, 2.14)."""

    action: Literal["launch", "recharge", "launch-and-roll-again"]
    bolt: str | None = None
    facing: int | None = None

    def __str__(self) -> str:
        if self.action == "launch":
            return f"{self.bolt} {'ABCDEF'[self.facing or 0]}"
        return self.action


def parse_caster_entry(text: str) -> CasterEntry:
    """A Caster table entry (2.11, 2.14): ``"<type> <facing>"``, ``"recharge"`` or
    ``"launch-and-roll-again"``; ``ValueError`` saying why otherwise."""
    t = text.strip().lower()
    if t in ("recharge", "launch-and-roll-again"):
        return CasterEntry(t)  # type: ignore[arg-type]
    parts = t.split()
    if len(parts) != 2:
        raise ValueError(
            f"{text!r} is not '<bolt type> <facing>', 'recharge' or 'launch-and-roll-again'"
        )
    kind, facing = parts
    if kind not in BOLT_TYPES:
        raise ValueError(f"unknown bolt type {kind!r} (known: {', '.join(BOLT_TYPES)})")
    try:
        return CasterEntry("launch", kind, direction_index(facing))
    except ValueError:
        raise ValueError(f"unknown facing {facing!r} in {text!r} (use A-F)") from None


class BoardModel(StrictModel):
    """``[board]``: the hexagonal map's radius around the Antilles (our reading)."""

    radius: int = Field(ge=4, le=30)


def _refuse_fixed(section: str, name: str, value: int) -> int:
    """A text-fixed field (:mod:`.fixed`) is refused unless left out (the model then holds
    the text's number) or the text's number."""
    why = fixed_reason(f"{section}.{name}", value)
    if why is not None:
        raise ValueError(why)
    return value


class PlatformModel(StrictModel):
    """``[platform]``: the Shield and Armor boxes (4.0; how many is our reconstruction, but
    2.0 "three basic layers: Deflector Shields, Armor, and Bolt Casters" needs at least one of
    each). ``casters`` is fixed by 5.0 ("all four"): refused unless it is 4."""

    shields: int = Field(ge=1, le=50)
    armor: int = Field(ge=1, le=50)
    casters: int = Field(default=CASTERS, ge=1, le=50)

    @field_validator("casters")
    @classmethod
    def _fixed(cls, v: int) -> int:
        return _refuse_fixed("platform", "casters", v)


class ScoringModel(StrictModel):
    """``[scoring]``: the early-destruction bonus per full turn left (6.0 names a bonus, not
    its amount). The base 50, the 5 per survivor and the ninth turn are the text's, refused
    unless repeated exactly."""

    destroyed_base: int = Field(default=DESTROYED_BASE, ge=0, le=10_000)
    per_surviving_paladin: int = Field(default=PER_SURVIVING_PALADIN, ge=0, le=10_000)
    #: 6.0 "Bonus Victory Points are scored": at least one VP per full turn left
    early_bonus_per_turn: int = Field(ge=1, le=10_000)
    last_turn: int = Field(default=LAST_TURN, ge=1, le=100)

    @field_validator("destroyed_base", "per_surviving_paladin", "last_turn")
    @classmethod
    def _fixed(cls, v: int, info: ValidationInfo) -> int:
        assert info.field_name is not None
        return _refuse_fixed("scoring", info.field_name, v)


class AttackColumn(StrictModel):
    """One range column of the Paladin Attacks chart: lowest totals for each result."""

    # totals of the attack roll with its modifiers: a few dice, never past 100
    shield: int = Field(ge=1, le=100)
    armor: int = Field(ge=1, le=100)
    caster: int = Field(ge=1, le=100)
    bolt: int = Field(ge=1, le=100)

    @model_validator(mode="after")
    def _ordered(self) -> AttackColumn:
        if not self.shield <= self.armor <= self.caster:
            raise ValueError("thresholds must rise: shield <= armor <= caster")
        return self


class TablesModel(StrictModel):
    """A whole table file: board, platform, scoring, the Caster and Path d20 tables and the
    Paladin Attacks chart's range columns."""

    name: str = "custom"
    reconstructed: bool = False
    board: BoardModel
    platform: PlatformModel
    scoring: ScoringModel
    caster_table: list[str]
    paths: list[str]
    attacks: dict[str, AttackColumn]

    @field_validator("caster_table")
    @classmethod
    def _caster_rows(cls, rows: list[str]) -> list[str]:
        if len(rows) != 20:
            raise ValueError(f"a d20 table needs 20 entries, this one has {len(rows)}")
        for i, row in enumerate(rows, 1):
            try:
                parse_caster_entry(row)
            except ValueError as e:
                raise ValueError(f"entry {i}: {e}") from None
        if not any(parse_caster_entry(r).action == "launch" for r in rows):
            raise ValueError("at least one entry must launch a Bolt")
        return rows

    @field_validator("paths")
    @classmethod
    def _path_rows(cls, rows: list[str]) -> list[str]:
        if len(rows) != 20:
            raise ValueError(f"a d20 table needs 20 entries, this one has {len(rows)}")
        for i, row in enumerate(rows, 1):
            if not row or any(c not in PATH_STEPS for c in row.upper()):
                raise ValueError(f"entry {i}: path {row!r} must be letters F, L, R")
        return rows

    @field_validator("attacks")
    @classmethod
    def _columns(cls, cols: dict[str, AttackColumn]) -> dict[str, AttackColumn]:
        for key in cols:
            if not key.isdigit() or int(key) < 1:
                raise ValueError(f"range column {key!r} must be a positive whole number")
        ranges = sorted(int(k) for k in cols)
        expected = list(range(1, len(ranges) + 1))
        if ranges != expected:
            missing = sorted(set(range(1, max(ranges) + 1)) - set(ranges)) if ranges else [1]
            raise ValueError(f"missing range column {missing[0]} (columns must be 1..N)")
        col = cols.get(str(EXAMPLE_RANGE))
        if col is None or col.caster > EXAMPLE_TOTAL:
            have = "has no range 2 column" if col is None else f"needs {col.caster}"
            raise ValueError(
                f"3.3's worked example must hold: at range {EXAMPLE_RANGE} a total of "
                f"{EXAMPLE_TOTAL} (17 + 3) destroys a Bolt Caster; this chart {have}")
        return cols


@dataclass(frozen=True, eq=False)
class Tables:
    """Validated, ready-to-use tables: a read-only value, equal to another (and hashed) by
    ``key``, its content's fingerprint, so that the caches of the rules and the policies keyed
    by tables (``lru_cache``, :func:`.steps.board_setting`) are keyed by value."""

    source: str
    raw: dict[str, Any]
    model: TablesModel
    caster: tuple[CasterEntry, ...]
    paths: tuple[tuple[int, ...], ...]
    #: the content's fingerprint (SHA-256 of ``raw``'s canonical JSON, :mod:`.data`)
    key: str

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tables):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        # read-only: game copies (search clones, undo snapshots) share one object
        return self

    @cached_property
    def max_range(self) -> int:
        """The longest range the Paladin Attacks chart has a column for (3.3)."""
        return len(self.model.attacks)

    @cached_property
    def columns(self) -> tuple[AttackColumn, ...]:
        """The chart's columns by range (``columns[r - 1]`` is range ``r``'s)."""
        return tuple(self.model.attacks[str(r)] for r in range(1, self.max_range + 1))

    def column(self, rng: int) -> AttackColumn:
        """The Paladin Attacks chart's column for range ``rng``."""
        if 1 <= rng <= len(self.columns):
            return self.columns[rng - 1]
        return self.model.attacks[str(rng)]  # the KeyError of a range the chart has not
