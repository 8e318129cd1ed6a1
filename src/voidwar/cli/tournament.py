"""``voidwar tournament RULESET --policies random,heuristic,mcts --games N``.

Mount with ``app.command("tournament")(tournament_command)`` (or ``app.add_typer(app)``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..sim.progress import game_progress
from ..sim.report import (
    ReportPathError,
    check_output_path,
    html_page,
    png_base64,
    speed_text,
    tournament_figure,
)
from ..sim.tournament import bradley_terry, run_tournament, total_games
from .options import parse_options, simulate_function


def render_report(report: dict[str, Any], console: Console) -> None:
    """The win-rate table (row policy's rate against the column policy) and the ratings."""
    pols: list[str] = report["policies"]
    title = f"{report['ruleset']} tournament ({report['games_per_pair']} games a pair)"
    if report["solitaire"]:
        t = Table(title=f"{report['ruleset']} ({report['games_per_pair']} games a policy)")
        t.add_column("policy")
        t.add_column("mean score [95% CI]", justify="right")
        for p in sorted(pols, key=lambda p: -report["scores"][p]["mean_score"]):
            s = report["scores"][p]
            t.add_row(p, f"{s['mean_score']:.2f} [{s['ci_low']:.2f}, {s['ci_high']:.2f}]")
        console.print(t)
        return
    t = Table(title=title)
    t.add_column("row beats col")
    for p in pols:
        t.add_column(p, justify="right")
    t.add_column("overall", justify="right")
    t.add_column("rating", justify="right")
    for a in sorted(pols, key=lambda p: -report["ratings"][p]):
        row = report["table"][a]
        cells = []
        for b in pols:
            if a == b:
                cells.append("—")
            else:
                c = row[b]
                cells.append(f"{c['rate']:.0%} [{c['ci_low']:.0%}–{c['ci_high']:.0%}]")
        o = row["overall"]
        cells.append(f"{o['rate']:.0%} [{o['ci_low']:.0%}–{o['ci_high']:.0%}]")
        ci = report.get("rating_ci", {}).get(a)
        cells.append(f"{report['ratings'][a]:.0f}" + (f" [{ci[0]:.0f}–{ci[1]:.0f}]" if ci
                                                      else ""))
        t.add_row(a, *cells)
    console.print(t)


def rating_intervals(report: dict[str, Any], draws: int = 400,
                     seed: int = 0) -> dict[str, tuple[float, float]]:
    """95% intervals of the ratings by a parametric bootstrap: each pair's win rate drawn from
    its Jeffreys posterior (Beta(w + ½, n − w + ½), so 6 wins of 6 still leave doubt), its games
    redrawn (binomial, seeded), the Bradley–Terry ratings refitted; the 2.5th and 97.5th
    percentiles kept."""
    import numpy as np

    pols: list[str] = report["policies"]
    rng = np.random.default_rng(seed)
    pairs = [(a, b) for i, a in enumerate(pols) for b in pols[i + 1:]]
    samples: dict[str, list[float]] = {p: [] for p in pols}
    for _ in range(draws):
        wins: dict[tuple[str, str], float] = {}
        for a, b in pairs:
            cell = report["table"][a][b]
            n = int(cell["games"])
            won = cell["rate"] * n
            w = float(rng.binomial(n, rng.beta(won + 0.5, n - won + 0.5))) if n else 0.0
            wins[(a, b)], wins[(b, a)] = w, n - w
        for p, r in bradley_terry(pols, wins, iterations=100).items():
            samples[p].append(r)
    return {p: (float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5)))
            for p, v in samples.items()}


