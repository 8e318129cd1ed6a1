"""The fast move candidates of issue 18 (:mod:`voidwar.rulesets.astral_dreams.candidates`)
are the plain definition's — the move points :func:`path_reason` allows, the same points in
the same order — on open tables, on a flat table with a line-of-sight blocker (its cover
points), with units scattered to the edges and onto each other, and when a setup remembers
the chunks and masks of earlier positions."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from voidwar.core.dice import derive_seed
from voidwar.core.registry import load
from voidwar.core.tabletop import Point, Rect
from voidwar.rulesets.astral_dreams import candidates
from voidwar.rulesets.astral_dreams.actions import Move
from voidwar.rulesets.astral_dreams.game import AstralDreams
from voidwar.rulesets.astral_dreams.movegen import PointMaker, made, points_for
from voidwar.rulesets.astral_dreams.movement import (
    legal_moves,
    move_choice,
    move_points,
    move_reason,
    path_reason,
    plain_candidates,
)
from voidwar.rulesets.astral_dreams.terrain import Feature, Table


def _plain(g: AstralDreams, u: object) -> list[Point]:
    assert isinstance(u, type(next(iter(g.units.values()))))
    return [p for p in move_points(g, u) if path_reason(g, u, [u.pos, p]) is None]


def _with_blocker(g: AstralDreams) -> None:
    """Give ``g`` a flat table with a wood that blocks sight (cover points, no slowing)."""
    t = g.setup.table
    wood = Feature("wood", Rect(Fraction(18), Fraction(20), Fraction(30), Fraction(26)),
                   blocks_los=True)
    table = Table(t.width, t.height, features=(wood,))
    setup = type(g.setup)(table, g.setup.radius, g.setup.tolerance, g.setup.deploy_depth,
                          g.setup.scout_range, g.setup.round_limit, g.setup.points)
    g.setup = setup


def _scatter(g: AstralDreams, rng: random.Random, trial: int) -> None:
    w, h, r = g.setup.table.width, g.setup.table.height, g.setup.radius
    units = list(g.units.values())
    for i, u in enumerate(units):
        if trial % 3 == 0 and i % 2 == 0:
            # at an edge or a corner, or a hair inside it
            u.pos = Point(rng.choice([r, w - r, r + Fraction(1, 10**6), w / 2]),
                          rng.choice([r, h - r, h / 2]))
        else:
            u.pos = Point(r + Fraction(rng.randrange(int((w - 2 * r) * 100)), 100),
                          r + Fraction(rng.randrange(int((h - 2 * r) * 100)), 100))
    if trial % 5 == 0:
        units[-1].pos = units[0].pos  # on top of each other: a zero distance
    if trial % 4 == 1:
        units[1].pos = Point(units[0].pos.x + 1, units[0].pos.y)  # exactly touching


@pytest.mark.parametrize("blocker", [False, True])
def test_fast_candidates_are_the_plain_definition(blocker: bool) -> None:
    g = load("astral-dreams", scenario="open-table", seed=3)
    assert isinstance(g, AstralDreams)
    if blocker:
        _with_blocker(g)
    assert candidates.simple(g)
    rng = random.Random(7)
    for trial in range(60):
        _scatter(g, rng, trial)
        for u in g.units.values():
            want = _plain(g, u)
            assert candidates.move_candidates(g, u) == want
            assert plain_candidates(g, u) == want
            # asked again: the remembered answer (and the same Move values)
            assert candidates.move_candidates(g, u) == want
            if g.turn_reason(u.id)[1] is None:
                moves = legal_moves(g, u)
                assert moves == [Move(u.id, p) for p in want]
                n, pick = move_choice(g, u)
                assert n == len(want) and all(pick(i) is moves[i] for i in range(n))


def test_remembered_chunks_follow_moved_bases() -> None:
    """Positions along random games share one setup's memos: each answer is still the
    plain definition's after bases moved, came near, or were removed."""
    rng = random.Random(2)
    for i in range(3):
        g = load("astral-dreams", scenario="open-table", seed=derive_seed(5, i))
        assert isinstance(g, AstralDreams)
        n = 0
        while not g.over and n < 150:
            for u in g.units.values():
                assert candidates.move_candidates(g, u) == _plain(g, u)
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            n += 1


def test_raw_points_are_the_points_made() -> None:
    """The unmade points stand for exactly the points :class:`PointMaker` makes; the reachable
    enemy points leave out only points the speed cannot pay for."""
    g = load("astral-dreams", scenario="open-table", seed=4)
    assert isinstance(g, AstralDreams)
    rng = random.Random(9)
    for trial in range(40):
        _scatter(g, rng, trial)
        for u in g.units.values():
            maker = PointMaker(g, u)
            for e in g.enemies(u):
                near = maker.enemy(e, reachable=True)
                assert [made(r) for r in maker.enemy_raw(e)] == near
                assert [made(r) for r in maker.flank_raw(e.pos)] == maker.flank(e.pos)
                left_out = [p for p in points_for(g, u, e) if p not in near]
                assert all(not g.setup.table.path_fits([u.pos, p], u.profile.speed)
                           for p in left_out)


def test_move_reason_for_any_point_is_path_reason() -> None:
    """A move to a candidate is allowed through the remembered answer; any other point is
    still decided by the rule itself."""
    g = load("astral-dreams", scenario="open-table", seed=6)
    assert isinstance(g, AstralDreams)
    rng = random.Random(4)
    u = g.ready(g.turn)[0]
    for trial in range(200):
        p = Point(u.pos.x + Fraction(rng.randrange(-900, 900), 100),
                  u.pos.y + Fraction(rng.randrange(-900, 900), 100))
        if trial % 7 == 0 and candidates.move_candidates(g, u):
            p = rng.choice(candidates.move_candidates(g, u))
        if p == u.pos:
            continue
        assert (move_reason(g, Move(u.id, p)) is None) == (
            path_reason(g, u, [u.pos, p]) is None)


