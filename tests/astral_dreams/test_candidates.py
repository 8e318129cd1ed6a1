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
