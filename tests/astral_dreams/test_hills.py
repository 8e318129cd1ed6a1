"""Hills with a slope: the text's "Tabletop" advice, "If you choose to use
terrain use common sense to make appropriate terrain rules (e.g., half movement up a hill, double
movement down it)". The cost of each leg depends on whether it goes up, down or across the slope.

Every expected value is one a person can check with a ruler: straight legs, 3-4-5 triangles.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction as F
from pathlib import Path

import pytest
from rich.console import Console

import voidwar
from voidwar.core.errors import DataFileError, IllegalAction
from voidwar.core.tabletop import Circle, Point, Rect
from voidwar.rulesets.astral_dreams.data import load_scenario_file, scenario_dir
from voidwar.rulesets.astral_dreams.game import AstralDreams
from voidwar.rulesets.astral_dreams.policies import HeuristicPolicy
from voidwar.rulesets.astral_dreams.render import render, slope_arrow, table_map
from voidwar.rulesets.astral_dreams.terrain import Feature, Slope, Table

from .conftest import place

NORTH = Slope((F(0), F(1)))


def P(text: str) -> Point:
    return Point.parse(text)


def hill_table(*extra: Feature, slope: Slope = NORTH) -> Table:
    """A 48" table with one hill, 10..30 × 10..30, rising the way ``slope`` says."""
    return Table(F(48), F(48), (Feature("hill", Rect(F(10), F(10), F(30), F(30)), slope=slope),
                                *extra))


# -- the rule ----------------------------------------------------------------------------------
def test_half_movement_up_a_hill() -> None:
    """"half movement up a hill": 3" straight up the slope cost 6" of speed."""
    t = hill_table()
    assert t.path_cost([P("20,12"), P("20,15")]) == pytest.approx(6.0)
    assert t.path_fits([P("20,12"), P("20,15")], 6)
    assert not t.path_fits([P("20,12"), P("20,15.01")], 6)


def test_double_movement_down_it() -> None:
    """"double movement down it": 12" straight down the slope cost 6" (exactly at the limit)."""
    t = hill_table()
    assert t.path_cost([P("20,28"), P("20,16")]) == pytest.approx(6.0)
    assert t.path_fits([P("20,28"), P("20,16")], 6)
    assert not t.path_fits([P("20,28"), P("20,15.99")], 6)


def test_across_the_slope_is_normal_movement() -> None:
    """Neither up nor down the hill ("common sense"): across the slope each inch costs one."""
    t = hill_table()
    assert t.path_cost([P("12,20"), P("18,20")]) == pytest.approx(6.0)
    assert t.path_fits([P("12,20"), P("18,20")], 6)
    assert not t.path_fits([P("12,20"), P("18.01,20")], 6)


def test_the_cost_depends_on_the_direction_of_travel() -> None:
    """"half movement up a hill, double movement down it": the same leg costs four times as
    much up as down (2 × its length against ½ ×)."""
    t = hill_table()
    a, b = P("20,12"), P("23,16")  # 5" at 37° off the rise: up
    assert t.path_cost([a, b]) == pytest.approx(10.0)
    assert t.path_cost([b, a]) == pytest.approx(2.5)
    assert t.segment_factor(a, b) == 2 and t.segment_factor(b, a) == F(1, 2)


def test_up_and_down_are_within_45_degrees_of_the_slope() -> None:
    """Our reading of "up a hill" / "down it": a leg within 45° of the rise goes up, within 45°
    of the fall down, anything else (exactly 45° included) across."""
    t = hill_table()
    assert t.segment_factor(P("20,20"), P("23,23")) == 1  # 45°: across
    assert t.segment_factor(P("20,20"), P("22.9,23")) == 2  # 44°: up
    assert t.segment_factor(P("20,20"), P("23,22.9")) == 1  # 46°: across
    assert t.segment_factor(P("20,20"), P("17.1,17")) == F(1, 2)  # 44° off the fall: down
    assert t.segment_factor(P("20,20"), P("17,17")) == 1  # 45° off the fall: across


def test_part_of_a_path_on_the_hill() -> None:
    """Each part of a leg costs by where it lies: 2" of open ground, then 2" up the hill
    (half movement) cost 2 + 4 = 6; the way back down, 1 + 2 = 3."""
    t = hill_table()
    assert t.path_cost([P("20,8"), P("20,12")]) == pytest.approx(6.0)
    assert t.path_fits([P("20,8"), P("20,12")], 6)
    assert not t.path_fits([P("20,8"), P("20,12.01")], 6)
    assert t.path_cost([P("20,12"), P("20,8")]) == pytest.approx(3.0)


