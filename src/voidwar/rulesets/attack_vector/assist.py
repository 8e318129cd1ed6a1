"""The table assistant: the figures a player at the physical board looks up, computed
by the same rules code the engine plays with — bearings and the RAL (A5.152–A5.153), the
movement grid (A2.1), the displacement of a burn (A2.4, A5.241–A5.274), the laser table (A2.2,
A5.166), the cycle time and power of a weapon (A5.371–A5.372) and the relative vector (A2.4).
Each figure names its rule. Kinetic and seeker launches (Shiolle/KineticsTool, the ``shellstar``
of KwirkyJ/attack-vector-pytools) are not covered: their rules (sections E and F) are lost from
the text (spec §11.1, §18).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, Field, ValidationError, model_validator

from voidwar.core.datafile import InlineData
from voidwar.core.errors import DataFileError
from voidwar.core.hexgrid import DIRECTION_LETTERS, Hex3

from .avid import Orientation, orientation, parse_window
from .bearings import RULE, bearing
from .data import (
    load_movement_grid,
    load_ship_class,
    load_weapon_rules,
    systems_model,
    thrust_chart,
)
from .fire import ship_window
from .movement_grid import GridColumn, MovementGrid
from .state import ShipState, resolve_burn, resolve_thrust
from .systems.arcs import Arc
from .systems.numbers import show
from .systems.weapons import WeaponCode, WeaponRules, ready_at
from .thrust import format_thrust, parse_thrust
from .vectors import (
    SEGMENTS,
    Vec3,
    format_vector,
    from_components,
    offset,
    parse_position,
    parse_vector,
    shift,
    split_horizontal,
)

DEFAULT_CLASS = "rafik_mk1"
LASER = "3 MRLS 3(+5)"


class Figure(BaseModel):
    """One figure of an answer and the rule it comes from."""

    name: str
    value: str
    rule: str


class Answer(BaseModel):
    """An answer: its figures and, for grids and tables, a table of rows."""

    title: str
    figures: list[Figure] = Field(default_factory=list)
    columns: list[str] = Field(default_factory=list)
    rows: list[list[str]] = Field(default_factory=list)
    rule: str = ""

    def figure(self, name: str) -> str:
        """The value of the figure called ``name``."""
        return next(f.value for f in self.figures if f.name == name)


class ShipEntry(BaseModel):
    """A ship as a player enters it from the board: hex (a vector from the origin hex, with the
    altitude as ``+n``/``-n``), velocity, nose window and roll (30° steps to starboard)."""

    id: str = "ship"
    position: str = "0"
    velocity: str = "0"
    nose: str = "A"
    roll: int = 0
    cls: str = DEFAULT_CLASS

    @model_validator(mode="after")
    def _readable(self) -> ShipEntry:
        self.hex3(), self.vector(), self.orient()  # each raises a ValueError naming the entry
        return self

    def hex3(self) -> Hex3:
        """The position (A2.4: hexes from the origin, altitude levels): ``7A 1F -1`` or the map's
        ``q,r`` (``q,r,z``) labels."""
        return position(self.position)

    def vector(self) -> Vec3:
        """The velocity vector (A2.4)."""
        return parse_vector(self.velocity)

    def orient(self) -> Orientation:
        """The orientation: nose window and roll (A5.131, A5.333)."""
        w = parse_window(self.nose)
        return orientation(w.k, w.e, self.roll)


_QRZ = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*([+-]?\d+)\s*)?$")


def position(text: str) -> Hex3:
    """A hex and level: a vector from the origin hex (``4A 2F -1``) or ``q,r[,z]``."""
    m = _QRZ.match(text)
    if m:
        return Hex3(int(m[1]), int(m[2]), int(m[3] or 0))
    return parse_position(text)


def _hex(h: Hex3) -> str:
    return format_vector(Vec3(h.q, h.r, h.z))


def _mounts(cls: str, orient: Orientation, win: Any) -> str:
    model = systems_model(load_ship_class(cls))
    if model is None or win is None:
        return "no mounts (no systems on this class)" if model is None else "all (same hex)"
    sw = ship_window(orient, win)
    arcs = {m.id: Arc.from_blocks(m.arc) for m in model.mounts}
    bear = [m for m, arc in arcs.items() if sw in arc]
    return f"{', '.join(bear) or 'none'} (seen {sw})"


def bearings(a: ShipEntry, b: ShipEntry, method: str = RULE) -> Answer:
    """The bearing from ``a`` to ``b``: the azimuth split, the RAL range and ring, the AVID window
    (circled below), the mounts of ``a`` that bear, and the predicted bearing EoT to EoT."""
    pa, pb = a.hex3(), b.hex3()
    off = offset(pa, pb)
    d, x, y = split_horizontal(off.dq, off.dr)
    br = bearing(pa, pb, method)
    split = (f"{x} in {DIRECTION_LETTERS[d]}" + (f" + {y} in {DIRECTION_LETTERS[(d + 1) % 6]}"
                                                  if y else "")) if x else "none"
    win = str(br.window) if br.window is not None else "same hex"
    below = br.window is not None and br.window.e < 0
    eot_a, eot_b = shift(pa, a.vector()), shift(pb, b.vector())
    pred = bearing(eot_a, eot_b, method)
    figs = [
        Figure(name="offset", value=f"{format_vector(off)}", rule="A2.4 (vectors)"),
        Figure(name="horizontal split", value=split, rule="A5.152"),
        Figure(name="horizontal range", value=str(br.h), rule="A5.153 (RAL, along the bottom)"),
        Figure(name="altitude difference", value=f"{off.dz:+d}", rule="A5.153 (RAL, count up)"),
        Figure(name="RAL range", value=str(br.range), rule="A5.153 (RAL)"),
        Figure(name="ring", value=(br.window.ring if br.window else "-") + (" (below: circled)"
                                                                            if below else ""),
               rule="A5.153, A5.162 (RAL colour)"),
        Figure(name="AVID window", value=win,
               rule="A5.152 (the 3x rule)" if method == RULE else "spec §6.2 (exact)"),
        Figure(name="mounts bearing", value=_mounts(a.cls, a.orient(), br.window),
               rule="A5.166 (ring arc diagrams)"),
        Figure(name="predicted bearing (EoT to EoT)", value=str(pred),
               rule="A5.19 sidebar (predicted bearings)"),
    ]
    return Answer(title=f"bearing {a.id} → {b.id}", figures=figs, rule="A5.152–A5.153")


#: the card's header rows: the name of each and how a column gives it (AV:T A2.1; spec §4.2)
_HEADER_ROWS = (("Vel", lambda c: str(c.vel)), ("Dir", lambda c: c.dir),
                ("Each", lambda c: str(c.each)), ("Rmd", lambda c: str(c.rmd)))


def movement_grid(velocity: str, start: str = "0", grid: MovementGrid | None = None) -> Answer:
    """The movement grid of a vector in the card's layout (A2.1): a column for the major, the
    minor and the vertical component, each with Vel, Dir, Each and Rmd, then a row per segment
    with the hexes it moves, and the position after it. ``grid`` is the remainder table (default:
    ours)."""
    v = parse_vector(velocity)
    table = grid if grid is not None else load_movement_grid()
    cols: list[GridColumn | None] = table.columns(v)
    rows = [[name, *[get(c) if c is not None else "" for c in cols], ""]
            for name, get in _HEADER_ROWS]
    p = position(start)
    for s in range(1, SEGMENTS + 1):
        p = shift(p, table.move(v, s))
        rows.append([str(s), *[(str(c.hexes[s - 1]) if c.hexes[s - 1] else "·")
                               if c is not None else "" for c in cols], _hex(p)])
    total = sum(c.vel for c in cols if c is not None)
    return Answer(
        title=f"movement grid of {format_vector(v)}",
        figures=[Figure(name="normal form", value=format_vector(v), rule="A2.4 (vectors)"),
                 Figure(name="hexes a turn", value=str(total), rule="A2.1"),
                 Figure(name="end of turn", value=_hex(p), rule="A2.4 (EoT marker)"),
                 Figure(name="remainder table",
                        value="ours (reconstructed)" if table.reconstructed else table.file,
                        rule="A2.1 (docs/attack-vector.md)")],
        columns=["", "major", "minor", "vertical", "at"],
        rows=rows, rule="A2.1 (segmented movement)")


def burn(thrust: str, nose: str = "A", cells: int = SEGMENTS, velocity: str = "0",
         roll: int = 0, cls: str = DEFAULT_CLASS, bias: str | None = None) -> Answer:
    """A burn of ``cells`` segments at ``thrust`` with the nose in ``nose``: the chart column's
    dots and arrows per cell, the vector change, the displacement and the fuel (A2.4,
    A5.241–A5.274), played by the engine's own Resolve Thrust and burn resolution."""
    t = parse_thrust(thrust)
    chart = thrust_chart()
    if t not in chart.columns:
        raise ValueError(f"thrust {thrust} is not a chart column (0.5 .. 8 in halves; A5.241)")
    if not 1 <= cells <= SEGMENTS:
        raise ValueError(f"a burn lasts 1 to {SEGMENTS} segments (A5.245), not {cells}")
    w = parse_window(nose)
    ship = ShipState(id="ship", seat="", cls=load_ship_class(cls), pos=Hex3(0, 0, 0),
                     velocity=parse_vector(velocity), orient=orientation(w.k, w.e, roll),
                     start=Hex3(0, 0, 0), thrust=t, bias=bias)
    log: list[str] = []
    dots_row, arrows_row, disp_row = [], [], []
    for _ in range(cells):
        before = dict(ship.burn.dots) if ship.burn else {}
        disp = resolve_thrust(ship, chart, log)
        assert ship.burn is not None
        got = {k: n - before.get(k, 0) for k, n in ship.burn.dots.items() if n - before.get(k, 0)}
        dots_row.append(" ".join(f"{n}{k}" for k, n in got.items()) or "·")
        arrows_row.append(str(disp) if not disp.is_zero() else "·")
        disp_row.append(_hex(ship.fp))
    assert ship.burn is not None
    dv = from_components(ship.burn.dots)
    resolve_burn(ship, chart, log)
    col = chart[t]
    return Answer(
        title=f"burn: thrust {format_thrust(t)} for {cells} segment(s), nose {w}",
        figures=[
            Figure(name="G", value=str(col.g), rule="A5.241 (thrust chart header)"),
            Figure(name="vector change", value=format_vector(dv), rule="A5.243, A5.272 (dots)"),
            Figure(name="displacement", value=format_vector(ship.displaced),
                   rule="A2.4 (displacement), A5.274 (arrows)"),
            Figure(name="new velocity", value=format_vector(ship.velocity),
                   rule="A5.28 (burn resolved; spec §7.8)"),
            Figure(name="fuel", value=f"{ship.fuel_used} FU", rule="A2.4 (fuel units)"),
            Figure(name="carried over", value=", ".join(f"{v} hex in {k}" for k, v in
                                                       ship.carry.items()) or "none",
                   rule="A2.4 (fractional hexes carried over)"),
        ],
        columns=["", *[str(c) for c in range(1, cells + 1)]],
        rows=[["dots", *dots_row], ["displaced", *arrows_row], ["FP moved to", *disp_row]],
        rule="A5.241–A5.274")


