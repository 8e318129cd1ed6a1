"""Power (AV:T A5.312–A5.373) and heat (A5.39–A5.392): the spec's test vectors (§17) and rules."""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidwar.core.errors import IllegalAction
from voidwar.rulesets.attack_vector.systems.heat import HeatState, Radiators
from voidwar.rulesets.attack_vector.systems.power import PowerState

F = Fraction


def rafik_power(stored: int = 22) -> PowerState:
    return PowerState((F(3, 2), F(3, 2)), F(22), F(stored))


# -- power -------------------------------------------------------------------------------------
def test_two_shots_cost_six_then_regeneration_adds_three() -> None:
    # AV:T A5.372–A5.373 (Sample Game Three, segment 6): 22 − 6 = 16, + 3 = 19
    p = rafik_power()
    p.pay(F(3))
    p.pay(F(3))
    assert p.stored == 16
    assert p.regenerate() == 3
    assert p.stored == 19


def test_regeneration_is_capped_at_battery_capacity() -> None:
    # A5.373: "the maximum power your ship can store is equal to your battery total"
    p = rafik_power(21)
    assert p.regenerate() == 1
    assert p.stored == 22
    assert p.regenerate() == 0
    assert p.stored == 22


def test_one_reactor_makes_exact_halves() -> None:
    p = rafik_power(10)
    p.set_reactors([True, False], at_turn_boundary=True)
    p.regenerate()
    assert p.stored == F(23, 2)  # 10 + 1.5, exact
    p.regenerate()
    assert p.stored == 13


def test_firing_without_power_is_refused_and_changes_nothing() -> None:
    p = rafik_power(2)
    with pytest.raises(IllegalAction, match="not enough power") as e:
        p.pay(F(3))
    assert e.value.rule == "AV:T A5.372"
    assert p.stored == 2


def test_reactors_switch_only_at_the_turn_boundary() -> None:
    # A5.392: reactor status changes only between segment 8 and segment 1
    p = rafik_power()
    with pytest.raises(IllegalAction, match="end of a turn"):
        p.set_reactors([False, False], at_turn_boundary=False)
    assert p.on == [True, True]
    p.set_reactors([False, False], at_turn_boundary=True)
    assert p.output == 0
    assert p.regenerate() == 0


def test_destroyed_reactor_makes_no_power_and_battery_damage_spills_power() -> None:
    p = rafik_power(22)
    p.destroy_reactor(0)
    assert p.output == F(3, 2)
    assert p.set_capacity(F(18)) == 4
    assert p.stored == 18


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("pay"), st.integers(0, 9)),
            st.tuples(st.just("regen"), st.just(0)),
            st.tuples(st.just("cap"), st.integers(0, 22)),
            st.tuples(st.just("react"), st.integers(0, 3)),
        ),
        max_size=40,
    )
)
def test_power_never_above_capacity_nor_below_zero(ops: list[tuple[str, int]]) -> None:
    p = rafik_power()
    for op, n in ops:
        if op == "pay":
            if p.can_pay(F(n)):
                p.pay(F(n))
            else:
                with pytest.raises(IllegalAction):
                    p.pay(F(n))
        elif op == "regen":
            p.regenerate()
        elif op == "cap":
            p.set_capacity(F(n))
        else:
            p.set_reactors([bool(n & 1), bool(n & 2)], at_turn_boundary=True)
        assert 0 <= p.stored <= p.capacity


# -- heat --------------------------------------------------------------------------------------
def test_two_reactors_make_three_heat_per_turn() -> None:
    # A5.39: heat = power per segment of the reactors that were on: 2 × 1.5 = 3 (not 2 × ⌈1.5⌉)
    h = HeatState(capacity=15, radiators=3)
    r = h.end_of_turn(rafik_power().heat_output)
    assert r.generated == 3
    assert h.stored == 3


def test_one_reactor_heat_rounds_up_to_two() -> None:
    # A5.39: fractional heat is rounded up before dissipation: 1.5 → 2 (spec §17)
    p = rafik_power()
    p.set_reactors([True, False], at_turn_boundary=True)
    h = HeatState(capacity=15, radiators=3)
    assert h.end_of_turn(p.heat_output).generated == 2


def test_radiator_state_machine_and_dissipation() -> None:
    # spec §10.3: IN → EXTENDING (a turn) → OUT → RETRACTING (a turn) → IN
    h = HeatState(capacity=15, radiators=3, stored=F(10))
    assert h.thrust_allowed and not h.surrendered
    h.order(True, at_turn_boundary=True)
    assert h.status is Radiators.EXTENDING
    assert not h.thrust_allowed  # A5.391: thrust only with radiators retracted
    assert h.surrendered  # A5.314: radiators out = surrender
    r = h.end_of_turn(F(0))  # turn spent extending: no dissipation yet
    assert r.dissipated == 0 and h.status is Radiators.OUT and h.stored == 10
    r = h.end_of_turn(F(0))  # a whole turn out: 3 × 0.4 = 1.2 (spec §17)
    assert r.dissipated == F(6, 5)
    assert h.stored == F(44, 5)  # 8.8, kept exact while out
    h.order(False, at_turn_boundary=True)
    assert h.status is Radiators.RETRACTING and not h.thrust_allowed
    h.end_of_turn(F(0))
    assert h.status is Radiators.IN
    assert h.stored == 9  # A5.391: rounded up when retracted
    assert h.thrust_allowed


def test_radiator_orders_only_at_the_boundary_and_only_from_the_right_state() -> None:
    h = HeatState(capacity=15, radiators=3)
    with pytest.raises(IllegalAction, match="end of a turn"):
        h.order(True, at_turn_boundary=False)
    with pytest.raises(IllegalAction, match="cannot be retracted"):
        h.order(False, at_turn_boundary=True)
    h.order(True, at_turn_boundary=True)
    with pytest.raises(IllegalAction, match="cannot be extended"):
        h.order(True, at_turn_boundary=True)


def test_dissipation_never_makes_heat_negative_and_destroyed_radiators_dump_nothing() -> None:
    h = HeatState(capacity=15, radiators=3, stored=F(0), status=Radiators.OUT)
    h.end_of_turn(F(0))
    assert h.stored == 0
    h.destroy_radiator(0)
    h.destroy_radiator(1)
    h.stored = F(2)
    assert h.end_of_turn(F(0)).dissipated == F(2, 5)


def test_excess_heat_crew_checks_our_design() -> None:
    # our design (spec §10.4): one crew check per whole excess point; failures are damage points
    h = HeatState(capacity=15, radiators=3, stored=F(14))
    h.end_of_turn(F(3))  # 17 stored, 2 over
    assert h.excess == 2
    rolls = iter([5, 6])  # crew 6+: 5 fails, 6 passes
    assert h.excess_heat_damage(6, lambda sides, why: next(rolls)) == 1


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("turn"), st.integers(0, 6)),
            st.tuples(st.just("extend"), st.booleans()),
            st.tuples(st.just("lose"), st.integers(0, 2)),
        ),
        max_size=30,
    )
)
def test_heat_is_never_negative(ops: list[tuple[str, object]]) -> None:
    h = HeatState(capacity=15, radiators=3, stored=F(1))
    for op, v in ops:
        if op == "turn":
            assert isinstance(v, int)
            h.end_of_turn(F(v, 2))
        elif op == "extend":
            with contextlib.suppress(IllegalAction):
                h.order(bool(v), at_turn_boundary=True)
        else:
            assert isinstance(v, int)
            h.destroy_radiator(v)
        assert h.stored >= 0
        assert h.excess >= 0
