"""Space Fleet data: the class table, trade rates, fire and damage tables, designs and scenarios.

Everything printed on the one page of rules lives in ``data/tables.toml``; ship designs in
``data/designs.toml``; scenarios in ``data/scenarios/*.toml``. All are validated by pydantic on
load; a bad file is refused with file, field and reason (:class:`DataFileError`). Each shipped
file is read and validated once per process (cached) and shared read-only; callers that change a
scenario's data get their own copy (:func:`read_scenario_data`).

The trade validator (Space Fleet: Ship Types, customisation) is :mod:`.designs`.

The caches are pure functions of the data files (core/memo.py): two threads that read them at
once each get an equal value; what they return is read-only.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from ...core.board import SidesFile, read_sides
from ...core.datafile import StrictModel, load_model, package_file, read_toml, validate
from ...core.errors import DataFileError
from ...core.hexgrid import DIRECTION_LETTERS, Hex, RectBoard
from ...core.tabletop import Point, fmt
from .designs import CLASS_CODES, ClassRow, ShipTypes, TradeError, TradeRate
from .profile import Profile
from .table import MineArea, TableSize, parse_heading

PACKAGE = "voidwar.rulesets.space_fleet"
SEATS = ("blue", "red")


# --------------------------------------------------------------------------- tables
class Band(StrictModel):
    """A range band and the d6 score a beam (or a missile) needs in it (Space Fleet: Firing)."""

    name: str
    min: int = Field(ge=0, le=1000)
    max: int = Field(ge=0, le=1000)
    beam: int = Field(ge=1, le=7)
    missile: int | None = Field(default=None, ge=1, le=7)


class FireModifiers(StrictModel):
    """The to-hit modifiers of Space Fleet: Firing (destroyer at long range, beam fire nearby,
    missile at DD/LC)."""

    destroyer_at_long: int = Field(ge=-6, le=6)
    beam_nearby: int = Field(ge=-6, le=6)
    beam_nearby_distance: int = Field(ge=0, le=1000)
    missile_at_small: int = Field(ge=-6, le=6)
    missile_small_targets: list[str]


class FireLimits(StrictModel):
    """Limits on fire: the rear arc, no long range for DD/LC, missile hits and ammunition."""

    rear_arc_degrees: int = Field(ge=0, le=360)
    no_long_range: list[str]
    missile_hit_die: int = Field(ge=2, le=20)
    missile_ammo: int = Field(ge=0, le=100)


class FiringTable(StrictModel):
    """Space Fleet: Firing — class order (smallest first), bands, modifiers and limits."""

    order: list[str]
    bands: list[Band]
    modifiers: FireModifiers
    limits: FireLimits

    @model_validator(mode="after")
    def _bands_contiguous(self) -> FiringTable:
        for a, b in zip(self.bands, self.bands[1:], strict=False):
            if b.min != a.max + 1:
                raise ValueError(f"band {b.name!r} must start right after {a.name!r} ends")
        if sorted(self.order) != sorted(CLASS_CODES):
            raise ValueError(f"order must list each class once: {', '.join(CLASS_CODES)}")
        return self


class MineTable(StrictModel):
    """Space Fleet: Mines — the score a pattern attacks on and the die of its hits."""

    attack_on: int = Field(ge=1, le=7)
    hit_die: int = Field(ge=2, le=20)


class DamageResult(StrictModel):
    """One row of the damage table (Space Fleet: Effect of hits); ``min``/``max`` bound the
    modified score it covers."""

    min: int | None = Field(default=None, ge=-20, le=20)
    max: int | None = Field(default=None, ge=-20, le=20)
    effect: Literal["destroyed", "major", "engines", "weapons", "minor"]
    text: str
    points: int = Field(default=0, ge=0, le=100)
    halves_speed: bool = False
    loses_weapons: bool = False
    stops_regeneration: bool = False
    repairable: bool = True


class DamageTable(StrictModel):
    """Space Fleet: Effect of hits — the damage table, its modifiers, repairs and surrender."""

    regeneration: int = Field(ge=0, le=100)
    class_modifiers: dict[str, Annotated[int, Field(ge=-6, le=6)]]
    missile_modifier: int = Field(ge=-6, le=6)
    destroyed_at_points: int = Field(ge=1, le=100)
    repair_on: int = Field(ge=1, le=7)
    surrender_on: int = Field(ge=1, le=7)
    results: list[DamageResult]

    def result_for(self, score: int) -> DamageResult:
        """The row covering a modified damage score."""
        for row in self.results:
            if (row.min is None or score >= row.min) and (row.max is None or score <= row.max):
                return row
        raise ValueError(f"no damage result for score {score}")  # pragma: no cover

    @model_validator(mode="after")
    def _covers_all_scores(self) -> DamageTable:
        for score in range(-6, 14):
            hits = [
                r for r in self.results
                if (r.min is None or score >= r.min) and (r.max is None or score <= r.max)
            ]
            if len(hits) != 1:
                raise ValueError(f"results must cover score {score} exactly once")
        return self


class Tables(StrictModel):
    """Everything on the one page of rules: ``data/tables.toml``."""

    source: str
    classes: dict[str, ClassRow]
    trades: list[TradeRate]
    min_speed: int = Field(ge=0, le=100)
    firing: FiringTable
    mines: MineTable
    damage: DamageTable

    @field_validator("classes")
    @classmethod
    def _five_classes(cls, v: dict[str, ClassRow]) -> dict[str, ClassRow]:
        if sorted(v) != sorted(CLASS_CODES):
            raise ValueError(f"classes must be exactly {', '.join(CLASS_CODES)}")
        return v


@cache
def tables() -> Tables:
    """The rules tables of ``data/tables.toml`` (read and validated once, shared read-only)."""
    return load_model(Tables, package_file(PACKAGE, "data/tables.toml"))


def class_cost(code: str) -> int:
    """Cost of a class in half-points: shields + 2×speed + 2×shots (our reconstruction).

    Two shields trade for one speed or shot (Space Fleet: Ship Types), so a shield is worth half a
    speed or shot; counting shields once and speed and shots twice keeps the cost an integer and
    makes every legal trade cost-neutral.
    """
    row = tables().classes[code]
    return row.shields + 2 * row.speed + 2 * row.shots


# --------------------------------------------------------------------------- designs and trades
@cache
def ship_types() -> ShipTypes:
    """The Ship Types rules from the tables (built once)."""
    t = tables()
    return ShipTypes(t.classes, tuple(t.trades), t.min_speed, t.firing.limits.missile_ammo)


def customise(cls: str, trades: list[str], launchers: int = 0) -> Profile:
    """Apply ``trades`` to class ``cls`` by the shipped tables (Space Fleet: Ship Types) or raise
    :class:`TradeError` (:meth:`ShipTypes.customise`)."""
    return ship_types().customise(cls, trades, launchers)


class Design(StrictModel):
    """A named ship design ("ship file"): a class, its trades and missile launchers."""

    cls: str = Field(alias="class")
    note: str = ""
    trades: list[str] = Field(default_factory=list)
    missile_launchers: int = Field(default=0, ge=0, le=100)

    @model_validator(mode="after")
    def _legal(self) -> Design:
        try:
            customise(self.cls, self.trades, self.missile_launchers)
        except TradeError as e:
            raise ValueError(str(e)) from None
        return self

    def profile(self) -> Profile:
        """The design's stats after its trades."""
        return customise(self.cls, self.trades, self.missile_launchers)


