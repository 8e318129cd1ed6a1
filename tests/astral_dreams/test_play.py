"""Astral Dreams through the protocol: golden playthrough, records and replay, random legal play,
army files, the terminal view and queries, the army/campaign commands, balance matchups."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

import voidwar
from voidwar.ai.random_policy import RandomPolicy
from voidwar.cli.main import app as voidwar_app
from voidwar.core.errors import DataFileError, RecordError
from voidwar.core.record import save
from voidwar.core.tabletop import Point, overlaps
from voidwar.rulesets.astral_dreams.data import load_army, suggest_army
from voidwar.rulesets.astral_dreams.game import AstralDreams
from voidwar.rulesets.astral_dreams.golden import GOLDENS

from .conftest import place

GOLDEN_DIR = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_playthrough(name: str) -> None:
    assert GOLDENS[name]() == (GOLDEN_DIR / name).read_text(), (
        "regenerate: voidwar dev golden astral-dreams")


def test_goldens_are_registered() -> None:
    info = voidwar.get_ruleset("astral-dreams")
    assert info.goldens is not None and info.goldens() is GOLDENS
    assert sorted(GOLDENS) == sorted(p.name for p in GOLDEN_DIR.glob("*.txt"))


def test_registry_entry() -> None:
    info = voidwar.get_ruleset("astral_dreams")
    assert info.name == "astral-dreams"
    assert {"open-table", "ruins"} <= set(info.scenarios())
    assert set(info.commands) == {"dist", "los", "range"}
    assert "heuristic" in voidwar.policies.names("astral-dreams")


def _play(game: voidwar.Game, seed: int, limit: int = 400) -> None:
    pol = RandomPolicy(seed)
    for _ in range(limit):
        if game.over:
            return
        game.apply(pol.choose(game))


def test_record_replays_exactly_and_embeds_file_armies(tmp_path: Path) -> None:
    a = tmp_path / "scouts.toml"
    a.write_text('side = "scouts"\npoints = 50\n[[units]]\ntype = "scout"\ncount = 3\n')
    b = tmp_path / "robots.json"
    b.write_text(json.dumps({"side": "robots", "points": 50,
                             "units": [{"type": "marine", "count": 2}]}))
    g = voidwar.load("astral-dreams", scenario="ruins", seed=11, army_a=str(a), army_b=str(b))
    _play(g, 11, limit=60)
    rec = g.record()
    assert rec["options"]["army_a"]["units"] == [{"type": "scout", "count": 3}]
    a.unlink()
    b.unlink()  # the record must not need the files any more
    again = voidwar.replay(json.loads(json.dumps(rec)))
    assert again.digest() == g.digest()
    assert again.state_dict() == g.state_dict()
    rec["actions"][0] = "end S1" if rec["actions"][0] != "end S1" else "end S2"
    with pytest.raises(RecordError):
        voidwar.replay(rec)


def test_undo_restores_the_previous_position() -> None:
    g = voidwar.load("astral-dreams", seed=3)
    _play(g, 3, limit=5)
    before = g.clone()
    g.apply(g.legal_actions()[0])
    back = voidwar.undo(g)
    assert back.state_dict() == before.state_dict()


def _invariants(g: AstralDreams) -> None:
    s = g.setup
    units = list(g.units.values())
    for i, u in enumerate(units):
        assert s.table.base_on_table(u.pos, s.radius)
        assert 0 < u.health <= u.profile.health
        assert s.table.impassable_on([u.pos], s.radius) is None
        for v in units[i + 1:]:
            assert not overlaps(u.pos, s.radius, v.pos, s.radius), (u.id, v.id)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), scenario=st.sampled_from(["open-table", "ruins"]))
def test_random_legal_play_keeps_the_rules(seed: int, scenario: str) -> None:
    g = voidwar.load("astral-dreams", scenario=scenario, seed=seed, round_limit=4)
    assert isinstance(g, AstralDreams)
    pol = RandomPolicy(seed)
    while not g.over:
        acts = g.legal_actions()
        assert acts, "a live game always offers an action"
        for a in acts[:: max(1, len(acts) // 4)]:
            assert g.parse_action(str(a)) == a
            g.check(a)  # every listed action is legal
        g.apply(pol.choose(g))
        _invariants(g)
    assert g.result is not None and g.round <= 4
    assert g.legal_actions() == []


def test_heuristic_does_not_change_the_game() -> None:
    g = voidwar.load("astral-dreams", scenario="ruins", seed=5)
    bot = voidwar.policies.get("heuristic", "astral-dreams", 5)
    for _ in range(12):
        d = g.digest()
        a = bot.choose(g)
        assert g.digest() == d
        g.apply(a)


def _bot_turn(g: AstralDreams, seed: int = 1) -> list[str]:
    bot = voidwar.policies.get("heuristic", "astral-dreams", seed)
    seat, acts = g.to_act, []
    while g.to_act == seat and not g.over:
        a = bot.choose(g)
        acts.append(str(a))
        g.apply(a)
    return acts


def test_heuristic_focus_fires_on_the_wounded() -> None:
    # a Commander (two attacks, MA +9, MD 1) base to base with two Marines: its first melee
    # attack wounds R1 (3 → 2 health); its second goes to R1 again, not to the unhurt R2
    g = place([("commander", "20,10")], [("marine", "19,10"), ("marine", "21,10")],
              [15, 5, 12, 1])
    g.apply("melee S1 at R1")
    bot = voidwar.policies.get("heuristic", "astral-dreams", 1)
    assert str(bot.choose(g)) == "melee S1 at R1"


def test_heuristic_shoots_the_more_valuable_target() -> None:
    g = place([("spacer", "20,10")], [("marine", "14,20"), ("corporal", "26,20")], [15, 5, 1])
    acts = _bot_turn(g)
    assert acts[-1] == "shoot S1 at R2", acts


def test_heuristic_keeps_out_of_robot_reach_until_it_can_strike() -> None:
    g = place([("spacer", "24,10")], [("marine", "24,40")], [15, 5])
    _bot_turn(g)
    s1 = Point.parse(next(u["at"] for u in g.state_dict()["units"] if u["id"] == "S1"))
    assert s1.dist(Point.parse("24,40")) > 20  # a Marine moves 8" and shoots 12"


# -- army files ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ('side = "scouts"\npoints = 50\n[[units]]\ntype = "marine"\n', "units.0.type",
         "'marine' is a robots unit"),
        ('side = "robots"\npoints = 50\n[[units]]\ntype = "wizard"\n', "units.0.type",
         "unknown unit 'wizard'"),
        ('side = "scouts"\npoints = 50\n[[units]]\ntype = "post-captain"\ncount = 2\n', "points",
         "the army costs 98 points, over its allowance of 50"),
        ('side = "aliens"\npoints = 50\n[[units]]\ntype = "spacer"\n', "side", "Input should be"),
        ('side = "scouts"\npoints = 50\n', "units", "Field required"),
        ('side = "scouts"\npoints = 50\n[[units]]\ntype = "spacer"\ncount = 0\n', "units.0.count",
         "greater than or equal to 1"),
        ('side = "scouts"\npoints = 50\n[[units]]\ntype = "spacer"\nat = ["1,1", "2,2"]\n',
         "units.0", "2 positions for 1 miniatures"),
        ('side = "scouts"\npoints = 50\n[[units]\n', "(syntax)", "not valid TOML"),
    ],
)
def test_malformed_army_files(tmp_path: Path, text: str, field: str, reason: str) -> None:
    p = tmp_path / "army.toml"
    p.write_text(text)
    with pytest.raises(DataFileError) as e:
        load_army(p)
    assert e.value.file == str(p)
    assert e.value.field == field
    assert reason in e.value.reason


def test_suggested_armies_fit_their_points() -> None:
    for side in ("scouts", "robots"):
        for pts in (21, 50, 60, 100):
            a = suggest_army(side, pts)
            assert 0 < a.cost() <= pts
    with pytest.raises(DataFileError, match="buy nothing"):
        suggest_army("robots", 20)


# -- terminal ------------------------------------------------------------------------------------
def test_render_and_queries() -> None:
    g = place([("spacer", "20,4")], [("marine", "20,16"), ("marine", "44,40")], [15, 5],
              scenario="ruins")
    info = voidwar.get_ruleset("astral-dreams")
    assert info.render is not None
    con = Console(width=120, record=True)
    con.print(info.render(g))
    text = con.export_text()
    assert "S1" in text and "R2" in text and "initiative" in text and "#" in text
    cmd = info.commands
    assert "12.00\" centre to centre" in cmd["dist"](g, "S1 R1")
    assert "'move S1 to 20,10' is legal now" in cmd["dist"](g, "S1 20,10")
    assert "not legal now" in cmd["dist"](g, "S1 20,10.1")
    assert "blocked by comm tower" in cmd["los"](g, "24,18 24,30")
    assert "line of sight clear" in cmd["los"](g, "S1 R1")
    out = cmd["range"](g, "S1")
    assert "R1 Marine: 12.00\" in range (shoot)" in out
    assert "R2 Marine: 43.27\" sight blocked by east bunker" in out
    assert "R1 Marine: 4.12\" in range (shoot)" in cmd["range"](g, "S1 at 24,17")
    assert g.actions == []  # queries never act


# -- army and campaign commands ------------------------------------------------------------------
def _cli() -> typer.Typer:
    """The ``voidwar`` command, which mounts the ruleset's groups through the registry."""
    return voidwar_app


