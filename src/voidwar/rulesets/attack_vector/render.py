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
from .vectors import ARROWS, SEGMENTS

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
    """The movement grid: per component Vel, Dir, Each, Rmd and the hexes moved in each segment
    (A2.1, by the game's remainder table; spec §4.2), the card's columns laid on their side."""
    t = Table(title="movement grid", box=None)
    for c in ("Vel", "Dir", "Each", "Rmd"):
        t.add_column(c, justify="right")
    for s in range(1, SEGMENTS + 1):
        t.add_column(f"{s}*" if s == game.segment else str(s), justify="center")
    for col in ship.grid.columns(ship.velocity):
        if col is not None:
            t.add_row(str(col.vel), col.dir, str(col.each), str(col.rmd),
                      *[str(m) if m else "·" for m in col.hexes])
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


def ship_panel(game: AttackVectorGame, ship: ShipState) -> Panel:
    """One ship's panel: AVID, arrows, movement grid, thrust and (part 2) its systems."""
    pos = ship.pos
    head = Text(f"{ship.id} ({ship.cls.name}, {ship.seat}) at {pos.q},{pos.r} level {pos.z:+d}; "
                f"FP {ship.fp.q},{ship.fp.r},{ship.fp.z:+d}; EoT "
                f"{ship.eot(game.segment).q},{ship.eot(game.segment).r},"
                f"{ship.eot(game.segment).z:+d}; nose {ship.orient.nose}"
                + (f"; {ship.facing.kind} {ship.facing.label}" if ship.facing else "")
                + ("; LEFT THE MAP" if ship.out else ""))
    body = Group(head, avid_table(game, ship), arrows_table(ship), grid_table(game, ship),
                 thrust_text(game, ship), *systems_parts(game, ship))  # part 2: systems
    return Panel(body, title=ship.id)


