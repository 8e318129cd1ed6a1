"""The movement grid (AV:T A2.1) as the rulebook's tutorials play it: A2.1's worked cases, Sample
Game One's moves from a vector (A5.12-A5.17), Sample Game Three's segments 1-3 (A5.341), every
vector moving exactly its components, and the remainder table as a replaceable, checked file."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import voidwar
from voidwar.core.errors import DataFileError
from voidwar.core.record import replay
from voidwar.rulesets.attack_vector.data import GRID_FILE, load_movement_grid, movement_grid
from voidwar.rulesets.attack_vector.grid_file import grid_toml, table_toml
from voidwar.rulesets.attack_vector.movement_grid import (
    REMAINDERS,
    MovementGrid,
    horizontal_cell,
    our_cells,
    pair_key,
    spread,
    vertical_cell,
)
from voidwar.rulesets.attack_vector.vectors import Vec3, normal_form, parse_vector

from .helpers import GAME_ORDERS, at, load, segment

GRID = movement_grid()


def moves(v: str, grid: MovementGrid = GRID) -> list[dict[str, int]]:
    """Segments 1-8's moves of a vector, in normal form."""
    vec = parse_vector(v)
    return [normal_form(grid.move(vec, s)) for s in range(1, 9)]


# -- A2.1's worked cases and the single component ------------------------------------------------
@pytest.mark.parametrize(
    ("n", "hexes"),
    [
        (7, [0, 1, 1, 1, 1, 1, 1, 1]),  # A2.1: one hex on segments 2-8
        (12, [1, 2, 1, 2, 1, 2, 1, 2]),  # A2.1: 1 on segment 1, 2 on segment 2, ...
        (4, [0, 1, 0, 1, 0, 1, 0, 1]),
        (2, [0, 0, 0, 1, 0, 0, 0, 1]),
        (8, [1] * 8),
        (0, [0] * 8),
    ],
)
@pytest.mark.parametrize("arrow", ["A", "D", "+", "-"])
def test_a2_1_worked_cases_in_any_direction(n: int, hexes: list[int], arrow: str) -> None:
    v = f"{n}{arrow}" if arrow not in "+-" else f"{arrow}{n}"
    assert [m.get(arrow, 0) for m in moves(v)] == hexes
    assert all(set(m) <= {arrow} for m in moves(v))


@pytest.mark.parametrize(
    ("rmd", "segments"),
    [(0, []), (1, [8]), (2, [4, 8]), (3, [3, 6, 8]), (4, [2, 4, 6, 8]), (5, [2, 4, 5, 7, 8]),
     (6, [2, 3, 4, 6, 7, 8]), (7, [2, 3, 4, 5, 6, 7, 8])],
)
def test_a_single_component_spreads_its_remainder(rmd: int, segments: list[int]) -> None:
    # spec §4.3: per segment Each + [segment in R(Rmd)]
    assert list(spread(rmd)) == segments
    for each in (0, 1, 2):
        got = [m.get("B", 0) for m in moves(f"{8 * each + rmd}B")]
        assert [s for s in range(1, 9) if got[s - 1] > each] == segments
        assert set(got) <= {each, each + 1}


# -- the tutorials -------------------------------------------------------------------------------
def test_game_one_six_moves_from_a_vector() -> None:
    # A5.12-A5.17: A, A, B, A and up, A, B on segments 1-6, from the vector 5A 3B +2
    got = moves("5A 3B +2")
    assert got[:6] == [{"A": 1}, {"A": 1}, {"B": 1}, {"A": 1, "+": 1}, {"A": 1}, {"B": 1}]
    assert got[6:] == [{"A": 1}, {"B": 1, "+": 1}]  # segments 7-8 follow from the same grid


def test_game_one_is_played_from_its_vector() -> None:
    g = load("game-one")
    ship = g.ships["rafik"]
    assert ship.velocity == parse_vector("5A 3B +2")
    path = ["1A", "2A", "2A 1B", "3A 1B +1", "4A 1B +1", "4A 2B +1", "5A 2B +1", "5A 3B +2"]
    for where in path:
        segment(g)
        assert ship.pos == at(where)
    assert ship.velocity == parse_vector("5A 3B +2")  # drifting: the vector never changes


