"""Beam weapons: weapon codes, damage tables, range brackets, "Dn" results, cooling timers.

* Weapon code (AV:T A5.371, spec §11.1): ``<size> <type> <power>(+<cooling>)``, e.g.
  ``3 MRLS 3(+5)`` = 3 hull spaces, medium-range laser, 3 power a shot, 5 segments to cool.
* A beam shot (A2.2, A5.166): roll a d10, find the column of the range bracket holding the RAL
  range, read the damage in the row of the roll. Range 10, roll 6 → 7.
* "Dn" results (spec §11.3, MISSING): meaning read from ``data/d-results.toml`` (our
  reconstruction, replaceable).
* Cooling (A5.371, spec §11.4): with abs = 8·(turn − 1) + segment, a weapon fired at abs is ready
  again at abs + cooling: fired on segment 6 with (+5) → segment 11 = next turn's segment 3.
* Beyond the last bracket (30 for the MRLS) a weapon cannot fire (PROPOSAL, spec §11.3).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ....core.errors import DataFileError
from .numbers import show, to_fraction

RULE_CODE = "AV:T A5.371"
RULE_TABLE = "AV:T A5.166"
SEGMENTS_PER_TURN = 8

_CODE_RE = re.compile(
    r"^(?P<size>\d+)\s+(?P<type>[A-Za-z][A-Za-z0-9-]*)\s+(?P<power>\d+(?:\.\d+)?)"
    r"\s*\(\s*\+\s*(?P<cooling>\d+)\s*\)$"
)


class WeaponCodeError(ValueError):
    """A weapon code that does not read as ``<size> <type> <power>(+<cooling>)``."""


@dataclass(frozen=True)
class WeaponCode:
    """A parsed weapon code (A5.371)."""

    size: int
    type: str
    power: Fraction
    cooling: int

    @classmethod
    def parse(cls, text: str) -> WeaponCode:
        """``"3 MRLS 3(+5)"`` → WeaponCode(3, "MRLS", 3, 5); a clear error for anything else."""
        if not isinstance(text, str):
            raise WeaponCodeError(f"a weapon code is text, not {type(text).__name__}")
        s = " ".join(text.split())
        if not s:
            raise WeaponCodeError("empty weapon code (expected like '3 MRLS 3(+5)')")
        m = _CODE_RE.match(s)
        if m is None:
            parts = s.split()
            if not parts[0].isdigit():
                why = f"it must start with the size in hull spaces, not {parts[0]!r}"
            elif len(parts) < 2 or not parts[1][:1].isalpha():
                why = "the weapon type (like MRLS) is missing after the size"
            elif "(" not in s or ")" not in s:
                why = "the cooling time '(+N)' is missing"
            elif "+" not in s[s.index("(") :]:
                why = "the cooling time must be written '(+N)' with a plus sign"
            else:
                why = "expected '<size> <type> <power>(+<cooling>)'"
            raise WeaponCodeError(f"malformed weapon code {text!r}: {why} (like '3 MRLS 3(+5)')")
        size = int(m["size"])
        cooling = int(m["cooling"])
        power = to_fraction(m["power"])
        if size < 1:
            raise WeaponCodeError(f"malformed weapon code {text!r}: size must be at least 1")
        if cooling < 1:
            raise WeaponCodeError(f"malformed weapon code {text!r}: cooling must be at least +1")
        return cls(size, m["type"].upper(), power, cooling)

    @property
    def table_key(self) -> str:
        """The damage table's key: type and size (``MRLS-3``)."""
        return f"{self.type}-{self.size}"

    def __str__(self) -> str:
        return f"{self.size} {self.type} {show(self.power)}(+{self.cooling})"


# -- data files ----------------------------------------------------------------------------------
_CELL_RE = re.compile(r"^(?:\d+|D\d+)$")


#: a range in hexes
Range = Annotated[int, Field(ge=0, le=1000)]