def _rules() -> WeaponRules:
    return load_weapon_rules()


def laser(rng: int, code: str = LASER) -> Answer:
    """A beam weapon at range ``rng``: the bracket, the damage for each d10 roll, the chance of
    doing damage and the mean (A2.2, A5.166; "Dn" results are our reading, d-results.toml)."""
    rules = _rules()
    wc = WeaponCode.parse(code)
    br = rules.bracket(wc, rng)
    if br is None:
        raise ValueError(f"range {rng} is beyond {wc}'s maximum range {rules.max_range(wc)} "
                         "(spec §11.3)")
    cells = [rules.cell(wc, rng, r) for r in range(1, 11)]
    p_hit, mean = Fraction(0), Fraction(0)
    for c in cells:
        assert c is not None
        if c.d is None:
            p_hit += Fraction(1, 10) if c.damage > 0 else 0
            mean += Fraction(c.damage, 10)
        else:
            d = rules.d_results[c.d]
            p = Fraction(d.roll_at_most, 10)
            p_hit += p / 10
            mean += p * d.damage / 10
    return Answer(
        title=f"{wc} at range {rng}",
        figures=[Figure(name="bracket", value=f"{br[0]}-{br[1]}", rule="A5.166 (range column)"),
                 Figure(name="to hit", value=f"{float(p_hit):.0%}",
                        rule="A2.2 (d10 on the table; Dn: our reading)"),
                 Figure(name="mean damage", value=f"{float(mean):.2f}", rule="A2.2"),
                 Figure(name="power", value=show(wc.power), rule="A5.372")],
        columns=["d10", *[str(r) for r in range(1, 11)]],
        rows=[["damage", *[str(c) for c in cells]]], rule="A2.2, A5.166")