def test_each_leg_of_a_path_by_its_own_direction() -> None:
    """A path that climbs, then traverses, then descends: 1" up (2), 4" across (4), 2" down (1)."""
    t = hill_table()
    path = [P("20,20"), P("20,21"), P("24,21"), P("24,19")]
    assert t.path_cost(path) == pytest.approx(7.0)
    assert t.path_fits(path, 7) and not t.path_fits(path, F(69, 10))


def test_a_slope_may_rise_any_way_and_carry_its_own_multipliers() -> None:
    """A hill rising northeast: moving northeast is up, north or east (45° off) across. A
    steeper slope may charge more than the text's example: a third of the movement up."""
    ne = hill_table(slope=Slope((F(1), F(1)), up=F(1, 3), down=F(1)))
    assert ne.segment_factor(P("12,12"), P("15,15")) == 3
    assert ne.segment_factor(P("15,15"), P("12,12")) == 1
    assert ne.segment_factor(P("12,12"), P("12,15")) == 1
    assert ne.segment_factor(P("12,12"), P("15,12")) == 1
    long_rise = hill_table(slope=Slope((F(0), F(5))))  # only the direction counts
    assert long_rise.segment_factor(P("20,12"), P("20,15")) == 2


def test_overlapping_ground_the_slowest_applies() -> None:
    """A road (×2) over the hill: up the slope on the road the hill's ½ is slower and applies;
    down it both give ×2."""
    road = Feature("road", Rect(F(19), F(0), F(21), F(48)), move=F(2))
    t = hill_table(road)
    assert t.path_cost([P("20,12"), P("20,14")]) == pytest.approx(4.0)
    assert t.path_cost([P("20,14"), P("20,12")]) == pytest.approx(1.0)
    assert t.path_cost([P("20,2"), P("20,6")]) == pytest.approx(2.0)  # the road alone


def test_float_and_exact_costs_agree() -> None:
    """The float pre-test (bots, multi-leg paths) gives the exact cost on random legs, close to
    45° too (there the heading is decided exactly)."""
    t = hill_table(slope=Slope((F(1), F(2))))
    rnd = random.Random(5)
    for _ in range(300):
        a = Point.near(rnd.uniform(5, 35), rnd.uniform(5, 35))
        b = Point.near(rnd.uniform(5, 35), rnd.uniform(5, 35))
        assert t.fsegment_factor(a, b) == pytest.approx(float(t.segment_factor(a, b)), abs=1e-9)
    # exactly 45° off the rise (1, 2): the direction (3, -1) · (1, 2) = 1, |d|²|r|² = 50 > 2
    a = P("20,20")
    for b in (P("23,19"), P("21,23")):
        assert t.fsegment_factor(a, b) == pytest.approx(float(t.segment_factor(a, b)))


def test_flat_terrain_kinds_still_work() -> None:
    """The other kinds keep their meaning: a flat ½ area (rubble) costs double every way."""
    rubble = Feature("rubble", Rect(F(0), F(0), F(8), F(8)), move=F(1, 2))
    t = Table(F(48), F(48), (rubble,))
    assert t.segment_factor(P("1,1"), P("1,4")) == 2 == t.segment_factor(P("1,4"), P("1,1"))
    assert t.segment_factor(P("1,1"), P("4,1")) == 2


def test_bad_slopes_are_refused() -> None:
    """A slope must rise somewhere, move by positive multipliers, and lie on a rectangle."""
    with pytest.raises(ValueError, match="rise in some direction"):
        Slope((F(0), F(0)))
    with pytest.raises(ValueError, match="positive"):
        Slope((F(0), F(1)), up=F(0))
    with pytest.raises(ValueError, match="rectangular"):
        Feature("mound", Circle(P("5,5"), F(2)), slope=NORTH)


# -- scenario files ----------------------------------------------------------------------------
RIDGES = scenario_dir() / "ridges.toml"


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    """The ridges file with ``old`` replaced (``rise = "north"`` is the first face's line)."""
    text = RIDGES.read_text()
    text = text[:text.index("[[terrain]]")].replace('rise = "north"', "rise") + text[
        text.index("[[terrain]]"):]
    assert old in text, old
    p = tmp_path / "mine.toml"
    p.write_text(text.replace(old, new, 1))
    return p


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        ('rise = "north"', 'rise = "uphill"', "terrain.0.rise", "unknown direction 'uphill'"),
        ('rise = "north"', "rise = [0, 1, 2]", "terrain.0.rise", "a direction is [x, y]"),
        ('rise = "north"', "rise = [0, 0]", "terrain.0", "rise in some direction"),
        ('rise = "north"', 'up = "1/3"', "terrain.0", "give its 'rise' too"),
        ('up = "1/3"', "up = 0", "terrain.5", "positive"),
        ('at = [24, 24, "1.5"]', 'at = [24, 24, "1.5"]\nrise = "east"', "terrain.4",
         "rectangular area"),
    ],
)
def test_bad_hills_in_a_scenario_file_are_refused(
    tmp_path: Path, old: str, new: str, field: str, reason: str
) -> None:
    """A malformed hill is refused with file, field and reason."""
    p = _variant(tmp_path, old, new)
    with pytest.raises(DataFileError) as e:
        load_scenario_file(p)
    assert e.value.file == str(p) and e.value.field.startswith(field)
    assert reason in e.value.reason


