"""Drawing a Space Fleet free-table game for the terminal (Rich): a plan view of the table.

The table is drawn to scale, red's edge at the top: one character is ``scale`` inches across and
a line is two characters' width high (terminal cells are about twice as high as wide). A ship
shows its id and an arrow for its heading (the nearest of eight) in its side's colour, reversed
while it moves; ``░`` marks a cell whose centre lies in a mine pattern, ``·`` every 6 inches.
"""

from __future__ import annotations

import math

from rich.text import Text

from ...core.tabletop import Point, fmt
from .state import Status
from .table_game import SpaceFleetTableGame

ARROWS8 = "↑↗→↘↓↙←↖"  # headings 0, 45, ... 315
COLOURS = {"blue": "bold bright_blue", "red": "bold bright_red"}
#: the widest plan view, in characters
MAX_WIDTH = 72


def arrow(heading: int) -> str:
    """The arrow nearest a heading in degrees."""
    return ARROWS8[round(heading / 45) % 8]


def plan_view(g: SpaceFleetTableGame) -> Text:
    """The plan view: mine patterns, ships and a 6-inch grid, with inch marks on the edges."""
    w, h = float(g.spec.surface.width), float(g.spec.surface.height)
    scale = max(w / MAX_WIDTH, 0.5)
    cols, rows = math.ceil(w / scale), math.ceil(h / (2 * scale))
    cells: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]
    for r in range(rows):
        y = h - (r + 0.5) * 2 * scale
        for c in range(cols):
            p = Point.near((c + 0.5) * scale, y)
            if any(m.area.contains(p) for m in g.patterns.values()):
                cells[r][c] = ("░", "yellow")
    xs = {int(x / scale): x for x in range(6, int(w), 6) if int(x / scale) < cols}
    ys = {int((h - y) / (2 * scale)): y for y in range(6, int(h), 6)
          if int((h - y) / (2 * scale)) < rows}
    for r in ys:
        for c in xs:
            if cells[r][c][0] == " ":
                cells[r][c] = ("·", "dim")
    for s in g.ships.values():
        if s.status != Status.ACTIVE:
            continue
        p = g.at(s)
        c = min(cols - 1, int(p.fx / scale))
        r = min(rows - 1, int((h - p.fy) / (2 * scale)))
        style = COLOURS[s.side] + (" reverse" if s.id == g.moving else "")
        for i, ch in enumerate(s.id + arrow(s.heading)):
            if c + i < cols:
                cells[r][c + i] = (ch, style)
    text = Text(no_wrap=True, overflow="crop")
    marks = [" "] * (cols + 3)
    for c, x in xs.items():
        for i, ch in enumerate(str(x)):
            if c + i < len(marks):
                marks[c + i] = ch
    text.append("    " + "".join(marks).rstrip() + "\n", style="dim")
    for r, line in enumerate(cells):
        text.append(f"{ys[r]:>3} " if r in ys else "    ", style="dim")
        for ch, style in line:
            text.append(ch, style=style or None)
        text.append("\n")
    text.append(f"    {fmt(g.spec.surface.width)} x {fmt(g.spec.surface.height)} inches, "
                f"1 unit = {fmt(g.spec.unit)} inch{'es' * (g.spec.unit != 1)}; "
                f"{len(g.patterns)} mine pattern{'s' * (len(g.patterns) != 1)}", style="dim")
    return text