class DamageTableModel(BaseModel):
    """One weapon's damage table: range brackets and ten rows of results (A2.2)."""
    model_config = ConfigDict(extra="forbid")

    type: str
    size: int = Field(ge=1, le=100)
    name: str = ""
    source: str = ""
    brackets: list[tuple[Range, Range]] = Field(max_length=50)
    rows: list[list[str]]

    @field_validator("brackets")
    @classmethod
    def _brackets(cls, v: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if not v:
            raise ValueError("at least one range bracket")
        if v[0][0] != 0:
            raise ValueError("the first bracket starts at range 0")
        for (lo, hi), nxt in zip(v, [*v[1:], None], strict=True):
            if hi < lo:
                raise ValueError(f"bracket {lo}-{hi} ends before it starts")
            if nxt is not None and nxt[0] != hi + 1:
                raise ValueError(f"bracket after {lo}-{hi} must start at {hi + 1}")
        return v

    @model_validator(mode="after")
    def _rows(self) -> DamageTableModel:
        if len(self.rows) != 10:
            raise ValueError(f"rows: a d10 table needs 10 rows, found {len(self.rows)}")
        for i, row in enumerate(self.rows, start=1):
            if len(row) != len(self.brackets):
                raise ValueError(
                    f"rows: roll {i} has {len(row)} cells for {len(self.brackets)} brackets"
                )
            for cell in row:
                if not _CELL_RE.match(cell):
                    raise ValueError(f"rows: roll {i}: {cell!r} is neither a number nor 'Dn'")
        return self


class WeaponTablesModel(BaseModel):
    """The weapon tables file: one damage table per weapon type and size."""
    model_config = ConfigDict(extra="forbid")

    tables: dict[str, DamageTableModel]

    @model_validator(mode="after")
    def _keys(self) -> WeaponTablesModel:
        for key, t in self.tables.items():
            if key != f"{t.type}-{t.size}":
                raise ValueError(f"tables.{key}: key must be '{t.type}-{t.size}'")
        return self


class DResultModel(BaseModel):
    """What one "Dn" result means (spec §11.3, our design)."""
    model_config = ConfigDict(extra="forbid")

    roll_at_most: int = Field(ge=0, le=10)
    damage: int = Field(ge=0, le=1000)


class DResultsModel(BaseModel):
    """The "Dn" results file."""
    model_config = ConfigDict(extra="forbid")

    reconstructed: bool = True
    meaning: str = ""
    results: dict[str, DResultModel]

    @field_validator("results")
    @classmethod
    def _names(cls, v: dict[str, DResultModel]) -> dict[str, DResultModel]:
        for name in v:
            if not re.match(r"^D\d+$", name):
                raise ValueError(f"{name!r} is not a 'Dn' result name")
        return v


@dataclass(frozen=True)
class Cell:
    """One table cell: ``damage`` points, or a "Dn" result named ``d``."""

    damage: int
    d: str | None = None

    def __str__(self) -> str:
        return self.d if self.d is not None else str(self.damage)


@dataclass(frozen=True)
class ShotResult:
    """The resolution of one beam shot."""

    roll: int
    range: int
    bracket: tuple[int, int]
    cell: Cell
    d_roll: int | None
    damage: int

    def describe(self) -> str:
        """The shot for the log: range, bracket, rolls and damage."""
        lo, hi = self.bracket
        text = f"range {self.range} ({lo}-{hi}), d10={self.roll} → {self.cell}"
        if self.d_roll is not None:
            text += f", d10={self.d_roll} → {self.damage}"
        return text


class WeaponRules:
    """The damage tables and the meaning of "Dn" results, cross-checked."""

    def __init__(
        self, tables: WeaponTablesModel, d_results: DResultsModel, d_file: str = "d-results"
    ) -> None:
        self.tables = tables.tables
        self.d_results = d_results.results
        for key, t in self.tables.items():
            for i, row in enumerate(t.rows, start=1):
                for cell in row:
                    if cell.startswith("D") and cell not in self.d_results:
                        raise DataFileError(
                            d_file, "results", f"{cell} (table {key}, roll {i}) has no meaning"
                        )

    def __deepcopy__(self, memo: dict[int, Any]) -> WeaponRules:
        """Read-only once built: game clones (search) share it rather than copy it."""
        return self

    def __eq__(self, other: object) -> bool:
        """Rules are values: the same tables and the same "Dn" results."""
        if not isinstance(other, WeaponRules):
            return NotImplemented
        return self.tables == other.tables and self.d_results == other.d_results

    def __hash__(self) -> int:
        """By the tables' names (equal rules have the same), so that functions of the rules can
        be cached (:func:`expected_damage`)."""
        return hash(tuple(self.tables))

    def table_for(self, code: WeaponCode) -> DamageTableModel:
        """The damage table for ``code`` (raises :class:`WeaponCodeError` for none)."""
        t = self.tables.get(code.table_key)
        if t is None:
            known = ", ".join(sorted(self.tables)) or "none"
            raise WeaponCodeError(
                f"no damage table for a size-{code.size} {code.type} (known: {known})"
            )
        return t

    def max_range(self, code: WeaponCode) -> int:
        """The longest range ``code`` may fire at (the last bracket, spec §11.3)."""
        return self.table_for(code).brackets[-1][1]

    def bracket(self, code: WeaponCode, rng: int) -> tuple[int, int] | None:
        """The range bracket holding ``rng`` (A5.166), or None beyond the last one."""
        for lo, hi in self.table_for(code).brackets:
            if lo <= rng <= hi:
                return lo, hi
        return None

    def cell(self, code: WeaponCode, rng: int, roll: int) -> Cell | None:
        """Table cell for a range and a d10 roll; None when out of range."""
        if not 1 <= roll <= 10:
            raise ValueError(f"a d10 roll is 1..10, not {roll}")
        t = self.table_for(code)
        for col, (lo, hi) in enumerate(t.brackets):
            if lo <= rng <= hi:
                text = t.rows[roll - 1][col]
                return Cell(0, text) if text.startswith("D") else Cell(int(text))
        return None

    def resolve(
        self, code: WeaponCode, rng: int, roll: Callable[[int, str], int], who: str = "shot"
    ) -> ShotResult | None:
        """Roll and resolve one shot at range ``rng`` (A2.2); None when out of range."""
        bracket = self.bracket(code, rng)
        if bracket is None:
            return None
        r = roll(10, f"{who} damage")
        c = self.cell(code, rng, r)
        if c is None:  # pragma: no cover - the bracket exists
            raise RuntimeError("no table cell in an existing bracket")
        if c.d is None:
            return ShotResult(r, rng, bracket, c, None, c.damage)
        meaning = self.d_results[c.d]
        d_roll = roll(10, f"{who} {c.d} check")
        dmg = meaning.damage if d_roll <= meaning.roll_at_most else 0
        return ShotResult(r, rng, bracket, c, d_roll, dmg)

    def expected_damage(self, code: WeaponCode, rng: int) -> Fraction:
        """Exact expected damage of one shot at ``rng`` (0 out of range): for policies
        (:func:`expected_damage`)."""
        return expected_damage(self, code, rng)


@lru_cache(maxsize=4096)
def expected_damage(rules: WeaponRules, code: WeaponCode, rng: int) -> Fraction:
    """The mean damage of one shot of ``code`` at ``rng`` over the ten d10 rolls, "Dn" results
    by their chance (a pure function of the rules, the code and the range, cached)."""
    if rules.bracket(code, rng) is None:
        return Fraction(0)
    total = Fraction(0)
    for r in range(1, 11):
        c = rules.cell(code, rng, r)
        if c is None:  # pragma: no cover
            raise RuntimeError("no table cell in an existing bracket")
        if c.d is None:
            total += c.damage
        else:
            m = rules.d_results[c.d]
            total += Fraction(m.damage * m.roll_at_most, 10)
    return total / 10


# -- cooling timers (A5.371) ---------------------------------------------------------------------
def abs_segment(turn: int, segment: int) -> int:
    """Absolute segment index: 8·(turn − 1) + segment (spec §11.4)."""
    if turn < 1 or not 1 <= segment <= SEGMENTS_PER_TURN:
        raise ValueError(f"no such segment: turn {turn}, segment {segment}")
    return SEGMENTS_PER_TURN * (turn - 1) + segment


def turn_segment(abs_index: int) -> tuple[int, int]:
    """Inverse of :func:`abs_segment`."""
    if abs_index < 1:
        raise ValueError("absolute segments start at 1")
    return (abs_index - 1) // SEGMENTS_PER_TURN + 1, (abs_index - 1) % SEGMENTS_PER_TURN + 1


def ready_at(turn: int, segment: int, cooling: int) -> tuple[int, int]:
    """When a weapon fired at (turn, segment) may fire again (A5.371): (turn, segment)."""
    return turn_segment(abs_segment(turn, segment) + cooling)


@dataclass
class WeaponState:
    """One weapon on a mount (``A1`` = first weapon of mount A, A5.371) and its timer."""

    id: str
    mount: str
    code: WeaponCode
    #: absolute segment from which it may fire (0: ready from the start)
    ready_abs: int = 0
    destroyed: bool = False

    def is_ready(self, turn: int, segment: int) -> bool:
        """Whether the weapon may fire now (cooled down, not destroyed; A5.371)."""
        return not self.destroyed and abs_segment(turn, segment) >= self.ready_abs

    def fired(self, turn: int, segment: int) -> None:
        """The weapon fired now: it is ready again after its cooling (A5.371)."""
        self.ready_abs = abs_segment(turn, segment) + self.code.cooling

    def timer_text(self, turn: int, segment: int) -> str:
        """The timer track entry: ``ready``, ``destroyed`` or when it is ready."""
        if self.destroyed:
            return "destroyed"
        if self.is_ready(turn, segment):
            return "ready"
        t, s = turn_segment(self.ready_abs)
        return f"ready turn {t} seg {s}"

    def copy(self) -> WeaponState:
        """An independent copy (every field is an immutable value)."""
        new = object.__new__(WeaponState)
        new.__dict__.update(self.__dict__)
        return new

    def to_dict(self) -> dict[str, Any]:
        """The weapon as JSON-ready data."""
        return {
            "id": self.id,
            "mount": self.mount,
            "code": str(self.code),
            "ready_abs": self.ready_abs,
            "destroyed": self.destroyed,
        }