def test_game_three_segments_1_to_3() -> None:
    # A5.32-A5.341, vector 4A 2B: no move on segment 1, one hex A on segment 2 and on segment 3
    assert moves("4A 2B")[:3] == [{}, {"A": 1}, {"A": 1}]
    assert moves("4A 2B")[3:] == [{"B": 1}, {}, {"A": 1}, {"A": 1}, {"B": 1}]
    g = load("game-three")
    ship = g.ships["rafik"]
    assert ship.eot(g.segment) == at("4A 2B")  # the EoT marker: the whole turn's grid
    for orders, where in ((["pivot to C+"], "0"), ([], "1A"), (["thrust 4"], "2A")):
        segment(g, *orders)
        assert ship.pos == at(where), where


# -- our reconstruction ------------------------------------------------------------------------
def test_the_horizontal_components_share_the_spread_of_their_sum() -> None:
    for a in REMAINDERS:
        for b in REMAINDERS:
            big, small = horizontal_cell(a, b)
            n = a + b
            per = [(s in big) + (s in small) for s in range(1, 9)]
            assert per == [n * s // 8 - n * (s - 1) // 8 for s in range(1, 9)], (a, b)
            keeper = (small if b <= a else big) if n <= 8 else (big if a >= b else small)
            assert keeper == spread(min(a, b) if n <= 8 else max(a, b)), (a, b)


def test_the_vertical_interleaves_with_the_horizontal() -> None:
    for h in REMAINDERS:
        for v in REMAINDERS:
            up = vertical_cell(h, v)
            assert len(up) == v and list(up) == sorted(set(up))
            t = h + v
            per = [(s in spread(h)) + (s in up) for s in range(1, 9)]
            target = [t * s // 8 - t * (s - 1) // 8 for s in range(1, 9)]
            if all(0 <= x - (s in spread(h)) <= 1 for s, x in zip(range(1, 9), target,
                                                                   strict=True)):
                assert per == target, (h, v)  # R(h) inside the sum's spread: the rest of it
    assert vertical_cell(0, 2) == (4, 8)  # Game One's 2 up: segment 4 (A5.15)
    assert vertical_cell(4, 2) == (3, 7)  # 4A +2: up where A does not move


# -- every vector moves exactly its components -------------------------------------------------
COMPONENT = st.integers(min_value=-40, max_value=40)


def _check_turn(grid: MovementGrid, v: Vec3) -> None:
    per = [grid.move(v, s) for s in range(1, 9)]
    total = Vec3()
    for s, m in enumerate(per, 1):
        total = total + m
        assert grid.moved_after(v, s) == total
        assert grid.rest_of_turn(v, s) == v - total
    assert total == v
    cols = [c for c in grid.columns(v) if c is not None]
    assert sum(c.vel for c in cols) == sum(normal_form(v).values())
    for c in cols:  # Each or Each + 1 hexes a segment, Each + Rmd extra over the turn
        assert set(c.hexes) <= {c.each, c.each + 1} and sum(c.hexes) == c.vel
        assert [m.get(c.dir, 0) for m in map(normal_form, per)] == list(c.hexes)


@settings(max_examples=400, deadline=None)
@given(COMPONENT, COMPONENT, COMPONENT)
def test_over_a_turn_every_vector_moves_exactly_its_components(
        dq: int, dr: int, dz: int) -> None:
    _check_turn(GRID, Vec3(dq, dr, dz))


def _cell(draw: st.DrawFn, k: int) -> list[int]:
    return sorted(draw(st.lists(st.integers(1, 8), min_size=k, max_size=k, unique=True)))


@st.composite
def tables(draw: st.DrawFn) -> MovementGrid:
    """Any remainder table a player might type in (each cell as many segments as its
    remainder, each once)."""
    horizontal = {pair_key(a, b): (_cell(draw, a), _cell(draw, b))
                  for a in REMAINDERS for b in REMAINDERS}
    vertical = {pair_key(a, b): _cell(draw, b) for a in REMAINDERS for b in REMAINDERS}
    return MovementGrid(horizontal, vertical, "(drawn)")


@settings(max_examples=60, deadline=None)
@given(tables(), COMPONENT, COMPONENT, COMPONENT)
def test_any_valid_table_moves_every_vector_exactly(
        grid: MovementGrid, dq: int, dr: int, dz: int) -> None:
    _check_turn(grid, Vec3(dq, dr, dz))


# -- the file ----------------------------------------------------------------------------------
def test_the_shipped_file_is_our_reconstruction() -> None:
    assert GRID_FILE.read_text(encoding="utf-8") == grid_toml()  # voidwar dev ... movement-grid
    assert GRID.cells() == our_cells()
    assert GRID.reconstructed
    data = tomllib.loads(grid_toml())
    assert data["horizontal"]["4,2"] == {"major": [2, 3, 6, 7], "minor": [4, 8]}  # Game Three
    assert data["vertical"]["0,2"] == [4, 8]  # Game One's up on segment 4


def _per_component() -> tuple[dict[str, tuple[list[int], list[int]]], dict[str, list[int]]]:
    """A table that moves each component on its own spread (the floor rule per component)."""
    return ({pair_key(a, b): (list(spread(a)), list(spread(b)))
             for a in REMAINDERS for b in REMAINDERS},
            {pair_key(a, b): list(spread(b)) for a in REMAINDERS for b in REMAINDERS})


def write_table(tmp: Path, text: str, name: str = "card.toml") -> str:
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_a_replaced_grid_changes_the_moves_and_the_record_replays_with_it(
        tmp_path: Path) -> None:
    path = write_table(tmp_path, table_toml(*_per_component(), source="typed in"))
    ours, card = load("game-three"), load("game-three", movement_grid=path)
    for orders in (["pivot to C+"], [], ["thrust 4"]):
        segment(ours, *orders)
        segment(card, *orders)
    assert ours.ships["rafik"].pos == at("2A")
    assert card.ships["rafik"].pos == at("1A")  # per component: A on 2, 4, 6, 8 only
    assert card.ships["rafik"].eot(card.segment) == ours.ships["rafik"].eot(ours.segment)
    assert card.digest() != ours.digest()
    rec = card.record()
    assert rec["options"]["movement_grid"]["source"] == "typed in"  # the contents, not the path
    Path(path).unlink()
    again = replay(rec)
    assert again.digest() == card.digest()
    assert again.ships["rafik"].pos == at("1A")  # type: ignore[attr-defined]
    clone = card.clone()
    assert clone.grid is card.grid  # type: ignore[attr-defined]  # shared, read-only


GOOD = tomllib.loads(grid_toml())


def _edited(edit: str) -> dict[str, object]:
    import copy

    data = copy.deepcopy(GOOD)
    h, v = data["horizontal"], data["vertical"]
    if edit == "missing":
        del h["3,5"]
    elif edit == "count":
        h["4,2"]["major"] = [2, 3, 6]
    elif edit == "range":
        v["6,2"] = [4, 9]
    elif edit == "twice":
        h["0,2"]["minor"] = [4, 4]
    elif edit == "order":
        h["0,2"]["minor"] = [8, 4]
    elif edit == "key":
        h["8,0"] = {"major": [], "minor": []}
    elif edit == "type":
        v["1,1"] = "8"
    elif edit == "field":
        h["1,1"]["vertical"] = [8]
    return data


@pytest.mark.parametrize(("edit", "field", "reason"), [
    ("missing", "horizontal", "no cell for major,minor = 3,5"),
    ("count", "horizontal.4,2.major", "lists 3 segment(s); a remainder of 4"),
    ("range", "vertical.6,2.1", "less than or equal to 8"),
    ("twice", "horizontal.0,2.minor", "increasing order, each once"),
    ("order", "horizontal.0,2.minor", "increasing order, each once"),
    ("key", "horizontal.8,0", "not a pair of remainders 0-7"),
    ("type", "vertical.1,1", "valid array"),
    ("field", "horizontal.1,1.vertical", "Extra inputs"),
])
def test_a_malformed_grid_file_is_refused_with_file_field_and_reason(
        tmp_path: Path, edit: str, field: str, reason: str) -> None:
    import tomli_w

    path = write_table(tmp_path, tomli_w.dumps(_edited(edit)), f"{edit}.toml")
    with pytest.raises(DataFileError) as e:
        voidwar.load("attack-vector", scenario="game-three", seed=1, movement_grid=path)
    assert (e.value.file, e.value.field) == (path, field)
    assert reason in e.value.reason
    with pytest.raises(DataFileError) as inline:  # the same table inline (a record's, a client's)
        load_movement_grid(_edited(edit))
    assert (inline.value.file, inline.value.field) == ("(movement_grid data)", field)


def test_a_grid_file_that_is_no_toml_or_not_there_is_refused(tmp_path: Path) -> None:
    bad = write_table(tmp_path, "[horizontal\n")
    with pytest.raises(DataFileError) as e:
        load_movement_grid(bad)
    assert (e.value.file, e.value.field) == (bad, "(syntax)")
    with pytest.raises(DataFileError) as e:
        load_movement_grid(str(tmp_path / "none.toml"))
    assert e.value.field == "(file)"


def test_the_default_grid_is_shared_and_never_rebuilt() -> None:
    a, b = load("duel"), load("game-one")
    assert a.grid is b.grid is movement_grid()  # type: ignore[attr-defined]
    assert all(s.grid is a.grid for s in a.ships.values())  # type: ignore[attr-defined]


def test_the_command_line_plays_with_a_grid_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from voidwar.cli.main import app

    runner = CliRunner()
    card = write_table(tmp_path, table_toml(*_per_component()))
    ok = runner.invoke(app, ["simulate", "attack-vector", "--scenario", "game-three", "--policy",
                             "drift", "--games", "1", "--grid", card, "--json"])
    assert ok.exit_code == 0, ok.output
    bad = write_table(tmp_path, "[horizontal]\n", "bad.toml")
    for command in (["play", "attack-vector", "--plain", "--no-autosave"], ["simulate",
                    "attack-vector", "--policy", "drift", "--games", "1"]):
        r = runner.invoke(app, [*command, "--grid", bad], input="quit\n")
        assert r.exit_code == 2, r.output
        said = r.output.replace("\n", "")  # the console wraps a long path
        assert "bad.toml" in said and "vertical: Field required" in said


def test_after_a_break_the_new_vector_moves_by_its_grid_rows() -> None:
    # spec §4.6: Game Two's burn resolves on segment 7 (4A 2B); segment 8 is that grid's row 8
    g = load("game-two")
    ship = g.ships["rafik"]
    for orders in GAME_ORDERS["game-two"][:7]:
        segment(g, *orders)
    assert ship.velocity == parse_vector("4A 2B") and ship.pos == at("0")
    assert ship.fp == at("1B") == ship.eot(g.segment)  # GRID.move(4A 2B, 8) = 1B
    segment(g, *GAME_ORDERS["game-two"][7])
    assert ship.pos == at("1B")


def test_the_boards_plot_follows_the_games_grid(tmp_path: Path) -> None:
    from voidwar.rulesets.attack_vector.board import board_view

    def plot(game: voidwar.Game) -> tuple[list[str], list[str]]:
        o = next(o for o in board_view(game, "pilot").overlays if o.kind == "plot")
        return [p.hex for p in o.points], o.labels

    g = load("game-one")
    segment(g)
    segment(g)  # segment 3: B into T1, A and up, A, B, A, B and up (A5.14-A5.17)
    hexes, labels = plot(g)
    assert labels == ["3", "4+", "5", "6", "7", "8+"]
    assert hexes[-1] == "3,-8" and g.ships["rafik"].eot(3) == at("5A 3B +2")
    card = load("game-one", movement_grid=write_table(tmp_path, table_toml(*_per_component())))
    segment(card)
    segment(card)
    assert plot(card)[1] != labels  # per component: 5A on 2, 4, 5, 7, 8; 3B on 3, 6, 8
