"""Drawing a Space Fleet game for the terminal (Rich): hex map (or the free table's plan view,
:mod:`.table_render`), ship table, fire/damage log.

The map is the rectangular board in odd-q layout: each hex is a 4-character cell two lines high,
odd columns shifted down one line. A ship shows its id and facing arrow on the first line and its
shields on the second, in its side's colour; ``※`` marks a mine pattern, ``·`` an empty hex.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.game import Game
from ...core.hexgrid import Hex, RectBoard, direction_letter
from ...core.tabletop import fmt
from .data import hexid, tables
from .game import SpaceFleetGame
from .state import Phase, Status
from .table_game import SpaceFleetTableGame
from .table_render import plan_view

ARROWS = "↑↗↘↓↙↖"  # facing A..F
COLOURS = {"blue": "bold bright_blue", "red": "bold bright_red"}
CELL = 4
LOG_KINDS = ("fire", "shield", "damage", "destroyed", "surrender", "mine", "regen", "repair",
             "volley", "turn", "over")


def _map(g: SpaceFleetGame) -> Text:
    cols, rows = g.board.cols, g.board.rows
    height = 2 * rows + 2  # odd columns sit one line lower: their last hex needs row 2·rows+1
    width = 3 + CELL * cols
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(y: int, x: int, s: str, style: str) -> None:
        for i, ch in enumerate(s):
            if 0 <= x + i < width and 0 <= y < height:
                grid[y][x + i] = (ch, style)

    for c in range(cols):
        put(0, 3 + c * CELL, f"{c:02d}".center(CELL), "dim")
    ships = {s.hex: s for s in g.ships.values() if s.status == Status.ACTIVE}
    for c in range(cols):
        for r in range(rows):
            h: Hex = RectBoard.from_offset(c, r)
            y = 1 + 2 * r + (c & 1)
            x = 3 + c * CELL
            if c == 0:
                put(y, 0, f"{r:02d}", "dim")
            ship = ships.get(h)
            mined = h in g.mines
            if ship is not None:
                style = COLOURS[ship.side] + (" reverse" if ship.id == g.moving else "")
                put(y, x, f"{ship.id[:CELL - 1]}{ARROWS[ship.facing]}".ljust(CELL), style)
                put(y + 1, x, (("※" if mined else " ") + f"{ship.shields}s")[:CELL].ljust(CELL),
                    COLOURS[ship.side])
            elif mined:
                put(y, x, " ※  ", "bold yellow")
            else:
                put(y, x, " ·  ", "dim")
    text = Text(no_wrap=True, overflow="crop")
    for line in grid:
        while line and line[-1] == (" ", ""):
            line = line[:-1]
        for ch, style in line:
            text.append(ch, style=style or None)
        text.append("\n")
    return text


def _ship_table(g: SpaceFleetGame) -> Table:
    t = Table(title="Ships", expand=False, pad_edge=False, box=box.SIMPLE_HEAD,
              padding=(0, 1, 0, 0))
    table = isinstance(g, SpaceFleetTableGame)
    for col in ("ship", "side", "cls", "at" if table else "hex", "f", "shld", "spd", "beam",
                "msl", "mine", "damage", "status"):
        t.add_column(col, no_wrap=True)
    for s in g.ships.values():
        dmg = ",".join(d.kind + ("(rep)" if d.repaired else "") for d in s.damage) or "-"
        where, facing = ((g.where(s), f"{s.heading}°") if table
                         else (hexid(s.hex), direction_letter(s.facing)))
        t.add_row(
            Text(s.id, style=COLOURS[s.side]), s.side, s.cls,
            where, facing, f"{s.shields}/{s.profile.shields}",
            f"{s.speed}/{s.profile.speed}", str(s.beams), str(s.missiles), str(s.mines),
            f"{s.points} {dmg}", s.status + (" (fired)" if s.fired else ""),
        )
    return t


def _status(g: SpaceFleetGame) -> Text:
    if g.over and g.result is not None:
        r = g.result
        return Text(f"Game over: {r.outcome}" + (f" — {r.winner} wins" if r.winner else "")
                    + f"  scores {r.scores}", style="bold")
    phase = (f"fire phase: {tables().classes[g.fire_class].name}s fire"
             if g.phase == Phase.FIRING else "movement phase")
    moved = fmt(g.moved_units) if isinstance(g, SpaceFleetTableGame) else str(g.moved_hexes)
    extra = f", {g.moving} moving ({moved} moved)" if g.moving else ""
    return Text(f"{g.title} — turn {g.turn}/{g.turn_limit}, {phase}{extra}; "
                f"initiative {g.first}; to act: {g.to_act}", style="bold")


def render(game: Game, log_lines: int = 14, log: bool = True) -> Any:
    """A Rich renderable: status line, map (columns and rows numbered), ships and (``log``)
    the recent fire/damage log with its rolls (the terminal screen has a log pane instead)."""
    if not isinstance(game, SpaceFleetGame):
        raise TypeError("not a Space Fleet game")
    board = plan_view(game) if isinstance(game, SpaceFleetTableGame) else _map(game)
    if not log:
        return Group(_status(game), board, _ship_table(game))
    kinds = (*LOG_KINDS, "roll")
    events = [("  " if e.kind == "roll" else "") + e.text for e in game.log
              if e.kind in kinds][-log_lines:]
    panel = Panel(Text("\n".join(events) or "(nothing yet)"), title="Fire and damage log")
    return Group(_status(game), board, _ship_table(game), panel)


def ships_command(game: Game, arg: str) -> str:
    """Terminal query ``ships [ID]``: a ship's full state, or every ship in one line each."""
    if not isinstance(game, SpaceFleetGame):
        return "not a Space Fleet game"
    want = arg.strip().upper()
    lines = []
    for s in game.ships.values():
        if want and s.id != want:
            continue
        d = s.to_dict()
        lines.append(" ".join(f"{k}={v}" for k, v in d.items()))
    return "\n".join(lines) or f"no ship {want}"


def piece(game: Game, token: str) -> Text | None:
    """The terminal's selected-piece pane: ship ``token`` (``DD1``) field by field; ``None`` for
    no ship."""
    if not isinstance(game, SpaceFleetGame):
        return None
    ship = game.ships.get(token.upper())
    if ship is None:
        return None
    d = ship.to_dict()
    status = getattr(d["status"], "value", d["status"])
    return Text(f"{d['id']} {d['class']} {d['name']} ({d['side']}) at {d['hex']} facing "
                f"{d['facing']}  {status}\nshields {d['shields']}/{d['max_shields']}  speed "
                f"{d['speed']}/{d['max_speed']}  beams {d['beams']}  launchers {d['launchers']}"
                f"  missiles {d['missiles']}  mines {d['mines']}\ndamage "
                f"{', '.join(map(str, d['damage'])) or 'none'}  points {d['points']}  "
                f"{'moved' if d['moved'] else 'not moved'}, "
                f"{'fired' if d['fired'] else 'not fired'}", style="bold")
