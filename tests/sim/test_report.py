"""The designer's output: a bar that moves per game, the speed of every run, every seat's plot,
bins that fit whole scores, named forces in balance, one self-contained HTML page."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from typer.testing import CliRunner

from voidwar.cli.main import app
from voidwar.sim.balance import describe_force
from voidwar.sim.report import integer_bins, plot_figure
from voidwar.sim.runner import GameSpec, simulate

runner = CliRunner()


def test_progress_is_reported_per_game() -> None:
    calls: list[int] = []
    spec = GameSpec("antilles", default_policy="random")
    simulate(spec, 7, seed=1, workers=1, progress=calls.append)
    assert calls == [1] * 7


def test_integer_bins_are_centred_on_whole_scores() -> None:
    edges = integer_bins([0, 1, 1, 2, 5, 7])
    assert isinstance(edges, list) and edges[0] == -0.5 and edges[-1] == 7.5
    assert all(b - a == 1 for a, b in itertools.pairwise(edges))
    wide = integer_bins(list(range(0, 300, 3)))
    assert isinstance(wide, list) and len(wide) <= 61
    assert all(float(e + 0.5).is_integer() for e in wide)  # edges between whole numbers
    assert integer_bins([0.5, 1.25]) == 30


def test_the_plot_has_every_seat_and_the_levels() -> None:
    results = [{"scores": {"blue": k % 3, "red": k % 2}, "outcome": "win", "level": None,
                "seats": ["blue", "red"]} for k in range(10)]
    fig = plot_figure(results, ["blue", "red"], "t")
    labels = [ax.get_xlabel() for ax in fig.axes]
    assert labels[:2] == ["score (blue)", "score (red)"] and len(fig.axes) == 3


def test_simulate_reports_speed_and_writes_one_page(tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    r = runner.invoke(app, ["simulate", "space-fleet", "--games", "4", "--policy", "random",
                            "--report", str(page)])
    assert r.exit_code == 0, r.output
    assert "games/s" in r.stdout and "score (red)" in r.stdout
    text = page.read_text()
    assert "data:image/png;base64," in text and "<table>" in text and "95% CI" in text
    assert "src='http" not in text and "href=" not in text  # nothing outside the file
    j = runner.invoke(app, ["simulate", "antilles", "--games", "2", "--json"])
    data = json.loads(j.stdout)
    assert data["elapsed_s"] > 0 and data["games_per_s"] > 0 and "notes" in data


def test_balance_names_the_forces() -> None:
    assert describe_force(["DN", "DN", "BB"]) == "2 DN + 1 BB"
    army = {"side": "scouts", "points": 21, "units": [{"type": "spacer", "count": 5}]}
    assert describe_force(army) == "5 spacer (21 pts)"
    r = runner.invoke(app, ["balance", "astral-dreams", "--games", "1", "--policy", "random"])
    assert r.exit_code == 0, r.output
    assert "5 spacer (21 pts) against 1 marine (21 pts)" in r.stdout.replace("\n", " ") or \
        "5 spacer" in r.stdout
    assert "games/s" in r.stdout
