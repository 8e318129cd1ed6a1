"""Terminal rendering with Rich: per ship the AVID, vector arrows, movement grid, thrust chart
progress and facing change; then a map with altitudes. For people only (never parsed)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .avid import AZIMUTHS, Window, parse_window
from .combat_render import points_line, systems_parts
from .game import AttackVectorGame
from .state import ShipState
from .thrust import format_thrust
from .vectors import ARROWS, SEGMENTS, grid_rows

MARK = {"nose": "N", "aft": "A", "top": "T", "bottom": "B", "port": "P", "starboard": "S"}
RINGS = [(3, "+++ purple"), (2, "++ green"), (1, "+ blue"), (0, "amber"), (-1, "- blue"),
         (-2, "-- green"), (-3, "--- purple")]


def avid_table(game: AttackVectorGame, ship: ShipState) -> Table:
    """Windows with the six orientation markers (circled = in brackets below the amber ring) and
    target markers with their ranges (spec §5, §6)."""
    cells: dict[Window, list[str]] = {}
    for m, (w, exact) in ship.orient.markers().items():
        cells.setdefault(w, []).append(MARK[m] + ("" if exact else "~"))
    if game.current_step is not None:
        for oid, b in game.bearings(ship.id).items():
            if b.window is not None:
                cells.setdefault(b.window, []).append(f"{oid}:{b.range}")
    if ship.facing is not None:
        for abs_seg, name in ship.facing.to_dict()["path"]:
            w = parse_window(name)
            seg = (abs_seg - 1) % SEGMENTS + 1
            label = f"[{seg}]" if abs_seg == ship.facing.end else str(seg)
            cells.setdefault(w, []).append(label)
    t = Table(title=f"AVID of {ship.id}", show_lines=False, pad_edge=False, box=None)
    t.add_column("ring", style="dim")
    for az in AZIMUTHS:
        t.add_column(az, justify="center")
    for e, name in RINGS:
        row = []
        for k in range(12):
            if abs(e) == 3 and k:
                row.append("")
                continue
            w = Window(0 if abs(e) == 3 else k, e)
            items = cells.get(w, [])
            text = " ".join(items)
            row.append(f"({text})" if items and e < 0 else text)
        t.add_row(name, *row)
    return t


def arrows_table(ship: ShipState) -> Table:
    """The 8 vector arrows: velocity (white outer part) and grey acceleration dots (spec §5.5)."""
    t = Table(title="vector arrows", box=None)
    t.add_column("arrow")
    t.add_column("velocity", justify="right")
    t.add_column("dots")
    vel = ship.velocity.components()
    dots = ship.burn.dots if ship.burn else {}
    for a in ARROWS:
        label = f"({a})" if ship.bias == a else a  # the bias arrow is circled (A5.272)
        t.add_row(label, str(vel.get(a, "")), "•" * dots.get(a, 0))
    return t


def grid_table(game: AttackVectorGame, ship: ShipState) -> Table:
    """The movement grid: Vel, Dir, Each, Rmd and the hexes moved per segment (spec §4.2)."""
    t = Table(title="movement grid" + (" (scripted)" if ship.grid is not None else ""), box=None)
    for c in ("Vel", "Dir", "Each", "Rmd"):
        t.add_column(c, justify="right")
    for s in range(1, SEGMENTS + 1):
        t.add_column(f"{s}*" if s == game.segment else str(s), justify="center")
    if ship.grid is not None:
        t.add_row("", "", "", "", *[str(v) if not v.is_zero() else "·" for v in ship.grid])
        return t
    for row in grid_rows(ship.velocity):
        v = int(row["vel"])
        moves = [v * s // SEGMENTS - v * (s - 1) // SEGMENTS for s in range(1, SEGMENTS + 1)]
        t.add_row(str(v), str(row["dir"]), str(row["each"]), str(row["rmd"]),
                  *[str(m) if m else "·" for m in moves])
    return t


def thrust_text(game: AttackVectorGame, ship: ShipState) -> Text:
    """The thrust chart column in use, with the cells marked off so far (spec §7.2)."""
    t = Text()
    t.append(f"thrust {format_thrust(ship.thrust)} (max {format_thrust(ship.max_thrust)}), "
             f"fuel {ship.fuel_left}/{ship.cls.fuel.capacity} FU\n")
    if ship.burn is None and ship.thrust == 0:
        return t
    col_t = ship.burn.thrust if ship.burn else ship.thrust
    col = game.chart[col_t]
    used = ship.burn.cells if ship.burn else 0
    t.append(f"chart column {format_thrust(col_t)}: ")
    for c in range(SEGMENTS):
        cell = f"{col.dots[c]}{'>' * col.arrows[c]}"
        t.append(f"[{cell}]" if c < used else f" {cell} ", style="bold" if c < used else "dim")
    t.append("\n")
    return t


def vector_line(ship: ShipState) -> Text:
    """The vector arrows in one line (compact panel): the arrows that carry velocity or dots."""
    vel = ship.velocity.components()
    dots = ship.burn.dots if ship.burn else {}
    parts = [f"{'(' + a + ')' if ship.bias == a else a} {vel.get(a, 0)}"
             + ("•" * dots.get(a, 0)) for a in ARROWS if vel.get(a) or dots.get(a)]
    return Text("vector: " + (", ".join(parts) or "at rest"))


def ship_panel(game: AttackVectorGame, ship: ShipState, compact: bool = False) -> Panel:
    """One ship's panel: AVID, arrows, movement grid, thrust and (part 2) its systems;
    ``compact``: the vector arrows in one line and the grid only while the ship moves."""
    pos = ship.pos
    head = Text(f"{ship.id} ({ship.cls.name}, {ship.seat}) at {pos.q},{pos.r} level {pos.z:+d}; "
                f"FP {ship.fp.q},{ship.fp.r},{ship.fp.z:+d}; EoT "
                f"{ship.eot(game.segment).q},{ship.eot(game.segment).r},"
                f"{ship.eot(game.segment).z:+d}; nose {ship.orient.nose}"
                + (f"; {ship.facing.kind} {ship.facing.label}" if ship.facing else "")
                + ("; LEFT THE MAP" if ship.out else ""))
    if compact:
        moving = ship.grid is not None or bool(grid_rows(ship.velocity))
        body = Group(head, avid_table(game, ship), vector_line(ship),
                     *([grid_table(game, ship)] if moving else []), thrust_text(game, ship),
                     *systems_parts(game, ship))
    else:
        body = Group(head, avid_table(game, ship), arrows_table(ship), grid_table(game, ship),
                     thrust_text(game, ship), *systems_parts(game, ship))  # part 2: systems
    return Panel(body, title=ship.id, expand=not compact)


def map_text(game: AttackVectorGame, width: int = 100, height: int = 30) -> Text:
    """A flat-topped hex map (doubled coordinates) with altitudes; ships by initial, targets by
    id, FP markers as '*'; every empty hex in view shows its coordinates ``q,r`` (dim)."""
    objs: list[tuple[int, int, str]] = []
    for s in game.ships.values():
        if not s.out:
            if s.fp != s.pos:
                objs.append((s.fp.q, s.fp.r, "*"))
            objs.append((s.pos.q, s.pos.r, f"{s.id[0].upper()}{s.pos.z:+d}"))
    for t in game.targets.values():
        if t.present:
            objs.append((t.pos.q, t.pos.r, f"{t.id}{t.pos.z:+d}"))
    if not objs:
        return Text("(empty map)")
    # doubled coordinates: column = q, row = 2r + q (flat-topped hexes, A up)
    cols = [q for q, _, _ in objs]
    rows = [2 * r + q for q, r, _ in objs]
    c0, r0 = min(cols), min(rows)
    focus = next((s for s in game.ships.values() if not s.out), None)
    if focus is not None:  # keep the first ship in view on wide maps
        if max(cols) - c0 >= width // 5:
            c0 = focus.pos.q - width // 10
        if max(rows) - r0 >= height:
            r0 = 2 * focus.pos.r + focus.pos.q - height // 2
    height = min(height, max(rows) - r0 + 1)
    grid = [[(" ", "")] * width for _ in range(height)]

    def put(x: int, y: int, label: str, style: str) -> None:
        if 0 <= y < height and 0 <= x < width:
            for i, ch in enumerate(label[: max(0, width - x)]):
                grid[y][x + i] = (ch, style)

    for y in range(height):  # doubled coordinates: row = 2r + q, so q and row share parity
        for q in range(c0, c0 + width // 5 + 1):
            if (y + r0 - q) % 2 == 0:
                put((q - c0) * 5, y, f"{q},{(y + r0 - q) // 2}", "dim")
    for q, r, label in objs:
        put((q - c0) * 5, 2 * r + q - r0, label.ljust(5), "bold")
    out = Text()
    for row in grid:
        for ch, style in row:
            out.append(ch, style=style or None)
        out.rstrip()
        out.append("\n")
    out.append("A is up; letter+level = ship, T1-1 = target at level -1, * = FP marker, "
               "q,r = a hex", style="dim")
    return out


def render(game: Any, log: bool = True) -> Any:
    """The whole game for a terminal: heading, map, and a panel per ship. ``log=False`` (the
    terminal screen, whose log is a pane of its own) draws the map first, then compact panels
    of the ships of the seat to act (the others in one line each)."""
    assert isinstance(game, AttackVectorGame)
    step = game.current_step
    head = Text(f"{game.sc.title} — turn {game.turn}, segment {game.segment}, "
                f"{step.name if step else 'over'}; "
                f"{'3-D' if game.three_d else '2-D'}; to act: {game.to_act}", style="bold")
    parts: list[Any] = [head]
    points = points_line(game)  # part 2: the battle's points
    if points is not None:
        parts.append(points)
    if not log:  # the terminal screen: the map first, then the ships of the seat to act
        parts.append(Panel(map_text(game, width=70, height=12), title="map", expand=False))
        for s in game.ships.values():
            if s.seat == game.to_act or game.to_act not in {x.seat for x in game.ships.values()}:
                parts.append(ship_panel(game, s, compact=True))
            else:
                parts.append(Text(f"{s.id} ({s.seat}) at {s.pos.q},{s.pos.r} level "
                                  f"{s.pos.z:+d}, nose {s.orient.nose}"
                                  + ("; LEFT THE MAP" if s.out else ""), style="dim"))
        return Group(*parts)
    parts += [ship_panel(game, s) for s in game.ships.values()]
    parts.append(Panel(map_text(game), title="map"))
    return Group(*parts)