def cycle(turn: int, segment: int, code: str = LASER) -> Answer:
    """When a weapon fired at (turn, segment) is ready again, and what it costs (A5.371–A5.372)."""
    wc = WeaponCode.parse(code)
    t, s = ready_at(turn, segment, wc.cooling)
    return Answer(
        title=f"{wc} fired turn {turn} segment {segment}",
        figures=[Figure(name="cooling", value=f"+{wc.cooling} segments", rule="A5.371"),
                 Figure(name="ready", value=f"turn {t} segment {s}", rule="A5.371 (timer track)"),
                 Figure(name="power per shot", value=show(wc.power), rule="A5.372")],
        rule="A5.371")


def relative(a: ShipEntry, b: ShipEntry, grid: MovementGrid | None = None) -> Answer:
    """The vector of ``b`` relative to ``a`` (A2.4 vectors) and the closest range this turn,
    segment by segment (A2.1 movement by the remainder table ``grid``, default ours; A5.153
    RAL)."""
    table = grid if grid is not None else load_movement_grid()
    rel = b.vector() - a.vector()
    pa, pb = a.hex3(), b.hex3()
    va, vb = a.vector(), b.vector()
    ranges = []
    for s in range(1, SEGMENTS + 1):
        pa, pb = shift(pa, table.move(va, s)), shift(pb, table.move(vb, s))
        ranges.append(str(bearing(pa, pb).range))
    return Answer(
        title=f"{b.id} relative to {a.id}",
        figures=[Figure(name="relative vector", value=format_vector(rel), rule="A2.4 (vectors)"),
                 Figure(name="closest range this turn", value=min(ranges, key=int),
                        rule="A2.1, A5.153")],
        columns=["segment", *[str(s) for s in range(1, SEGMENTS + 1)]],
        rows=[["RAL range", *ranges]], rule="A2.1, A2.4")


