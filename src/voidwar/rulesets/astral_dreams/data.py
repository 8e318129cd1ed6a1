"""Astral Dreams data: unit profiles, scenarios and army lists (TOML, validated by pydantic).

``data/units.toml`` holds every profile of the text; ``data/scenarios/*.toml`` the scenarios (our
reconstruction: the text has no table size, deployment or terrain values); army lists are TOML
files a player writes (``voidwar army new``) or inline tables in a scenario or a record.

The profiles and the scenarios are parsed and validated once per process (cached) and shared
read-only.

The caches are pure functions of the data files (core/memo.py): two threads that read them at
once each get an equal value.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import tomli_w
from pydantic import BeforeValidator, Field, field_validator, model_validator

from ...core.board import SidesFile, read_sides
from ...core.datafile import StrictModel, load_model, package_file, read_json, read_toml, validate
from ...core.errors import DataFileError, UnknownName
from ...core.tabletop import Circle, Point, Rect, frac
from .terrain import COMPASS, Feature, Slope, Table

PKG = "voidwar.rulesets.astral_dreams"
#: the data folder inside the package: ``units.toml`` and ``scenarios/*.toml``
DATA = "data"
SIDES = ("scouts", "robots")
Side = Literal["scouts", "robots"]


def _exact(v: Any) -> Any:
    """TOML floats (``12.5``) become exact fractions through their shortest decimal text."""
    if isinstance(v, bool):
        raise ValueError("expected a number, not true/false")
    if isinstance(v, float):
        return Fraction(repr(v))
    if isinstance(v, str):
        try:
            return Fraction(v.strip())
        except ValueError:
            raise ValueError(f"not a number: {v!r}") from None
    return v


Inches = Annotated[Fraction, BeforeValidator(_exact)]
#: a place on the table (inches; a table is at most MAX_INCHES across)
Coord = Annotated[Fraction, BeforeValidator(_exact), Field(ge=-1000, le=1000)]
#: the largest table side a data file may give
MAX_INCHES = 480
#: the largest points allowance: the text sets no ceiling (a campaign begins at fifty and adds
#: ten a game), so this is only a number's bound — the work of a game is bounded by the
#: miniatures on the table (:data:`MAX_MINIATURES`), not by the allowance
MAX_POINTS = 1_000_000
#: the most miniatures one army list may field: every move, shot and melee of a turn is
#: checked against each of them (our bound; the text sets none)
MAX_MINIATURES = 40


# -- profiles (Astral Dreams: "Imperial Scouts", "Ladek Marine Robots") -----------------------
class Profile(StrictModel):
    """One rank's profile, every number as the text prints it."""

    name: str
    level: int = Field(ge=1, le=100)
    points: int = Field(ge=1, le=1000)
    speed: int = Field(ge=1, le=100)
    armor: int = Field(ge=1, le=100)
    health: int = Field(ge=1, le=100)
    ma: int = Field(ge=0, le=100)
    md: int = Field(ge=0, le=100)
    md_note: str = ""
    ra: int = Field(ge=0, le=100)
    #: inches; ``None`` where the text prints none (the Scouts): the scenario's scout_range
    range: int | None = Field(default=None, ge=1, le=1000)
    rd: int = Field(ge=0, le=100)
    save: int = Field(ge=0, le=20)
    attacks: Literal[1, 2] = 1
    special: str = ""


class SideProfiles(StrictModel):
    """One side's entry in ``units.toml``: its name, its kind and its ranks by key."""

    side_name: str
    kind: str
    units: dict[str, Profile]


class UnitTable(StrictModel):
    """Every profile of the text, by side ("Imperial Scouts", "Ladek Marine Robots")."""

    scouts: SideProfiles
    robots: SideProfiles

    def side(self, side: str) -> SideProfiles:
        """The profiles of ``side`` (``"scouts"`` or ``"robots"``)."""
        return self.scouts if side == "scouts" else self.robots


