"""``voidwar assist attack-vector`` (short: ``voidwar assist avt``): the table assistant for
players on the physical board.

Enter ships as ``ID:HEX:VECTOR:NOSE[:ROLL]`` (``blue:0:4A:A``, ``red:30A 4B:4D:D``; a hex is a
vector from the origin hex with ``+n``/``-n`` levels, or the map's ``q,r[,z]``: ``0,0,2`` is the
origin hex at level 2), as arguments or with ``-s``, and get, from the rules code the engine
plays with, the bearing and RAL range each way, the relative vector, each ship's movement grid,
the displacement of a burn, the laser's to-hit and damage at that range and a weapon's cycle
time; each figure names its rule. ``--brief``: the answer in a line a player reads aloud.
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

SHIP_HELP = ("ID:HEX:VECTOR:NOSE[:ROLL]: HEX a vector from the origin hex with +n/-n levels "
             "(7A 1F -1) or the map's q,r[,z] (0,0,2: the origin hex at level 2); VECTOR like "
             "4A 2B +1; NOSE an AVID window (A, C+, B/C-); ROLL in 30° steps to starboard")


def _ship(text: str, i: int) -> dict[str, str | int]:
    parts = text.split(":")
    if len(parts) < 4 or len(parts) > 5:
        raise ValueError(f"ship {text!r}: write ID:HEX:VECTOR:NOSE[:ROLL] (e.g. blue:0:4A:A, "
                         "red:30A 4B:4D:D:3 or red:3,-5,2:0:D)")
    d: dict[str, str | int] = {"id": parts[0] or f"ship{i + 1}", "position": parts[1] or "0",
                               "velocity": parts[2] or "0", "nose": parts[3] or "A"}
    if len(parts) == 5:
        try:
            d["roll"] = int(parts[4])
        except ValueError:
            raise ValueError(f"ship {text!r}: ROLL is a whole number of 30° steps, not "
                             f"{parts[4]!r}") from None
    return d


def attack_vector(
    ships: Annotated[list[str] | None, typer.Argument(help=SHIP_HELP, show_default=False)]
    = None,
    ship: Annotated[list[str] | None, typer.Option(
        "--ship", "-s", help="a ship, as the arguments (repeat for each)")] = None,
    brief: Annotated[bool, typer.Option("--brief", "-b", help="the answer in one line a "
                                                              "player reads aloud")] = False,
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
    """Attack Vector: Tactical — bearings, RAL, movement grid, burns, laser table, cycle time
    (short name: avt; e.g. `voidwar assist avt A:0,0:4A:A B:3,-5:0:D --brief`)."""
    from pydantic import ValidationError

    from ..core.datafile import read_toml
    from ..core.errors import DataFileError
    from ..core.registry import get_ruleset

    tool = get_ruleset("attack-vector").assistant
    assert tool is not None and tool.brief is not None and tool.entry_error is not None
    refused: tuple[type[Exception], ...] = (*tool.refusals, DataFileError)
    turn, seg = 1, 0
    try:
        if fired:
            try:
                turn, seg = (int(x) for x in fired.split(":"))
            except ValueError:
                raise ValueError(f"--fired {fired!r}: write TURN:SEGMENT (1:6)") from None
        entries = [*(ships or []), *(ship or [])]
        req = tool.request(ships=[_ship(s, i) for i, s in enumerate(entries)],
                           shooter=shooter, target=target, thrust=thrust, cells=cells,
                           weapon=weapon, range=range_, fired_turn=turn, fired_segment=seg,
                           method="exact" if exact else "rule",
                           movement_grid=read_toml(grid) if grid else None)
        if brief:
            lines = tool.brief(req)
            for line in lines:
                console.print(line, highlight=False, soft_wrap=True)
            if not lines:
                console.print("Nothing to compute: give ships, a --thrust, a --range or "
                              "--fired.")
            return
        answers = tool.answer(req)
        headline = tool.brief(req)
    except ValidationError as e:
        console.print(f"[red]error:[/red] {tool.entry_error(e)}", highlight=False)
        raise typer.Exit(2) from None
    except refused as e:
        said = str(e)
        if grid is not None:  # the table was read from this file: name it, not "data"
            said = said.replace("(movement_grid data)", str(grid))
        console.print(f"[red]error:[/red] {said}", highlight=False)
        raise typer.Exit(2) from None
    if not answers:
        console.print("Nothing to compute: give ships, a --thrust, a --range or --fired.")
    for line in headline:  # the answer first; the figures and their rules after it
        console.print(f"[bold]{line}[/bold]", highlight=False, soft_wrap=True)
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


assist_app.command("attack-vector")(attack_vector)
for _alias in ("avt", "av", "attack_vector"):
    assist_app.command(_alias, hidden=True)(attack_vector)
