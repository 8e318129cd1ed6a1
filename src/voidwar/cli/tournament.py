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
from ..sim.report import speed_text
from ..sim.tournament import run_tournament, total_games
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
        cells.append(f"{report['ratings'][a]:.0f}")
        t.add_row(a, *cells)
    console.print(t)


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
) -> None:
    """Round robin between policies: win rates with 95% intervals and a rating per policy."""
    names = [p.strip() for p in policies.split(",") if p.strip()]
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
    if output is not None:
        output.write_text(json.dumps(report, indent=1) + "\n")
    if as_json:
        typer.echo(json.dumps(report, indent=1))
    else:
        render_report(report, console)
        console.print(speed_text(total, elapsed))


app = typer.Typer(help="Round robins between policies.")
app.command("tournament")(tournament_command)
