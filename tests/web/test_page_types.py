"""The page's code as the project keeps it (no browser): the board view's types generated from
its schema and not stale, every page module type-checked and short, and the figures the range
tool shows (the board's sights and cell ranges) the rules' own, for every ruleset."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import voidwar
from voidwar.core.board import BoardView, in_play
from voidwar.core.hexgrid import Hex
from voidwar.core.registry import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "voidwar" / "web" / "static"
GENERATOR = ROOT / "scripts" / "board-types"


@pytest.mark.skipif(not (ROOT / "node_modules" / ".bin" / "json2ts").exists(),
                    reason="the npm devDependencies are not installed (make lint runs npm ci)")
def test_the_board_types_are_what_the_generator_makes_now() -> None:
    """board-types.d.ts is json-schema-to-typescript's reading of BoardView's schema today:
    a field added to the board view without regenerating the page's types fails here."""
    made = subprocess.run([sys.executable, str(GENERATOR), "--print"], capture_output=True,
                          text=True, check=True, cwd=ROOT).stdout
    assert (STATIC / "board-types.d.ts").read_text() == made
    for name in ("interface BoardView", "interface Sight", "sights: Sight[]", "ranges: number[]"):
        assert name in made


def test_the_schema_says_every_field_is_sent() -> None:
    """Every field of the board is in the JSON a page reads (defaults too), so the generated
    types make none optional and the page never guesses."""
    schema = BoardView.model_json_schema(mode="serialization")
    for name, model in schema["$defs"].items():
        assert set(model.get("required", [])) == set(model["properties"]), name


def test_every_page_module_is_type_checked_and_short() -> None:
    for js in sorted(STATIC.glob("*.js")):
        lines = js.read_text().splitlines()
        assert lines[0] == "// @ts-check", js.name
        assert len(lines) < 500, (js.name, len(lines))


def _mid_game(ruleset: str, scenario: str, steps: int) -> tuple[object, BoardView]:
    game = voidwar.load(ruleset, scenario, seed=3)
    pol = voidwar.policies.get("random", ruleset, seed=1)
    for _ in range(steps):
        if game.over:
            break
        game.apply(pol.choose(game))
    info = get_ruleset(ruleset)
    assert info.board is not None
    return game, info.board(game, game.seats[0])


@pytest.mark.parametrize(("ruleset", "scenario"), [("antilles", "standard"),
                                                   ("space-fleet", "cruiser-action"),
                                                   ("attack-vector", "2v2")])
def test_a_hex_maps_cell_ranges_are_the_grids_distance(ruleset: str, scenario: str) -> None:
    _, board = _mid_game(ruleset, scenario, 25)
    cells = {c.key: Hex(c.q, c.r) for c in board.map.cells}
    shown = in_play(board)
    assert shown
    for p in shown:
        assert p.position is not None and p.position.hex is not None
        at = cells[p.position.hex]
        assert p.ranges == [at.distance(Hex(c.q, c.r)) for c in board.map.cells], p.id


def test_antilles_sights_are_the_attack_rules() -> None:
    """A Paladin's sight of the platform or a Bolt: its range in hexes and the rules' own word
    on a shot (3.3, 3.4: within the chart's reach, or why not)."""
    from voidwar.rulesets.antilles.attacks import target_reason

    game, board = _mid_game("antilles", "standard", 40)
    paladins = [p for p in in_play(board) if p.side == "commander"]
    assert paladins and all(p.sights for p in paladins)
    where = {p.id: p.position.hex for p in in_play(board) if p.position}
    for p in paladins:
        me = game.paladins[int(p.id[1:]) - 1]  # type: ignore[attr-defined]
        for s in p.sights:
            target = None if s.target == "antilles" else int(s.target[1:])
            q, r = (int(v) for v in str(where[s.target]).split(","))
            assert s.range == me.hex.distance(Hex(q, r))
            why = target_reason(game, me, target)  # type: ignore[arg-type]
            assert s.note == (why.reason if why else "within the fusion guns' reach (3.3)")


@pytest.mark.parametrize("scenario", ["duel", "open-space"])
def test_space_fleet_sights_are_the_firing_rules(scenario: str) -> None:
    """Each enemy ship's range (hexes, or units on the free table) and band or rear arc."""
    game, board = _mid_game("space-fleet", scenario, 30)
    seen = 0
    for p in in_play(board):
        a = game.ships[p.id]  # type: ignore[attr-defined]
        for s in p.sights:
            b = game.ships[s.target]  # type: ignore[attr-defined]
            assert a.side != b.side
            assert s.range == round(float(game.gap(a, b)), 3)  # type: ignore[attr-defined]
            band = game.band_between(a, b)  # type: ignore[attr-defined]
            if band is None:
                assert s.note.startswith("out of range")
            elif game.rear(a, b):  # type: ignore[attr-defined]
                assert "rear" in s.note
            else:
                assert s.note == f"{band.name} range"
            seen += 1
    assert seen


def test_astral_dreams_sights_are_the_range_and_sight_rules() -> None:
    """Each enemy miniature's range centre to centre, the feature the rules' line of sight
    finds in the way (by its id on the board), and the rules' word on a shot at it."""
    from voidwar.rulesets.astral_dreams.actions import AttackKind
    from voidwar.rulesets.astral_dreams.attacks import target_reason
    from voidwar.rulesets.astral_dreams.state import R_RANGE

    game, board = _mid_game("astral-dreams", "ruins", 20)
    names = {t.id: t.name for t in board.terrain}
    blocked = clear = 0
    for p in in_play(board):
        u = game.units[p.id]  # type: ignore[attr-defined]
        for s in p.sights:
            t = game.units[s.target]  # type: ignore[attr-defined]
            assert s.range == round(u.pos.dist(t.pos), 3)
            f = game.setup.table.line_of_sight(u.pos, t.pos)  # type: ignore[attr-defined]
            assert (names[s.blocked_by] if s.blocked_by else None) == (f.name if f else None)
            why = target_reason(game, u, AttackKind.SHOOT, s.target, R_RANGE)  # type: ignore[arg-type]
            assert (why.reason if why else "in range") in s.note
            blocked += f is not None
            clear += f is None
    assert blocked and clear


def test_attack_vector_sights_are_the_bearings() -> None:
    """Each enemy ship's RAL range and AVID window (A5.152-A5.153)."""
    game, board = _mid_game("attack-vector", "2v2", 20)
    seen = 0
    for p in in_play(board):
        bearings = game.bearings(p.id)  # type: ignore[attr-defined]
        for s in p.sights:
            br = bearings[s.target]
            assert s.range == br.range and s.note.startswith(f"RAL range {br.range}, ")
            seen += 1
    assert seen
