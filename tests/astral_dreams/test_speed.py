"""The fast paths of issue 18 decide exactly what the plain definitions decide.

``legal_actions`` is the candidates filtered by ``reason`` (checked here against that plain
definition on positions met along random games on every shipped scenario), a clone is an
independent copy with the same digest, and the tabletop's float pre-tests agree with the exact
tests, also on positions placed right at the limits where the pre-tests must defer."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest

from voidwar.core.dice import derive_seed
from voidwar.core.registry import load
from voidwar.core.tabletop import Point, fmt, within
from voidwar.rulesets.astral_dreams.actions import Move, made_move, own_move
from voidwar.rulesets.astral_dreams.attacks import attack_options
from voidwar.rulesets.astral_dreams.game import AstralDreams
from voidwar.rulesets.astral_dreams.movegen import PointMaker, flank_for, points_for
from voidwar.rulesets.astral_dreams.movement import (
    StraightMoves,
    move_candidates,
    move_points,
    path_reason,
    ready_attacks,
)

SCENARIOS = ("open-table", "ruins", "ridges")


def _positions(scenario: str, games: int = 2) -> list[AstralDreams]:
    """Every 3rd position of a few random games."""
    out: list[AstralDreams] = []
    rng = random.Random(11)
    for i in range(games):
        g = load("astral-dreams", scenario=scenario, seed=derive_seed(9, i))
        assert isinstance(g, AstralDreams)
        n = 0
        while not g.over and n < 90:
            legal = g.legal_actions()
            if n % 3 == 0:
                out.append(g.clone())
            g.apply(legal[rng.randrange(len(legal))])
            n += 1
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legal_actions_are_the_candidates_reason_lets_through(scenario: str) -> None:
    for g in _positions(scenario):
        plain = [a for a in g._candidates() if g.reason(a) is None]
        assert g.legal_actions() == plain


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_straight_moves_agree_with_path_reason(scenario: str) -> None:
    for g in _positions(scenario, games=1):
        for u in g.units.values():
            fast = StraightMoves(g, u)
            for p in move_points(g, u):
                assert fast.allowed(p) == (path_reason(g, u, [u.pos, p]) is None)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_move_candidates_are_the_points_path_reason_allows(scenario: str) -> None:
    """Every unit's (not only the ready ones'), on positions whose setup remembers the points
    and each base's mask from the positions before (bases moved, bases gone)."""
    for g in _positions(scenario):
        for u in g.units.values():
            plain = [p for p in move_points(g, u) if path_reason(g, u, [u.pos, p]) is None]
            assert move_candidates(g, u) == plain


def _agree(g: AstralDreams) -> None:
    """The fast move points of every unit are the plain definitions' (the same grid points,
    exactly, in the same order)."""
    for u in g.units.values():
        maker = PointMaker(g, u)
        for e in g.enemies(u):
            assert maker.enemy(e) == points_for(g, u, e)
            assert maker.flank(e.pos) == flank_for(g, u, e.pos, float(u.profile.speed))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_move_points_agree_with_the_plain_definitions(scenario: str) -> None:
    for g in _positions(scenario, games=1):
        _agree(g)
    # units scattered anywhere, at the table's edges and corners, on top of an enemy
    g = load("astral-dreams", scenario=scenario, seed=4)
    assert isinstance(g, AstralDreams)
    rng = random.Random(5)
    w, h, r = g.setup.table.width, g.setup.table.height, g.setup.radius
    spots = [Point(r, r), Point(w - r, h - r), Point(r, h / 2), Point(w / 2, h - r)]
    units = list(g.units.values())
    for trial in range(40):
        for u in units:
            if trial % 4 == 0 and spots:
                u.pos = spots[rng.randrange(len(spots))]
            else:
                u.pos = Point(r + Fraction(rng.randrange(int((w - 2 * r) * 100)), 100),
                              r + Fraction(rng.randrange(int((h - 2 * r) * 100)), 100))
        units[-1].pos = units[0].pos  # a zero distance
        _agree(g)


def test_straight_moves_at_the_limits() -> None:
    """Destinations exactly at full speed, exactly touching another base, exactly on the
    table's edge: the pre-tests defer and the exact answer stands."""
    g = load("astral-dreams", seed=1)
    assert isinstance(g, AstralDreams)
    u = next(iter(g.units.values()))
    u.pos = Point.of(20, 20)
    speed = u.profile.speed
    others = [o for o in g.units.values() if o is not u]
    for o in others:
        o.pos = Point.of(40, 40 - 2 * others.index(o))
    other = others[0]
    other.pos = Point.of(20, 20 + speed + 1)  # touching at the end of a full-speed move
    r = g.setup.radius
    cases = [
        Point.of(20 + speed, 20),  # exactly full speed
        Point(Fraction(20 + speed) + Fraction(1, 10**6), Fraction(20)),  # a hair beyond
        Point.of(20, 20 + speed),  # full speed, touching the other base
        Point(Fraction(20), Fraction(20 + speed) - Fraction(1, 10**6)),
        Point(Fraction(20) - speed + r, Fraction(20)),
        Point(20 - Fraction(3, 5) * speed, 20 - Fraction(4, 5) * speed),  # 3-4-5: exact
    ]
    u.pos = Point.of(20, 20)
    fast = StraightMoves(g, u)
    for p in cases:
        assert fast.allowed(p) == (path_reason(g, u, [u.pos, p]) is None), p
    edge = StraightMoves(g, u)
    u.pos = Point(r + 1, Fraction(20))
    edge = StraightMoves(g, u)
    for p in (Point(r, Fraction(20)), Point(r - Fraction(1, 10**6), Fraction(20))):
        assert edge.allowed(p) == (path_reason(g, u, [u.pos, p]) is None)
    assert edge.allowed(Point(r, Fraction(20)))
    assert not edge.allowed(Point(r - Fraction(1, 10**6), Fraction(20)))


