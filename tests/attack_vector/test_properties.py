"""Property tests: random legal order sequences keep the motion invariants (spec §4, §5, §7)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voidwar.core.hexgrid import DIRECTION_LETTERS
from voidwar.rulesets.attack_vector.exact import Q3, dot
from voidwar.rulesets.attack_vector.game import AttackVectorGame
from voidwar.rulesets.attack_vector.vectors import parse_vector, shift

from .helpers import load


def check_invariants(g: AttackVectorGame) -> None:
    for s in g.ships.values():
        n, st_, t = s.orient.frame()
        assert dot(n, n) == Q3(1) and dot(t, t) == Q3(1) and dot(st_, st_) == Q3(1)
        assert dot(n, t) == Q3(0) and dot(n, st_) == Q3(0) and dot(st_, t) == Q3(0)
        vel = s.velocity.components()
        horiz = [k for k in vel if k in DIRECTION_LETTERS]
        assert len(horiz) <= 2 and all(v > 0 for v in vel.values())
        if len(horiz) == 2:
            i, j = sorted(DIRECTION_LETTERS.index(k) for k in horiz)
            assert j - i in (1, 5), vel  # adjacent directions only
        assert not ("+" in vel and "-" in vel)
        assert parse_vector(str(s.velocity)) == s.velocity
        assert 0 <= s.fuel_left <= s.cls.fuel.capacity
        assert shift(shift(s.start, s.moved), s.displaced) == s.pos


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["game-two", "game-three", "duel"]),
       st.lists(st.integers(min_value=0, max_value=10_000), min_size=5, max_size=60))
def test_random_legal_orders_keep_invariants(scenario: str, picks: list[int]) -> None:
    g = load(scenario)
    check_invariants(g)
    for p in picks:
        if g.over:
            break
        legal = g.legal_actions()
        # bias towards "done" so that segments actually pass
        a = legal[0] if p % 3 == 0 else legal[p % len(legal)]
        g.apply(a)
        check_invariants(g)


@settings(max_examples=5, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=10, max_size=40))
def test_two_d_play_stays_level(picks: list[int]) -> None:
    g = load("duel", three_d=False)
    for p in picks:
        if g.over:
            break
        legal = g.legal_actions()
        g.apply(legal[0] if p % 2 == 0 else legal[p % len(legal)])
        for s in g.ships.values():
            assert s.pos.z == 0 and s.velocity.dz == 0 and s.orient.nose.e == 0
