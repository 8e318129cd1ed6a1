"""The ``[systems]`` table of a ship file, validated (spec §9–§13; AV:T A2.4, A5.312–A5.314,
A5.371): power, heat, weapon mounts with their codes and firing arcs, the crew rate and the SSD.
The live record sheet that plays by it is :class:`.ship.ShipSystems`."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .arcs import ArcBlock
from .damage import SSDModel
from .numbers import show, to_fraction
from .weapons import WeaponCode, WeaponCodeError


def _exact(v: Any) -> Fraction:
    return to_fraction(v)


#: power (and thrust) per segment: a few units at most
Power = Annotated[Fraction, Field(ge=0, le=1000)]


class PowerModel(BaseModel):
    """The Energy Board: reactors, battery, flex points (A5.312, A5.373)."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    #: output per segment of each reactor (A5.373)
    reactors: list[Power] = Field(max_length=20)
    #: battery capacity BTTY (A5.312)
    battery: Fraction = Field(ge=0, le=10_000)
    #: stored power at the start (tutorial: full, A5.313); default full
    start: Fraction | None = Field(default=None, ge=0, le=10_000)
    #: the Energy Board's "Flex Points" (A5.312: the Rafik's 1); allocated to ECM and ECCM
    #: after segment 8 for the next turn (our design: B6.2 and D6.1 are lost)
    flex_points: int = Field(default=0, ge=0, le=99)

    @field_validator("reactors", mode="before")
    @classmethod
    def _reactors(cls, v: Any) -> list[Fraction]:
        if not isinstance(v, list) or not v:
            raise ValueError("a list of reactor outputs per segment, like [1.5, 1.5]")
        out = [_exact(x) for x in v]
        if any(x <= 0 for x in out):
            raise ValueError("a reactor's output is positive")
        return out

    @field_validator("battery", "start", mode="before")
    @classmethod
    def _num(cls, v: Any) -> Fraction | None:
        if v is None:
            return None
        x = _exact(v)
        if x < 0:
            raise ValueError("never negative")
        return x


class HeatModel(BaseModel):
    """The heat board: heat sinks and radiators (A5.314, A5.391)."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    #: heat-sink capacity (A5.314)
    heat_sinks: int = Field(ge=0, le=10_000)
    #: number of radiators (Rafik: 1.2 output / 0.4 each = 3, DERIVED)
    radiators: int = Field(ge=0, le=100)
    #: heat dumped by one extended radiator per turn (A5.391: 0.4)
    radiator_dump: Fraction = Field(default=Fraction(2, 5), ge=0, le=100)

    @field_validator("radiator_dump", mode="before")
    @classmethod
    def _dump(cls, v: Any) -> Fraction:
        x = _exact(v)
        if x <= 0:
            raise ValueError("a radiator dumps a positive amount of heat")
        return x


class MountModel(BaseModel):
    """A weapon mount: its letter, its weapons' codes and its firing arc (A5.166, A5.371)."""

    model_config = ConfigDict(extra="forbid")

    #: mount letter (A5.166: mounts A, B, C)
    id: str
    #: weapon codes, one per row (row n = weapon id ``<mount><n>``, A5.371)
    weapons: list[str]
    arc: list[ArcBlock]

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not re.fullmatch(r"[A-Z]", v):
            raise ValueError(f"a mount is one capital letter, not {v!r}")
        return v

    @field_validator("weapons")
    @classmethod
    def _codes(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError("a mount holds at least one weapon")
        for code in v:
            try:
                WeaponCode.parse(code)
            except WeaponCodeError as e:
                raise ValueError(str(e)) from None
        return v

    @field_validator("arc")
    @classmethod
    def _arc(cls, v: list[ArcBlock]) -> list[ArcBlock]:
        if not v:
            raise ValueError("a mount's arc has at least one block")
        return v


class SystemsModel(BaseModel):
    """The ``[systems]`` table of a ship file."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> SystemsModel:
        """Read-only once validated: game clones (search) share it rather than copy it."""
        return self

    #: which parts of this table are our reconstruction, not the book's (free text list)
    reconstructed: list[str] = []
    #: crew rate: a d10 target number, 2+ (Legendary) to 10+ (Hopeless) (A2.4)
    crew_rate: int = Field(ge=2, le=10)
    #: maximum thrust after k thrust boxes are lost = thrust_row[k] (0 past the end; A2.4);
    #: only used when the ship file has no thrust matrix of its own
    thrust_row: list[Power] | None = Field(default=None, max_length=20)
    power: PowerModel
    heat: HeatModel
    mounts: list[MountModel]
    ssd: SSDModel

    @field_validator("thrust_row", mode="before")
    @classmethod
    def _row(cls, v: Any) -> list[Fraction] | None:
        if v is None:
            return None
        if not isinstance(v, list) or not v:
            raise ValueError("a list of thrust values, left to right, like [5, 4, 3, 2, 1]")
        out = [_exact(x) for x in v]
        for x in out:
            if x < 0 or (2 * x).denominator != 1:
                raise ValueError(f"thrust values are multiples of 0.5, not {show(x)}")
        if any(b > a for a, b in itertools.pairwise(out)):
            raise ValueError("thrust values never rise from left to right")
        return out

    @model_validator(mode="after")
    def _cross(self) -> SystemsModel:
        ids = [m.id for m in self.mounts]
        if len(set(ids)) != len(ids):
            raise ValueError("mounts: two mounts share a letter")
        weapons = {f"{m.id}{i}" for m in self.mounts for i in range(1, len(m.weapons) + 1)}
        ssd_weapons = self.ssd.units("weapon")
        if ssd_weapons - weapons:
            raise ValueError(f"ssd: boxes for unknown weapons {sorted(ssd_weapons - weapons)}")
        if weapons - ssd_weapons:
            raise ValueError(f"ssd: no box for weapons {sorted(weapons - ssd_weapons)}")
        reactors = {str(i) for i in range(1, len(self.power.reactors) + 1)}
        if self.ssd.units("reactor") != reactors:
            raise ValueError(f"ssd: reactor boxes must name exactly reactors {sorted(reactors)}")
        radiators = {str(i) for i in range(1, self.heat.radiators + 1)}
        if self.ssd.units("radiator") != radiators:
            raise ValueError(f"ssd: radiator boxes must name exactly radiators {sorted(radiators)}")
        nb = self.ssd.count("battery")
        if self.power.battery > 0 and nb == 0:
            raise ValueError("ssd: the ship has batteries but no battery box")
        nh = self.ssd.count("heat_sink")
        if self.heat.heat_sinks > 0 and (nh == 0 or self.heat.heat_sinks % nh):
            raise ValueError(
                f"ssd: {nh} heat_sink boxes cannot share {self.heat.heat_sinks} capacity evenly"
            )
        if self.thrust_row is not None and self.ssd.count("thrust") > len(self.thrust_row):
            raise ValueError("ssd: more thrust boxes than thrust_row values")
        if self.power.start is not None and self.power.start > self.power.battery:
            raise ValueError("power.start: above battery capacity")
        return self


__all__ = ["HeatModel", "MountModel", "PowerModel", "SystemsModel"]
