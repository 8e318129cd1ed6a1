"""Bearings and the RAL (AV:T A5.133, A5.152-A5.171; spec §6, §17)."""

from __future__ import annotations

import pytest

from voidwar.rulesets.attack_vector.avid import parse_window
from voidwar.rulesets.attack_vector.bearings import EXACT, RULE, azimuth_index, bearing_of, ral
from voidwar.rulesets.attack_vector.vectors import parse_vector


def az(text: str, method: str = RULE) -> str:
    v = parse_vector(text)
    return str(parse_window_index(azimuth_index(v.dq, v.dr, method)))


def parse_window_index(k: int) -> str:
    return ("A", "A/B", "B", "B/C", "C", "C/D", "D", "D/E", "E", "E/F", "F", "F/A")[k]


@pytest.mark.parametrize(
    ("offset", "window"),
    [("1A 1B", "A/B"), ("1B", "B"), ("4A 2F", "F/A"), ("3A 2F", "F/A"), ("6A", "A"),
     ("3A 1B", "A"), ("5A 2B", "A/B"), ("1A 3B", "B"), ("11A 4B", "A/B")],
)
def test_three_times_rule(offset: str, window: str) -> None:
    assert az(offset) == window


def test_exact_geometry_differs_at_11_4() -> None:
    # spec §6.2: the exact ±15° test puts 11A+4B in side A; the two agree below distance 15
    assert az("11A 4B", EXACT) == "A"
    for a in range(0, 15):
        for b in range(0, 15 - a):
            if a + b:
                assert az(f"{a}A {b}B") == az(f"{a}A {b}B", EXACT), (a, b)


@pytest.mark.parametrize(
    ("h", "v", "rng", "ring"),
    [(6, 1, 6, 0), (5, 2, 5, 1), (6, 5, 7, 1), (0, 4, 4, 3), (3, 3, 4, 1), (1, 1, 1, 1),
     (7, 0, 7, 0)],
)
def test_ral_spec_17(h: int, v: int, rng: int, ring: int) -> None:
    assert ral(h, v) == (rng, ring)


RAL_EXCERPT = """
 0   0A   1A   2A   3A   4A   5A   6A   7A   8A   9A  10A  11A  12A
 1   1P   1B   2B   3B   4A   5A   6A   7A   8A   9A  10A  11A  12A
 2   2P   2G   2B   3B   4B   5B   6B   7B   8A   9A  10A  11A  12A
 3   3P   3G   3G   4B   5B   5B   6B   7B   8B   9B  10B  11B  12A
 4   4P   4P   4G   5G   5B   6B   7B   8B   8B   9B  10B  11B  12B
 5   5P   5P   5G   5G   6G   7B   7B   8B   9B  10B  11B  12B  13B
 6   6P   6P   6G   6G   7G   7G   8B   9B  10B  10B  11B  12B  13B
"""


def test_ral_excerpt_of_spec() -> None:
    rings = {"A": 0, "B": 1, "G": 2, "P": 3}
    for line in RAL_EXCERPT.strip().splitlines():
        v, *cells = line.split()
        for h, cell in enumerate(cells):
            if int(v) == 0 and h == 0:
                continue
            assert ral(h, int(v)) == (int(cell[:-1]), rings[cell[-1]]), (h, v)


def test_target_markers_of_game_one() -> None:
    # A5.153: 4A+2F, one level below -> 6 in F/A amber; A5.162: 3A+2F, 2 below -> 5 F/A blue-under
    b = bearing_of(parse_vector("4A 2F -1"))
    assert (b.range, b.window) == (6, parse_window("F/A"))
    b = bearing_of(parse_vector("3A 2F -2"))
    assert (b.range, b.window) == (5, parse_window("F/A-"))
    assert b.window is not None and b.window.below  # drawn circled
    b = bearing_of(parse_vector("6A +5"))  # A5.171: 6 in A, 5 up -> 7 blue
    assert (b.range, str(b.window)) == (7, "A+")
    b = bearing_of(parse_vector("1A 1B"))
    assert (b.range, str(b.window)) == (2, "A/B")
    b = bearing_of(parse_vector("+4"))
    assert (b.range, str(b.window)) == (4, "+++")
    assert bearing_of(parse_vector("0")).window is None


def test_two_d_bearings_ignore_rings() -> None:
    b = bearing_of(parse_vector("3A 2F -2"), three_d=False)
    assert str(b.window) == "F/A" and b.range == 5