def _grid_scatter(g: AstralDreams, rng: random.Random, trial: int) -> None:
    """Units on the hundredth grid (the integer path's positions), at the edges, corners and
    a hair off them, within contact and speed of each other."""
    w, h, r = g.setup.table.width, g.setup.table.height, g.setup.radius
    units = list(g.units.values())
    anchor = Point(r + Fraction(rng.randrange(int((w - 2 * r) * 100)), 100),
                   r + Fraction(rng.randrange(int((h - 2 * r) * 100)), 100))
    for i, u in enumerate(units):
        if trial % 3 == 0 and i % 2 == 0:
            u.pos = Point(rng.choice([r, w - r, r + Fraction(1, 100), w - r - Fraction(1, 100)]),
                          rng.choice([r, h - r, h / 2, r + Fraction(3, 100)]))
        else:
            # near the anchor: enemies within speed and range, bases in the way
            dx, dy = rng.randrange(-1200, 1201), rng.randrange(-1200, 1201)
            u.pos = Point(min(max(anchor.x + Fraction(dx, 100), r), w - r),
                          min(max(anchor.y + Fraction(dy, 100), r), h - r))
    if trial % 5 == 0:
        units[-1].pos = units[0].pos  # on top of each other: a zero distance
    if trial % 7 == 3:
        units[2].pos = Point(units[1].pos.x + Fraction(101, 100), units[1].pos.y)  # contact


def test_grid_chunks_are_the_plain_construction() -> None:
    """The integer-grid chunks (:mod:`.gridmoves`) are the plain construction's screened points
    (:class:`PointMaker` then the screen), or ``None`` where it takes a rare turn."""
    from voidwar.rulesets.astral_dreams.gridmoves import (
        enemy_entries,
        flank_entries,
        grid_of,
        kind_of,
    )

    g = load("astral-dreams", scenario="open-table", seed=8)
    assert isinstance(g, AstralDreams)
    rng = random.Random(12)
    checked = fallbacks = 0
    for trial in range(120):
        _grid_scatter(g, rng, trial)
        for u in g.units.values():
            kind, ga = kind_of(g, u), grid_of(u.pos)
            assert kind is not None and ga is not None
            screen, maker = candidates._Screen(g, u), PointMaker(g, u)
            for e in g.enemies(u):
                got = enemy_entries(kind, u.pos, ga, e.pos)
                want = screen.entries(maker.enemy_raw(e))
                if got is None:
                    fallbacks += 1
                else:
                    assert [made(x[0]) for x in got] == [made(x[0]) for x in want]
                    checked += 1
                assert [made(x[0]) for x in flank_entries(kind, u.pos, ga, e.pos)] == [
                    made(x[0]) for x in screen.entries(maker.flank_raw(e.pos))]
    assert checked > 1000 and fallbacks > 0  # the zero distance falls back


def test_grid_of_and_kind_of() -> None:
    """Only points and bounds on the hundredth grid take the integer path."""
    from voidwar.rulesets.astral_dreams.gridmoves import grid_of, kind_of

    assert grid_of(Point(Fraction(25, 2), Fraction(3))) == (1250, 300)
    assert grid_of(Point(Fraction(-1, 100), Fraction(7, 20))) == (-1, 35)
    assert grid_of(Point(Fraction(1, 3), Fraction(1))) is None
    assert grid_of(Point(Fraction(1), Fraction(1, 1000))) is None
    g = load("astral-dreams", scenario="open-table", seed=1)
    assert isinstance(g, AstralDreams)
    u = next(iter(g.units.values()))
    k = kind_of(g, u)
    assert k is not None and k.bounds == (50, 4750, 50, 4750)
    assert k.speed2 == (100 * u.profile.speed) ** 2
    # a base whose radius is no hundredth: the plain construction answers, the same points
    setup = type(g.setup)(g.setup.table, Fraction(1, 3), g.setup.tolerance,
                          g.setup.deploy_depth, g.setup.scout_range, g.setup.round_limit,
                          g.setup.points)
    g.setup = setup
    assert kind_of(g, u) is None
    for v in g.units.values():
        assert candidates.move_candidates(g, v) == _plain(g, v)


def test_records_follow_clones_and_changes() -> None:
    """A unit's remembered answer stands only while every position is the same object: a
    clone shares it until something moves; a new setup, a removed unit, a moved friend far
    away or an enemy on top of another each give the plain definition's answer."""
    g = load("astral-dreams", scenario="open-table", seed=10)
    assert isinstance(g, AstralDreams)
    rng = random.Random(3)
    for _ in range(40):
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        if g.over:
            break
    first = {u.id: candidates.allowed(g, u) for u in g.units.values()}
    c = g.clone()
    for u in c.units.values():
        assert candidates.allowed(c, u) is first[u.id]
    units = list(c.units.values())
    units[0].pos = Point(units[0].pos.x, units[0].pos.y)  # equal, but another object
    units[1].pos = units[-1].pos  # two miniatures on one spot
    del c.units[units[2].id]
    for u in c.units.values():
        assert candidates.move_candidates(c, u) == _plain(c, u)
    for u in g.units.values():
        assert candidates.move_candidates(g, u) == _plain(g, u)  # the original unchanged
    _with_blocker(c)
    for u in c.units.values():
        assert candidates.move_candidates(c, u) == _plain(c, u)