@cache
def units() -> UnitTable:
    """The unit profiles (``data/units.toml``), loaded once per process."""
    return load_model(UnitTable, package_file(PKG, f"{DATA}/units.toml"))


# -- army lists ----------------------------------------------------------------------------------
class ArmyEntry(StrictModel):
    """One line of an army list: a rank, how many, and optionally where each one stands."""

    type: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=50)
    #: optional deployment positions ("x,y"), one per miniature; else the scenario places them
    at: list[str] | None = None

    @model_validator(mode="after")
    def _positions(self) -> ArmyEntry:
        if self.at is not None:
            if len(self.at) != self.count:
                raise ValueError(f"'at' gives {len(self.at)} positions for {self.count} miniatures")
            for text in self.at:
                Point.parse(text)
        return self


class Army(StrictModel):
    """An army list: a side, a points allowance and the miniatures bought."""

    name: str = ""
    side: Side
    points: int = Field(ge=1, le=MAX_POINTS)
    units: list[ArmyEntry] = Field(min_length=1, max_length=200)

    @model_validator(mode="after")
    def _bounded(self) -> Army:
        n = self.miniatures()
        if n > MAX_MINIATURES:
            raise ValueError(f"an army fields at most {MAX_MINIATURES} miniatures, not {n}")
        return self

    def cost(self) -> int:
        """Points spent ("Miniatures": forces are purchased by points)."""
        table = units().side(self.side).units
        return sum(table[e.type].points * e.count for e in self.units)

    def miniatures(self) -> int:
        """How many miniatures the list buys."""
        return sum(e.count for e in self.units)

    def to_data(self) -> dict[str, Any]:
        """The list as plain data (what records embed and files hold)."""
        return self.model_dump(exclude_none=True, exclude_defaults=False)


def check_army(army: Army, file: str, allowance: int | None = None) -> Army:
    """Refuse an army list that breaks the rules, with the exact reason.

    Unknown unit, a unit of the other side, and a cost over the allowance (the list's own
    ``points``, and the game's when given) are refused (Astral Dreams, "Miniatures": forces are
    purchased by points; each side begins with the same number of points)."""
    mine = units().side(army.side).units
    other_side = "robots" if army.side == "scouts" else "scouts"
    theirs = units().side(other_side).units
    for i, e in enumerate(army.units):
        if e.type not in mine:
            if e.type in theirs:
                raise DataFileError(
                    file,
                    f"units.{i}.type",
                    f"'{e.type}' is a {other_side} unit; this is a {army.side} army "
                    f"(known {army.side} units: {', '.join(mine)})",
                )
            raise DataFileError(
                file,
                f"units.{i}.type",
                f"unknown unit '{e.type}' (known {army.side} units: {', '.join(mine)})",
            )
    cost = army.cost()
    if cost > army.points:
        raise DataFileError(
            file, "points", f"the army costs {cost} points, over its allowance of {army.points}"
        )
    if allowance is not None and cost > allowance:
        raise DataFileError(
            file, "points",
            f"the army costs {cost} points, over the game's allowance of {allowance}",
        )
    return army


def parse_army(data: Any, file: str, allowance: int | None = None) -> Army:
    """Validate and check an army list's data (:func:`check_army`); ``file`` names it in errors."""
    return check_army(validate(Army, data, file), file, allowance)


def read_army_file(path: str | Path) -> dict[str, Any]:
    """An army file's raw data: TOML, or JSON when the name ends in ``.json``."""
    p = Path(path)
    if p.suffix.lower() == ".json":
        data = read_json(p)
        if not isinstance(data, dict):
            raise DataFileError(str(p), "(top level)", "an army is an object")
        return data
    return read_toml(p)


def load_army(path: str | Path, allowance: int | None = None) -> Army:
    """Read, validate and check an army file (TOML, or JSON by its name)."""
    return parse_army(read_army_file(path), str(path), allowance)


