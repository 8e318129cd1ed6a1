"""Space Fleet's legality and copies: the legal list is the candidates the one reason function
lets through, an action legal a moment ago is refused once the position has changed, a clone
is independent and plays on identically, the integer rear arc is the geometric one, and the
heuristic's precomputed score is its definition (written out here) summed directly."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from fractions import Fraction

import pytest

import voidwar
from voidwar.core.dice import PCG32
from voidwar.core.errors import IllegalAction
from voidwar.core.hexgrid import Hex, RectBoard
from voidwar.core.policy import RandomPolicy
from voidwar.core.tabletop import Circle, Point
from voidwar.rulesets.space_fleet import HeuristicPolicy
from voidwar.rulesets.space_fleet.actions import EndMove
from voidwar.rulesets.space_fleet.data import scenario_names, tables
from voidwar.rulesets.space_fleet.fire import hit_chance
from voidwar.rulesets.space_fleet.game import SpaceFleetGame
from voidwar.rulesets.space_fleet.policies import HEAVY, _Scorer, rear_mask
from voidwar.rulesets.space_fleet.state import (
    Damage,
    Phase,
    Ship,
    band_for,
    board_steps,
    in_rear_arc,
    other,
    rear_offset,
)
from voidwar.rulesets.space_fleet.table import in_rear_arc_at, inside
from voidwar.rulesets.space_fleet.table_game import SpaceFleetTableGame
from voidwar.rulesets.space_fleet.table_policy import HEAVY as TABLE_HEAVY
from voidwar.rulesets.space_fleet.table_policy import _Walk, band_at

SCENARIOS = list(scenario_names())


def _positions(scenario: str, seed: int, limit: int = 150) -> list[SpaceFleetGame]:
    """Copies of the positions of one random game (every action)."""
    g = voidwar.load("space-fleet", scenario=scenario, seed=seed)
    assert isinstance(g, SpaceFleetGame)
    pol = RandomPolicy(seed)
    out = []
    while not g.over and len(out) < limit:
        out.append(g.clone())
        g.apply(pol.choose(g))
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legal_actions_are_the_candidates_the_reasons_let_through(scenario: str) -> None:
    for g in _positions(scenario, 3):
        slow = [a for a in g._candidates() if g._reason(a) is None]
        assert g.legal_actions() == slow
        for a in g._candidates():
            assert (g._reason(a) is None) == (a in slow)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_listed_action_passes_the_check_only_while_the_position_is_the_same(
        scenario: str) -> None:
    """An unlisted candidate is refused, and once an action is applied an action the old list
    held that is now illegal is refused, the game unchanged."""
    refused_stale = 0
    for g in _positions(scenario, 11, limit=60):
        legal = g.legal_actions()
        for a in g._candidates():
            if a not in legal:
                with pytest.raises(IllegalAction):
                    g.check(a)
        g.apply(legal[0])
        for a in legal:
            if g._reason(a) is not None:
                before = g.digest()
                with pytest.raises(IllegalAction):
                    g.apply(a)
                assert g.digest() == before
                refused_stale += 1
    assert refused_stale > 0


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_clone_is_independent_and_plays_on_identically(scenario: str) -> None:
    g = _positions(scenario, 9, limit=40)[-1]
    before = g.digest()
    c = g.clone()
    assert c.digest() == before and c.state_dict() == g.state_dict()
    assert c.dice.spec() == g.dice.spec() and c.dice.history == g.dice.history
    assert c.actions == g.actions and c.actions is not g.actions
    assert all(c.ships[k] is not s and c.ships[k].damage is not s.damage
               for k, s in g.ships.items())
    a, b = RandomPolicy(4), RandomPolicy(4)
    twin = g.clone()
    while not c.over:  # play the clone to the end: the original does not move
        c.apply(a.choose(c))
    assert g.digest() == before
    while not twin.over:  # and a second clone plays the very same game
        twin.apply(b.choose(twin))
    assert twin.digest() == c.digest() and twin.actions == c.actions
    assert [e.text for e in twin.log] == [e.text for e in c.log]
    fresh = g.clone(reseed=77)
    assert fresh.dice.spec() == {"kind": "seeded", "seed": 77} and g.digest() == before


def test_the_integer_rear_arc_is_the_bearing_more_than_135_degrees_off_the_bow() -> None:
    for facing in range(6):
        for dq in range(-9, 10):
            for dr in range(-9, 10):
                if dq == dr == 0:
                    assert not rear_offset(facing, dq, dr)
                    continue
                bq, br = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)][facing]
                ux, uy = 1.5 * bq, math.sqrt(3) * (br + bq / 2)
                vx, vy = 1.5 * dq, math.sqrt(3) * (dr + dq / 2)
                cos = (ux * vx + uy * vy) / math.hypot(ux, uy) / math.hypot(vx, vy)
                if abs(cos + math.sqrt(0.5)) > 1e-9:  # exactly 135° is decided exactly
                    assert rear_offset(facing, dq, dr) == (cos < -math.sqrt(0.5))


def _direct_score(g: SpaceFleetGame, pol: HeuristicPolicy, ship_id: str, h: Hex,
                  f: int) -> float:
    """The heuristic's movement score written out directly (the definition)."""
    ship = g.ships[ship_id]
    enemies = g.fleet(other(ship.side))
    friends = [s for s in g.fleet(ship.side) if s.id != ship.id]
    shots = ship.beams + ship.launchers
    offense = threat = 0.0
    rear_exposed, nearest = 0, 99
    for e in enemies:
        d = h.distance(e.hex)
        nearest = min(nearest, d)
        if not in_rear_arc(h, f, e.hex):
            offense += shots * hit_chance(ship.cls, e.cls, band_for(d)) * (
                2.0 if e.shields == 0 else 1.0)
        elif d <= 12:
            rear_exposed += 1
        if not in_rear_arc(e.hex, e.facing, h) or not e.moved:
            threat += (e.beams + e.launchers) * hit_chance(e.cls, ship.cls, band_for(d))
    frail = 1.0 + 2.0 * (1 - ship.shields / max(1, ship.profile.shields))
    crowd = sum(1 for fr in friends if h.distance(fr.hex) <= 1)
    score = offense - pol.caution * frail * threat - 0.0 - 0.15 * nearest - pol.spread * crowd
    if ship.cls in HEAVY:
        score -= 3.0 * rear_exposed
        covered = any(in_rear_arc(h, f, fr.hex) and h.distance(fr.hex) <= 2
                      for fr in friends)
        score += 0.5 if covered else 0.0
    return score


