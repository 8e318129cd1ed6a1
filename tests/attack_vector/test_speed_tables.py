"""Issue 18's remembered tables give exactly what the plain definitions give.

* the legal motion orders, looked up group by group, are ``legal_actions`` of the plain filter
  (``test_fast_paths``) and ``choose_legal(pick)`` is ``legal_actions()[pick(n)]``;
* ``check`` lets an action handed out for the position through at once, and still refuses it
  once the position has changed;
* the intercept pilot's order is the one the plain definition (its first planned order found
  in ``legal_actions()`` by text) gives;
* a digest's remembered pieces (ship texts, the rest of the state) are the fresh encodings,
  also after the state is edited in place.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from voidwar.core.canonical import canonical_json
from voidwar.core.errors import IllegalAction, UnknownName
from voidwar.core.game import Action
from voidwar.core.hexgrid import Hex3
from voidwar.core.registry import load
from voidwar.rulesets.attack_vector.actions import Done, SetThrust
from voidwar.rulesets.attack_vector.avid import orientation
from voidwar.rulesets.attack_vector.data import scenario_names
from voidwar.rulesets.attack_vector.digest import ENCODE, ship_text
from voidwar.rulesets.attack_vector.game import AttackVectorGame
from voidwar.rulesets.attack_vector.movement_grid import REMAINDERS, MovementGrid, pair_key, spread
from voidwar.rulesets.attack_vector.policies import InterceptPolicy
from voidwar.rulesets.attack_vector.vectors import Vec3

from .helpers import random_positions as _games

SCENARIOS = sorted(scenario_names())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_choose_legal_is_the_list_pick(scenario: str) -> None:
    for game in _games(scenario, 21):
        if game.over:
            continue
        n = len(game.legal_actions())
        for k in {0, n // 2, n - 1}:
            picked: list[int] = []

            def pick(m: int, k: int = k, picked: list[int] = picked) -> int:
                picked.append(m)
                return k

            assert game.choose_legal(pick) == game.legal_actions()[k]
            assert picked == [n]


def test_check_refuses_a_handed_out_action_once_the_position_changed() -> None:
    game = load("attack-vector", scenario="game-two", seed=1)
    assert isinstance(game, AttackVectorGame)
    thrust = next(a for a in game.legal_actions() if isinstance(a, SetThrust) and a.value)
    game.check(thrust)
    game.apply(thrust)
    with pytest.raises(IllegalAction, match=r"A5\.242"):  # one thrust order a segment
        game.check(thrust)
    assert thrust not in game.legal_actions()
    # edited in place: the last fuel unit burnt (the same matrix row), so no thrust order but 0
    # (AV:T A2.4)
    twin = load("attack-vector", scenario="game-two", seed=1)
    assert isinstance(twin, AttackVectorGame)
    ship = next(iter(twin.ships.values()))
    ship.fuel_used = ship.cls.fuel.capacity - 1
    first = [a for a in twin.legal_actions() if isinstance(a, SetThrust) and a.value]
    assert first
    row = ship.max_thrust
    ship.fuel_used += 1
    assert ship.max_thrust == row
    with pytest.raises(IllegalAction, match="fuel"):
        twin.check(first[0])
    assert not [a for a in twin.legal_actions() if isinstance(a, SetThrust) and a.value]


def _plain_intercept(game: AttackVectorGame) -> Action:
    """The pilot's plain definition: its first planned order that ``legal_actions`` holds."""
    pilot = InterceptPolicy()
    legal = {str(a): a for a in game.legal_actions()}
    mine = [s for s in game.ships.values() if s.seat == game.to_act and not s.out]
    for ship in mine:
        name = ship.id if len(mine) > 1 else None
        for order in pilot.plan(game, ship, name):
            if str(order) in legal:
                return legal[str(order)]
    return Done()


@pytest.mark.parametrize("scenario", ["game-two", "rendezvous", "game-one"])
@pytest.mark.parametrize("three_d", [True, False])
def test_intercept_pilot_is_its_plain_definition(scenario: str, three_d: bool) -> None:
    pilot = InterceptPolicy()
    try:
        game = load("attack-vector", scenario=scenario, seed=5, three_d=three_d)
    except UnknownName:
        pytest.skip("a 3-D scenario: no 2-D play")
    assert isinstance(game, AttackVectorGame)
    rng = random.Random(9)
    for _ in range(200):
        if game.over:
            break
        assert pilot.choose(game) == _plain_intercept(game)
        # mostly the pilot's play, sometimes a random legal order for variety
        legal = game.legal_actions()
        game.apply(pilot.choose(game) if rng.random() < 0.7 else legal[rng.randrange(len(legal))])