class DesignFile(StrictModel):
    """``data/designs.toml``: design name → design."""

    designs: dict[str, Design]


@cache
def shipped_designs() -> Mapping[str, Design]:
    """The named designs of ``data/designs.toml`` (read once, shared read-only)."""
    designs = load_model(DesignFile, package_file(PACKAGE, "data/designs.toml")).designs
    return MappingProxyType(designs)


# --------------------------------------------------------------------------- scenarios
_HEXID_RE = re.compile(r"(\d{2})(\d{2})")


def parse_hexid(text: str) -> Hex:
    """``"0712"`` (column 07, row 12 of the rectangular map) → axial hex."""
    m = _HEXID_RE.fullmatch(text.strip())
    if not m:
        raise ValueError(f"not a hex id: {text!r} (write CCRR, e.g. 0712 for column 7, row 12)")
    return RectBoard.from_offset(int(m[1]), int(m[2]))


@cache
def hexid(h: Hex) -> str:
    """Axial hex → ``"CCRR"`` (column, row of the rectangular map)."""
    c, r = RectBoard.to_offset(h)
    return f"{c:02d}{r:02d}"


class ShipEntry(StrictModel):
    """One ship of a scenario fleet: a class (with trades) or a design, placed and facing."""

    id: str = Field(pattern=r"^[A-Z][A-Z0-9]{0,3}$")
    cls: str | None = Field(default=None, alias="class")
    design: str | None = None
    name: str = ""
    #: a hex id (``0712``) on a hex map, a point ``"x,y"`` (inches) on a free table
    at: str
    #: a hex side A–F; on a free table also whole degrees clockwise from up (``facing = 60``)
    facing: str
    trades: list[str] = Field(default_factory=list)
    missile_launchers: int = Field(default=0, ge=0, le=100)
    #: starting shields below the maximum (a damaged ship); default full
    shields: int | None = Field(default=None, ge=0, le=100)
    #: damage already taken: "engines", "weapons", "major"
    damage: list[Literal["engines", "weapons", "major"]] = Field(default_factory=list)

    @field_validator("at")
    @classmethod
    def _hex(cls, v: str) -> str:
        try:
            parse_hexid(v)
        except ValueError as e:
            try:
                Point.parse(v)
            except ValueError:
                raise ValueError(f"{e}; on a free table a point x,y in inches") from None
        return v

    @field_validator("facing", mode="before")
    @classmethod
    def _facing(cls, v: Any) -> str:
        if isinstance(v, int) and not isinstance(v, bool):
            v = str(v)
        if not isinstance(v, str):
            raise ValueError(f"facing must be a letter or whole degrees, not {v!r}")
        if len(v) == 1 and v.upper() in DIRECTION_LETTERS:
            return v.upper()
        try:
            return str(parse_heading(v))
        except ValueError:
            raise ValueError(f"facing must be one of {', '.join(DIRECTION_LETTERS)} (on a free "
                             f"table also whole degrees 0-359), not {v!r}") from None

    @model_validator(mode="after")
    def _class_or_design(self) -> ShipEntry:
        if (self.cls is None) == (self.design is None):
            raise ValueError("give exactly one of class or design")
        if self.cls is not None:
            try:
                p = customise(self.cls, self.trades, self.missile_launchers)
            except TradeError as e:
                raise ValueError(str(e)) from None
            if self.shields is not None and self.shields > p.shields:
                raise ValueError(f"shields {self.shields} exceed the ship's {p.shields}")
        elif self.trades or self.missile_launchers:
            raise ValueError("a design already fixes trades and missile_launchers")
        return self


