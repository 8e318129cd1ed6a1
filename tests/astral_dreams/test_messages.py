"""What a player reads in Astral Dreams: a refusal that shows why an 'equal' cost is over, a
destroyed miniature's health never below 0."""

from __future__ import annotations

import pytest

import voidwar
from voidwar.core.errors import IllegalAction


def test_a_path_a_hair_over_the_speed_says_by_how_much() -> None:
    g = voidwar.load("astral-dreams", "open-table", seed=1)
    assert str(g.units["S1"].pos) == "24,3" and g.units["S1"].profile.speed == 6
    with pytest.raises(IllegalAction) as e:
        g.apply("move S1 to 24,9.001")
    assert 'that path costs 6.001"' in e.value.reason  # not "6.00", the speed itself
    with pytest.raises(IllegalAction) as far:
        g.apply("move S1 to 24,10")
    assert 'that path costs 7.00"' in far.value.reason
    g.apply("move S1 to 24,9")  # exactly the speed: allowed


def test_health_in_the_log_is_never_below_zero() -> None:
    g = voidwar.load("astral-dreams", "ruins", seed=7)
    pol = voidwar.policies.get("heuristic", "astral-dreams", seed=7)
    while not g.over:
        g.apply(pol.choose(g))
    hits = [e.text for e in g.log if e.kind == "hit"]
    assert any(t.endswith("health 0") for t in hits)  # a miniature destroyed by a hit
    assert not [t for t in hits if "health -" in t]