def report_page(report: dict[str, Any], title: str) -> str:
    """``tournament --report``: one self-contained page: the run's facts, the head-to-head
    table and the ratings with their intervals, the plots embedded."""
    pols: list[str] = sorted(report["policies"], key=lambda p: -report["ratings"][p])
    facts = [speed_text(report.get("games", 0) or 0, report.get("elapsed_s", 0.0)),
             f"ruleset {report['ruleset']}, {report['games_per_pair']} games a pair"]

    def cell(c: dict[str, Any]) -> str:
        return f"{c['rate']:.0%} [{c['ci_low']:.0%}–{c['ci_high']:.0%}]"

    if report["solitaire"]:
        rows = [[p, f"{report['scores'][p]['mean_score']:.2f}",
                 f"{report['scores'][p]['ci_low']:.2f} – {report['scores'][p]['ci_high']:.2f}"]
                for p in pols]
        return html_page(title, facts, [], [("Mean score", ["policy", "mean", "95% CI"], rows)],
                         [png_base64(tournament_figure(report, title))])
    table = [[a, *[("—" if a == b else cell(report["table"][a][b])) for b in pols],
              cell(report["table"][a]["overall"])] for a in pols]
    ci = report.get("rating_ci", {})
    ratings = [[p, f"{report['ratings'][p]:.0f}",
                f"{ci[p][0]:.0f} – {ci[p][1]:.0f}" if p in ci else ""] for p in pols]
    return html_page(title, facts, [], [
        ("Row beats column (95% interval)", ["row \\ col", *pols, "overall"], table),
        ("Ratings (Elo scale, mean 1500)", ["policy", "rating", "95% interval"], ratings)],
        [png_base64(tournament_figure(report, title))])


def tournament_command(
    ruleset: Annotated[str, typer.Argument(help="ruleset name")],
    policies: Annotated[str, typer.Option(help="comma-separated policy names")] = (
        "random,heuristic,mcts"),
    games: Annotated[int, typer.Option(help="games per pair of policies")] = 20,
    scenario: Annotated[str | None, typer.Option(help="scenario name")] = None,
    seed: Annotated[int, typer.Option(help="tournament seed")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    option: Annotated[list[str] | None, typer.Option("-o", help="game option key=value")] = None,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    output: Annotated[Path | None, typer.Option("--output", help="write JSON here")] = None,
    report_file: Annotated[Path | None, typer.Option(
        "--report", help="write one self-contained HTML page (tables, ratings with intervals, "
        "plots)")] = None,
) -> None:
    """Round robin between policies: win rates with 95% intervals and a rating per policy."""
    names = [p.strip() for p in policies.split(",") if p.strip()]
    if report_file is not None:
        try:
            check_output_path(report_file, "report")
        except ReportPathError as e:
            Console(stderr=True).print(f"[red]error:[/red] {e}")
            raise typer.Exit(2) from None
    opts = parse_options(option)
    sim_fn = simulate_function(backend, address)
    console = Console(stderr=as_json)
    total = total_games(ruleset, names, games, scenario, opts)
    start = time.perf_counter()
    with game_progress(console) as bar:
        task = bar.add_task("tournament", total=total)
        report = run_tournament(ruleset, names, games, scenario, opts, seed, workers,
                                progress=lambda n: bar.advance(task, n), simulate_fn=sim_fn)
    elapsed = time.perf_counter() - start
    report["elapsed_s"] = elapsed
    report["games_per_s"] = total / elapsed if elapsed > 0 else None
    report["games"] = total
    if not report["solitaire"]:
        report["rating_ci"] = rating_intervals(report, seed=seed)
    if report_file is not None:
        report_file.write_text(report_page(report, f"{report['ruleset']} tournament: "
                                                   f"{', '.join(names)}"), encoding="utf-8")
        Console(stderr=True).print(f"wrote {report_file}")
    if output is not None:
        output.write_text(json.dumps(report, indent=1) + "\n")
    if as_json:
        typer.echo(json.dumps(report, indent=1))
    else:
        render_report(report, console)
        console.print(speed_text(total, elapsed))


app = typer.Typer(help="Round robins between policies.")
app.command("tournament")(tournament_command)
