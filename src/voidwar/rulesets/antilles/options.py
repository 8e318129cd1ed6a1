"""Antilles' options as a strict schema: what a server or a record may give (inline data only).

The work a game implies is fixed by the rules (seven Paladins, nine turns); what a client may
vary is the tables, a starting position and the search values, each inline and bounded.
"""

from __future__ import annotations

from ...core.datafile import InlineData, OptionsModel


class Options(OptionsModel):
    """``tables``, ``position``, ``search_values``: each a file's contents as data."""

    tables: InlineData | None = None
    position: InlineData | None = None
    search_values: InlineData | None = None
