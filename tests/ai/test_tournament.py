"""Round robin: table, intervals, ratings; CLI command output."""

from __future__ import annotations

import json
import math

import pytest
import typer
from typer.testing import CliRunner

from voidwar.cli.tournament import tournament_command
from voidwar.sim.tournament import bradley_terry, run_tournament, total_games


def test_bradley_terry_two_policies_on_paper() -> None:
    # a won 3 of 4 against b; with one virtual draw (½ each way) the strengths are 3.5 : 1.5
    r = bradley_terry(["a", "b"], {("a", "b"): 3.0, ("b", "a"): 1.0})
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(3.5 / 1.5), abs=1e-6)
    assert (r["a"] + r["b"]) / 2 == pytest.approx(1500)


def test_bradley_terry_even_results_give_equal_ratings() -> None:
    r = bradley_terry(["x", "y", "z"], {("x", "y"): 2, ("y", "x"): 2, ("y", "z"): 1,
                                       ("z", "y"): 1, ("x", "z"): 3, ("z", "x"): 3})
    assert r["x"] == pytest.approx(r["y"]) == pytest.approx(r["z"]) == pytest.approx(1500)


def test_two_seat_round_robin() -> None:
    progress: list[int] = []
    rep = run_tournament("toy-pig", ["random", "mcts"], games=6, seed=1,
                         progress=progress.append)
    assert sum(progress) == 6 == total_games("toy-pig", ["random", "mcts"], 6)
    t = rep["table"]
    assert t["mcts"]["random"]["games"] == t["random"]["mcts"]["games"] == 6
    assert t["mcts"]["random"]["rate"] + t["random"]["mcts"]["rate"] == pytest.approx(1.0)
    c = t["mcts"]["random"]
    assert c["ci_low"] <= c["rate"] <= c["ci_high"]
    assert rep["ratings"]["mcts"] > rep["ratings"]["random"]
    json.dumps(rep)  # JSON-able
    assert rep == run_tournament("toy-pig", ["random", "mcts"], games=6, seed=1)


def test_solitaire_table_is_mean_score() -> None:
    rep = run_tournament("toy-push", ["random", "mcts"], games=4, seed=0)
    assert rep["solitaire"] is True
    s = rep["scores"]["random"]
    assert s["games"] == 4 and s["ci_low"] <= s["mean_score"] <= s["ci_high"]


def test_policies_must_be_distinct() -> None:
    with pytest.raises(ValueError):
        run_tournament("toy-pig", ["random", "random"], games=2)


def test_cli_json() -> None:
    app = typer.Typer()
    app.command()(tournament_command)
    out = CliRunner().invoke(app, ["toy-pig", "--policies", "random,mcts", "--games", "2",
                                   "--json"])
    assert out.exit_code == 0, out.output
    rep = json.loads(out.stdout)
    assert rep["policies"] == ["random", "mcts"]
    out = CliRunner().invoke(app, ["toy-pig", "--policies", "random,mcts", "--games", "2"])
    assert out.exit_code == 0 and "rating" in out.output
