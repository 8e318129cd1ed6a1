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


# -- what the text fixes is not a table value ------------------------------
def _with(tmp_path: Path, section: str, line: str) -> Path:
    """The shipped file with ``line`` added to ``[section]``."""
    return write_variant(tmp_path, f"[{section}]\n", f"[{section}]\n{line}\n")


@pytest.mark.parametrize(
    ("section", "line", "field", "words"),
    [
        ("platform", "casters = 3", "platform.casters", "all four Bolt Casters"),
        ("scoring", "last_turn = 8", "scoring.last_turn", "ninth turn"),
        ("scoring", "destroyed_base = 60", "scoring.destroyed_base", "Score 50 Victory Points"),
        ("scoring", "per_surviving_paladin = 4", "scoring.per_surviving_paladin",
         "for each surviving Paladin"),
    ],
)
def test_a_table_file_may_not_change_what_the_text_fixes(
    tmp_path: Path, section: str, line: str, field: str, words: str
) -> None:
    """5.0 "The Platform is destroyed when all four Bolt Casters have been destroyed"; 6.0
    "Score 50 Victory Points. An additional five Victory Points are scored for each surviving
    Paladin"; "At the end of the ninth turn ... the surviving Paladins must retreat". These are
    the text's numbers: a table file giving others is refused with file, field and reason."""
    p = _with(tmp_path, section, line)
    with pytest.raises(DataFileError) as e:
        load_tables(p)
    assert (e.value.file, e.value.field) == (str(p), field)
    assert "fixed by the text" in e.value.reason and words in e.value.reason
    with pytest.raises(DataFileError):
        voidwar.load("antilles", tables=str(p))


def test_a_file_may_repeat_the_texts_numbers_and_the_game_uses_the_texts(tmp_path: Path) -> None:
    """5.0 "all four Bolt Casters"; 6.0 "the ninth turn": a file (an old one, a record's) that
    repeats them loads, and plays with four Casters over nine turns either way."""
    p = _with(tmp_path, "platform", "casters = 4")
    p.write_text(p.read_text().replace("[scoring]\n", "[scoring]\nlast_turn = 9\n"
                                       "destroyed_base = 50\nper_surviving_paladin = 5\n"))
    g = voidwar.load("antilles", tables=str(p))
    assert g.n_casters == 4  # type: ignore[attr-defined]
    assert default_tables().model.platform.casters == 4
    assert default_tables().model.scoring.last_turn == 9


def test_the_worked_example_of_3_3_must_hold_in_any_chart(tmp_path: Path) -> None:
    """3.3: "At a range of 2, a Paladin rolls a 17; because it did not move this turn, it adds 3
    to its roll. The total is therefore 20, which results in a Bolt Caster being destroyed." A
    chart where 20 at range 2 does less is not the game's chart."""
    p = write_variant(tmp_path, "caster = 19", "caster = 21")
    with pytest.raises(DataFileError) as e:
        load_tables(p)
    assert e.value.field == "attacks" and "worked example" in e.value.reason
    assert "needs 21" in e.value.reason


def test_the_platform_has_all_three_layers(tmp_path: Path) -> None:
    """2.0: "The Platform consists of three basic layers: Deflector Shields, Armor, and Bolt
    Casters" — how many Shield and Armor boxes is ours, but there is at least one of each."""
    p = write_variant(tmp_path, "shields = 6", "shields = 0")
    with pytest.raises(DataFileError) as e:
        load_tables(p)
    assert e.value.field == "platform.shields"


def test_the_early_bonus_is_a_bonus(tmp_path: Path) -> None:
    """6.0: "Bonus Victory Points are scored for destroying the Antilles before the end of the
    ninth game turn" — the amount is ours, but there is one: zero is refused."""
    p = write_variant(tmp_path, "early_bonus_per_turn = 3", "early_bonus_per_turn = 0")
    with pytest.raises(DataFileError) as e:
        load_tables(p)
    assert e.value.field == "scoring.early_bonus_per_turn"


# -- every screen says when the tables are our reconstruction --------------------------------
def test_the_shipped_tables_say_they_are_our_reconstruction() -> None:
    """2.11 "consult the 'Active Bolt Caster' Table", 2.12 "The various Paths are illustrated
    on the display page", 3.3 "the 'Paladin Attacks' chart": the text prints none of them, so
    the shipped file (``reconstructed = true``) is ours, and the game says so."""
    g = voidwar.load("antilles")
    notes = g.notes()
    assert len(notes) == 1 and "our reconstruction" in notes[0]
    assert "docs/antilles.md" in notes[0]
    assert voidwar.replay(g.record()).notes() == notes


def test_a_users_tables_are_named_and_a_copy_of_ours_is_still_ours(tmp_path: Path) -> None:
    """A user's file (the printed values, ``reconstructed = false``) is named in the notes; a
    copy of the shipped file, or a record's, still says it is our reconstruction."""
    mine = write_variant(tmp_path, 'reconstructed = true', 'reconstructed = false')
    mine.write_text(mine.read_text().replace('name = "voidwar reconstruction"',
                                             'name = "my printed copy"'))
    g = voidwar.load("antilles", tables=str(mine))
    (note,) = g.notes()
    assert "my printed copy" in note and str(mine) in note and "reconstruction" not in note
    (again,) = voidwar.replay(g.record()).notes()
    assert "my printed copy" in again and "a record" in again
    copy = tmp_path / "copy.toml"
    copy.write_text(SHIPPED.read_text())
    assert voidwar.load("antilles", tables=str(copy)).notes() == voidwar.load("antilles").notes()


def test_the_terminal_screen_shows_the_notes() -> None:
    """The terminal view leads with the notes (the reconstruction is said on every screen)."""
    from rich.console import Console

    from voidwar.rulesets.antilles.render import render

    console = Console(width=200, record=True)
    console.print(render(voidwar.load("antilles")))
    assert "our reconstruction" in console.export_text()


def test_tables_are_values_equal_by_their_content(tmp_path: Path) -> None:
    """The caches of the rules and the heuristic are keyed by tables: by what they hold, so a
    record's copy of the shipped tables is the same key, and a variant another."""
    from voidwar.rulesets.antilles.steps import board_setting

    shipped = default_tables()
    copy = load_tables(tomllib.loads(SHIPPED.read_text()))
    assert copy is not shipped and copy == shipped and hash(copy) == hash(shipped)
    assert board_setting(copy, 7) is board_setting(shipped, 7)
    variant = load_tables(write_variant(tmp_path, 'name = "', 'name = "mine: '))
    assert variant != shipped and variant.key != shipped.key
