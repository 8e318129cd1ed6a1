"""Scenarios as TOML files: seats, ships (class, position, vector, facing), inert targets, map.

Positions and velocities are written as vectors from the map's origin hex in the book's own terms
(``"7A 1F -1"``, ``"4A 2B"``; see :func:`.vectors.parse_vector`); facings as AVID windows
(``"B/C"``, ``"C+"``). The map is unbounded (spec §1: geomorphic paper maps) unless ``[map]`` sets
edges: a ship that ends a segment beyond them has left the battle.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .avid import Window, WindowError, parse_window
from .vectors import Vec3, parse_vector


def _vec(v: Any) -> Vec3:
    if isinstance(v, Vec3):
        return v
    if not isinstance(v, str):
        raise ValueError("write a vector as text, e.g. \"4A 2B +1\" (or \"0\")")
    return parse_vector(v)


class Goal(BaseModel):
    """Where a ship wants to be, and how fast (for the ``intercept`` pilot)."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    position: Vec3
    velocity: Vec3 = Vec3()

    @field_validator("position", "velocity", mode="before")
    @classmethod
    def _vectors(cls, v: Any) -> Vec3:
        return _vec(v)


class ShipSetup(BaseModel):
    """One ship's set-up: class, position, vector, facing, thrust, fuel burnt, goal."""
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")
    seat: str
    #: a shipped class by name, or a ship file's contents (a user's design, embedded)
    ship: str | dict[str, Any] = "rafik_mk1"
    position: Vec3 = Vec3()
    velocity: Vec3 = Vec3()
    nose: Window = Window(0, 0)
    roll: int = Field(default=0, ge=0, le=11)
    thrust: str = "0"
    #: fuel units already burnt at the start (default 0: a full tank)
    fuel_used: int = Field(default=0, ge=0, le=10_000)
    goal: Goal | None = None

    @field_validator("position", "velocity", mode="before")
    @classmethod
    def _vectors(cls, v: Any) -> Vec3:
        return _vec(v)

    @field_validator("nose", mode="before")
    @classmethod
    def _nose(cls, v: Any) -> Window:
        if isinstance(v, Window):
            return v
        if not isinstance(v, str):
            raise ValueError("write the nose as an AVID window, e.g. \"B/C\" or \"C+\"")
        try:
            return parse_window(v)
        except WindowError as e:
            raise ValueError(str(e)) from None


class SystemsMode(StrEnum):
    """Which ship systems a scenario plays (AV:T A5.166–A5.167, A5.31–A5.39)."""

    #: ships of two or more seats: ``full``; one seat: ``off``
    AUTO = "auto"
    #: motion only (Sample Game Two)
    OFF = "off"
    #: Sample Game One (A5.166–A5.167): lasers fire at targets with no power cost or cycle
    #: time; a laser that fired "won't be ready again until next turn"
    LASERS = "lasers"
    #: power, regeneration, cooling, heat, reactors, radiators, flex points (Game Three, battles)
    FULL = "full"


#: a target's default toughness: the damage that kills it (ours; A5.372 "two lasers (the minimum
#: needed to kill the chocolate)": more than one laser's best, 7, and at most two lasers' worst
#: at point-blank range, 5 + 5)
TOUGHNESS = 8


class TargetSetup(BaseModel):
    """An inert target marker (the tutorial's "chocolates", spec §16)."""
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")
    position: Vec3
    note: str = ""
    #: damage (all lasers' together, A5.166) that kills the target (ours, :data:`TOUGHNESS`)
    toughness: int = Field(default=TOUGHNESS, ge=1, le=1000)

    @field_validator("position", mode="before")
    @classmethod
    def _vectors(cls, v: Any) -> Vec3:
        return _vec(v)


class MapSetup(BaseModel):
    """The map's edges (spec §1: unbounded unless set)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: hexes from the origin a ship may be (None: unbounded)
    radius: int | None = Field(default=None, ge=1, le=1000)
    #: highest |altitude| in levels (None: unbounded)
    levels: int | None = Field(default=None, ge=0, le=1000)


class Scenario(BaseModel):
    """A scenario file: seats, ships, targets, map edges and turn limit; read-only once loaded."""
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    name: str
    title: str
    source: str = ""
    description: str = ""
    turns: int = Field(ge=1, le=100)
    three_d: bool = True
    #: moving into a target's hex eats it (the tutorial's "chocolates", spec §16)
    eat_targets: bool = False
    #: which ship systems are in play (:class:`SystemsMode`)
    systems: SystemsMode = SystemsMode.AUTO
    seats: list[str] = Field(min_length=1, max_length=16)
    notes: list[str] = Field(default_factory=list, max_length=100)
    map: MapSetup = MapSetup()
    ships: list[ShipSetup] = Field(min_length=1, max_length=32)
    targets: list[TargetSetup] = Field(default_factory=list, max_length=32)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Scenario:
        """Read-only once validated: game clones (search) share it rather than copy it."""
        return self

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if len(set(self.seats)) != len(self.seats):
            raise ValueError("seat names must be unique")
        ids = [s.id for s in self.ships] + [t.id for t in self.targets]
        if len(set(ids)) != len(ids):
            raise ValueError("ship and target ids must be unique")
        for s in self.ships:
            if s.seat not in self.seats:
                raise ValueError(f"ship {s.id}: seat {s.seat!r} is not one of {self.seats}")
        if not self.three_d:
            check_level(self)
        return self

    @property
    def systems_mode(self) -> SystemsMode:
        """The systems in play: ``auto`` is ``full`` with two or more seats, else ``off``."""
        if self.systems != SystemsMode.AUTO:
            return self.systems
        seats = {s.seat for s in self.ships}
        return SystemsMode.FULL if len(seats) >= 2 else SystemsMode.OFF


def check_level(sc: Scenario) -> None:
    """2-D play (AV:T A5.19 design note) needs every ship level in the map plane."""
    for s in sc.ships:
        if s.position.dz or s.velocity.dz or s.nose.e or s.roll not in (0, 6):
            raise ValueError(f"ship {s.id}: a 2-D scenario keeps ships level in the map plane")