def _plain_ship_text(game: AttackVectorGame, sid: str) -> str:
    return f"{ENCODE(sid)}:{canonical_json(game.ships[sid].to_dict(game.segment))}"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_remembered_ship_texts_are_fresh_encodings(scenario: str) -> None:
    for seed in (31, 32):
        for game in _games(scenario, seed):
            for sid, s in game.ships.items():
                assert ship_text(s, game.segment) == _plain_ship_text(game, sid)


def _plain_digest(game: AttackVectorGame) -> str:
    import hashlib

    return hashlib.sha256(canonical_json(game.state_dict()).encode()).hexdigest()[:32]


def _per_component() -> tuple[dict[str, tuple[list[int], list[int]]], dict[str, list[int]]]:
    """A remainder table moving each component on its own spread (not ours)."""
    return ({pair_key(a, b): (list(spread(a)), list(spread(b)))
             for a in REMAINDERS for b in REMAINDERS},
            {pair_key(a, b): list(spread(b)) for a in REMAINDERS for b in REMAINDERS})


EDITS: list[tuple[str, object]] = [
    ("fuel_used", 5), ("engine_boxes_lost", 1), ("thrust", Fraction(3)), ("bias", "B"),
    ("out", True), ("pos", Hex3(1, 2, 3)), ("fp", Hex3(2, 2, 0)), ("start", Hex3(0, 1, 0)),
    ("velocity", Vec3(1, 0, 0)), ("moved", Vec3(0, 1, 0)), ("displaced", Vec3(0, 0, 1)),
    ("grid", MovementGrid(*_per_component(), "(per component)")),
    ("orient", orientation(2, 1, 3)), ("seat", "other"),
    ("carry", {"A": Fraction(1, 8)}), ("systems", {"x": 1}),
]


@pytest.mark.parametrize(("field", "value"), EDITS)
def test_a_ship_text_follows_each_field_edited_alone(field: str, value: object) -> None:
    game = load("attack-vector", scenario="game-two", seed=1)
    assert isinstance(game, AttackVectorGame)
    sid, ship = next(iter(game.ships.items()))
    assert ship_text(ship, game.segment) == _plain_ship_text(game, sid)
    setattr(ship, field, value)
    assert ship_text(ship, game.segment) == _plain_ship_text(game, sid)


def test_a_ship_text_follows_its_movement_grid() -> None:
    """The EoT marker in a ship's text is read from its grid: another table, another text."""
    game = load("attack-vector", scenario="game-three", seed=1)
    assert isinstance(game, AttackVectorGame)
    for orders in (["pivot to C+", "done"], ["done"]):
        for o in orders:
            game.apply(o)
    sid, ship = next(iter(game.ships.items()))
    before = ship_text(ship, game.segment)
    ship.grid = MovementGrid(*_per_component(), "(per component)")
    assert ship_text(ship, game.segment) == _plain_ship_text(game, sid) != before


def test_a_ship_text_follows_its_burn_and_facing_change() -> None:
    for game in _games("game-two", 41):
        for sid, s in game.ships.items():
            if s.burn is not None:
                s.burn.dots["A"] += 1
                assert ship_text(s, game.segment) == _plain_ship_text(game, sid)
                s.burn.dots["A"] -= 1
            if s.facing is not None:
                s.facing.applied += 1
                assert ship_text(s, game.segment) == _plain_ship_text(game, sid)
                s.facing.applied -= 1


def test_digest_follows_edits_in_place() -> None:
    game = load("attack-vector", scenario="game-two", seed=1)
    assert isinstance(game, AttackVectorGame)
    ship = next(iter(game.ships.values()))
    before = game.digest()
    assert before == _plain_digest(game)
    ship.fuel_used += 3
    ship.carry["A"] = Fraction(1, 4)
    assert game.digest() == _plain_digest(game) != before
    ship.carry.clear()
    ship.fuel_used -= 3
    assert game.digest() == before
    game.done_seats.add("pilot")
    assert game.digest() == _plain_digest(game) != before
    game.done_seats.clear()
    next(iter(game.targets.values())).eaten_by = ship.id
    assert game.digest() == _plain_digest(game) != before
