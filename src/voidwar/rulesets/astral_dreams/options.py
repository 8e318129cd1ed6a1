"""Astral Dreams' options as a strict schema: what a server or a record may give.

The work of a turn grows with the miniatures on the table (every move, shot and melee is
checked against each of them): an army list may field at most :data:`MAX_MINIATURES`, the
points allowance is bounded to match, and armies are inline data, never file names.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from ...core.datafile import InlineData, OptionsModel

#: the most miniatures one army list may field
MAX_MINIATURES = 40
#: the largest points allowance (the text suggests 50 a side to begin a campaign)
MAX_POINTS = 400


class Options(OptionsModel):
    """``army_a``/``army_b`` (inline), ``points``, ``scout_range``, ``round_limit``,
    ``free_deploy``."""

    army_a: InlineData | None = None
    army_b: InlineData | None = None
    points: int | None = Field(None, ge=1, le=MAX_POINTS)
    scout_range: int | None = Field(None, ge=1, le=96)
    round_limit: int | None = Field(None, ge=0, le=100)
    free_deploy: bool | None = None

    @field_validator("army_a", "army_b")
    @classmethod
    def _army_size(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        units = (v or {}).get("units")
        if isinstance(units, list):
            n = sum(u.get("count", 1) for u in units
                    if isinstance(u, dict) and isinstance(u.get("count", 1), int))
            if n > MAX_MINIATURES:
                raise ValueError(f"an army fields at most {MAX_MINIATURES} miniatures, "
                                 f"not {n}")
        return v