@pytest.mark.parametrize("scenario", ["line-of-battle", "cruiser-action", "minefield-run"])
def test_the_heuristic_score_is_the_direct_sum(scenario: str) -> None:
    pol = HeuristicPolicy(1)
    rng = PCG32(5)
    for g in _positions(scenario, 2, limit=60)[::6]:
        for ship in g.fleet(g.first):
            scorer = _Scorer(g, ship, pol.caution, pol.spread)
            for _ in range(12):
                h = Hex(ship.hex.q + rng.below(9) - 4, ship.hex.r + rng.below(9) - 4)
                f = rng.below(6)
                assert scorer.score(h, f, 0.0) == _direct_score(g, pol, ship.id, h, f)


def test_the_rear_mask_holds_the_rear_arc_of_each_facing() -> None:
    for dq in range(-12, 13):
        for dr in range(-12, 13):
            bits = rear_mask(dq, dr)
            assert [bool(bits >> f & 1) for f in range(6)] == [
                rear_offset(f, dq, dr) for f in range(6)]


def test_the_hex_ahead_table_is_the_neighbour_on_the_map() -> None:
    board = RectBoard(9, 7)
    table = board_steps(9, 7)
    assert set(table) == set(board)
    for h, ahead in table.items():
        for f in range(6):
            n = h.neighbor(f)
            assert ahead[f] == (n if n in board else None)


def direct_score(g: SpaceFleetTableGame, ship: Ship, p: Point, h: int, caution: float,
                 spread: float) -> float:
    """The movement score of ``ship`` ending at ``p`` facing ``h``, written out directly from
    the game (the definition the planner's :meth:`_Walk.score` sums)."""
    unit = float(g.spec.unit)
    shots = ship.beams + ship.launchers
    offense = threat = 0.0
    rear_exposed = 0
    nearest = 99.0
    for e in g.fleet(other(ship.side)):
        ep = g.at(e)
        d = p.dist(ep) / unit
        nearest = min(nearest, d)
        if not in_rear_arc_at(p, h, ep):
            gain = shots * hit_chance(ship.cls, e.cls, band_at(d))
            offense += gain * (2.0 if e.shields == 0 else 1.0)
        elif d <= 12:
            rear_exposed += 1
        if not in_rear_arc_at(ep, e.heading, p) or not e.moved:
            threat += (e.beams + e.launchers) * hit_chance(e.cls, ship.cls, band_at(d))
    frail = 1.0 + 2.0 * (1 - ship.shields / max(1, ship.profile.shields))
    friends = [s for s in g.fleet(ship.side) if s.id != ship.id]
    crowd = sum(1 for fr in friends if p.dist(g.at(fr)) <= unit)
    score = offense - caution * frail * threat - 0.15 * nearest - spread * crowd
    if ship.cls in TABLE_HEAVY:
        score -= 3.0 * rear_exposed
        covered = any(in_rear_arc_at(p, h, g.at(fr)) and p.dist(g.at(fr)) <= 2 * unit
                      for fr in friends)
        score += 0.5 if covered else 0.0
    return score



