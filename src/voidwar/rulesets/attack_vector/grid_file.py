"""The movement grid's remainder table as a file (AV:T A2.1): ``data/movement_grid.toml`` is our
reconstruction (:func:`.movement_grid.our_cells`, written by :func:`grid_toml`); a player who owns
the printed card types it into a file of the same shape and plays with it (``--grid FILE``,
option ``movement_grid``). One line per cell of the card::

    [horizontal]      # "MAJOR,MINOR": the Rmd of the major and of the minor horizontal component
    "4,2" = { major = [2, 3, 6, 7], minor = [4, 8] }
    [vertical]        # "HORIZONTAL,VERTICAL": (major + minor) mod 8, and the vertical's Rmd
    "6,2" = [4, 8]

Each list names the segments on which that component moves its extra hex. The shape is checked
here (pydantic); :class:`.movement_grid.MovementGrid` checks the rest (every pair 0..7 present,
as many segments as the remainder, each once) and names file, cell and reason.
"""

from __future__ import annotations

import json
from typing import Annotated

from pydantic import Field

from voidwar.core.datafile import StrictModel

from .movement_grid import REMAINDERS, MovementGrid, our_cells, pair_key

#: a segment number in a cell
Segment = Annotated[int, Field(ge=1, le=8)]


class HorizontalCell(StrictModel):
    """A horizontal cell: the segments of the major's and of the minor's remainder hexes."""

    major: list[Segment]
    minor: list[Segment]


class GridFile(StrictModel):
    """A remainder table file (see the module's docstring)."""

    #: true for our reconstruction; a card typed in says false (the default)
    reconstructed: bool = False
    source: str = Field(default="", max_length=500)
    horizontal: dict[str, HorizontalCell]
    vertical: dict[str, list[Segment]]


def grid_of(model: GridFile, file: str) -> MovementGrid:
    """The lookups of a validated file; :class:`~voidwar.core.errors.DataFileError` names
    ``file``, the cell and the reason for a table that does not move every remainder once."""
    return MovementGrid({k: (c.major, c.minor) for k, c in model.horizontal.items()},
                        model.vertical, file, reconstructed=model.reconstructed,
                        source=model.source)


HEADER = """\
# Attack Vector: Tactical — the movement grid's remainder table (AV:T A2.1).
# RECONSTRUCTED: the printed card is not in the text. Each list names the segments (1-8) on which
# a component moves its remainder hex; on every segment it also moves Each = floor(Vel/8) hexes.
#   [horizontal] "MAJOR,MINOR": the Rmd (Vel mod 8) of the major horizontal component (the larger
#                velocity; the clockwise-first at a tie) and of the minor one.
#   [vertical]   "HORIZONTAL,VERTICAL": (major Rmd + minor Rmd) mod 8, and the vertical's Rmd.
# Ours: R(k) = the segments where floor(k*s/8) grows (A2.1: 7 -> 2..8). The horizontal components
# share the spread of the sum n of their remainders, as Sample Games One (A5.12-A5.17) and Three
# (A5.341) play it: up to 8 the smaller remainder keeps R(smaller) and the larger takes the rest
# of R(n); past 8 (our reading) the larger keeps its own, the smaller takes the other segments
# and R(n-8). The vertical (our reading; Game One's up on segment 4 is R(2)) interleaves: the
# horizontal keeps R(h), h = (major + minor) mod 8, and the vertical takes the rest of the spread
# of h + v, or, where R(h) does not lie inside it, moves as near it as one level a segment allows.
# Own the printed card? Type its cells over these (keep every key; reconstructed = false) and
# play with --grid FILE (option movement_grid).
# Regenerate ours with:  voidwar dev attack-vector movement-grid
"""
SOURCE = ("reconstructed (docs/attack-vector.md): A2.1's worked cases, Sample Game One "
          "A5.12-A5.17 and Sample Game Three A5.341")


def _segments(segs: list[int]) -> str:
    return "[" + ", ".join(map(str, segs)) + "]"


def table_toml(horizontal: dict[str, tuple[list[int], list[int]]],
               vertical: dict[str, list[int]], reconstructed: bool = False, source: str = "",
               header: str = "") -> str:
    """A remainder table's file text, one line per cell (written line by line: a TOML writer
    puts every list item on a line of its own, and this file is typed over by hand; a test
    reads it back with ``tomllib``)."""
    lines = [header, f"reconstructed = {'true' if reconstructed else 'false'}",
             f"source = {json.dumps(source)}", "", "[horizontal]"]
    for a in REMAINDERS:
        for b in REMAINDERS:
            big, small = horizontal[pair_key(a, b)]
            lines.append(f'"{pair_key(a, b)}" = {{ major = {_segments(big)}, '
                         f"minor = {_segments(small)} }}")
    lines += ["", "[vertical]"]
    for a in REMAINDERS:
        for b in REMAINDERS:
            lines.append(f'"{pair_key(a, b)}" = {_segments(vertical[pair_key(a, b)])}')
    return "\n".join(lines) + "\n"


def grid_toml() -> str:
    """Our reconstruction as the shipped file's text (``data/movement_grid.toml``)."""
    horizontal, vertical = our_cells()
    return table_toml(horizontal, vertical, True, SOURCE, HEADER)


__all__ = ["GridFile", "HorizontalCell", "grid_of", "grid_toml", "table_toml"]
