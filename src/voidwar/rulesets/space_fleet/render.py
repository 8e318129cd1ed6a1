"""Drawing a Space Fleet game for the terminal (Rich): hex map (or the free table's plan view,
:mod:`.table_render`), ship table, fire/damage log.

The map is the rectangular board in odd-q layout: each hex is a cell two lines high (5
characters wide, 4 where the pane is narrow), odd columns shifted down one line. A ship shows its
id and facing arrow on the first line and its shields (``2s``) on the second, in its side's
colour; a neighbour's label never touches it (a shields label that would is left out: the ship
table has it). ``※`` marks a mine pattern, ``·`` an empty hex.

Given a height (the terminal's screen), the map folds its empty rows (:mod:`.render_lines`) so
that the status line, the map and the whole ship table fit.
"""

from __future__ import annotations

import io
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.game import Game
from ...core.hexgrid import Hex, RectBoard, direction_letter
from ...core.tabletop import fmt
from .data import hexid, tables
from .game import SpaceFleetGame
from .render_lines import Line, fold
from .state import Phase, Status
from .table_game import SpaceFleetTableGame
from .table_render import plan_view

ARROWS = "↑↗↘↓↙↖"  # facing A..F
COLOURS = {"blue": "bold bright_blue", "red": "bold bright_red"}
#: a hex cell's width: 5 characters (a blank between neighbours' labels), 4 where narrow
CELL = 5
NARROW_CELL = 4
LOG_KINDS = ("fire", "shield", "damage", "destroyed", "surrender", "mine", "regen", "repair",
             "volley", "turn", "over")


def _map(g: SpaceFleetGame, width: int | None = None) -> list[Line]:
    """The hex map as lines (with whether anything stands on each, and its row)."""
    cols, rows = g.board.cols, g.board.rows
    cell = CELL if width is None or 2 + CELL * cols <= width else NARROW_CELL  # no blank last
    height = 2 * rows + 2  # odd columns sit one line lower: their last hex needs row 2·rows+1
    wide = 3 + cell * cols
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * wide for _ in range(height)]
    busy = [False] * height
    labels: set[tuple[int, int]] = set()  # the cells ship ids stand in

    def put(y: int, x: int, s: str, style: str) -> None:
        for i, ch in enumerate(s):
            if 0 <= x + i < wide and 0 <= y < height:
                grid[y][x + i] = (ch, style)

    for c in range(cols):
        put(0, 3 + c * cell, f"{c:02d}".center(NARROW_CELL), "dim")
    ships = {s.hex: s for s in g.ships.values() if s.status == Status.ACTIVE}
    for c in range(cols):
        for r in range(rows):
            h: Hex = RectBoard.from_offset(c, r)
            y = 1 + 2 * r + (c & 1)
            x = 3 + c * cell
            if c == 0:
                put(y, 0, f"{r:02d}", "dim")
            ship = ships.get(h)
            mined = h in g.mines
            if ship is not None:
                style = COLOURS[ship.side] + (" reverse" if ship.id == g.moving else "")
                put(y, x, f"{ship.id[:NARROW_CELL - 1]}{ARROWS[ship.facing]}", style)
                labels.update((y, x + i) for i in range(NARROW_CELL))
                busy[y] = busy[y + 1] = True
            elif mined:
                put(y, x, " ※", "bold yellow")
                busy[y] = True
            else:
                put(y, x, " ·", "dim")
    for s in ships.values():  # shields under each ship, where they touch no other label
        c, r = RectBoard.to_offset(s.hex)
        y, x = 2 + 2 * r + (c & 1), 3 + c * cell
        mark = (("※" if s.hex in g.mines else " ") + f"{s.shields}s")[:cell]
        span = range(x - 1, x + len(mark) + 1) if cell == NARROW_CELL else range(x, x + len(mark))
        if not any((y, i) in labels for i in span):
            put(y, x, mark, COLOURS[s.side])
    out = []
    for k, line in enumerate(grid):
        while line and line[-1] == (" ", ""):
            line = line[:-1]
        text = Text()
        for ch, style in line:
            text.append(ch, style=style or None)
        out.append(Line(text, busy[k] or k == 0, f"{(k - 1) // 2:02d}" if k else ""))
    return out