def test_clone_is_independent_and_identical() -> None:
    for g in _positions("open-table", games=1)[:10]:
        c = g.clone()
        assert c.digest() == g.digest() == copy.deepcopy(g).digest()
        assert c.state_dict() == g.state_dict()
        legal = c.legal_actions()
        before = g.digest()
        c.apply(legal[-1])
        assert g.digest() == before
        # the same future: the clone rolls what the original rolls
        g2 = g.clone()
        assert [g.dice.roll(20, "x").value for _ in range(5)] == [
            g2.dice.roll(20, "x").value for _ in range(5)]
        fresh = g.clone(reseed=5)
        assert fresh.dice.spec() == {"kind": "seeded", "seed": 5}


def test_grid_points_and_text_are_exact() -> None:
    for n in range(-2000, 2000, 7):
        p = Point.near(n / 100, -n / 100 + 0.004)
        assert p.x == Fraction(n, 100) and p.fx == float(p.x) and p.fy == float(p.y)
        assert Point.parse(str(p)) == p
    for v in (Fraction(1, 3), Fraction(-7, 8), Fraction(5), Fraction(-1, 64), Fraction(12, 10**7)):
        assert fmt(v) == fmt(Fraction(v.numerator, v.denominator))
    assert fmt(Fraction(-1, 8)) == "-0.125"
    assert fmt(Fraction(1, 3)) == "0.333333"
    assert within(Point.of(0, 0), Point.of(3, 4), 5)
    assert not within(Point.of(0, 0), Point(Fraction(3), Fraction(4) + Fraction(1, 10**9)), 5)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_heuristic_plans_agree_with_the_plain_definition(scenario: str) -> None:
    """The heuristic's fast scoring gives every plan the plain definition's score (the same
    float, its seeded tie-break included) and action."""
    from voidwar.rulesets.astral_dreams.policies import HeuristicPolicy

    fast, plain = HeuristicPolicy(3), HeuristicPolicy(3)
    for g in _positions(scenario):
        for u in g.units.values():
            for moved in (False, True):
                assert fast.plans_for(g, u, moved) == plain.plain_plans(g, u, moved)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_choose_legal_picks_what_legal_actions_lists(scenario: str) -> None:
    """Every index of every position: the same action as ``legal_actions()[i]``."""
    for g in _positions(scenario):
        legal = g.legal_actions()
        for i in range(len(legal)):
            seen: list[int] = []

            def pick(n: int, i: int = i, seen: list[int] = seen) -> int:
                seen.append(n)
                return i

            assert g.choose_legal(pick) == legal[i]
            assert seen == [len(legal)]


def test_made_values_are_the_plain_values() -> None:
    """``Point.near`` and :func:`made_move` fill a writable twin and make it the frozen class
    (issue 18): the same layout, the same value, and frozen from then on."""
    from dataclasses import FrozenInstanceError

    from voidwar.core import tabletop
    from voidwar.rulesets.astral_dreams import actions

    assert tabletop._PointFields.__slots__ == Point.__slots__
    assert actions._MoveFields.__slots__ == Move.__slots__
    p = Point.near(12.344, -0.005)
    assert type(p) is Point and p == Point(Fraction(1234, 100), Fraction(0)) and p.text is None
    m = made_move("S1", p)
    assert type(m) is Move and m == Move("S1", p) and hash(m) == hash(Move("S1", p))
    assert str(m) == "move S1 to 12.34,0" and copy.deepcopy(m) == m
    with pytest.raises(FrozenInstanceError):
        m.unit = "S2"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        p.x = Fraction(1)  # type: ignore[misc]


def test_own_moves_apply_as_any_move() -> None:
    """A move of the form the legal actions make is known without reading its text back (a
    function of its value: a hand-built one of the same types too); one whose point the
    notation cannot write exactly, or whose fields are of other types, goes the usual way."""
    g = load("astral-dreams", seed=derive_seed(9, 0))
    assert isinstance(g, AstralDreams)
    legal = [a for a in g.legal_actions() if isinstance(a, Move)]
    assert legal and all(own_move(a) for a in legal)
    unit, to = legal[0].unit, legal[0].to
    assert own_move(Move(unit, to))
    odd = made_move(unit, Point(Fraction(1, 10**7) + 24, Fraction(24)))
    assert not own_move(odd)
    whole = Point(Fraction(24), Fraction(24))
    assert own_move(Move(unit, whole))
    assert not own_move(Move(unit, Point(24, Fraction(24))))  # type: ignore[arg-type]
    assert not own_move(Move(unit.lower(), to))
    assert not own_move(Move(unit, to, []))  # type: ignore[arg-type]
    assert not own_move(Move(unit, to, (to,)))
    twin = g.clone()
    assert g._read(legal[0]) == twin._read(Move(legal[0].unit, legal[0].to))
    events, again = g.apply(legal[0]), twin.apply(Move(legal[0].unit, legal[0].to))
    assert events == again and g.actions == twin.actions and g.digest() == twin.digest()


def test_records_stand_while_what_they_read_stands() -> None:
    """A unit's moves and attacks stay the plain definition's as other miniatures move near
    and far (the record reused where nothing it reads changed, rebuilt where it did)."""
    rng = random.Random(5)
    for i in range(3):
        g = load("astral-dreams", seed=derive_seed(13, i))
        assert isinstance(g, AstralDreams)
        while not g.over and len(g.actions) < 120:
            for u in g.ready(g.turn):
                assert move_candidates(g, u) == StraightMoves(g, u).allowed_points(
                    move_points(g, u))
                assert ready_attacks(g, u) == attack_options(g, u)
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
