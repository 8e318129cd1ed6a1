"""Weapons (AV:T A2.2, A5.166, A5.371): codes, the MRLS table, "Dn" results, cooling, arcs."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from voidwar.core.errors import DataFileError
from voidwar.rulesets.attack_vector.data import load_systems, load_weapon_rules
from voidwar.rulesets.attack_vector.systems.arcs import (
    Arc,
    ArcBlock,
    ShipWindow,
    ship_frame_window_of,
)
from voidwar.rulesets.attack_vector.systems.weapons import (
    WeaponCode,
    WeaponCodeError,
    WeaponState,
    abs_segment,
    ready_at,
)

MRLS = WeaponCode.parse("3 MRLS 3(+5)")


def scripted(*values: int):  # type: ignore[no-untyped-def]
    it = iter(values)
    return lambda sides, why: next(it)


# -- weapon codes --------------------------------------------------------------------------------
def test_weapon_code_reads_as_the_book_explains() -> None:
    # A5.371: 3 spaces, medium-range laser, 3 power per shot, 5 segments to cool
    assert WeaponCode(3, "MRLS", Fraction(3), 5) == MRLS
    assert str(MRLS) == "3 MRLS 3(+5)"
    assert WeaponCode.parse("  4 mrls 1.5 ( +3 ) ") == WeaponCode(4, "MRLS", Fraction(3, 2), 3)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("MRLS 3(+5)", "start with the size"),
        ("3 3(+5)", "type"),
        ("3 MRLS 3", "cooling time"),
        ("3 MRLS 3(5)", "plus sign"),
        ("3 MRLS x(+5)", "expected"),
        ("0 MRLS 3(+5)", "size must be at least 1"),
        ("3 MRLS 3(+0)", "cooling must be at least"),
    ],
)
def test_malformed_weapon_codes_are_refused_clearly(text: str, why: str) -> None:
    with pytest.raises(WeaponCodeError, match=why):
        WeaponCode.parse(text)


# -- the MRLS table (A2.2) and the "Dn" results --------------------------------------------------
def test_range_10_roll_6_does_7() -> None:
    # A5.166 worked example; spec §17
    rules = load_weapon_rules()
    shot = rules.resolve(MRLS, 10, scripted(6))
    assert shot is not None and shot.damage == 7 and shot.bracket == (0, 10)


def test_table_cells_from_the_spec_vectors() -> None:
    rules = load_weapon_rules()
    assert str(rules.cell(MRLS, 11, 1)) == "D7"
    assert str(rules.cell(MRLS, 30, 5)) == "1"
    assert rules.bracket(MRLS, 16) == (16, 17)
    assert rules.cell(MRLS, 31, 10) is None  # beyond the last bracket: cannot fire (PROPOSAL)
    assert rules.max_range(MRLS) == 30


def test_sample_game_one_two_lasers_add() -> None:
    # A5.166: two 3 MRLS at range 5, rolls 6 and 1 → 7 + 5 = 12
    rules = load_weapon_rules()
    dice = scripted(6, 1)
    total = sum(s.damage for s in (rules.resolve(MRLS, 5, dice), rules.resolve(MRLS, 5, dice)) if s)
    assert total == 12


def test_d_results_our_meaning() -> None:
    # our reconstruction: Dn = roll another d10, 1 point if ≤ n
    rules = load_weapon_rules()
    hit = rules.resolve(MRLS, 12, scripted(1, 7))  # D7, second roll 7 → 1
    miss = rules.resolve(MRLS, 12, scripted(1, 8))  # D7, second roll 8 → 0
    assert hit is not None and hit.cell.d == "D7" and hit.damage == 1
    assert miss is not None and miss.damage == 0
    # the table stays monotone in expectation: closer is never worse
    exp = [rules.expected_damage(MRLS, r) for r in range(0, 32)]
    assert all(a >= b for a, b in itertools.pairwise(exp))
    assert exp[10] == Fraction(5 + 6 + 6 + 7 * 7, 10)  # 6.6
    assert exp[31] == 0


def test_d_results_are_replaceable_by_a_user_file(tmp_path: Path) -> None:
    f = tmp_path / "d.toml"
    f.write_text(
        "[results.D1]\nroll_at_most=10\ndamage=3\n[results.D3]\nroll_at_most=0\ndamage=1\n"
        "[results.D5]\nroll_at_most=0\ndamage=1\n[results.D7]\nroll_at_most=0\ndamage=1\n"
    )
    rules = load_weapon_rules(None, str(f))
    shot = rules.resolve(MRLS, 25, scripted(1, 4))  # range 23-30, roll 1 → D1
    assert shot is not None and shot.damage == 3


def test_bad_table_files_are_refused_with_file_field_reason(tmp_path: Path) -> None:
    f = tmp_path / "d.toml"
    f.write_text("[results.D1]\nroll_at_most=1\ndamage=1\n")
    with pytest.raises(DataFileError, match=r"D7 .* has no meaning"):
        load_weapon_rules(None, str(f))
    t = tmp_path / "t.toml"
    t.write_text(
        '[tables.MRLS-3]\ntype="MRLS"\nsize=3\nbrackets=[[0,10],[12,13]]\nrows=[["1","1"]]\n'
    )
    with pytest.raises(DataFileError) as e:
        load_weapon_rules(str(t), None)
    assert e.value.field == "tables.MRLS-3.brackets" and "start at 11" in e.value.reason


# -- cooling (A5.371) ----------------------------------------------------------------------------
def test_fired_on_segment_6_ready_on_next_turns_segment_3() -> None:
    assert ready_at(1, 6, 5) == (2, 3)
    assert abs_segment(2, 3) == 11
    w = WeaponState("A1", "A", MRLS)
    assert w.is_ready(1, 6)
    w.fired(1, 6)
    assert not w.is_ready(1, 7)
    assert not w.is_ready(2, 2)
    assert w.is_ready(2, 3)
    assert w.timer_text(1, 8) == "ready turn 2 seg 3"


# -- arcs (A5.166) -------------------------------------------------------------------------------
NOSE_A = (0, 0)  # window A, amber
TOP_UP = (0, 3)  # purple, up


def test_a5_166_mounts_a_and_b_bear_c_does_not() -> None:
    # nose A level, top up; target in F/A blue-below → 30° to port and 30° down of the nose
    model, file = load_systems()
    from voidwar.rulesets.attack_vector.systems.ship import ShipSystems

    ship = ShipSystems.build(model, load_weapon_rules(), file=file)
    w = ship_frame_window_of((11, -1), NOSE_A, TOP_UP)
    assert w == ShipWindow(11, -1)
    assert ship.mounts_bearing(w) == ["A", "B"]


def test_frame_conversion_follows_the_ship() -> None:
    # nose B/C level, top up (Sample Game Two's end): a target in window B/C is dead ahead,
    # one in E/F dead astern, one in window A is 90° to port
    nose = (3, 0)
    assert ship_frame_window_of((3, 0), nose, TOP_UP) == ShipWindow(0, 0)
    assert ship_frame_window_of((9, 0), nose, TOP_UP) == ShipWindow(6, 0)
    assert ship_frame_window_of((0, 0), nose, TOP_UP) == ShipWindow(9, 0)
    # upside down (top straight down): port and starboard swap
    assert ship_frame_window_of((3, 0), (0, 0), (0, -3)) == ShipWindow(9, 0)
    # nose C+ with starboard D/E (A5.333): top is F green. Straight up is 30° from the top and
    # 60° from the nose, on the nose's side: ship-frame azimuth 0 (ahead), elevation 60°
    assert ship_frame_window_of((0, 3), (4, 1), (10, 2)) == ShipWindow(0, 2)
    # ... and the target in the nose's own window C+ is dead ahead
    assert ship_frame_window_of((4, 1), (4, 1), (10, 2)) == ShipWindow(0, 0)


def test_arc_blocks_expand_to_windows() -> None:
    arc = Arc.from_blocks([ArcBlock(azimuth=(-30, 30), elevation=(0, 90))])
    assert ShipWindow(11, 0) in arc and ShipWindow(1, 2) in arc and ShipWindow(0, 3) in arc
    assert ShipWindow(2, 0) not in arc and ShipWindow(0, -1) not in arc
    assert len(arc.windows) == 3 * 3 + 1
    assert arc.amber_only().windows == {ShipWindow(11, 0), ShipWindow(0, 0), ShipWindow(1, 0)}
    with pytest.raises(ValueError, match="multiples of 30"):
        ArcBlock(azimuth=(-45, 30), elevation=(0, 0))
