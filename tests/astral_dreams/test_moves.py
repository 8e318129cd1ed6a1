"""The moves a miniature is offered (The Round 2a; ``destinations.py``): cases a player can
check on the table with a ruler. The offer is toward and away from each enemy at full speed, to
base contact and to the edge of range when a straight move reaches them, around the two nearest
enemies, and beside what blocks sight; of those, what the rule allows: a base in the way takes a
straight move off, the table's edge stops a move away, a hill halves the way up, and impassable
terrain is never entered. Every offered move is one ``check`` accepts, and the offer follows the
miniatures as they move."""

from __future__ import annotations

import copy
import random
from fractions import Fraction as F

import pytest

from voidwar.core.dice import derive_seed
from voidwar.core.errors import IllegalAction
from voidwar.core.registry import load
from voidwar.core.tabletop import Point
from voidwar.rulesets.astral_dreams.actions import Move
from voidwar.rulesets.astral_dreams.game import AstralDreams

from .conftest import place

SCENARIOS = ("open-table", "ruins", "ridges")


def texts(points: list[Point]) -> list[str]:
    return [str(p) for p in points]


def offered(g: AstralDreams, uid: str) -> list[str]:
    """The destinations of ``uid``'s moves in the legal actions, in order."""
    return [str(a.to) for a in g.legal_actions() if isinstance(a, Move) and a.unit == uid]


def _positions(scenario: str, games: int = 2, every: int = 4) -> list[AstralDreams]:
    """Every ``every``-th position of a few random games."""
    out: list[AstralDreams] = []
    rng = random.Random(11)
    for i in range(games):
        g = load("astral-dreams", scenario=scenario, seed=derive_seed(9, i))
        assert isinstance(g, AstralDreams)
        n = 0
        while not g.over and n < 90:
            legal = g.legal_actions()
            if n % every == 0:
                out.append(g.clone())
            g.apply(legal[rng.randrange(len(legal))])
            n += 1
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_offered_move_is_legal_and_offered_once(scenario: str) -> None:
    """On every table, along random games: each offered move passes ``check``, none twice and
    none to where the miniature stands; and every miniature's destinations, ready or not, are
    paths the rule allows."""
    for g in _positions(scenario):
        moves = [a for a in g.legal_actions() if isinstance(a, Move)]
        assert len({(m.unit, m.to) for m in moves}) == len(moves)
        for m in moves:
            assert m.to != g.units[m.unit].pos
            g.check(m)
        for u in g.units.values():
            for p in g.move_candidates(u):
                g.check_path(u, [u.pos, p])


def test_toward_away_and_around_an_enemy() -> None:
    """A Scout (speed 6) 30" from a Robot: full speed toward it and away from it (5.98", a
    hundredth grid's room short of 6), and 5.98" at 45° and 90° either side of the line; base
    contact and the edge of range (12") are too far for one move."""
    g = place([("spacer", "24,10")], [("marine", "24,40")], [15, 5])
    assert texts(g.move_candidates(g.units["S1"])) == [
        "24,15.98", "24,4.02", "19.77,14.23", "28.23,14.23", "18.02,10", "29.98,10"]
    assert offered(g, "S1") == texts(g.move_candidates(g.units["S1"]))


def test_base_contact_and_the_edge_of_range() -> None:
    """A Robot 6" away: the move to base contact (centres 1.05" apart, within the 0.1"
    tolerance) and the one to the edge of the Scout's 12" range (11.95" from it) are offered;
    from the first the Scout may melee."""
    g = place([("spacer", "24,10")], [("marine", "24,16")], [15, 5])
    got = texts(g.move_candidates(g.units["S1"]))
    assert got[0] == "24,14.95"  # contact
    assert "24,4.05" in got  # 11.95" from the Robot: still in range
    g.apply("move S1 to 24,14.95")
    assert "melee S1 at R1" in [str(a) for a in g.legal_actions()]


def test_a_base_in_the_way_takes_the_straight_move_off() -> None:
    """A friend 3" ahead stands on the straight line toward the enemy: that move is not
    offered (bases never pass through one another); the moves around are. When the friend
    steps aside the straight move is offered again."""
    g = place([("spacer", "24,10"), ("spacer", "24,13")], [("marine", "24,40")], [15, 5])
    s1 = g.units["S1"]
    got = texts(g.move_candidates(s1))
    assert "24,15.98" not in got
    assert "18.02,10" in got and "29.98,10" in got
    with pytest.raises(IllegalAction, match="pass through or onto S2"):
        g.check(g.parse_action("move S1 to 24,15.98"))
    g.units["S2"].pos = Point.parse("34,13")  # stepped aside (a value like any other)
    assert "24,15.98" in texts(g.move_candidates(s1))