def army_to_toml(army: Army) -> str:
    """An army list as TOML text (the format ``voidwar army new`` writes): the data written by
    tomli-w, after a comment listing each rank's name and price, and the total at the end."""
    table = units().side(army.side).units
    data = army.model_dump(exclude_none=True)
    if not data["name"]:
        del data["name"]
    body = tomli_w.dumps(data)
    return "".join(_army_comments(army, table)) + body + (
        f"\n# total: {army.cost()} of {army.points} points\n"
    )


def _army_comments(army: Army, table: dict[str, Profile]) -> Iterator[str]:
    for e in army.units:
        p = table[e.type]
        yield f"# {e.type}: {p.name}, {p.points} pts each\n"
    if army.units:
        yield "\n"


def suggest_army(side: str, points: int) -> Army:
    """A starting list for ``points``: the best rank costing at most half of what is left, while
    one fits, then the cheapest rank to fill (deterministic; a template for the player to edit)."""
    if side not in SIDES:
        raise UnknownName(f"unknown side {side!r} (use scouts or robots)")
    table = units().side(side).units
    by_cost = sorted(table.items(), key=lambda kv: (kv[1].points, kv[1].level))
    left = points
    bought: dict[str, int] = {}
    while True:
        half = [k for k, p in by_cost if p.points * 2 <= left]
        if half:
            pick = half[-1]
        else:
            fit = [k for k, p in by_cost if p.points <= left]
            if not fit:
                break
            pick = fit[0]
        bought[pick] = bought.get(pick, 0) + 1
        left -= table[pick].points
    if not bought:
        cheapest = by_cost[0][1]
        raise DataFileError(
            "(army)", "points",
            f"{points} points buy nothing: the cheapest {side} unit ({cheapest.name}) costs "
            f"{cheapest.points}",
        )
    entries = [ArmyEntry(type=k, count=n) for k, n in bought.items()]
    side_lit: Side = "scouts" if side == "scouts" else "robots"
    return Army(name=f"{side} at {points} points", side=side_lit, points=points, units=entries)


# -- scenarios -----------------------------------------------------------------------------------
class TerrainSpec(StrictModel):
    """One ``[[terrain]]`` entry of a scenario (our reconstruction; see :mod:`.terrain`)."""

    name: str = Field(min_length=1)
    shape: Literal["rect", "circle"]
    #: rect: [x0, y0, x1, y1]; circle: [x, y, radius]
    at: list[Coord]
    #: on a hill, the multiplier across the slope; elsewhere, everywhere inside
    move: Inches = Field(default=Fraction(1), ge=0, le=100)
    impassable: bool = False
    blocks_los: bool = False
    #: a hill: the direction its ground rises — a compass name ("north", "southwest", …; north
    #: is the robots' edge) or a vector [x, y]
    rise: str | list[Any] | None = None
    #: a hill's multipliers going up and down the slope ("half movement up a hill, double
    #: movement down it")
    up: Inches = Field(default=Fraction(1, 2), ge=0, le=100)
    down: Inches = Field(default=Fraction(2), ge=0, le=100)

    @field_validator("rise")
    @classmethod
    def _rise(cls, v: str | list[Any] | None) -> str | list[Fraction] | None:
        """A compass name, or a vector [x, y] of exact numbers (read here, not by the union,
        so strict validation sees plain JSON)."""
        if isinstance(v, str) and v.strip().lower() not in COMPASS:
            raise ValueError(f"unknown direction {v!r} (use {', '.join(COMPASS)} or [x, y])")
        if isinstance(v, list):
            if len(v) != 2:
                raise ValueError(f"a direction is [x, y], not {len(v)} numbers")
            try:
                return [Fraction(_exact(x)) for x in v]
            except TypeError:
                raise ValueError(f"a direction is two numbers [x, y], not {v!r}") from None
        return v

    @model_validator(mode="after")
    def _shape(self) -> TerrainSpec:
        want = 4 if self.shape == "rect" else 3
        if len(self.at) != want:
            raise ValueError(f"a {self.shape} needs {want} numbers in 'at', not {len(self.at)}")
        if self.rise is None and {"up", "down"} & self.model_fields_set:
            raise ValueError("'up' and 'down' belong to a hill: give its 'rise' too")
        self.feature()  # raises ValueError with the reason
        return self

    def slope(self) -> Slope | None:
        """The hill's slope, if this entry is a hill."""
        if self.rise is None:
            return None
        if isinstance(self.rise, str):
            x, y = COMPASS[self.rise.strip().lower()]
            return Slope((Fraction(x), Fraction(y)), self.up, self.down)
        return Slope((self.rise[0], self.rise[1]), self.up, self.down)

    def feature(self) -> Feature:
        """The terrain feature this entry describes."""
        shape: Rect | Circle
        if self.shape == "rect":
            shape = Rect(*self.at)
        else:
            shape = Circle(Point(self.at[0], self.at[1]), self.at[2])
        return Feature(self.name, shape, self.move, self.impassable, self.blocks_los,
                       self.slope())


