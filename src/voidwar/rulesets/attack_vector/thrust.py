"""The thrust chart: acceleration dots and displacement arrows per cell of a burn.

The printed chart is lost; ours is **reconstructed by formula** (spec §7.3–7.5, §7.7) and shipped as
``data/thrust_chart.toml`` (loaded by :mod:`.data`), which :func:`chart_toml` regenerates and a test
compares.

* Orthogonal cells (nose in the map plane or on a pole; AV:T A5.241–A5.274): after c cells of a
  burn at thrust T the ship has ⌊2·T·c/8⌋ dots (one dot = +1 hex/turn, A5.2431) and has been
  displaced ⌊T·c²/64⌋ hexes (½·a·t², A2.4). Checked against thrust 5: dots 1,1,1,2 (A5.262,
  A5.273), a single arrow in cell 4 (A5.274) and two arrows in the last cell.
* Slanted cells (nose inclined 30° or 60°; A5.342–A5.343, C2.24): major and minor components with
  fractions √3/2 and ½; cumulative dots round half down, ⌈x − ½⌉, displacement floors (spec §7.7
  PROPOSAL — it gives the one worked example: thrust 4 at C+, cell 1, one dot in C and none in +).
* Fuel: one fuel unit per orthogonal dot, for slanted burns too (spec §7.9 PROPOSAL).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from voidwar.core.datafile import StrictModel

from .exact import Q3, SQRT3_2, q3_floor, round_half_down

CELLS = 8  # a column has 8 cells, one turn of thrust (spec §7.2 DERIVED)
THRUST_VALUES: tuple[Fraction, ...] = tuple(Fraction(h, 2) for h in range(1, 17))  # 0.5 .. 8
#: the same values for membership tests (numbers hash alike when equal)
THRUST_SET: frozenset[Fraction] = frozenset(THRUST_VALUES)


def g_of(thrust: Fraction) -> Fraction:
    """One thrust point is 0.25 G (chart header pairs, spec §1)."""
    return thrust / 4


def orth_dots_cum(t: Fraction, c: int) -> int:
    """Cumulative orthogonal dots after c cells at thrust t: ⌊2·t·c/8⌋ (spec §7.3)."""
    return int(2 * t * c // CELLS)


def orth_disp_cum(t: Fraction, c: int) -> Fraction:
    """Exact displacement after c cells (hexes); the chart's arrows are its floor."""
    return t * c * c / 64


def _per_cell(cum: list[int]) -> list[int]:
    return [cum[i] - cum[i - 1] for i in range(1, len(cum))]


