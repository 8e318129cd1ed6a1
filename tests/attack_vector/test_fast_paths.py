"""The fast paths of issue 18 give exactly what the plain definitions give.

* ``legal_actions`` (gates, cached candidates) is the candidates that ``reason`` lets through;
* ``clone`` (written out) equals a deep copy and plays on identically, and is independent;
* ``nearest_window`` (integers) picks the window the exact Q(√3) comparison picks.
"""

from __future__ import annotations

import copy
import random

import pytest

from voidwar.core.registry import load
from voidwar.rulesets.attack_vector import avid
from voidwar.rulesets.attack_vector.data import scenario_names
from voidwar.rulesets.attack_vector.exact import Q3, Vec, dot, neg
from voidwar.rulesets.attack_vector.game import AttackVectorGame

from .helpers import random_positions as _games

SCENARIOS = sorted(scenario_names())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legal_actions_are_the_candidates_reason_lets_through(scenario: str) -> None:
    for seed in (1, 2):
        for game in _games(scenario, seed):
            slow = [a for a in game.candidates() if game.reason(a) is None]
            assert game.legal_actions() == slow


def test_legal_actions_in_two_d_play() -> None:
    for game in _games("game-two", 3, {"three_d": False}):
        assert game.legal_actions() == [a for a in game.candidates() if game.reason(a) is None]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_clone_is_a_deep_copy_that_plays_on_alike(scenario: str) -> None:
    rng = random.Random(5)
    for i, game in enumerate(_games(scenario, 4)):
        if i % 7 or game.over:
            continue
        fast, deep = game.clone(), copy.deepcopy(game)
        assert fast.state_dict() == deep.state_dict() == game.state_dict()
        assert fast.log == game.log and fast.actions == game.actions
        before = game.digest()
        for _ in range(30):
            if fast.over:
                break
            legal = fast.legal_actions()
            assert legal == deep.legal_actions()
            pick = legal[rng.randrange(len(legal))]
            assert fast.apply(pick) == deep.apply(pick)
            assert fast.digest() == deep.digest()
        assert game.digest() == before  # the original is untouched by the copy's play


def test_clone_reseeded_has_fresh_dice() -> None:
    game = load("attack-vector", scenario="duel", seed=1)
    twin = game.clone(reseed=99)
    assert twin.dice is not game.dice and twin.dice.spec() == {"kind": "seeded", "seed": 99}
    assert twin.state_dict() == game.state_dict()


def _reference(v: Vec) -> tuple[avid.Window, bool]:
    """The plain exact search (Q(√3) dot products) that ``nearest_window`` must agree with."""
    best = avid.ALL_WINDOWS[0]
    best_dot = dot(v, best.vector())
    for w in avid.ALL_WINDOWS[1:]:
        d = dot(v, w.vector())
        if d > best_dot:
            best, best_dot = w, d
    return best, best_dot == Q3(1)


def test_nearest_window_matches_the_exact_search() -> None:
    keys = [(k, e, r) for k in range(12) for e in range(-3, 4) for r in range(12)]
    random.Random(11).shuffle(keys)
    for k, e, r in [*keys[:24], (0, 0, 0), (1, 1, 1), (3, 2, 5), (0, 3, 0), (0, -3, 0)]:
        n, s, t = avid._frame(k, e, r)
        for v in (n, neg(n), t, neg(t), neg(s), s):
            assert avid.nearest_window(v) == _reference(v)


def test_float_markers_match_the_exact_search_for_every_orientation() -> None:
    """The markers are found in floats first: over the whole (finite) set of orientations
    they are the exact search's windows and exact-or-not flags (the integer search,
    itself checked against the plain Q(√3) one above)."""
    seen = set()
    for k in range(12):
        for e in range(-3, 4):
            for r in range(12):
                o = avid.orientation(k, e, r)
                if o in seen:
                    continue
                seen.add(o)
                n, s, t = avid._frame(o.k, o.e, o.r)
                vecs = (n, neg(n), t, neg(t), neg(s), s)
                exact = dict(zip(("nose", "aft", "top", "bottom", "port", "starboard"),
                                 (avid.nearest_window(v) for v in vecs), strict=True))
                assert avid._float_markers(o.k, o.e, o.r) == exact, o
                assert o.markers() == exact
    assert len(seen) == 12 * 5 * 12 + 2 * 12


