"""A clone is an independent copy that plays on exactly as the original would (search plays
many copies of one game)."""

from __future__ import annotations

import random
from dataclasses import fields
from fractions import Fraction

import pytest

from voidwar.core.hexgrid import Hex3
from voidwar.core.registry import load
from voidwar.rulesets.attack_vector import avid
from voidwar.rulesets.attack_vector.data import scenario_names
from voidwar.rulesets.attack_vector.game import AttackVectorGame
from voidwar.rulesets.attack_vector.movement_grid import MovementGrid, our_cells
from voidwar.rulesets.attack_vector.state import Burn, FacingChange
from voidwar.rulesets.attack_vector.systems.ship import ShipSystems
from voidwar.rulesets.attack_vector.vectors import Vec3

from .helpers import random_positions

SCENARIOS = sorted(scenario_names())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_clone_plays_on_as_the_original_and_leaves_it_untouched(scenario: str) -> None:
    for i, game in enumerate(random_positions(scenario, 4)):
        if i % 7 or game.over:
            continue
        before = game.digest()
        first, second = game.clone(), game.clone()
        assert first.state_dict() == game.state_dict() and first.log == game.log
        rng_a, rng_b = random.Random(i), random.Random(i)
        for _ in range(30):
            if first.over:
                break
            legal = first.legal_actions()
            assert legal == second.legal_actions()
            assert first.apply(legal[rng_a.randrange(len(legal))]) == second.apply(
                legal[rng_b.randrange(len(legal))])
            assert first.digest() == second.digest()
        assert game.digest() == before  # the copies' play left the original as it was


def test_clone_reseeded_has_fresh_dice() -> None:
    game = load("attack-vector", scenario="duel", seed=1)
    twin = game.clone(reseed=99)
    assert twin.dice is not game.dice and twin.dice.spec() == {"kind": "seeded", "seed": 99}
    assert twin.state_dict() == game.state_dict()


def test_cloned_seeded_dice_roll_alike_and_apart() -> None:
    game = load("attack-vector", scenario="duel", seed=8)
    game.roll(10, "warm up")
    twin = game.clone()
    assert twin.dice is not game.dice
    a = [game.dice.roll(10, "t").value for _ in range(50)]
    b = [twin.dice.roll(10, "t").value for _ in range(50)]
    assert a == b and game.dice.history == twin.dice.history
    twin.dice.roll(6, "only the twin")
    assert len(twin.dice.history) == len(game.dice.history) + 1


def test_a_systems_copy_is_equal_and_independent() -> None:
    for i, game in enumerate(random_positions("duel", 6)):
        if i % 9 or game.combat is None:
            continue
        for sys_ in game.combat.systems.values():
            twin = sys_.copy()
            assert isinstance(twin, ShipSystems) and twin == sys_
            before = sys_.to_dict()
            twin.power.stored += 1
            twin.heat.destroyed.add(99)
            next(iter(twin.weapons.values())).ready_abs += 5
            twin.damage.mark(sys_.model.ssd.core, 0)
            twin.damage_log.append("x")
            assert sys_.to_dict() == before


def test_ship_copy_keeps_every_field_and_shares_no_mutable_part() -> None:
    """``ShipState.copy`` lists the fields one by one (the compiled build's native class has
    no ``__dict__``): with every field set apart from its default, the copy equals the
    original, and its mutable parts are its own."""
    game = load("attack-vector", scenario="duel", seed=3)
    assert isinstance(game, AttackVectorGame)
    ship = next(iter(game.ships.values()))
    turned = ship.orient
    values = {
        "fp": Hex3(1, 2, 3), "plotted": Vec3(1, 0, 0), "thrust": Fraction(1, 2),
        "burn": Burn(Fraction(1), 2, {"A": 1}, ["A"], [True], [False], Fraction(1, 3), 1),
        "bias": "A", "corner": (avid.ALL_WINDOWS[0], 1, 2),
        "facing": FacingChange("pivot", "to C+", 3, [(1, turned)], 1),
        "completed_facing": True, "fuel_used": 4, "carry": {"A": Fraction(1, 4)},
        "moved": Vec3(0, 1, 0), "displaced": Vec3(0, 0, 1),
        "grid": MovementGrid(*our_cells(), "(another table)"),
        "out": True, "engine_boxes_lost": 1, "systems": {"heat": 2},
    }
    for name, value in values.items():
        setattr(ship, name, value)
    names = {f.name for f in fields(ship)}
    assert set(values) | {"id", "seat", "cls", "pos", "velocity", "orient", "start"} == names
    twin = ship.copy()
    assert twin == ship
    assert twin.burn is not ship.burn and twin.facing is not ship.facing
    assert twin.carry is not ship.carry
    assert twin.grid is ship.grid  # a read-only table, shared
    assert twin.facing is not None and ship.facing is not None
    assert twin.facing.steps is not ship.facing.steps
