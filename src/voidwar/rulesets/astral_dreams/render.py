"""Astral Dreams in the terminal: a scaled top-down map, the miniatures, the roll log, and the
read-only queries ``dist``, ``los`` and ``range`` a player asks before committing a move."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from rich.box import SIMPLE_HEAD
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from ...core.errors import IllegalAction
from ...core.game import Game
from ...core.tabletop import Circle, Point, Rect
from .actions import Move
from .game import AstralDreams
from .state import Unit
from .terrain import Feature, Slope

#: characters per inch across, rows per inch down: a 48" table is 96 columns by 24 rows, so
#: miniatures 2" apart stand 4 columns apart (legible in a 200×50 terminal beside the panes)
COLS_PER_INCH = 2.0
ROWS_PER_INCH = 0.5
#: the rulers: a column mark every this many inches across, a row label every so many rows
RULER_INCHES = 6
ROW_LABEL_EVERY = 2

STYLE = {"scouts": "bold cyan", "robots": "bold red"}


def _game(game: Game) -> AstralDreams:
    if not isinstance(game, AstralDreams):
        raise TypeError("not an Astral Dreams game")
    return game


def table_map(g: AstralDreams) -> Text:
    """The table seen from above, north (the robots' edge) at the top, ½" per column and
    2" per row, with rulers in inches (x across the top, y down the left) as the notation
    writes positions. ``#`` blocks sight and movement, ``%`` blocks sight, ``~`` slow ground,
    ``=`` fast ground, an arrow a hill's slope pointing uphill (``↑``: rising north;
    :func:`slope_arrow`); miniatures are drawn by id (lower case once they have acted this
    round), a ``·`` between neighbours so that ids never run together."""
    t = g.setup.table
    cols = max(1, math.ceil(float(t.width) * COLS_PER_INCH))
    rows = max(1, math.ceil(float(t.height) * ROWS_PER_INCH))
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    styles: list[list[str]] = [["dim" for _ in range(cols)] for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            p = Point.near((c + 0.5) / COLS_PER_INCH, float(t.height) - (r + 0.5) / ROWS_PER_INCH)
            for f in t.features_at(p):
                grid[r][c] = ch = _feature_char(f)
                styles[r][c] = ("yellow" if ch in "#%" else "bold green" if f.slope is not None
                                else "green")
    taken: set[tuple[int, int]] = set()
    for u in sorted(g.units.values(), key=lambda u: u.pos.as_floats()):
        x, y = u.pos.as_floats()
        c = min(cols - 1, max(0, int(x * COLS_PER_INCH) - len(u.id) // 2))
        r = min(rows - 1, max(0, int((float(t.height) - y) * ROWS_PER_INCH)))
        while any((r, c + i) in taken for i in range(-1, len(u.id) + 1)) and c < cols - 1:
            c += 1  # miniatures closer than their labels: shift right, keep a gap
        label = u.id if not u.done else u.id.lower()
        for i, ch in enumerate(label):
            cc = min(cols - 1, c + i)
            grid[r][cc] = ch
            styles[r][cc] = STYLE[u.side] + ("" if not u.done else " dim")
            taken.add((r, cc))
    return _framed(grid, styles, float(t.height))


def _ruler(cols: int) -> str:
    """The x ruler: the inch at every ``RULER_INCHES``."""
    line = [" "] * (cols + 8)
    step = int(RULER_INCHES * COLS_PER_INCH)
    for c in range(0, cols + 1, step):
        for i, ch in enumerate(str(round(c / COLS_PER_INCH))):
            line[c + i] = ch
    return "".join(line).rstrip()


def _framed(grid: list[list[str]], styles: list[list[str]], height: float) -> Text:
    """The map with its frame, the edges named and rulers in inches."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    out = Text()
    out.append("     " + _ruler(cols) + '  x (")\n', style="dim")
    out.append("    +" + "-" * cols + "+  robots' edge\n", style="dim")
    for r in range(rows):
        y = height - (r + 0.5) / ROWS_PER_INCH
        label = f"{y:>3.0f} " if r % ROW_LABEL_EVERY == 0 else "    "
        out.append(label + "|", style="dim")
        for c in range(cols):
            out.append(grid[r][c], style=styles[r][c])
        out.append("|\n", style="dim")
    out.append("    +" + "-" * cols + "+  scouts' edge (y 0)", style="dim")
    return out


#: uphill arrows by compass sector, east first, counter-clockwise (screen north is up)
ARROWS = "→↗↑↖←↙↓↘"


