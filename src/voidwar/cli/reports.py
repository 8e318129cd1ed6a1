"""The designer's commands behind ``voidwar simulate`` and ``voidwar balance``: a progress bar
per game, the speed of the run, every seat's plot, each matchup's forces named, and the
self-contained HTML page; plus the port check of ``voidwar serve``."""

from __future__ import annotations

import errno
import json
import socket
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ..ai import registry as policy_registry
from ..core.errors import VoidwarError
from ..core.registry import get_ruleset, load
from ..sim.progress import game_progress
from ..sim.report import (
    ReportPathError,
    balance_figure,
    check_output_path,
    html_page,
    plot_scores,
    png_base64,
    print_summary,
    speed_text,
    write_simulation_page,
)
from .options import simulate_function

console = Console()
err = Console(stderr=True)


def _fail(e: Exception) -> None:
    err.print(f"[red]error:[/red] {e}")
    raise typer.Exit(2)


def scenario_label(game: Any) -> str:
    """The scenario a game plays, named: its scenario's name, else the set-up's own title (a
    ruleset whose default set-up has no name)."""
    return str(game.scenario or getattr(game, "title", None) or "the ruleset's default set-up")


def simulate_report(ruleset: str, games: int, policy: str, vs: str | None, scenario: str | None,
                    seed: int, workers: int, as_json: bool, plot: Path | None,
                    report: Path | None, opts: dict[str, Any], backend: str,
                    address: str | None) -> None:
    """Play the games and print (and write) the report."""
    from functools import partial

    from ..sim.runner import GameSpec, default_workers, simulate_summary

    try:
        for path, what in ((plot, "plot"), (report, "report")):
            if path is not None:
                check_output_path(path, what)
        info = get_ruleset(ruleset)
        probe = load(info.name, scenario, seed=0, **opts)
        seats = probe.seats
        for name in {policy, vs} - {None}:
            policy_registry.get(str(name), info.name)
        pols = {s: (policy if k == 0 or vs is None else vs) for k, s in enumerate(seats)}
        spec = GameSpec(info.name, scenario, opts, pols, policy)
        runner: Any = simulate_summary
        if simulate_function(backend, address) is not None:  # checks --backend and --address
            from ..sim.ray_backend import simulate_ray_summary

            runner = partial(simulate_ray_summary, address=address)
        start = time.perf_counter()
        with game_progress(err) as bar:
            task = bar.add_task(info.name, total=games)
            streamed = runner(spec, games, seed, workers or default_workers(),
                              progress=lambda k: bar.advance(task, k))
        elapsed = time.perf_counter() - start
    except (VoidwarError, ReportPathError) as e:
        _fail(e)
    summary = streamed.to_dict()
    summary.update({"ruleset": info.name, "scenario": scenario_label(probe), "policies": pols,
                    "seed": seed, "elapsed_s": elapsed,
                    "games_per_s": games / elapsed if elapsed else None,
                    "notes": probe.notes()})
    title = f"{info.title}: {policy}{' vs ' + vs if vs else ''}"
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=1) + "\n")
    else:
        print_summary(summary, title, console)
    if plot is not None:
        plot_scores(summary, list(seats), plot, f"{title}, {games} games")
        err.print(f"wrote {plot}")
    if report is not None:
        write_simulation_page(report, summary, f"{title}, {games} games", list(seats))
        err.print(f"wrote {report}")


def balance_rows(rep: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The win-rate matrix as a header and rows of text."""
    rows = list(dict.fromkeys(c["row"] for c in rep["cells"]))
    cols = list(dict.fromkeys(c["col"] for c in rep["cells"]))
    cell = {(c["row"], c["col"]): c for c in rep["cells"]}

    def fmt(c: dict[str, Any] | None) -> str:
        if c is None:
            return ""
        return f"{100 * c['rate']:.0f}% [{100 * c['ci_low']:.0f}–{100 * c['ci_high']:.0f}]"

    return (["row \\ col", *cols], [[r, *[fmt(cell.get((r, c))) for c in cols]] for r in rows])


def matchup_rows(rep: dict[str, Any]) -> list[list[str]]:
    """Each matchup: its cell, scenario and the forces on each side."""
    return [[f"{c['row']} vs {c['col']}", str(c.get("scenario") or "the ruleset's default"),
             " against ".join(c.get("forces") or []) or "(the scenario's own)"]
            for c in rep["cells"]]


def balance_report(ruleset: str, games: int, policy: str, seed: int, workers: int,
                   as_json: bool, report: Path | None) -> None:
    """Play every matchup and print the matrix, the forces and the speed."""
    from ..sim.balance import run_balance
    from ..sim.runner import default_workers

    try:
        if report is not None:
            check_output_path(report, "report")
        info = get_ruleset(ruleset)
        n = len(info.balance()) if info.balance else 0
        with game_progress(err) as bar:
            task = bar.add_task("matchups", total=n * games)
            rep = run_balance(info.name, games, seed, workers or default_workers(), policy,
                              progress=lambda k: bar.advance(task, k))
    except (VoidwarError, ReportPathError) as e:
        _fail(e)
    if as_json:
        sys.stdout.write(json.dumps(rep, indent=1) + "\n")
        return
    title = f"{info.title}: win rate of the row side ({policy}, {games} games a cell)"
    header, rows = balance_rows(rep)
    t = Table(title=title, show_header=True, header_style="bold")
    for k, h in enumerate(header):
        t.add_column(h, justify="left" if k == 0 else "center")
    for r in rows:
        t.add_row(*r)
    console.print(t)
    m = Table(title="the matchups", show_header=True, header_style="bold")
    for h in ("cell", "scenario", "forces (row side against column side)"):
        m.add_column(h)
    for r in matchup_rows(rep):
        m.add_row(*r)
    console.print(m)
    console.print(speed_text(rep["games"], rep["elapsed_s"]))
    if report is not None:
        facts = [speed_text(rep["games"], rep["elapsed_s"]),
                 f"ruleset {info.name}, policy {policy}, {games} games a cell, seed {seed}"]
        page = html_page(title, facts, load(info.name, None, seed=0).notes(),
                         [("Win rate of the row side (95% interval)", header, rows),
                          ("The matchups", ["cell", "scenario", "forces"], matchup_rows(rep))],
                         [png_base64(balance_figure(rep, title))])
        report.write_text(page, encoding="utf-8")
        err.print(f"wrote {report}")


def port_problem(host: str, port: int) -> str | None:
    """Why ``voidwar serve`` cannot listen on ``host:port`` (checked before it says where it
    plays), or ``None``."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OverflowError:
        return f"port {port} is out of range (1–65535)"
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            return (f"port {port} on {host} is already in use (another `voidwar serve`?); "
                    f"choose another with --port")
        return f"cannot listen on {host}:{port}: {e.strerror or e}"
    return None
