"""``voidwar assist attack-vector``: the table assistant for players on the physical board.

Enter ships as ``ID:HEX:VECTOR:NOSE[:ROLL]`` (``blue:0:4A:A``, ``red:30A 4B:4D:D``; a hex is a
vector from the origin hex with ``+n``/``-n`` levels, or the map's ``q,r[,z]``) and get, from the
rules code the engine plays with, the bearing and RAL range each way, the relative vector, each
ship's movement grid, the displacement of a burn, the laser's to-hit and damage at that range and
a weapon's cycle time; each figure names its rule.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

assist_app = typer.Typer(no_args_is_help=True, add_completion=False,
                         help="Table assistants: figures for a game on the physical board.")
console = Console()


def _ship(text: str, i: int) -> dict[str, str | int]:
    parts = text.split(":")
    if len(parts) < 4 or len(parts) > 5:
        raise typer.BadParameter(f"ship {text!r}: write ID:HEX:VECTOR:NOSE[:ROLL] "
                                 "(e.g. blue:0:4A:A or red:30A 4B:4D:D:3)")
    d: dict[str, str | int] = {"id": parts[0] or f"ship{i + 1}", "position": parts[1] or "0",
                               "velocity": parts[2] or "0", "nose": parts[3] or "A"}
    if len(parts) == 5:
        d["roll"] = int(parts[4])
    return d


@assist_app.command("attack-vector")
def attack_vector(
    ship: Annotated[list[str] | None, typer.Option(
        "--ship", "-s", help="ID:HEX:VECTOR:NOSE[:ROLL], repeat for each ship")] = None,
    shooter: Annotated[str, typer.Option(help="the ship shooting the bearing")] = "",
    target: Annotated[str, typer.Option(help="the ship it looks at")] = "",
    thrust: Annotated[str, typer.Option(help="a burn at this thrust (the shooter's nose)")] = "",
    cells: Annotated[int, typer.Option(help="segments the burn lasts (1-8)")] = 8,
    weapon: Annotated[str, typer.Option(help="weapon code (A5.371)")] = "3 MRLS 3(+5)",
    range_: Annotated[int | None, typer.Option("--range", help="range for the weapon table")
                      ] = None,
    fired: Annotated[str, typer.Option(help="TURN:SEGMENT the weapon fired (cycle time)")] = "",
    exact: Annotated[bool, typer.Option(help="exact window geometry, not the 3x rule")] = False,
    grid: Annotated[Path | None, typer.Option(
        help="your own movement grid remainder table (the printed card typed in; A2.1)")] = None,
) -> None:
    """Attack Vector: Tactical — bearings, RAL, movement grid, burns, laser table, cycle time."""
    from ..core.errors import DataFileError
    from ..rulesets.attack_vector.assist import Request, answer
    from ..rulesets.attack_vector.data import load_movement_grid

    turn, seg = 1, 0
    if fired:
        try:
            turn, seg = (int(x) for x in fired.split(":"))
        except ValueError:
            raise typer.BadParameter(f"--fired {fired!r}: write TURN:SEGMENT (1:6)") from None
    try:
        req = Request(ships=[_ship(s, i) for i, s in enumerate(ship or [])],
                      shooter=shooter, target=target, thrust=thrust, cells=cells, weapon=weapon,
                      range=range_, fired_turn=turn, fired_segment=seg,
                      method="exact" if exact else "rule")
        answers = answer(req, load_movement_grid(grid))
    except (ValueError, DataFileError) as e:
        console.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    if not answers:
        console.print("Nothing to compute: give ships (--ship), a --thrust, a --range or --fired.")
    for a in answers:
        t = Table(title=f"{a.title}  [dim]({a.rule})[/dim]", show_header=False, box=None)
        t.add_column(style="bold")
        t.add_column()
        t.add_column(style="dim")
        for f in a.figures:
            t.add_row(f.name, f.value, f.rule)
        console.print(t)
        if a.rows:
            g = Table(*a.columns, box=None)
            for r in a.rows:
                g.add_row(*r)
            console.print(g)