class Request(BaseModel):
    """What the assistant page and ``voidwar assist attack-vector`` ask: ships, the pair to shoot
    a bearing between, a burn, a weapon and when it fired."""

    ships: list[ShipEntry] = Field(default_factory=list)
    shooter: str = ""
    target: str = ""
    thrust: str = ""
    cells: int = SEGMENTS
    weapon: str = LASER
    range: int | None = None
    fired_turn: int = 1
    fired_segment: int = 0
    method: str = RULE
    #: a remainder table of one's own (a grid file's contents; default: ours, A2.1)
    movement_grid: InlineData | None = None


def _pair(req: Request) -> tuple[ShipEntry | None, ShipEntry | None]:
    """The ships to shoot a bearing between: the named ones, else the first two."""
    by_id = {s.id: s for s in req.ships}
    if len(by_id) != len(req.ships):
        raise ValueError("two ships have the same id")
    a, b = by_id.get(req.shooter), by_id.get(req.target)
    if a is None and len(req.ships) >= 2:
        a, b = req.ships[0], req.ships[1]
    return a, b


def _grid(req: Request, grid: MovementGrid | None) -> MovementGrid:
    """The remainder table to move by: ``grid`` (already loaded), else the request's
    ``movement_grid``, else ours; a bad table is refused as a bad entry is."""
    if grid is not None:
        return grid
    try:
        return load_movement_grid(req.movement_grid)
    except DataFileError as e:  # file, field and reason
        raise ValueError(str(e)) from None


