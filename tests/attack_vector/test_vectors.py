"""Velocity normal form and segmented movement (AV:T A2.1, A2.4; spec §4, §17)."""

from __future__ import annotations

import pytest

from voidwar.rulesets.attack_vector.vectors import (
    Vec3,
    component_moves,
    format_vector,
    grid_rows,
    normal_form,
    parse_vector,
    segment_move,
    unit,
)


@pytest.mark.parametrize(
    ("v", "moves"),
    [
        (7, [0, 1, 1, 1, 1, 1, 1, 1]),  # A2.1: one hex on segments 2-8
        (12, [1, 2, 1, 2, 1, 2, 1, 2]),  # A2.1: 1 on seg 1, 2 on seg 2, ...
        (4, [0, 1, 0, 1, 0, 1, 0, 1]),
        (2, [0, 0, 0, 1, 0, 0, 0, 1]),
        (8, [1] * 8),
        (0, [0] * 8),
    ],
)
def test_segmented_movement_spec_17(v: int, moves: list[int]) -> None:
    assert component_moves(v) == moves
    assert sum(moves) == v


@pytest.mark.parametrize(
    ("rmd", "segments"),
    [(1, [8]), (2, [4, 8]), (3, [3, 6, 8]), (4, [2, 4, 6, 8]), (5, [2, 4, 5, 7, 8]),
     (6, [2, 3, 4, 6, 7, 8]), (7, [2, 3, 4, 5, 6, 7, 8])],
)
def test_remainder_table(rmd: int, segments: list[int]) -> None:
    # spec §4.3: per segment = Each + [segment in R(Rmd)]
    for each in (0, 1, 2):
        moves = component_moves(8 * each + rmd)
        assert [s for s in range(1, 9) if moves[s - 1] > each] == segments


def test_normal_form_merges_and_cancels() -> None:
    # spec §4.1: 3A + 1C -> 2A + 1B; opposites cancel
    assert normal_form(parse_vector("3A 1C")) == {"A": 2, "B": 1}
    assert normal_form(parse_vector("2A 2D")) == {}
    assert normal_form(parse_vector("4A 2F -1")) == {"F": 2, "A": 4, "-": 1}
    assert normal_form(parse_vector("1E 8A")) == {"F": 1, "A": 7}
    assert format_vector(parse_vector("2B 4A +1")) == "4A 2B +1"
    assert format_vector(Vec3()) == "0"


def test_direction_identities() -> None:
    # spec §3.2: A + D = 0, A + C = B, F + B = A
    assert unit("A") + unit("D") == Vec3()
    assert unit("A") + unit("C") == unit("B")
    assert unit("F") + unit("B") == unit("A")


def test_segment_move_combines_components() -> None:
    v = parse_vector("4A 2B")  # Game Three's grid: A on 2,4,6,8 and B on 4,8
    moves = [normal_form(segment_move(v, s)) for s in range(1, 9)]
    assert moves == [{}, {"A": 1}, {}, {"A": 1, "B": 1}, {}, {"A": 1}, {}, {"A": 1, "B": 1}]
    assert grid_rows(v) == [{"vel": 4, "dir": "A", "each": 0, "rmd": 4},
                            {"vel": 2, "dir": "B", "each": 0, "rmd": 2}]


@pytest.mark.parametrize("bad", ["", "4G", "A B C?", "++1"])
def test_bad_vectors(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_vector(bad)