def test_a_base_touching_the_line_but_not_crossing_it_does_not_block() -> None:
    """Sliding past a base edge to edge is allowed: a friend whose base just touches the
    straight path (centres exactly two radii from the line) leaves the move offered."""
    g = place([("spacer", "24,10"), ("spacer", "25,13")], [("marine", "24,40")], [15, 5])
    assert "24,15.98" in texts(g.move_candidates(g.units["S1"]))


def test_the_table_edge_stops_a_move_away() -> None:
    """3" from its own edge, a Scout running from a Robot stops with its base on the table
    (centre 0.5" from the edge), not 5.98" away; a hair further is refused."""
    g = place([("spacer", "24,3")], [("marine", "24,20")], [15, 5])
    got = texts(g.move_candidates(g.units["S1"]))
    assert "24,0.5" in got
    assert all(Point.parse(t).y >= F(1, 2) for t in got)
    with pytest.raises(IllegalAction, match="off the table"):
        g.check(g.parse_action("move S1 to 24,0.49"))


def test_a_hill_halves_the_move_up() -> None:
    """On the ridges a Scout at the foot of the west ridge's south face (rising north) moves
    toward a Robot uphill: 6" of speed buy 3" of slope, so the move offered stops just short of
    3" up (found by the rule's own cost), and 3.01" is refused."""
    g = place([("scout", "12,16")], [("marine", "12,45")], [15, 5], scenario="ridges")
    up = [p for p in g.move_candidates(g.units["S1"]) if p.x == 12 and p.y > 16]
    assert len(up) == 1
    assert F(1895, 100) <= up[0].y <= 19
    g.check(Move("S1", up[0]))
    with pytest.raises(IllegalAction, match='moves up to 6"'):
        g.check(g.parse_action("move S1 to 12,19.01"))


def test_impassable_terrain_is_not_entered() -> None:
    """In the ruins a Scout south of the west bunker (8..16 × 18..22, impassable): the straight
    move toward a Robot beyond it would cut into the bunker and is not offered; the moves along
    the wall are."""
    g = place([("spacer", "12,15")], [("marine", "12,40")], [15, 5], scenario="ruins")
    got = texts(g.move_candidates(g.units["S1"]))
    assert "12,20.98" not in got
    assert "6.02,15" in got and "17.98,15" in got
    with pytest.raises(IllegalAction, match="west bunker"):
        g.check(g.parse_action("move S1 to 12,20.98"))


def test_the_offer_follows_the_miniatures() -> None:
    """The offer is a function of where the miniatures stand: a copy whose enemy moved offers
    the moves toward the new place, the original is unchanged; a game whose setup is an equal
    value offers the same moves."""
    g = place([("spacer", "24,10")], [("marine", "24,40")], [15, 5])
    before = texts(g.move_candidates(g.units["S1"]))
    c = g.clone()
    c.units["R1"].pos = Point.parse("40,10")
    after = texts(c.move_candidates(c.units["S1"]))
    assert "29.98,10" in after and after != before
    assert texts(g.move_candidates(g.units["S1"])) == before
    twin = copy.copy(g)
    twin.setup = type(g.setup)(g.setup.table, g.setup.radius, g.setup.tolerance,
                               g.setup.deploy_depth, g.setup.scout_range,
                               g.setup.round_limit, g.setup.points, g.setup.free_deploy)
    assert twin.setup is not g.setup and twin.setup == g.setup
    assert texts(twin.move_candidates(twin.units["S1"])) == before


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_choose_legal_picks_what_legal_actions_lists(scenario: str) -> None:
    """Every index of every position: the same action as ``legal_actions()[i]`` (a random pick
    counts the moves and makes only the one it picks)."""
    for g in _positions(scenario, games=1, every=6):
        legal = g.legal_actions()
        for i in range(len(legal)):
            seen: list[int] = []

            def pick(n: int, i: int = i, seen: list[int] = seen) -> int:
                seen.append(n)
                return i

            assert g.choose_legal(pick) == legal[i]
            assert seen == [len(legal)]


def test_clone_is_independent_and_identical() -> None:
    for g in _positions("open-table", games=1)[:8]:
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