class Scenario(StrictModel):
    """A scenario file: table, bases, deployment, options' defaults, terrain and two armies."""

    title: str
    description: str
    #: the points allowance of each side (Astral Dreams, "Miniatures": begin with fifty)
    points: int = Field(ge=1, le=MAX_POINTS)
    width: Inches = Field(gt=0, le=MAX_INCHES)
    height: Inches = Field(gt=0, le=MAX_INCHES)
    #: our reconstruction (the text gives none): 1" round bases, a small contact tolerance
    base_diameter: Inches = Field(default=Fraction(1), gt=0, le=12)
    contact_tolerance: Inches = Field(default=Fraction(1, 10), ge=0, le=12)
    #: each side deploys with its base centres within this depth of its own edge
    deploy_depth: Inches = Field(gt=0, le=MAX_INCHES)
    #: the Scouts' range (the text prints none; default 12" as the robots)
    scout_range: int = Field(default=12, ge=1, le=MAX_INCHES)
    #: 0: no limit; else the game ends after that many rounds (more surviving points wins)
    round_limit: int = Field(default=0, ge=0, le=1000)
    terrain: list[TerrainSpec] = Field(default_factory=list, max_length=200)
    scouts: dict[str, Any]
    robots: dict[str, Any]

    @field_validator("scouts", "robots")
    @classmethod
    def _army(cls, v: dict[str, Any]) -> dict[str, Any]:
        validate(Army, v, "(scenario army)")
        return v

    def table(self) -> Table:
        """The table with its terrain."""
        return Table(self.width, self.height, tuple(t.feature() for t in self.terrain))


def scenario_dir() -> Path:
    """The folder of the shipped scenario files (``data/scenarios``)."""
    return package_file(PKG, f"{DATA}/scenarios")


@cache
def scenarios() -> dict[str, Scenario]:
    """Every shipped scenario by name (the file's stem), loaded once per process."""
    out: dict[str, Scenario] = {}
    for p in sorted(scenario_dir().glob("*.toml")):
        out[p.stem] = load_scenario_file(p)
    return out


def load_scenario_file(path: str | Path) -> Scenario:
    """Read and validate a scenario file, both of its armies included."""
    sc = load_model(Scenario, path)
    for side in SIDES:
        parse_army(getattr(sc, side), f"{path} [{side}]", sc.points)
    return sc


__all__ = [
    "SIDES", "Army", "ArmyEntry", "Profile", "Scenario", "army_to_toml", "check_army", "frac",
    "load_army", "load_scenario_file", "parse_army", "read_army_file", "scenarios",
    "suggest_army", "units",
]


# -- the sides on the board ----------------------------------------------------------------------
@cache
def sides() -> SidesFile:
    """The sides' fixed colours on the board (``data/sides.toml``; the names are
    ``units.toml``'s ``side_name``)."""
    return read_sides(package_file(PKG, f"{DATA}/sides.toml"))
