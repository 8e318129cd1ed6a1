"""Velocity normal form and vector notation (AV:T A2.4; spec §4.1, §17). Segmented movement
(A2.1): test_movement_grid.py."""

from __future__ import annotations

import pytest

from voidwar.rulesets.attack_vector.vectors import (
    Vec3,
    format_vector,
    normal_form,
    parse_vector,
    unit,
)


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


@pytest.mark.parametrize("bad", ["", "4G", "A B C?", "++1"])
def test_bad_vectors(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_vector(bad)
