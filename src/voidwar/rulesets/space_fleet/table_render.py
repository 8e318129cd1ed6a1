"""Drawing a Space Fleet free-table game for the terminal (Rich): a plan view of the table.

The table is drawn to scale, red's edge at the top: one character is ``scale`` inches across and
a line is two characters' width high (terminal cells are about twice as high as wide). A ship
shows its id and an arrow for its heading (the nearest of eight) in its side's colour, reversed
while it moves, with a blank before and after; a label that would touch or cover another ship's
(ships close together, one ending its move on another) goes on the nearest free line, so every
ship can be read. ``░`` marks a cell whose centre lies in a mine pattern, ``·`` every 6 inches.
"""

from __future__ import annotations

import math

from rich.text import Text

from ...core.tabletop import Point, fmt
from .render_lines import Line
from .state import Status
from .table_game import SpaceFleetTableGame

ARROWS8 = "↑↗→↘↓↙←↖"  # headings 0, 45, ... 315
COLOURS = {"blue": "bold bright_blue", "red": "bold bright_red"}
#: the widest plan view, in characters
MAX_WIDTH = 72


def arrow(heading: int) -> str:
    """The arrow nearest a heading in degrees."""
    return ARROWS8[round(heading / 45) % 8]


def plan_view(g: SpaceFleetTableGame, width: int | None = None) -> list[Line]:
    """The plan view as lines (each with whether it holds a ship or a mine, and the inch it
    stands for): mine patterns, ships and a 6-inch grid, with inch marks on the edges;
    ``width``: the most characters a line may take."""
    w, h = float(g.spec.surface.width), float(g.spec.surface.height)
    most = max(24, min(MAX_WIDTH, (width or MAX_WIDTH) - 4))
    scale = max(w / most, 0.5)
    cols, rows = math.ceil(w / scale), math.ceil(h / (2 * scale))
    cells: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]
    busy = [False] * rows
    for r in range(rows):
        y = h - (r + 0.5) * 2 * scale
        for c in range(cols):
            p = Point.near((c + 0.5) * scale, y)
            if any(m.area.contains(p) for m in g.patterns.values()):
                cells[r][c] = ("░", "yellow")
                busy[r] = True
    xs = {int(x / scale): x for x in range(6, int(w), 6) if int(x / scale) < cols}
    ys = {int((h - y) / (2 * scale)): y for y in range(6, int(h), 6)
          if int((h - y) / (2 * scale)) < rows}
    for r in ys:
        for c in xs:
            if cells[r][c][0] == " ":
                cells[r][c] = ("·", "dim")
    taken: set[tuple[int, int]] = set()
    ships = [s for s in g.ships.values() if s.status == Status.ACTIVE]
    for s in sorted(ships, key=lambda s: (-g.at(s).fy, g.at(s).fx, s.id)):
        p = g.at(s)
        label = s.id + arrow(s.heading)
        c0 = max(0, min(cols - len(label), int(p.fx / scale)))
        r0 = min(rows - 1, int((h - p.fy) / (2 * scale)))
        r, c = _free_spot(taken, r0, c0, len(label), rows, cols)
        style = COLOURS[s.side] + (" reverse" if s.id == g.moving else "")
        for i, ch in enumerate(label):
            cells[r][c + i] = (ch, style)
        for i in range(-1, len(label) + 1):  # a blank on each side: labels never touch
            taken.add((r, c + i))
            if 0 <= c + i < cols and i in (-1, len(label)) and cells[r][c + i][0] == "·":
                cells[r][c + i] = (" ", "")
        busy[r] = True
    marks = [" "] * (cols + 3)
    for c, x in xs.items():
        for i, ch in enumerate(str(x)):
            if c + i < len(marks):
                marks[c + i] = ch
    out = [Line(Text("    " + "".join(marks).rstrip(), style="dim"), True, "")]
    for r, line in enumerate(cells):
        text = Text(f"{ys[r]:>3} " if r in ys else "    ", style="dim")
        for ch, style in line:
            text.append(ch, style=style or None)
        text.rstrip()
        out.append(Line(text, busy[r], f"{h - (r + 0.5) * 2 * scale:.0f}\""))
    out.append(Line(Text(f"    {fmt(g.spec.surface.width)} x {fmt(g.spec.surface.height)} "
                         f"inches, 1 unit = {fmt(g.spec.unit)} inch"
                         f"{'es' * (g.spec.unit != 1)}; {len(g.patterns)} mine pattern"
                         f"{'s' * (len(g.patterns) != 1)}", style="dim"), True, ""))
    return out


def _free_spot(taken: set[tuple[int, int]], r0: int, c0: int, n: int, rows: int,
               cols: int) -> tuple[int, int]:
    """The line and column nearest ``(r0, c0)`` where a label of ``n`` characters (with a blank
    each side) touches no other label: the same line first, then the lines above and below,
    then further along the line."""
    def free(r: int, c: int) -> bool:
        return all((r, c + i) not in taken for i in range(n))

    for dc in (0, n + 1, -(n + 1), 2 * (n + 1), -2 * (n + 1)):
        for dr in (0, 1, -1, 2, -2, 3, -3):
            r, c = r0 + dr, c0 + dc
            if 0 <= r < rows and 0 <= c <= cols - n and free(r, c):
                return r, c
    return r0, c0