def test_a_rise_may_be_a_vector(tmp_path: Path) -> None:
    """``rise = [x, y]``: any direction, not only the eight compass points."""
    p = _variant(tmp_path, 'rise = "north"', "rise = [1, 3]")
    slope = load_scenario_file(p).table().features[0].slope
    assert slope is not None and slope.rise == (1, 3)


def test_the_ridges_scenario_has_hills_with_slopes() -> None:
    """The shipped scenario with hills: two ridges of two faces each, rising to a crest."""
    g = voidwar.load("astral-dreams", scenario="ridges")
    assert isinstance(g, AstralDreams)
    faces = [f for f in g.setup.table.features if f.slope is not None]
    assert len(faces) >= 4
    assert {f.slope.describe() for f in faces if f.slope} >= {"rising north", "rising south"}
    assert "ridges" in voidwar.get_ruleset("astral-dreams").scenarios()


# -- in play -----------------------------------------------------------------------------------
def test_a_scout_climbs_the_ridge_at_half_movement() -> None:
    """"half movement up a hill": the west ridge's south face (y 16..24) rises north; 2" of open
    ground and 2" up the face spend a Scout's 6"."""
    g = place([("spacer", "12,14")], [("marine", "40,44")], [15, 5], scenario="ridges")
    with pytest.raises(IllegalAction, match=r"costs 6\.02"):
        g.apply("move S1 to 12,18.01")
    g.apply("move S1 to 12,18")


def test_a_scout_runs_down_the_far_side_at_double_movement() -> None:
    """"double movement down it": from the crest (y = 24) down the north face (rising south) 8"
    cost 4, then 2" of open ground: a Scout's 6" carry it 10"."""
    g = place([("spacer", "12,24")], [("marine", "40,44")], [15, 5], scenario="ridges")
    with pytest.raises(IllegalAction, match="costs"):
        g.apply("move S1 to 12,34.01")
    g.apply("move S1 to 12,34")


def test_along_the_ridge_is_normal_movement() -> None:
    """Across the slope (along the face, east-west) a Scout moves its full 6"."""
    g = place([("spacer", "6,20")], [("marine", "40,44")], [15, 5], scenario="ridges")
    with pytest.raises(IllegalAction, match="costs"):
        g.apply("move S1 to 12.01,20")
    g.apply("move S1 to 12,20")


def _play(scenario: str, seed: int) -> AstralDreams:
    g = voidwar.load("astral-dreams", scenario=scenario, seed=seed)
    assert isinstance(g, AstralDreams)
    bots = {"scouts": HeuristicPolicy(seed), "robots": HeuristicPolicy(seed + 1)}
    while not g.over:
        side = g.to_act
        assert side is not None
        g.apply(bots[side].choose(g))
    return g


def test_the_heuristic_bot_plays_the_ridges_to_the_end_deterministically() -> None:
    """Both heuristic sides play the hill scenario to a result; the same seed gives the same
    game; some of their moves climb or descend a slope (each legal by the direction rule)."""
    g = _play("ridges", 2)
    assert g.result is not None and g.result.winner in ("scouts", "robots", None)
    assert _play("ridges", 2).actions == g.actions
    t = g.setup.table
    replay = voidwar.replay(g.record())
    assert replay.digest() == g.digest()
    sloped = 0
    for ev in g.log:
        if ev.kind != "move":
            continue
        path = [Point.parse(ev.data["frm"]), Point.parse(ev.data["to"])]
        if not math.isclose(t.path_cost(path), t.path_length(path)):
            sloped += 1
    assert sloped > 0


# -- on screen ---------------------------------------------------------------------------------
def test_the_map_draws_each_hill_with_its_slope() -> None:
    """The terminal map draws a hill as arrows pointing uphill; the terrain line says the
    multipliers up, down and across."""
    g = voidwar.load("astral-dreams", scenario="ridges")
    assert isinstance(g, AstralDreams)
    text = table_map(g).plain
    assert "↑" in text and "↓" in text and "↖" in text
    assert slope_arrow(NORTH) == "↑" and slope_arrow(Slope((F(1), F(-1)))) == "↘"
    console = Console(width=200, record=True)
    console.print(render(g))
    out = console.export_text()
    assert "rising north: movement ×1/2 up, ×2 down, ×1 across" in out
