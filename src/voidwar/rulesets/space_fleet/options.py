"""Space Fleet's options as a strict schema: what a server or a record may give.

Fleets are bounded (the work of a turn grows with the ships on the map: at most
:data:`MAX_SHIPS` a side), the turn limit is the scenario files' range, and a scenario of one's
own is its data (``setup``), never a file name (``file`` is for the terminal only). The map
size is bounded by the scenario schema itself (4..60 hexes a side).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, field_validator

from ...core.datafile import InlineData, OptionsModel

#: the most ships one side may bring
MAX_SHIPS = 16

_Name = Annotated[str, Field(min_length=1, max_length=32)]


class Options(OptionsModel):
    """``fleet_a``/``fleet_b`` (classes or designs), ``turn_limit``, ``setup`` (inline)."""

    fleet_a: Annotated[list[_Name], Field(min_length=1, max_length=MAX_SHIPS)] | Annotated[
        str, Field(min_length=1, max_length=MAX_SHIPS * 33)] | None = None
    fleet_b: Annotated[list[_Name], Field(min_length=1, max_length=MAX_SHIPS)] | Annotated[
        str, Field(min_length=1, max_length=MAX_SHIPS * 33)] | None = None
    turn_limit: int | None = Field(None, ge=1, le=200)
    setup: InlineData | None = None

    @field_validator("fleet_a", "fleet_b")
    @classmethod
    def _fleet_size(cls, v: list[str] | str | None) -> list[str] | str | None:
        if isinstance(v, str) and len(v.split(",")) > MAX_SHIPS:
            raise ValueError(f"at most {MAX_SHIPS} ships a side")
        return v

    @field_validator("setup")
    @classmethod
    def _setup_size(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        for side in ("blue", "red"):
            fleet = (v or {}).get(side)
            ships = fleet.get("ships") if isinstance(fleet, dict) else None
            if isinstance(ships, list) and len(ships) > MAX_SHIPS:
                raise ValueError(f"{side}.ships: at most {MAX_SHIPS} ships a side")
        return v