class Fleet(StrictModel):
    """One side's ships."""

    ships: list[ShipEntry] = Field(min_length=1)


class BoardSize(StrictModel):
    """The rectangular map in hexes."""

    cols: int = Field(ge=4, le=60)
    rows: int = Field(ge=4, le=60)


class Scenario(StrictModel):
    """A scenario file (``data/scenarios/*.toml`` or the user's own)."""

    title: str
    description: str
    turn_limit: int = Field(ge=1, le=200)
    initiative: Literal["roll", "alternate"]
    victory: str
    #: a hex map of cols × rows, or ``table``: a free table (Movement: "moved freely on a table
    #: surface, or on a hex grid"); exactly one of the two
    board: BoardSize | None = None
    table: TableSize | None = None
    #: hex ids on a hex map; ``{at = "x,y", radius = R}`` circles on a free table
    mines: list[str | MineArea] = Field(default_factory=list)
    designs: dict[str, Design] = Field(default_factory=dict)
    blue: Fleet
    red: Fleet

    def __hash__(self) -> int:
        """A scenario is an immutable value (frozen, equal field by field); it hashes by its
        title, which equal scenarios share, so that functions of a scenario can be cached (the
        fleets as deployed, :func:`.battle._fleets`)."""
        return hash(self.title)

    @model_validator(mode="after")
    def _board_or_table(self) -> Scenario:
        if (self.board is None) == (self.table is None):
            raise ValueError("give exactly one of board (a hex map) or table (a free table)")
        return self

    def profile_of(self, s: ShipEntry) -> Profile:
        """A ship entry's stats: its design's, or its class after its trades."""
        if s.design is not None:
            return {**shipped_designs(), **self.designs}[s.design].profile()
        return customise(s.cls or "", s.trades, s.missile_launchers)


def scenario_dir() -> Path:
    """The folder of the shipped scenario files."""
    return package_file(PACKAGE, "data/scenarios")


@cache
def scenario_names() -> tuple[str, ...]:
    """The shipped scenarios' names (file stems), sorted."""
    return tuple(sorted(p.stem for p in scenario_dir().glob("*.toml")))


def _ids_and_designs(sc: Scenario) -> tuple[str, str] | None:
    """Ship ids used once, designs known: (field, reason) of the first problem, or ``None``."""
    seen: set[str] = set()
    known = {**shipped_designs(), **sc.designs}
    for side in SEATS:
        fleet: Fleet = getattr(sc, side)
        for i, s in enumerate(fleet.ships):
            where = f"{side}.ships.{i}"
            if s.id in seen:
                return f"{where}.id", f"ship id {s.id} is used twice"
            seen.add(s.id)
            if s.design is not None and s.design not in known:
                return f"{where}.design", (f"unknown design {s.design!r} "
                                           f"(known: {', '.join(sorted(known))})")
    return None


