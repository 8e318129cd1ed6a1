"""The reconstructed tables load; a user's file replaces them; bad files are refused precisely."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import voidwar
from voidwar.core.errors import DataFileError
from voidwar.rulesets.antilles.data import default_tables, load_tables

SHIPPED = Path(default_tables().source)


def write_variant(tmp_path: Path, old: str, new: str) -> Path:
    text = SHIPPED.read_text()
    assert old in text, old
    p = tmp_path / "mine.toml"
    p.write_text(text.replace(old, new, 1))
    return p


def test_shipped_tables_are_marked_as_our_reconstruction() -> None:
    t = default_tables()
    assert t.model.reconstructed is True
    assert "OUR RECONSTRUCTION" in SHIPPED.read_text()
    assert len(t.caster) == 20 and len(t.paths) == 20
    assert t.max_range == 3
    assert t.model.platform.casters == 4  # 5.0 "all four"


def test_every_facing_equally_likely_within_a_type() -> None:
    from collections import Counter

    launches = Counter((e.bolt, e.facing) for e in default_tables().caster if e.action == "launch")
    assert set(launches.values()) == {1} and len(launches) == 18


def test_a_user_table_file_replaces_the_shipped_one(tmp_path: Path) -> None:
    p = write_variant(tmp_path, "radius = 7", "radius = 5")
    g = voidwar.load("antilles", tables=str(p))
    assert g.board.radius == 5  # type: ignore[attr-defined]
    rec = g.record()
    assert rec["options"]["tables"]["board"]["radius"] == 5  # embedded: replays anywhere
    p.unlink()
    assert voidwar.replay(rec).board.radius == 5  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        ('  "recharge",                                                                   # 1\n',
         "", "caster_table", "needs 20 entries, this one has 19"),
        ('"fast A"', '"plasma A"', "caster_table", "unknown bolt type 'plasma'"),
        ('"normal B"', '"normal Q"', "caster_table", "unknown facing"),
        ('"LFR"', '"LXR"', "paths", "must be letters F, L, R"),
        ("[attacks.2]", "[attacks.4]", "attacks", "missing range column 2"),
        ("shield = 8\narmor = 13", "shield = 14\narmor = 13", "attacks.2",
         "thresholds must rise"),
        ("radius = 7", "radius = 'big'", "board.radius", "valid integer"),
        ("radius = 7", "radius = 7\nsize = 3", "board.size", "Extra inputs"),
    ],
)
def test_bad_table_files_are_refused_with_file_field_reason(
    tmp_path: Path, old: str, new: str, field: str, reason: str
) -> None:
    p = write_variant(tmp_path, old, new)
    with pytest.raises(DataFileError) as e:
        load_tables(p)
    assert e.value.file == str(p)
    assert e.value.field.startswith(field)
    assert reason in e.value.reason


def test_missing_and_unparsable_files(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load_tables(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("radius = = 7")
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_tables(bad)


def test_shipped_file_is_valid_toml_with_rationale_comments() -> None:
    data = tomllib.loads(SHIPPED.read_text())
    assert data["attacks"]["2"]["caster"] <= 20  # the 3.3 example: 17 + 3 at range 2