def derive_column(t: Fraction) -> dict[str, Any]:
    """One column of the chart from the formulas (cells 1..8)."""
    cs = range(CELLS + 1)
    dots = _per_cell([orth_dots_cum(t, c) for c in cs])
    arrows = _per_cell([int(orth_disp_cum(t, c) // 1) for c in cs])
    h = 2 * t
    major_dots = _per_cell([round_half_down(SQRT3_2 * Q3(h * c / CELLS)) for c in cs])
    minor_dots = _per_cell([round_half_down(Q3(h * c / CELLS / 2)) for c in cs])
    major_arrows = _per_cell([q3_floor(SQRT3_2 * Q3(t * c * c / 64)) for c in cs])
    minor_arrows = _per_cell([int((t * c * c / 128) // 1) for c in cs])
    return {
        "thrust": float(t), "g": float(g_of(t)), "dots": dots, "arrows": arrows,
        "major_dots": major_dots, "minor_dots": minor_dots,
        "major_arrows": major_arrows, "minor_arrows": minor_arrows,
    }


def derive_chart() -> dict[str, Any]:
    """Every column of the chart from the formulas."""
    return {"columns": [derive_column(t) for t in THRUST_VALUES]}


HEADER = """\
# Attack Vector: Tactical — thrust chart (AV:T A5.241–A5.274, C2.24).
# RECONSTRUCTED from formula; the printed chart is lost. Verified against the thrust-5 example of
# sample game two (dots 1,1,1,2 in cells 1-4; one arrow in cell 4; two arrows in the last cell).
#   dots(c)   = floor(2*T*c/8)                 cumulative acceleration dots (orthogonal part)
#   arrows(c) = floor(T*c^2/64)                cumulative displacement hexes (orthogonal part)
#   slanted part (nose inclined, our PROPOSAL, spec 7.7): major = sqrt(3)/2, minor = 1/2 of the
#   orthogonal values; dots round half down, arrows floor.
# Regenerate with:  voidwar dev attack-vector thrust-chart
"""
SOURCE = "reconstructed from formula (spec §7.3-7.5, §7.7); verified against AV:T A5.262-A5.274"


def chart_toml() -> str:
    """The chart file's text: :data:`HEADER` and the derived columns (tomli-w)."""
    data = {"reconstructed": True, "source": SOURCE, **derive_chart()}
    return HEADER + "\n" + tomli_w.dumps(data)


# -- the data file -------------------------------------------------------------------------------

Cells = tuple[int, int, int, int, int, int, int, int]


class Column(StrictModel):
    """One column of the thrust chart (cells 1..8; AV:T A5.241–A5.274)."""
    thrust: Fraction = Field(ge=0, le=100)
    g: Fraction = Field(ge=0, le=100)
    dots: Cells
    arrows: Cells
    major_dots: Cells
    minor_dots: Cells
    major_arrows: Cells
    minor_arrows: Cells

    @field_validator("thrust", "g", mode="before")
    @classmethod
    def _exact(cls, v: Any) -> Fraction:
        if isinstance(v, bool) or not isinstance(v, int | float | str):
            raise ValueError("must be a number")
        return Fraction(str(v))

    @field_validator("dots", "arrows", "major_dots", "minor_dots", "major_arrows", "minor_arrows")
    @classmethod
    def _cell_range(cls, v: Cells) -> Cells:
        if any(not 0 <= x <= 2 for x in v):
            raise ValueError("a cell holds 0, 1 or 2 dots/arrows (white, light, dark; A5.273)")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> Column:
        if self.thrust not in THRUST_VALUES:
            raise ValueError(f"thrust {self.thrust} is not a chart column (0.5 .. 8 in halves)")
        if self.g != g_of(self.thrust):
            raise ValueError(f"thrust {self.thrust} is {g_of(self.thrust)} G, not {self.g}")
        return self


class ChartFile(BaseModel):
    """The thrust chart file."""
    model_config = ConfigDict(extra="forbid")

    reconstructed: bool
    source: str
    columns: list[Column]

    @model_validator(mode="after")
    def _all_columns(self) -> ChartFile:
        if tuple(c.thrust for c in self.columns) != THRUST_VALUES:
            raise ValueError("the chart needs the 16 columns 0.5, 1, 1.5 … 8 in order")
        return self


class ThrustChart:
    """The loaded chart: ``chart[T]`` is the column for thrust T."""

    def __init__(self, model: ChartFile, file: str) -> None:
        self.file = file
        self.reconstructed = model.reconstructed
        self.columns: dict[Fraction, Column] = {c.thrust: c for c in model.columns}
        #: (numerator, denominator) → column, what :meth:`__getitem__` reads (integer keys: a
        #: Fraction's hash is slow); made whole here and never changed (core/memo.py)
        self._by_pair: dict[tuple[int, int], Column] = {
            (c.thrust.numerator, c.thrust.denominator): c for c in model.columns}

    def __getitem__(self, thrust: Fraction) -> Column:
        col = self._by_pair.get((thrust.numerator, thrust.denominator))
        if col is None:
            return self.columns[thrust]  # the KeyError of a thrust with no column
        return col

    def __deepcopy__(self, memo: dict[int, Any]) -> ThrustChart:
        """Read-only once loaded: game clones (search) share it rather than copy it."""
        return self


def parse_thrust(text: str) -> Fraction:
    """``"5"``, ``"2.5"`` or ``"5/2"`` → an exact value; raises ValueError."""
    t = text.strip()
    try:
        v = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"not a thrust value: {text!r}") from None
    return v


def format_thrust(v: Fraction) -> str:
    """A thrust value as written in orders: ``5``, ``2.5`` (the chart's values looked up)."""
    n, d = v.numerator, v.denominator
    text = _FORMATTED.get((n, d))
    if text is None:
        return _format_thrust(n, d)
    return text


def _format_thrust(n: int, d: int) -> str:
    """:func:`format_thrust` of ``n / d``, written: a decimal where one is exact, else the
    fraction ``n/d`` (so that the text reads back as the very value)."""
    if d == 1:
        return str(n)
    text = f"{n / d:g}"
    return text if Fraction(text) == Fraction(n, d) else f"{n}/{d}"


#: (numerator, denominator) → text, for 0 and every chart column: built at import, never
#: written (core/memo.py)
_FORMATTED: dict[tuple[int, int], str] = {
    (v.numerator, v.denominator): _format_thrust(v.numerator, v.denominator)
    for v in (Fraction(0), *THRUST_VALUES)}