def _table_consistency(sc: Scenario, table: TableSize) -> tuple[str, str] | None:
    """A free table: every ship and mine pattern at a point on the table, facings in degrees."""
    def off(text: str) -> bool:
        p = Point.parse(text)
        return not (0 <= p.x <= table.width and 0 <= p.y <= table.height)

    size = f"{fmt(table.width)}x{fmt(table.height)} inch table"
    for side in SEATS:
        for i, s in enumerate(getattr(sc, side).ships):
            where = f"{side}.ships.{i}"
            try:
                if off(s.at):
                    return f"{where}.at", f"point {s.at} is off the {size}"
            except ValueError:
                return f"{where}.at", f"on a free table a position is x,y in inches, not {s.at!r}"
    for i, m in enumerate(sc.mines):
        if not isinstance(m, MineArea):
            return f"mines.{i}", "on a free table a mine pattern is {at = \"x,y\", radius = R}"
        if off(m.at):
            return f"mines.{i}.at", f"point {m.at} is off the {size}"
    return None


def _consistency(sc: Scenario) -> tuple[str, str] | None:
    """Checks across entries: (field, reason) of the first problem, or ``None``."""
    problem = _ids_and_designs(sc)
    if problem is not None:
        return problem
    if sc.table is not None:
        return _table_consistency(sc, sc.table)
    assert sc.board is not None
    board = RectBoard(sc.board.cols, sc.board.rows)
    hexes: dict[str, str] = {}
    for side in SEATS:
        fleet: Fleet = getattr(sc, side)
        for i, s in enumerate(fleet.ships):
            where = f"{side}.ships.{i}"
            if s.facing not in DIRECTION_LETTERS:
                return f"{where}.facing", (f"on a hex map facing is one of "
                                           f"{', '.join(DIRECTION_LETTERS)}, not {s.facing!r}")
            try:
                h = parse_hexid(s.at)
            except ValueError as e:
                return f"{where}.at", str(e)
            if h not in board:
                return f"{where}.at", f"hex {s.at} is off the {sc.board.cols}x{sc.board.rows} map"
            if s.at in hexes:
                return f"{where}.at", f"hex {s.at} already holds {hexes[s.at]}"
            hexes[s.at] = s.id
    for i, m in enumerate(sc.mines):
        if not isinstance(m, str):
            return f"mines.{i}", "on a hex map a mine pattern is a hex id such as 0807"
        try:
            h = parse_hexid(m)
        except ValueError as e:
            return f"mines.{i}", str(e)
        if h not in board:
            return f"mines.{i}", f"hex {m} is off the map"
    return None


def scenario_from_data(data: dict[str, Any], file: str = "(scenario)") -> Scenario:
    """Validate a scenario (fields by pydantic, then the checks across entries)."""
    sc = validate(Scenario, data, file)
    problem = _consistency(sc)
    if problem is not None:
        raise DataFileError(file, *problem)
    return sc


def load_scenario_file(path: str | Path) -> Scenario:
    """Read and validate a scenario file of the user's own."""
    return scenario_from_data(read_toml(path), str(path))


@cache
def _shipped_scenario_data(name: str) -> tuple[Mapping[str, Any], str]:
    """A shipped scenario file's parsed TOML and its path (read once per process)."""
    p = scenario_dir() / f"{name}.toml"
    if not p.exists():
        raise DataFileError(str(p), "(file)", "no such scenario")
    return MappingProxyType(read_toml(p)), str(p)


def read_scenario_data(name: str) -> tuple[dict[str, Any], str]:
    """A shipped scenario's data, as a copy the caller may change, and its file's path."""
    data, file = _shipped_scenario_data(name)
    return copy.deepcopy(dict(data)), file


@cache
def shipped_scenario(name: str) -> Scenario:
    """A shipped scenario, validated once per process (the model is frozen: share it)."""
    data, file = _shipped_scenario_data(name)
    return scenario_from_data(dict(data), file)


# -- the sides on the board ----------------------------------------------------------------------
@cache
def sides() -> SidesFile:
    """The fleets' names and fixed colours on the board (``data/sides.toml``)."""
    return read_sides(package_file(__package__ or "voidwar.rulesets.space_fleet",
                                   "data/sides.toml"))
