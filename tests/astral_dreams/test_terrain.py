"""Astral Dreams terrain (our reading): movement multipliers, impassable features and line of
sight on the table (moved from tests/core/test_tabletop.py with the terrain itself).

Every expected value is one a person can check with a ruler (3-4-5 triangles, straight lines).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from voidwar.core.tabletop import Circle, Point, Rect
from voidwar.rulesets.astral_dreams.terrain import Feature, Table

HALF = F(1, 2)


def P(text: str) -> Point:
    return Point.parse(text)


def test_path_length_and_fit_exact_at_the_limit() -> None:
    t = Table(F(48), F(48))
    assert t.path_fits([P("10,10"), P("13.6,14.8")], 6)  # exactly 6"
    assert not t.path_fits([P("10,10"), P("13.6,14.81")], 6)
    path = [P("10,10"), P("13,14"), P("13,15")]  # 5 + 1
    assert t.path_length(path) == pytest.approx(6.0)
    assert t.path_fits(path, 6)
    assert not t.path_fits([P("10,10"), P("13,14"), P("13,15.01")], 6)


def test_terrain_multipliers() -> None:
    hill = Feature("hill", Rect(F(20), F(0), F(30), F(48)), move=HALF)
    road = Feature("road", Rect(F(0), F(20), F(48), F(22)), move=F(2))
    t = Table(F(48), F(48), (hill, road))
    # 1" of open ground, then 2.5" of hill at half movement: 1 + 5 = 6
    assert t.path_cost([P("19,10"), P("22.5,10")]) == pytest.approx(6.0)
    assert t.path_fits([P("19,10"), P("22.5,10")], 6)
    assert not t.path_fits([P("19,10"), P("22.51,10")], 6)
    # along the road at double movement: 12" cost 6
    assert t.path_fits([P("2,21"), P("14,21")], 6)
    # where road and hill overlap, the slowest applies (½): 2" there cost 4
    assert t.path_cost([P("20,21"), P("22,21")]) == pytest.approx(4.0)


def test_terrain_refuses_bad_shapes() -> None:
    with pytest.raises(ValueError):
        Feature("pond", Circle(P("5,5"), F(2)), move=HALF)
    with pytest.raises(ValueError):
        Rect(F(3), F(0), F(1), F(4))
    with pytest.raises(ValueError):
        Feature("pit", Rect(F(0), F(0), F(1), F(1)), move=F(0))


def test_line_of_sight() -> None:
    wall = Feature("wall", Rect(F(10), F(10), F(12), F(20)), impassable=True, blocks_los=True)
    tower = Feature("tower", Circle(P("30,30"), F(2)), blocks_los=True)
    wood = Feature("wood", Rect(F(40), F(0), F(46), F(6)), blocks_los=True)
    t = Table(F(48), F(48), (wall, tower, wood))
    assert t.line_of_sight(P("5,15"), P("20,15")) is wall
    assert t.line_of_sight(P("5,25"), P("20,25")) is None
    # grazing the wall's edge is not through it
    assert t.line_of_sight(P("12,5"), P("12,25")) is None
    assert t.line_of_sight(P("30,20"), P("30,40")) is tower
    assert t.line_of_sight(P("32,20"), P("32,40")) is None  # tangent to the tower
    # into and out of the wood, not through it
    assert t.line_of_sight(P("43,3"), P("43,30")) is None
    assert t.line_of_sight(P("38,3"), P("47.5,3")) is wood


def test_impassable_terrain_and_table_edges() -> None:
    wall = Feature("wall", Rect(F(10), F(10), F(12), F(20)), impassable=True, blocks_los=True)
    t = Table(F(48), F(48), (wall,))
    assert t.impassable_on([P("5,15"), P("9,15")], HALF) is None
    assert t.impassable_on([P("5,15"), P("9.6,15")], HALF) is wall  # the base edge cuts in
    assert t.impassable_on([P("5,15"), P("9.5,15")], HALF) is None  # edge touches the wall
    assert t.base_on_table(P("0.5,0.5"), HALF)
    assert not t.base_on_table(P("0.49,10"), HALF)
    assert t.clamp(P("-3,50"), HALF) == P("0.5,47.5")