def _ship_table(g: SpaceFleetGame, compact: bool = False) -> Table:
    """Every ship, one line each (``compact``: no title and no blank edges, for a pane)."""
    t = Table(title=None if compact else "Ships", expand=False, pad_edge=False,
              box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), show_edge=not compact)
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
        scores = ", ".join(f"{side} {v:g}" for side, v in r.scores.items())
        return Text(f"Game over: {r.outcome}" + (f" — {r.winner} wins" if r.winner else "")
                    + f"; score {scores}", style="bold")
    phase = (f"fire phase: {tables().classes[g.fire_class].name}s fire"
             if g.phase == Phase.FIRING else "movement phase")
    moved = fmt(g.moved_units) if isinstance(g, SpaceFleetTableGame) else str(g.moved_hexes)
    extra = f", {g.moving} moving ({moved} moved)" if g.moving else ""
    return Text(f"{g.title} — turn {g.turn}/{g.turn_limit}, {phase}{extra}; "
                f"initiative {g.first}; to act: {g.to_act}", style="bold")


def render(game: Game, log_lines: int = 14, log: bool = True, height: int | None = None,
           width: int | None = None) -> Any:
    """A Rich renderable: status line, map (columns and rows numbered), ships and (``log``)
    the recent fire/damage log with its rolls (the terminal screen has a log pane instead).
    ``height`` and ``width``: the pane it must fit (the map folds empty rows so that every ship
    of the table shows)."""
    if not isinstance(game, SpaceFleetGame):
        raise TypeError("not a Space Fleet game")
    table_game = isinstance(game, SpaceFleetTableGame)
    lines = plan_view(game, width) if isinstance(game, SpaceFleetTableGame) else _map(game, width)
    table = _ship_table(game, compact=height is not None)
    room = None
    if height is not None:
        console = Console(file=io.StringIO(), width=max(40, width or 120))
        room = height - 1 - len(console.render_lines(table, pad=False))
    board = fold(lines, room, "y" if table_game else "rows")
    if not log:
        return Group(_status(game), board, table)
    kinds = (*LOG_KINDS, "roll")
    events = [("  " if e.kind == "roll" else "") + e.text for e in game.log
              if e.kind in kinds][-log_lines:]
    panel = Panel(Text("\n".join(events) or "(nothing yet)"), title="Fire and damage log")
    return Group(_status(game), board, table, panel)


def _where(d: dict[str, Any]) -> str:
    """``at 0712 facing A`` on a hex map, ``at 15,3 heading 0°`` on the free table."""
    if "at" in d:
        return f"at {d['at']} heading {d['facing']}°"
    return f"at {d['hex']} facing {d['facing']}"


def _words(d: dict[str, Any], full: bool) -> str:
    """One ship in words: one line (``full``: three lines, every field)."""
    status = getattr(d["status"], "value", d["status"])
    name = f" {d['name']}" if d["name"] else ""
    damage = ", ".join(map(str, d["damage"])) or "none"
    head = f"{d['id']} {d['class']}{name} ({d['side']}) {_where(d)}, {status}"
    if not full:
        return (f"{head}; shields {d['shields']}/{d['max_shields']}, speed {d['speed']}/"
                f"{d['max_speed']}, beams {d['beams']}, missiles {d['missiles']}, mines "
                f"{d['mines']}, damage {damage}")
    return (f"{head}\nshields {d['shields']}/{d['max_shields']}  speed {d['speed']}/"
            f"{d['max_speed']}  beams {d['beams']}  launchers {d['launchers']}  missiles "
            f"{d['missiles']}  mines {d['mines']}\ndamage {damage}  points {d['points']}  "
            f"{'moved' if d['moved'] else 'not moved'}, "
            f"{'fired' if d['fired'] else 'not fired'}")


def ships_command(game: Game, arg: str) -> str:
    """Terminal query ``ships [ID]``: every ship in one line each, or one ship in full."""
    if not isinstance(game, SpaceFleetGame):
        return "not a Space Fleet game"
    want = arg.strip().upper()
    if want:
        ship = game.ships.get(want)
        if ship is None:
            return f"no ship {want} (ships: {', '.join(game.ships)})"
        return _words(ship.to_dict(), full=True)
    return "\n".join(_words(s.to_dict(), full=False) for s in game.ships.values())


def piece(game: Game, token: str) -> Text | None:
    """The terminal's selected-piece pane: ship ``token`` (``DD1``) field by field, on a hex
    map or the free table; ``None`` for no ship."""
    if not isinstance(game, SpaceFleetGame):
        return None
    ship = game.ships.get(token.upper())
    if ship is None:
        return None
    return Text(_words(ship.to_dict(), full=True), style="bold")
