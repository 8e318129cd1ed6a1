"""The reconstructed thrust chart (AV:T A5.241-A5.274, C2.24; spec §7.3-7.7, §17)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import tomli_w

from voidwar.core.errors import DataFileError
from voidwar.rulesets.attack_vector.data import CHART_FILE, load_chart
from voidwar.rulesets.attack_vector.thrust import (
    SOURCE,
    THRUST_VALUES,
    chart_toml,
    derive_chart,
    derive_column,
)

SPEC_TABLE = {  # spec §7.5: T -> (dots per cell, arrows per cell)
    "0.5": ("00000001", "00000000"), "1": ("00010001", "00000001"),
    "1.5": ("00100101", "00000010"), "2": ("01010101", "00000101"),
    "2.5": ("01011011", "00000101"), "3": ("01110111", "00001011"),
    "3.5": ("01111111", "00001011"), "4": ("11111111", "00010111"),
    "4.5": ("11111112", "00010111"), "5": ("11121112", "00010112"),
    "5.5": ("11211212", "00011111"), "6": ("12121212", "00011112"),
    "6.5": ("12122122", "00011112"), "7": ("12221222", "00011122"),
    "7.5": ("12222222", "00101212"), "8": ("22222222", "00111122"),
}


def test_chart_matches_spec_table() -> None:
    chart = load_chart()
    for t, (dots, arrows) in SPEC_TABLE.items():
        col = chart[Fraction(t)]
        assert "".join(map(str, col.dots)) == dots, t
        assert "".join(map(str, col.arrows)) == arrows, t
        assert sum(col.dots) == 2 * Fraction(t) // 1 or sum(col.dots) == int(2 * Fraction(t))
        assert col.g == Fraction(t) / 4


def test_thrust_5_worked_example() -> None:
    col = load_chart()[Fraction(5)]
    assert list(col.dots) == [1, 1, 1, 2, 1, 1, 1, 2]  # A5.262, A5.273
    assert list(col.arrows) == [0, 0, 0, 1, 0, 1, 1, 2]  # A5.274 and the two-arrow last cell
    assert sum(col.dots) == 10 and sum(col.arrows) == 5  # half the Δv as displacement (A2.4)


def test_slanted_thrust_4_proposal() -> None:
    col = load_chart()[Fraction(4)]
    assert list(col.major_dots) == [1, 1, 1, 0, 1, 1, 1, 1]  # cell 1: one dot in C (A5.343)
    assert list(col.minor_dots) == [0, 1, 0, 1, 0, 1, 0, 1]


def test_shipped_file_is_the_formula() -> None:
    path = CHART_FILE
    assert path.read_text() == chart_toml()
    assert "RECONSTRUCTED" in path.read_text()
    assert load_chart().reconstructed


def test_every_column_fits_the_chart_graphics() -> None:
    for t in THRUST_VALUES:
        col = derive_column(t)
        for key in ("dots", "arrows", "major_dots", "minor_dots", "major_arrows", "minor_arrows"):
            assert max(col[key]) <= 2


def test_bad_chart_file_refused(tmp_path: Path) -> None:
    data = {"reconstructed": True, "source": SOURCE, **derive_chart()}
    data["columns"][15]["dots"][0] = 3
    p = tmp_path / "chart.toml"
    p.write_text(tomli_w.dumps(data))
    with pytest.raises(DataFileError) as e:
        load_chart(p)
    assert "columns.15.dots" in str(e.value) and "0, 1 or 2" in str(e.value)
    data = {"reconstructed": True, "source": SOURCE, **derive_chart()}
    data["columns"][15]["g"] = 1.5
    p.write_text(tomli_w.dumps(data))
    with pytest.raises(DataFileError, match="G"):
        load_chart(p)
