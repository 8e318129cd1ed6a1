"""The one legality test: ``check`` raises what ``reason`` says, ``legal_actions`` is the
candidates it lets through, and an order legal a moment ago is refused once the position has
changed (AV:T A2.4, A5.24, A5.222, A5.242, A5.272)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from voidwar.core.errors import IllegalAction
from voidwar.core.registry import load
from voidwar.rulesets.attack_vector.actions import BiasOrder, PivotTo, RollOrder, SetThrust
from voidwar.rulesets.attack_vector.avid import orientation
from voidwar.rulesets.attack_vector.data import scenario_names
from voidwar.rulesets.attack_vector.game import AttackVectorGame

from .helpers import random_positions

SCENARIOS = sorted(scenario_names())


def _game(scenario: str = "game-two", **options: object) -> AttackVectorGame:
    game = load("attack-vector", scenario=scenario, seed=1, **options)
    assert isinstance(game, AttackVectorGame)
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legal_actions_are_the_candidates_check_lets_through(scenario: str) -> None:
    for i, game in enumerate(random_positions(scenario, 1)):
        if i % 3:
            continue
        legal = game.legal_actions()
        assert legal == [a for a in game.candidates() if game.reason(a) is None]
        for a in game.candidates():
            if a not in legal:
                with pytest.raises(IllegalAction):
                    game.check(a)


def test_legal_actions_in_two_d_play() -> None:
    for game in random_positions("game-two", 3, {"three_d": False}):
        legal = game.legal_actions()
        assert legal == [a for a in game.candidates() if game.reason(a) is None]
        assert not [a for a in legal if isinstance(a, PivotTo) and a.window.e != 0]
        assert all(a.degrees == 180 for a in legal if isinstance(a, RollOrder))


def test_a_thrust_order_is_refused_once_one_is_given() -> None:
    game = _game()
    thrust = next(a for a in game.legal_actions() if isinstance(a, SetThrust) and a.value)
    game.check(thrust)
    game.apply(thrust)
    with pytest.raises(IllegalAction, match=r"A5\.242"):  # one thrust order a segment
        game.check(thrust)
    assert not [a for a in game.legal_actions() if isinstance(a, SetThrust)]


def test_no_thrust_once_the_last_fuel_unit_is_burnt() -> None:
    """AV:T A2.4: an empty tank allows only thrust 0; the matrix row stays the same."""
    game = _game()
    ship = next(iter(game.ships.values()))
    ship.fuel_used = ship.cls.fuel.capacity - 1
    first = [a for a in game.legal_actions() if isinstance(a, SetThrust) and a.value]
    assert first
    row = ship.max_thrust
    ship.fuel_used += 1
    assert ship.max_thrust == row
    with pytest.raises(IllegalAction, match="fuel"):
        game.check(first[0])
    assert not [a for a in game.legal_actions() if isinstance(a, SetThrust) and a.value]


def test_thrust_above_the_matrix_or_off_the_chart_is_refused() -> None:
    game = _game()
    ship = next(iter(game.ships.values()))
    top = max(a.value for a in game.legal_actions() if isinstance(a, SetThrust))
    assert top == ship.max_thrust
    with pytest.raises(IllegalAction, match=r"above .* thrust matrix"):
        game.check(SetThrust(None, top + Fraction(1, 2)))
    with pytest.raises(IllegalAction, match="not a thrust-chart column"):
        game.check(SetThrust(None, Fraction(1, 3)))
    with pytest.raises(IllegalAction, match="already"):
        game.check(SetThrust(None, ship.thrust))


def test_one_facing_change_at_a_time() -> None:
    """AV:T A5.222: a pivot under way refuses every facing change until it completes."""
    game = _game()
    pivot = next(a for a in game.legal_actions() if isinstance(a, PivotTo))
    game.apply(pivot)
    with pytest.raises(IllegalAction, match="facing-change order this segment"):
        game.check(RollOrder(None, 180, True))
    game.apply("done")
    ship = next(iter(game.ships.values()))
    if ship.facing is not None:  # a pivot of more than one segment: still under way
        with pytest.raises(IllegalAction, match="already in a pivot"):
            game.check(RollOrder(None, 180, True))
        assert not [a for a in game.legal_actions() if isinstance(a, PivotTo | RollOrder)]


def test_a_bias_only_at_a_corner_and_to_one_of_its_sides() -> None:
    """AV:T A5.272: a bias is chosen with the nose at a hex corner, to one of its two sides,
    once a segment."""
    game = _game()
    ship = next(iter(game.ships.values()))
    assert not ship.orient.nose.is_corner  # nose F
    assert not [a for a in game.legal_actions() if isinstance(a, BiasOrder)]
    with pytest.raises(IllegalAction, match="not at a hex corner"):
        game.check(BiasOrder(None, "F"))
    ship.orient = orientation(1, 0, 0)  # nose A/B
    assert [a.direction for a in game.legal_actions() if isinstance(a, BiasOrder)] == ["A", "B"]
    with pytest.raises(IllegalAction, match="at corner A/B the bias is A or B"):
        game.check(BiasOrder(None, "C"))
    game.apply("bias B")
    with pytest.raises(IllegalAction, match="already has a bias order"):
        game.check(BiasOrder(None, "A"))
    assert not [a for a in game.legal_actions() if isinstance(a, BiasOrder)]
