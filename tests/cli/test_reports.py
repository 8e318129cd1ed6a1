"""``balance --report`` and ``tournament --report``: one self-contained page each, with tables,
intervals and the plots embedded as data URIs."""

from __future__ import annotations

import base64
import re
from pathlib import Path

from typer.testing import CliRunner

from voidwar.cli.main import app
from voidwar.cli.tournament import rating_intervals

PNG = re.compile(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'")


def _page(path: Path) -> str:
    page = path.read_text()
    assert not re.search(r"(src|href)=['\"](?!data:)", page)  # nothing outside the file
    shots = PNG.findall(page)
    assert shots and all(base64.b64decode(s)[:8] == b"\x89PNG\r\n\x1a\n" for s in shots)
    return page


def test_balance_report_has_the_matrix_the_forces_and_the_plots(tmp_path: Path) -> None:
    out = tmp_path / "b.html"
    r = CliRunner().invoke(app, ["balance", "space-fleet", "--games", "1", "--report",
                                 str(out)])
    assert r.exit_code == 0, r.output
    page = _page(out)
    assert "Win rate of the row side (95% interval)" in page
    assert "1 DD against 1 DD" in page and "games/s" in page


def test_tournament_report_has_ratings_with_intervals(tmp_path: Path) -> None:
    out = tmp_path / "t.html"
    r = CliRunner().invoke(app, ["tournament", "space-fleet", "--policies", "random,heuristic",
                                 "--games", "2", "--report", str(out)])
    assert r.exit_code == 0, r.output
    page = _page(out)
    assert "Ratings (Elo scale, mean 1500)" in page and "95% interval" in page
    assert re.search(r"<td>\d{4} – \d{4}</td>", page)


def test_tournament_report_refuses_a_missing_folder_before_playing(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["tournament", "antilles", "--policies", "random",
                                 "--games", "1", "--report", str(tmp_path / "no" / "t.html")])
    assert r.exit_code == 2 and "does not exist" in " ".join(r.output.split())


def test_rating_intervals_hold_the_rating_and_narrow_with_more_games() -> None:
    def report(n: int, won: float) -> dict:
        cell = {"games": n, "rate": won}
        back = {"games": n, "rate": 1 - won}
        return {"policies": ["a", "b"], "table": {"a": {"b": cell}, "b": {"a": back}}}

    few, many = rating_intervals(report(10, 0.7)), rating_intervals(report(1000, 0.7))
    assert few["a"][0] < many["a"][0] <= many["a"][1] < few["a"][1]
    assert few["b"][1] > 1500 > many["b"][1]  # 7 of 10 is no proof; 700 of 1000 is
    assert rating_intervals(report(10, 0.7)) == few  # seeded: the same every run


def test_balance_page_draws_cells_at_0_and_100_percent(tmp_path: Path) -> None:
    """A cell won by no game or by every game: Wilson's interval ends a rounding error past the
    rate (7e-18 at 0%), and the page is still drawn (the README's ``balance --report``)."""
    from voidwar.sim.report import balance_figure
    from voidwar.sim.stats import wilson

    cells = []
    for row, col, wins in (("DN", "DD", 50), ("DD", "DN", 0), ("HC", "HC", 25)):
        rate, lo, hi = wilson(wins, 50)
        cells.append({"row": row, "col": col, "games": 50, "rate": rate, "ci_low": lo,
                      "ci_high": hi, "scenario": "duel", "forces": []})
    assert cells[1]["ci_low"] > cells[1]["rate"]  # the case that crashed the drawing
    fig = balance_figure({"cells": cells}, "t")
    errbars = [c for c in fig.axes[1].containers]
    assert errbars  # the interval bars are drawn
    fig.savefig(tmp_path / "b.png")


def test_simulate_page_names_the_scenario_and_policies_in_words(tmp_path: Path) -> None:
    out = tmp_path / "s.html"
    r = CliRunner().invoke(app, ["simulate", "antilles", "--games", "2", "--policy", "random",
                                 "--report", str(out)])
    assert r.exit_code == 0, r.output
    page = _page(out)
    assert "scenario standard" in page and "policies: commander random" in page
    assert "{" not in re.sub(r"<style>.*?</style>", "", page)  # no Python dict shown


def test_slow_runs_say_seconds_a_game() -> None:
    from voidwar.sim.report import speed_text

    assert speed_text(10, 293.6) == "10 games in 293.6 s (29.4 s a game)"
    assert speed_text(5000, 45.4) == "5000 games in 45.4 s (110.1 games/s)"
