"""``voidwar army …`` and ``voidwar campaign …`` (Astral Dreams army lists and campaigns).

The lead mounts :data:`army_app` and :data:`campaign_app` in ``cli/main.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..core.errors import VoidwarError
from ..rulesets.astral_dreams.campaign import (
    load_campaign,
    new_campaign,
    record_result,
    save_campaign,
)
from ..rulesets.astral_dreams.data import army_to_toml, load_army, suggest_army, units

army_app = typer.Typer(no_args_is_help=True, add_completion=False,
                       help="Astral Dreams army lists: write a starting list, check a list.")
campaign_app = typer.Typer(no_args_is_help=True, add_completion=False,
                           help="Astral Dreams campaigns: 50 points, +10 each game, results kept.")
console = Console()
err = Console(stderr=True)


def _fail(e: Exception) -> None:
    err.print(f"[red]error:[/red] {e}")
    raise typer.Exit(2)


@army_app.command("new")
def army_new(
    side: Annotated[str, typer.Option(help="scouts or robots")],
    points: Annotated[int, typer.Option(help="the points allowance")] = 50,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write here (else print)")] = None,
    name: Annotated[str, typer.Option(help="the army's name")] = "",
) -> None:
    """A starting army list for SIDE at POINTS (TOML; edit it, then 'voidwar army check')."""
    try:
        army = suggest_army(side.strip().lower(), points)
        if name:
            army = army.model_copy(update={"name": name})
        text = army_to_toml(army)
    except VoidwarError as e:
        _fail(e)
        return
    if out is None:
        console.print(text, end="", markup=False, highlight=False)
    else:
        out.write_text(text)
        console.print(f"wrote {out}: {army.miniatures()} miniatures, {army.cost()} of {points} "
                      "points", markup=False)


@army_app.command("check")
def army_check(
    file: Annotated[Path, typer.Argument(help="an army list (TOML, or JSON)")],
    points: Annotated[int | None, typer.Option(help="the game's allowance, if not the list's")]
    = None,
) -> None:
    """Validate an army list: known units of its side, within the points; exit 2 with the
    reason otherwise."""
    try:
        army = load_army(file, points)
    except VoidwarError as e:
        _fail(e)
        return
    table = units().side(army.side).units
    t = Table(title=f"{army.name or file.name}: {army.side}, {army.cost()} of "
              f"{points or army.points} points — valid")
    for col in ("unit", "count", "points each", "subtotal"):
        t.add_column(col)
    for entry in army.units:
        p = table[entry.type]
        t.add_row(p.name, str(entry.count), str(p.points), str(p.points * entry.count))
    console.print(t)


@campaign_app.command("new")
def campaign_new(
    file: Annotated[Path, typer.Argument(help="campaign file to create (.json or .toml)")],
    scenario: Annotated[str, typer.Option(help="the scenario each game uses")] = "open-table",
    start: Annotated[int, typer.Option(help="points for the first game")] = 50,
    step: Annotated[int, typer.Option(help="points added for each later game")] = 10,
    name: Annotated[str, typer.Option(help="the campaign's name")] = "campaign",
    force: Annotated[bool, typer.Option(help="overwrite an existing file")] = False,
) -> None:
    """Start a campaign file."""
    if file.exists() and not force:
        _fail(VoidwarError(f"{file} exists (use --force to overwrite)"))
    try:
        camp = new_campaign(name, scenario, start, step)
        save_campaign(camp, file)
    except VoidwarError as e:
        _fail(e)
        return
    console.print(f"campaign {name!r} in {file}: game 1 at {camp.allowance(1)} points, "
                  f"+{step} each game after", markup=False)


@campaign_app.command("show")
def campaign_show(file: Annotated[Path, typer.Argument(help="the campaign file")]) -> None:
    """The games played, their allowances and results, and the next game's allowance."""
    try:
        camp = load_campaign(file)
    except VoidwarError as e:
        _fail(e)
        return
    t = Table(title=f"{camp.name}: {camp.scenario}, {camp.start_points} points +{camp.step}/game")
    for col in ("game", "points", "scenario", "winner", "outcome", "scouts", "robots", "record"):
        t.add_column(col)
    for g in camp.games:
        t.add_row(str(g.game), str(g.points), g.scenario, g.winner or "draw", g.outcome,
                  f"{g.scores.get('scouts', ''):g}" if g.scores else "",
                  f"{g.scores.get('robots', ''):g}" if g.scores else "", g.record or "")
    console.print(t)
    w = camp.wins()
    console.print(f"wins: scouts {w['scouts']}, robots {w['robots']}, draws {w['draw']}; "
                  f"next: game {camp.next_game} at {camp.allowance(camp.next_game)} points",
                  markup=False)


@campaign_app.command("record")
def campaign_record(
    file: Annotated[Path, typer.Argument(help="the campaign file")],
    record: Annotated[Path | None, typer.Option(help="a finished game's record (JSON save)")]
    = None,
    winner: Annotated[str | None, typer.Option(help="scouts, robots or draw (a real table)")]
    = None,
    note: Annotated[str, typer.Option(help="a note to keep")] = "",
) -> None:
    """Record the next game's result, from its record file or typed in."""
    if (record is None) == (winner is None):
        _fail(VoidwarError("give exactly one of --record FILE or --winner scouts|robots|draw"))
    try:
        camp = load_campaign(file)
        entry = record_result(camp, winner=winner, record_path=record, note=note)
        save_campaign(camp, file)
    except VoidwarError as e:
        _fail(e)
        return
    console.print(f"game {entry.game} ({entry.points} points): {entry.outcome}; next game "
                  f"{camp.next_game} at {camp.allowance(camp.next_game)} points", markup=False)


@campaign_app.command("next")
def campaign_next(
    file: Annotated[Path, typer.Argument(help="the campaign file")],
    armies: Annotated[Path | None, typer.Option(help="write starting army lists here")] = None,
) -> None:
    """The next game's setup: its number, allowance, scenario and the command that plays it."""
    try:
        camp = load_campaign(file)
    except VoidwarError as e:
        _fail(e)
        return
    n = camp.next_game
    pts = camp.allowance(n)
    console.print(f"game {n} of {camp.name!r}: {pts} points a side, scenario {camp.scenario}",
                  markup=False)
    cmd = f"voidwar play astral-dreams --scenario {camp.scenario} -o points={pts}"
    if armies is not None:
        armies.mkdir(parents=True, exist_ok=True)
        paths = {}
        for side in ("scouts", "robots"):
            p = armies / f"game{n}-{side}.toml"
            if not p.exists():
                p.write_text(army_to_toml(suggest_army(side, pts)))
            paths[side] = p
            console.print(f"{side} army list: {p}", markup=False)
        cmd += f" --army-a {paths['scouts']} --army-b {paths['robots']}"
    else:
        cmd += " --army-a SCOUTS.toml --army-b ROBOTS.toml"
    console.print("play it:  " + cmd, markup=False)
    console.print(f"then:     voidwar campaign record {file} --record SAVED_GAME.json",
                  markup=False)
