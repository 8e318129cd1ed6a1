"""Attack Vector's options as a strict schema: what a server or a record may give.

Scenarios are chosen by name (never a file); table options are inline data, bounded.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import field_validator

from ...core.datafile import InlineData, OptionsModel
from ...core.errors import DataFileError
from .data import scenario_from_data


class Options(OptionsModel):
    """``three_d``, ``bearings``, the movement grid and the part-2 tables (inline data)."""

    three_d: bool | None = None
    bearings: Literal["rule", "exact"] | None = None
    #: the movement grid's remainder table (AV:T A2.1), a file's contents
    movement_grid: InlineData | None = None
    weapon_tables: InlineData | None = None
    d_results: InlineData | None = None
    #: a scenario of one's own, as the contents of its file (a record embeds them: never a
    #: path); its ships are shipped classes by name
    scenario_data: InlineData | None = None

    @field_validator("scenario_data")
    @classmethod
    def _scenario(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        """The scenario's contents pass what a scenario file passes (the one scenario model)."""
        if v is not None:
            try:
                scenario_from_data(v, "scenario_data")
            except DataFileError as e:
                raise ValueError(f"{e.field}: {e.reason}") from None
        return v
