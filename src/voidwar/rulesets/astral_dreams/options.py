"""Astral Dreams' options as a strict schema: what a server or a record may give.

The work of a turn grows with the miniatures on the table (every move, shot and melee is
checked against each of them): an army list is validated by the one army model
(:class:`~.data.Army`: at most :data:`~.data.MAX_MINIATURES` miniatures), the same that reads an
army file, and armies are inline data, never file names. The points allowance has no ceiling
but a number's (the text sets none: a campaign adds ten points a game).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from ...core.datafile import InlineData, OptionsModel, validate
from ...core.errors import DataFileError
from .data import MAX_POINTS, Army


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
    def _army(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        if v is not None:
            try:
                validate(Army, v, "army")
            except DataFileError as e:
                where = "" if e.field == "(top level)" else f"{e.field}: "
                raise ValueError(where + e.reason) from None
        return v