def answer(req: Request, grid: MovementGrid | None = None) -> list[Answer]:
    """Every answer the request supports, in the page's order; the grids by ``grid`` (a table
    already loaded), else by the request's ``movement_grid``, else by ours."""
    a, b = _pair(req)
    table = _grid(req, grid)
    out: list[Answer] = []
    rng = req.range
    if a is not None and b is not None and a.id != b.id:
        ab = bearings(a, b, req.method)
        out += [ab, bearings(b, a, req.method), relative(a, b, table)]
        rng = int(ab.figure("RAL range")) if rng is None else rng
    for s in req.ships:
        out.append(movement_grid(s.velocity, s.position, table))
    if req.thrust:
        s = a or (req.ships[0] if req.ships else ShipEntry())
        out.append(burn(req.thrust, s.nose, req.cells, s.velocity, s.roll, s.cls))
    if rng is not None:
        try:
            out.append(laser(rng, req.weapon))
        except ValueError as e:
            if req.range is not None:
                raise
            out.append(Answer(title=f"{req.weapon} at range {rng}", rule="spec §11.3",
                              figures=[Figure(name="no shot", value=str(e), rule="spec §11.3")]))
    if req.fired_segment:
        out.append(cycle(req.fired_turn, req.fired_segment, req.weapon))
    return out


def brief(req: Request, grid: MovementGrid | None = None) -> list[str]:
    """The answers as a player says them across the table, one line each: the bearing both
    ways (range, ring, AVID window) on one line, then a burn, a weapon at a range and a cycle
    time when asked; with fewer than two ships, each ship's end of turn."""
    a, b = _pair(req)
    out: list[str] = []
    if a is not None and b is not None and a.id != b.id:
        ab, ba = bearings(a, b, req.method), bearings(b, a, req.method)

        def said(x: ShipEntry, y: ShipEntry, ans: Answer) -> str:
            value = ans.figure("ring")
            ring = "" if value == "-" else f", {value.partition(' (')[0]} ring"
            ring += " below (circled)" if "below" in value else ""
            return (f"{x.id} → {y.id} range {ans.figure('RAL range')}{ring}, window "
                    f"{ans.figure('AVID window')}")

        out.append(f"{said(a, b, ab)}; {said(b, a, ba)}")
    elif not (req.thrust or req.range is not None or req.fired_segment):
        table = _grid(req, grid)
        for s in req.ships:
            g = movement_grid(s.velocity, s.position, table)
            out.append(f"{s.id}: vector {g.figure('normal form')}, end of turn at "
                       f"{g.figure('end of turn')}")
    if req.thrust:
        s = a or (req.ships[0] if req.ships else ShipEntry())
        bn = burn(req.thrust, s.nose, req.cells, s.velocity, s.roll, s.cls)
        out.append(f"burn {req.thrust} for {req.cells} segments: new vector "
                   f"{bn.figure('new velocity')}, displaced {bn.figure('displacement')}, "
                   f"{bn.figure('fuel')}")
    if req.range is not None:
        w = laser(req.range, req.weapon)
        out.append(f"{req.weapon} at range {req.range}: {w.figure('to hit')} to hit, mean "
                   f"damage {w.figure('mean damage')}")
    if req.fired_segment:
        c = cycle(req.fired_turn, req.fired_segment, req.weapon)
        out.append(f"{req.weapon} fired turn {req.fired_turn} segment {req.fired_segment}: "
                   f"ready {c.figure('ready')}")
    return out


def entry_error(e: ValidationError) -> str:
    """The first problem of a request in words: which ship (by its place and id) or field,
    and why (no library wording, no link)."""
    err = e.errors()[0]
    loc = list(err["loc"])
    msg = str(err["msg"]).removeprefix("Value error, ")
    if err["type"] == "int_parsing":
        msg = f"must be a whole number, not {err.get('input')!r}"
    if len(loc) >= 2 and loc[0] == "ships" and isinstance(loc[1], int):
        ship = f"ship {loc[1] + 1}"
        entry = err.get("input")
        if isinstance(entry, dict) and entry.get("id"):
            ship += f" ({entry['id']})"
        field = f" {loc[2]}" if len(loc) > 2 else ""
        return f"{ship}{field}: {msg}"
    return f"{'.'.join(map(str, loc)) or 'request'}: {msg}"


__all__ = [
    "Answer",
    "Figure",
    "Request",
    "ShipEntry",
    "answer",
    "bearings",
    "brief",
    "burn",
    "cycle",
    "entry_error",
    "laser",
    "movement_grid",
    "relative",
]