def test_army_commands(tmp_path: Path) -> None:
    r = CliRunner()
    out = tmp_path / "s.toml"
    res = r.invoke(_cli(), ["army", "new", "--side", "scouts", "--points", "50", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert load_army(out).cost() <= 50
    assert r.invoke(_cli(), ["army", "check", str(out)]).exit_code == 0
    res = r.invoke(_cli(), ["army", "check", str(out), "--points", "20"])
    assert res.exit_code == 2
    bad = tmp_path / "bad.toml"
    bad.write_text('side = "robots"\npoints = 50\n[[units]]\ntype = "spacer"\n')
    res = r.invoke(_cli(), ["army", "check", str(bad)])
    assert res.exit_code == 2
    assert "'spacer' is a scouts unit" in " ".join(res.output.split())


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_campaign_allowance_grows_by_ten(tmp_path: Path, suffix: str) -> None:
    r = CliRunner()
    camp = tmp_path / f"c{suffix}"
    assert r.invoke(_cli(), ["campaign", "new", str(camp)]).exit_code == 0
    res = r.invoke(_cli(), ["campaign", "next", str(camp), "--armies", str(tmp_path / "a")])
    assert "game 1" in res.output and "50 points" in res.output
    assert load_army(tmp_path / "a" / "game1-robots.toml").points == 50
    # play game 1 to the end and record it from its save
    g = voidwar.load("astral-dreams", seed=2,
                     army_a=str(tmp_path / "a" / "game1-scouts.toml"),
                     army_b=str(tmp_path / "a" / "game1-robots.toml"), round_limit=3)
    _play(g, 2, limit=2000)
    assert g.over
    save(g, tmp_path / "g1.json")
    res = r.invoke(_cli(), ["campaign", "record", str(camp), "--record", str(tmp_path / "g1.json")])
    assert res.exit_code == 0, res.output
    assert "next game 2 at 60 points" in res.output
    assert r.invoke(_cli(), ["campaign", "record", str(camp), "--winner", "robots"]).exit_code == 0
    res = r.invoke(_cli(), ["campaign", "next", str(camp)])
    assert "game 3" in res.output and "70 points a side" in res.output
    res = r.invoke(_cli(), ["campaign", "show", str(camp)])
    assert res.exit_code == 0 and "robots" in res.output
    # a game over the allowance is refused: game 3 allows 70; a 100-point army is too many
    big = voidwar.load("astral-dreams", seed=1, points=100, round_limit=2,
                       army_b={"side": "robots", "points": 100,
                               "units": [{"type": "major", "count": 2}]})
    _play(big, 1, limit=2000)
    save(big, tmp_path / "g3.json")
    res = r.invoke(_cli(), ["campaign", "record", str(camp), "--record", str(tmp_path / "g3.json")])
    assert res.exit_code == 2
    assert "over game 3's allowance of 70" in " ".join(res.output.split())


# -- balance -------------------------------------------------------------------------------------
def test_balance_matchups_are_equal_points_and_playable() -> None:
    info = voidwar.get_ruleset("astral-dreams")
    assert info.balance is not None
    cells = info.balance()
    assert len(cells) == 60
    first = next(c for c in cells if (c.row, c.col) == ("Spacer", "Marine"))
    assert first.options["army_a"]["units"] == [{"type": "spacer", "count": 5}]
    assert first.options["army_b"]["units"] == [{"type": "marine", "count": 1}]
    for c in cells[::7]:
        g = voidwar.load("astral-dreams", scenario=c.scenario, seed=1, **c.options)
        assert isinstance(g, AstralDreams)
        a, b = g.armies["scouts"].cost(), g.armies["robots"].cost()
        assert abs(a - b) / max(a, b) <= 0.05 or min(a, b) / max(a, b) > 0.8


def test_point_notation_in_actions_is_exact() -> None:
    g = place([("spacer", "10,10")], [("marine", "40,40")], [15, 5])
    a = g.parse_action("move s1 to 12.50, 10 via 11,11")
    assert str(a) == "move S1 to 12.5,10 via 11,11"
    assert g.parse_action(str(a)) == a
    assert Point.parse("12.5,10") == a.to  # type: ignore[attr-defined]