def slope_arrow(slope: Slope) -> str:
    """The arrow pointing up ``slope`` (to the nearest of eight directions)."""
    angle = math.atan2(float(slope.rise[1]), float(slope.rise[0]))
    return ARROWS[round(angle / (math.pi / 4)) % 8]


def _feature_char(f: Feature) -> str:
    if f.blocks_los:
        return "#" if f.impassable else "%"
    if f.slope is not None:
        return slope_arrow(f.slope)
    return "~" if f.move < 1 else "=" if f.move > 1 else "x"


def unit_table(g: AstralDreams, compact: bool = False) -> RichTable:
    """Every miniature: position, health, profile and whether it has acted this round
    (``compact``: the ×2 legend in the title, so the table fits under the map at 200×50)."""
    title = f"Round {g.round} — initiative: {g.first}; to act: {g.to_act or '—'}"
    tab = RichTable(
        title=title + ("  (×2: two attacks per round)" if compact else ""),
        box=SIMPLE_HEAD, padding=(0, 1), show_edge=not compact,
        caption=None if compact else "×2: two attacks per round",
    )
    for col in ("id", "unit", "at", "hp", "move", "range", "melee", "ranged", "armor", "turn"):
        tab.add_column(col)
    for u in g.units.values():
        p = u.profile
        status = "acting" if g.current == u.id else ("done" if u.done else "ready")
        tab.add_row(
            Text(u.id, style=STYLE[u.side]), p.name + (" ×2" if p.attacks == 2 else ""),
            str(u.pos), f"{u.health}/{p.health}", f"{p.speed}\"", f"{g.range_of(u)}\"",
            f"+{p.ma}/{p.md}", f"+{p.ra}/{p.rd}", str(p.armor), status,
        )
    return tab


def roll_log(g: AstralDreams, lines: int = 12) -> Text:
    """The last ``lines`` events, rolls and hits highlighted."""
    out = Text("Log:\n", style="bold")
    for ev in g.log[-lines:]:
        style = {"roll": "magenta", "hit": "bold", "removed": "bold red", "over": "bold green"}
        out.append("  " + ev.text + "\n", style=style.get(ev.kind, ""))
    return out


def render(game: Game, log: bool = True, notes: bool = True) -> Group:
    """The whole terminal view: map, unit table, terrain, the game's notes (what is our
    reading, :meth:`AstralDreams.notes`; ``notes=False``: the full screen shows them in its
    side pane), (``log``) the log, and the result."""
    g = _game(game)
    parts: list[Text | RichTable] = [table_map(g), unit_table(g, compact=not log)]
    if g.setup.table.features:
        names = ", ".join(
            f"{f.name} ({_feature_words(f)})" for f in g.setup.table.features
        )
        parts.append(Text("Terrain: " + names, style="dim"))
    if notes:
        parts.extend(Text("Note: " + n, style="italic yellow") for n in g.notes())
    if log:
        parts.append(roll_log(g))
    if g.result is not None:
        parts.append(Text(f"Result: {g.result.outcome}, winner {g.result.winner}", "bold green"))
    return Group(*parts)


def piece(game: Game, token: str) -> Text | None:
    """The terminal's selected-piece pane: miniature ``S3`` (or a bare ``3`` of the side to
    act): profile, position, health, whether it has acted, and the distance to each enemy;
    ``None`` for no miniature."""
    g = _game(game)
    tok = token.upper()
    if tok.isdigit():
        tok = ("S" if g.to_act == "scouts" else "R") + tok
    u = g.units.get(tok)
    if u is None:
        return None
    p = u.profile
    status = "acting" if g.current == u.id else ("done this round" if u.done else "ready")
    near = sorted((float(u.pos.dist2(e.pos)), e.id) for e in g.units.values()
                  if e.side != u.side)
    dist = "  ".join(f"{eid} {math.sqrt(d):.1f}\"" for d, eid in near[:6])
    return Text(f"{u.id} {p.name} ({u.side}) at {u.pos}  {status}\n"
                f"health {u.health}/{p.health}  move {p.speed}\"  range {g.range_of(u)}\"  "
                f"armor {p.armor}\nmelee +{p.ma}/{p.md}  ranged +{p.ra}/{p.rd}"
                f"{'  two attacks' if p.attacks == 2 else ''}\nto the enemy: {dist}",
                style=STYLE[u.side])