def map_text(game: AttackVectorGame, width: int = 100, height: int = 30) -> Text:
    """A flat-topped hex map (doubled coordinates, scaled down to fit when the ships are far
    apart) with altitudes; ships by initial and level, targets by id, FP markers '*', EoT 'o'."""
    objs: list[tuple[int, int, str]] = []
    for s in game.ships.values():
        if not s.out:
            e = s.eot(game.segment)
            if e != s.pos:
                objs.append((e.q, e.r, "o"))
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
    kr = max(1, -(-(max(rows) - r0 + 1) // height))
    kc = max(1, -(-((max(cols) - c0 + 1) * 5) // (width - 6)))
    height = min(height, (max(rows) - r0) // kr + 1)
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(x: int, y: int, label: str, style: str) -> None:
        if 0 <= y < height and 0 <= x < width:
            for i, ch in enumerate(label[: max(0, width - x)]):
                grid[y][x + i] = (ch, style)

    if kr == 1 and kc == 1:  # at full scale every empty hex shows its coordinates q,r
        for y in range(height):  # doubled coordinates: q and the row share parity
            for q in range(c0, c0 + width // 5 + 1):
                if (y + r0 - q) % 2 == 0:
                    put((q - c0) * 5, y, f"{q},{(y + r0 - q) // 2}", "dim")
    for q, r, label in objs:
        put((q - c0) // kc * 5, (2 * r + q - r0) // kr, label.ljust(5), "bold")
    out = Text()
    for row in grid:
        for ch, style in row:
            out.append(ch, style=style or None)
        out.rstrip()
        out.append("\n")
    scale = f"; 1 line = {kr / 2:g} hex" if kr > 1 else "; q,r = a hex"
    out.append(f"A is up; letter+level = ship, * = FP, o = EoT, T1-1 = target at level "
               f"-1{scale}", style="dim")
    return out


def compact_panel(game: AttackVectorGame, ship: ShipState) -> Panel:
    """One ship in at most six lines: position, vector and attitude; FP and EoT,
    thrust and fuel; power and heat; the bearing and RAL range to every other ship and target
    (A5.152–A5.153); the weapon timers (A5.371)."""
    seg = game.segment
    p, fp, eot = ship.pos, ship.fp, ship.eot(seg)
    burn = f", cell {ship.burn.cells}/8 of {format_thrust(ship.burn.thrust)}" if ship.burn else ""
    fc = f"; {ship.facing.kind} {ship.facing.label}" if ship.facing else ""
    lines = [
        f"at {p.q},{p.r} level {p.z:+d}  vector {ship.velocity}  nose {ship.orient.nose} "
        f"top {ship.orient.marker_windows()['top']}{fc}",
        f"FP {fp.q},{fp.r} {fp.z:+d}  EoT {eot.q},{eot.r} {eot.z:+d}  thrust "
        f"{format_thrust(ship.thrust)}/{format_thrust(ship.max_thrust)}{burn}  fuel "
        f"{ship.fuel_left}/{ship.cls.fuel.capacity}",
    ]
    sysd = ship.systems
    if sysd:
        pw, ht = sysd["power"], sysd["heat"]
        lines.append(f"power {pw['stored']}/{pw['capacity']}  heat {ht['stored']}/"
                     f"{ht['capacity']} (radiators {ht['radiators']})  flex ECM "
                     f"{sysd['flex']['ecm']} ECCM {sysd['flex']['eccm']}")
    if game.current_step is not None:
        bs = [f"{oid} {b.window or 'same hex'} r{b.range}"
              + (f" {b.window.ring}" if b.window else "")
              for oid, b in game.bearings(ship.id).items()]
        if bs:
            lines.append("bearings: " + "; ".join(bs))
    if sysd and sysd.get("weapons"):
        now = SEGMENTS * (game.turn - 1) + seg
        lines.append("weapons: " + " ".join(_timer(w, now) for w in sysd["weapons"])
                     + "  (+n: segments to ready, x: destroyed)")
    title = f"{ship.id} ({ship.seat})" + (" LEFT THE MAP" if ship.out else "")
    return Panel(Text("\n".join(lines)), title=title, title_align="left")


def _timer(w: dict[str, Any], now: int) -> str:
    if w["destroyed"]:
        return f"{w['id']}x"
    return w["id"] if w["ready_abs"] <= now else f"{w['id']}+{w['ready_abs'] - now}"


def render_full(game: Any) -> Any:
    """The whole game with every ship's full panel (AVID, arrows, grid, chart, systems)."""
    assert isinstance(game, AttackVectorGame)
    step = game.current_step
    head = Text(f"{game.sc.title} — turn {game.turn}, segment {game.segment}, "
                f"{step.name if step else 'over'}; "
                f"{'3-D' if game.three_d else '2-D'}; to act: {game.to_act}", style="bold")
    parts: list[Any] = [head]
    points = points_line(game)  # part 2: the battle's points
    if points is not None:
        parts.append(points)
    parts += [ship_panel(game, s) for s in game.ships.values()]
    parts.append(Panel(map_text(game), title="map"))
    return Group(*parts)


def render(game: Any, log: bool = True, height: int = 50) -> Any:
    """The game for a terminal of ``height`` lines: heading, a compact panel per ship and the map
    in the lines left; :func:`render_full` shows the full panels. ``log`` is taken
    for the terminal screen's sake: this view has no log of its own either way."""
    assert isinstance(game, AttackVectorGame)
    step = game.current_step
    head = Text(f"{game.sc.title} — turn {game.turn}, segment {game.segment}, "
                f"{step.name if step else 'over'}; to act: {game.to_act}", style="bold")
    parts: list[Any] = [head]
    points = points_line(game)
    if points is not None:
        parts.append(points)
    panels = [compact_panel(game, s) for s in game.ships.values()]
    used = 1 + (points is not None) + sum(len(str(p.renderable).splitlines()) + 2 for p in panels)
    rows = max(6, height - used - 6)  # the map's panel frame, legend and the prompt below
    parts += panels
    parts.append(Panel(map_text(game, height=rows), title="map"))
    return Group(*parts)


def piece(game: Any, token: str) -> Panel | None:
    """The terminal's selected-piece pane: ship ``token`` (or the first ship of seat ``token``)
    as its compact panel (vector, FP and EoT, power and heat, bearings and ranges); ``None`` for
    no ship."""
    assert isinstance(game, AttackVectorGame)
    for s in game.ships.values():
        if token.upper() in (s.id.upper(), s.seat.upper()):
            return compact_panel(game, s)
    return None