def test_systems_copy_equals_a_generic_deep_copy_and_is_independent() -> None:
    from voidwar.rulesets.attack_vector.systems.ship import ShipSystems

    for i, game in enumerate(_games("duel", 6)):
        if i % 9 or game.combat is None:
            continue
        for sys_ in game.combat.systems.values():
            fast = sys_.copy()
            deep = copy.copy(sys_)
            for name in ("power", "heat", "weapons", "damage", "damage_log",
                         "destroyed_this_turn"):
                setattr(deep, name, copy.deepcopy(getattr(sys_, name)))
            assert isinstance(fast, ShipSystems) and fast == deep
            assert fast.to_dict() == sys_.to_dict()
            before = sys_.to_dict()
            fast.power.stored += 1
            fast.heat.destroyed.add(99)
            next(iter(fast.weapons.values())).ready_abs += 5
            fast.damage.mark(sys_.model.ssd.core, 0)
            fast.damage_log.append("x")
            assert sys_.to_dict() == before


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


def _plain_digest(game: AttackVectorGame) -> str:
    import hashlib

    from voidwar.core.canonical import canonical_json

    return hashlib.sha256(canonical_json(game.state_dict()).encode()).hexdigest()[:32]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_digest_is_the_hash_of_the_canonical_state(scenario: str) -> None:
    for i, game in enumerate(_games(scenario, 7)):
        if i % 3 == 0:
            assert game.digest() == _plain_digest(game)


def test_digest_falls_back_when_a_token_text_occurs_in_the_state() -> None:
    from voidwar.rulesets.attack_vector import digest as digest_module
    from voidwar.rulesets.attack_vector.fire import SystemsDict

    game = load("attack-vector", scenario="duel", seed=2)
    assert isinstance(game, AttackVectorGame)
    ship = next(iter(game.ships.values()))
    assert isinstance(ship.systems, SystemsDict)
    # a state string that reads like the stand-in for the first systems dict
    forged = SystemsDict(ship.systems)
    forged["damage_log"] = [f"{digest_module.SYSTEMS_TOKEN}0"]
    ship.systems = forged
    assert game.digest() == _plain_digest(game)


def test_digest_falls_back_when_a_systems_text_holds_another_token() -> None:
    from voidwar.rulesets.attack_vector import digest as digest_module
    from voidwar.rulesets.attack_vector.fire import SystemsDict

    game = load("attack-vector", scenario="duel", seed=2)
    assert isinstance(game, AttackVectorGame)
    ship = next(iter(game.ships.values()))
    forged = SystemsDict(ship.systems)
    forged["damage_log"] = [f"{digest_module.SYSTEMS_TOKEN}1"]  # the second ship's stand-in
    ship.systems = forged
    assert game.digest() == _plain_digest(game)


def test_ship_copy_keeps_every_field_and_shares_no_mutable_part() -> None:
    """``ShipState.copy`` lists the fields one by one (the compiled build's native class has
    no ``__dict__``): with every field set apart from its default, the copy equals the
    original, and its mutable parts are its own."""
    from dataclasses import fields
    from fractions import Fraction

    from voidwar.core.hexgrid import Hex3
    from voidwar.rulesets.attack_vector.movement_grid import MovementGrid, our_cells
    from voidwar.rulesets.attack_vector.state import Burn, FacingChange
    from voidwar.rulesets.attack_vector.vectors import Vec3

    game = load("attack-vector", scenario="duel", seed=3)
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