@pytest.mark.parametrize("scenario", ["table-minefield", "open-space"])
def test_the_table_heuristic_score_is_the_direct_sum(scenario: str) -> None:
    pol = HeuristicPolicy(1)
    rng = PCG32(8)
    checked = 0
    for g in _positions(scenario, 2, limit=60)[::6]:
        assert isinstance(g, SpaceFleetTableGame)
        for ship in g.fleet(g.first):
            walk = _Walk(g, ship, pol.caution, pol.spread)
            start = g.at(ship)
            for _ in range(10):
                p = Point.near(start.fx + rng.below(900) / 100 - 4.5,
                               start.fy + rng.below(900) / 100 - 4.5)
                h = 60 * rng.below(6)
                want = direct_score(g, ship, p, h, pol.caution, pol.spread)
                assert walk.score(p, h) == want and walk.score(p, h) == want  # kept, same
                checked += 1
    assert checked > 20


def test_the_float_circle_test_agrees_with_the_exact_one() -> None:
    c = Circle(Point.of("10", "10"), Fraction(3))
    rng = PCG32(3)
    points = [Point.of("13", "10"), Point.of("10", "7"), Point.of("13.01", "10"),
              Point.of("12.99", "10")]
    points += [Point.near(rng.below(2000) / 100, rng.below(2000) / 100) for _ in range(500)]
    for p in points:
        assert inside(c, p) == c.contains(p)


@pytest.mark.parametrize("scenario", scenario_names())
def test_a_legal_action_built_by_hand_is_accepted(scenario: str) -> None:
    """A value built by hand, equal to a listed action, is accepted the same."""
    g = voidwar.load("space-fleet", scenario=scenario, seed=4)
    assert isinstance(g, SpaceFleetGame)
    rng = random.Random(2)
    for _ in range(60):
        if g.over:
            break
        first = g.legal_actions()
        pick = first[rng.randrange(len(first))]
        copy = type(pick)(*[getattr(pick, f) for f in pick.__dataclass_fields__])
        assert copy == pick
        g.apply(copy)


def test_a_ship_copy_carries_every_field_and_its_own_damage() -> None:
    """``Ship.copy`` assigns the fields one by one: none may be forgotten."""
    g = voidwar.load("space-fleet", scenario="line-of-battle", seed=2)
    assert isinstance(g, SpaceFleetGame)
    ship = next(iter(g.ships.values()))
    ship.damage.append(Damage("engines"))
    twin = ship.copy()
    for f in dataclasses.fields(ship):
        assert getattr(twin, f.name) == getattr(ship, f.name), f.name
    assert twin.damage is not ship.damage and twin.damage[0] is not ship.damage[0]
    assert twin.to_dict() == ship.to_dict()


def test_games_of_one_setup_never_share_their_ships() -> None:
    """A setup's ships are deployed once (a cached function of the scenario) and copied: a
    game changing its ships changes no other game of that setup, nor the next one made."""
    a = voidwar.load("space-fleet", scenario="duel", seed=1)
    assert isinstance(a, SpaceFleetGame)
    start = a.digest()
    for ship in a.ships.values():
        ship.shields = 0
        ship.damage.append(Damage("major"))
    b = voidwar.load("space-fleet", scenario="duel", seed=1)
    assert isinstance(b, SpaceFleetGame)
    assert b.digest() == start
    assert all(b.ships[k] is not s and b.ships[k].damage == [] for k, s in a.ships.items())


def test_the_hex_ahead_table_is_shared_by_copies_and_plays_the_same() -> None:
    g = _positions("minefield-run", 4, limit=30)[-1]
    assert g.ahead is board_steps(g.board.cols, g.board.rows)
    deep = copy.deepcopy(g)
    assert g.clone().ahead is g.ahead and deep.ahead is g.ahead
    a, b = RandomPolicy(6), RandomPolicy(6)
    c = g.clone()
    while not c.over:
        c.apply(a.choose(c))
        deep.apply(b.choose(deep))
    assert deep.over and deep.digest() == c.digest()


def test_a_fire_step_of_a_class_with_no_ship_passes_as_a_scan_would_leave_it() -> None:
    """A class with no active ship is passed over at once; the step's bookkeeping is what
    asking both sides for a shot would leave (both done, the first mover first)."""
    g = voidwar.load("space-fleet", scenario="destroyer-skirmish", seed=3)
    assert isinstance(g, SpaceFleetGame)
    while not g.over and g.phase != Phase.FIRING:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, EndMove)))
    order = list(tables().firing.order)
    saved = g.clone()
    saved.fire_step = order.index("DN")
    saved.declared, saved.fire_done = [], []
    assert not saved._next_firer()
    assert saved.fire_done == [saved.first, other(saved.first)]