def _ratio(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _feature_words(f: Feature) -> str:
    words = []
    if f.impassable:
        words.append("impassable")
    if f.blocks_los:
        words.append("blocks sight")
    if f.slope is not None:
        sl = f.slope
        words.append(f"hill {slope_arrow(sl)} {sl.describe()}: movement ×{_ratio(sl.up)} up, "
                     f"×{_ratio(sl.down)} down, ×{_ratio(f.move)} across")
    elif f.move != 1:
        words.append(f"movement ×{_ratio(f.move)}")
    shape = f.shape.describe() if isinstance(f.shape, Rect | Circle) else ""
    return ", ".join([*words, shape])


# -- read-only queries ---------------------------------------------------------------------------
def _where(g: AstralDreams, token: str) -> tuple[Point, Unit | None]:
    t = token.strip()
    if t.upper() in g.units:
        u = g.units[t.upper()]
        return u.pos, u
    try:
        return Point.parse(t.replace(" ", "")), None
    except ValueError:
        raise IllegalAction(
            f"{token!r} is neither a miniature on the table nor a point x,y"
        ) from None


def _two(arg: str) -> list[str]:
    parts = arg.replace(" to ", " ").split()
    if len(parts) != 2:
        raise IllegalAction("give two things: a miniature and a miniature or a point x,y")
    return parts


def cmd_dist(game: Game, arg: str) -> str:
    """``dist S1 R2`` / ``dist S1 12,30``: the distance, the gap between bases, and — to a point —
    whether S1 may move there now and what it costs."""
    g = _game(game)
    a_tok, b_tok = _two(arg)
    a, ua = _where(g, a_tok)
    b, ub = _where(g, b_tok)
    d = a.dist(b)
    out = [f"{a_tok} → {b_tok}: {d:.2f}\" centre to centre"]
    if ua is not None and ub is not None:
        out.append(f"gap between bases {g.gap(ua, ub):.2f}\"; "
                    f"base to base: {'yes' if g.in_contact(ua, ub) else 'no'}")
    if ua is not None and ub is None:
        cost = g.setup.table.path_cost([a, b])
        out.append(f"movement cost {cost:.2f}\" of {ua.profile.speed}\"")
        try:
            g.check(Move(ua.id, b))
            out.append(f"'move {ua.id} to {b}' is legal now")
        except IllegalAction as e:
            out.append(f"'move {ua.id} to {b}' is not legal now: {e.reason}")
    return "\n".join(out)


def cmd_los(game: Game, arg: str) -> str:
    """``los S1 R2`` / ``los 10,10 R2``: is the line between the two centres clear?"""
    g = _game(game)
    a_tok, b_tok = _two(arg)
    a, _ = _where(g, a_tok)
    b, _ = _where(g, b_tok)
    f = g.setup.table.line_of_sight(a, b)
    return f"{a_tok} → {b_tok}: " + ("line of sight clear" if f is None else f"blocked by {f.name}")


def cmd_range(game: Game, arg: str) -> str:
    """``range S1`` / ``range S1 at 12,30``: every enemy — distance, in range (with line of
    sight), base to base — from where S1 stands or would stand."""
    g = _game(game)
    parts = arg.split()
    if not parts:
        raise IllegalAction("range needs a miniature: 'range S1' or 'range S1 at 12,30'")
    _, u = _where(g, parts[0])
    if u is None:
        raise IllegalAction(f"{parts[0]!r} is not a miniature on the table")
    at = u.pos
    if len(parts) >= 3 and parts[1].lower() == "at":
        at = _where(g, "".join(parts[2:]))[0]
    lines = [f"{u.id} ({u.profile.name}) at {at}: range {g.range_of(u)}\", speed "
             f"{u.profile.speed}\""]
    for e in g.units.values():
        if e.side == u.side:
            continue
        d = at.dist(e.pos)
        f = g.setup.table.line_of_sight(at, e.pos)
        tags = []
        if g.in_contact(u, e, at):
            tags.append("base to base (melee)")
        if g.in_range(u, e, at):
            tags.append("in range (shoot)")
        elif f is not None:
            tags.append(f"sight blocked by {f.name}")
        lines.append(f"  {e.id} {e.profile.name}: {d:.2f}\" " + ("; ".join(tags) or "out of reach"))
    return "\n".join(lines)


COMMANDS: dict[str, Callable[[Game, str], str]] = {
    "dist": cmd_dist, "los": cmd_los, "range": cmd_range,
}
