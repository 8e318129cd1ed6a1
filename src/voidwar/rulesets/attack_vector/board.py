"""The Attack Vector board for the page (issues 16, 17): ships with facing, altitude and status,
targets, from ``view(seat)`` alone (another seat's pending orders stay hidden); on the map each
ship's velocity vector drawn to its EoT marker, its FP marker and this turn's movement plot (the
hexes entered in each remaining segment, A2.1); beside it the displays of :mod:`.displays`."""

from __future__ import annotations

from typing import Any

from ...core.board import (
    BoardAction,
    BoardMap,
    BoardView,
    Counter,
    Marker,
    Panel,
    Piece,
    Side,
    Sight,
    add_sights,
    group,
    hex_cells,
    hex_ranges,
    legal_for_seat,
    log_of,
    sides_for,
    visible,
)
from ...core.game import Game
from ...core.hexgrid import Hex, Hex3
from ...core.widgets import Overlay, Position
from .data import sides
from .displays import bearings_from, legal_key, widgets
from .movement_grid import MovementGrid
from .vectors import SEGMENTS, from_components, normal_form, offset, shift, unit

MARGIN = 4
#: the map's cells are snapped to blocks of this many hexes, so they change rarely (no jumps)
BLOCK = 8
#: the steps of a segment and of the end of a turn, as the sequence of play names them (A5.212)
STEP_NAMES = {"plotting": "Plotting", "orders": "Orders", "reveal": "Reveal", "fire": "Fire",
              "long_orders": "Long orders", "end_turn_orders": "End-of-turn orders"}
GROUP_LABEL = {"thrust": "thrust", "pivot-to": "pivot to", "roll": "roll", "bias": "bias",
               "reactors": "reactors", "radiators": "radiators"}


def _sides(game: Game) -> list[Side]:
    """The scenario's seats, named and coloured by ``data/sides.toml``."""
    return sides_for(sides(), game.seats)


def prompt(v: dict[str, Any], seat: str | None) -> str:
    """The sentence for the seat to act (AV:T segment orders, simultaneous, revealed together)."""
    if v.get("over"):
        return "The engagement is over."
    if seat is None or seat in v["done_seats"]:
        return "Waiting for the other captains' orders."
    return (f"Turn {v['turn']}, segment {v['segment']}: give your ship's orders (thrust, "
            "pivot, roll, fire), then done.")


def _status(s: dict[str, Any]) -> str:
    if s.get("destroyed"):
        return "destroyed"
    if s.get("surrendered"):
        return "surrendered"
    if s.get("out"):
        return "off-map"
    return "damaged" if s.get("damage") else "active"


def _ship(s: dict[str, Any]) -> Piece:
    q, r, z = s["position"]
    o = s["orientation"]
    sysd = s.get("systems") or {}
    power, heat = sysd.get("power") or {}, sysd.get("heat") or {}
    counters = [Counter(name="thrust", value=str(s["thrust"]), max=str(s["max_thrust"]),
                        on_counter=True),
                Counter(name="fuel", value=str(s["fuel_left"]))]
    if power:
        counters.append(Counter(name="power", value=str(power["stored"]),
                                max=str(power["capacity"])))
    if heat:
        counters.append(Counter(name="heat", value=str(heat["stored"]),
                                max=str(heat["capacity"]),
                                tone="warn" if heat.get("excess") else "info"))
    weapons = [w for w in sysd.get("weapons", []) if not w.get("destroyed")]
    profile = [
        *counters,
        Counter(name="class", value=s["class"]),
        Counter(name="altitude", value=str(z)),
        Counter(name="nose", value=o["markers"]["nose"]),
        Counter(name="top", value=o["markers"]["top"]),
        Counter(name="weapons", value=", ".join(f"{w['id']} {w['code']}" for w in weapons)
                or "none"),
        Counter(name="damage", value=", ".join(f"{k} {v}" for k, v in s["damage"].items())
                if s.get("damage") else "none", tone="bad" if s.get("damage") else "info"),
    ]
    return Piece(id=s["id"], side=s["seat"], label=s["id"], kind=s["class"],
                 status=_status(s), position=Position(hex=f"{q},{r}"),
                 facing=o["heading"] * 30.0, altitude=z, counters=counters, profile=profile)


def _action(a: Any, mine: str | None, ships: set[str]) -> BoardAction:
    d = a.to_dict()
    kind = d["kind"]
    actor = d.get("actor") or (None if kind == "done" else mine)
    b = BoardAction(text=d["text"], kind=kind, actor=actor, label=d["text"],
                    group=GROUP_LABEL.get(kind, kind))
    if kind == "done":
        b.label, b.group, b.key = "Done (orders given)", "", "d"
    elif kind == "fire":
        tgt = d.get("target")
        b.target = tgt if isinstance(tgt, str) and tgt in ships else None
        b.label, b.group = f"fire {d.get('weapon', '')}".strip(), "fire"
    else:
        value = next((str(v) for k, v in d.items() if k not in ("kind", "text", "actor")), "")
        b.label = value or d["text"]
    return b


def _snap(lo: float, hi: float) -> tuple[int, int]:
    return int(lo // BLOCK) * BLOCK, (int(hi // BLOCK) + 1) * BLOCK


def _cells(points: list[tuple[int, int]]) -> list[Hex]:
    qs = [p[0] for p in points] or [0]
    ys = [p[1] + p[0] / 2 for p in points] or [0.0]
    q0, q1 = _snap(min(qs) - MARGIN, max(qs) + MARGIN)
    y0, y1 = _snap(min(ys) - MARGIN, max(ys) + MARGIN)
    return [Hex(q, r) for q in range(q0, q1 + 1)
            for r in range(int(y0 - q / 2) - 1, int(y1 - q / 2) + 2)
            if y0 <= r + q / 2 <= y1]


def _key(h: Hex3) -> Position:
    return Position(hex=f"{h.q},{h.r}")


def plot(s: dict[str, Any], segment: int, grid: MovementGrid) -> tuple[list[Position], list[str]]:
    """The hexes the ship enters from its FP marker to its EoT marker, one at a time, each
    labelled with its segment (A2.1: the game's movement grid; spec §4.4 EoT = FP + the rest of
    the grid)."""
    p = Hex3(*s["fp"])
    velocity = from_components(s["velocity"])
    pts, labels = [_key(p)], [str(segment)]
    for seg in range(segment + 1, SEGMENTS + 1):
        for arrow, n in normal_form(grid.move(velocity, seg)).items():
            for _ in range(n):
                p = shift(p, unit(arrow))
                if arrow in "+-":
                    labels[-1] += arrow
                    continue
                pts.append(_key(p))
                labels.append(str(seg))
    return pts, labels


def _path(a: Hex3, b: Hex3) -> list[Hex3]:
    """The hexes entered moving from ``a`` to ``b`` in one segment, one at a time in the
    movement grid's order (A2.1); a change of level only is no new hex on the map."""
    out, p = [], a
    for arrow, n in normal_form(offset(a, b)).items():
        for _ in range(n):
            p = shift(p, unit(arrow))
            if arrow not in "+-":
                out.append(p)
    if out and out[-1] != b:
        out[-1] = b
    return out


def tracks(game: Game, v: dict[str, Any]) -> dict[str, tuple[list[Position], list[str]]]:
    """Per ship, this turn's movement so far (A2.1): where it began the turn, then every hex it
    entered in each segment, labelled with the segment (and ``+``/``-`` for each level
    climbed or dived). Read from the engagement's public move events (every ship's position is
    public in every view), replayed from each ship's start; nothing of the state is added."""
    pos = {sid: Hex3(*s["start"]) for sid, s in v["ships"].items()}
    at_turn = dict(pos)
    entered: dict[str, tuple[list[Position], list[str]]] = {}
    segment = 1
    for e in log_of(game):
        d = e.data
        if e.kind == "segment" and d.get("turn") == v["turn"]:
            segment = int(d.get("segment", segment))
            if segment == 1:
                at_turn, entered = dict(pos), {}
        elif e.kind == "move" and d.get("ship") in pos and isinstance(d.get("to"), list):
            sid, to = d["ship"], Hex3(*d["to"])
            pts, labels = entered.setdefault(sid, ([], []))
            steps = _path(pos[sid], to)
            climb = "+" * max(0, to.z - pos[sid].z) + "-" * max(0, pos[sid].z - to.z)
            pts += [_key(h) for h in steps]
            labels += [str(segment)] * len(steps)
            if climb and labels:
                labels[-1] += climb
            pos[sid] = to
    return {sid: ([_key(at_turn[sid]), *entered.get(sid, ([], []))[0]],
                  ["", *entered.get(sid, ([], []))[1]]) for sid in pos}


def overlays(v: dict[str, Any], grid: MovementGrid,
             done: dict[str, tuple[list[Position], list[str]]] | None = None) -> list[Overlay]:
    """Per ship: the velocity vector from its position to its EoT marker, the FP and EoT
    markers, this turn's movement plot (AV:T A2.1, A2.4 markers): the hexes entered so far
    (``track``, from ``done``) and those still to come (``plot``, by the game's ``grid``)."""
    out = []
    for s in v["ships"].values():
        if s.get("out"):
            continue
        pos, fp, eot = Hex3(*s["position"]), Hex3(*s["fp"]), Hex3(*s["eot"])
        vel = " ".join(f"{n}{k}" for k, n in s["velocity"].items()) or "0"
        sid, side = s["id"], s["seat"]
        out.append(Overlay(kind="vector", piece=sid, side=side, points=[_key(pos), _key(eot)],
                           label=f"{sid} vector {vel}"))
        pts, labels = plot(s, v["segment"], grid)
        out.append(Overlay(kind="plot", piece=sid, side=side, points=pts, labels=labels,
                           label=f"{sid} movement plot, segments {v['segment']}-{SEGMENTS}"))
        if done and sid in done and len(done[sid][0]) > 1:
            out.append(Overlay(kind="track", piece=sid, side=side, points=done[sid][0],
                               labels=done[sid][1],
                               label=f"{sid} this turn so far (turn {v['turn']})"))
        out.append(Overlay(kind="fp", piece=sid, side=side, points=[_key(fp)],
                           label=f"{sid} FP (level {fp.z:+d})"))
        out.append(Overlay(kind="eot", piece=sid, side=side, points=[_key(eot)],
                           label=f"{sid} EoT (level {eot.z:+d})"))
    return out


def _sights(v: dict[str, Any], view: BoardView) -> None:
    """The range tool's figures: flat ranges to the cells, and each enemy ship's RAL range and
    AVID window from each ship (A5.152-A5.153: the bearings the displays show)."""
    hex_ranges(view)
    seen = {sid: bearings_from(v, sid) for sid, s in v["ships"].items() if not s.get("out")}

    def measure(p: Piece, o: Piece) -> Sight | None:
        br = seen.get(p.id, {}).get(o.id)
        if br is None:
            return None
        where = f"window {br.window}" if br.window is not None else "the same hex"
        return Sight(target=o.id, range=br.range, note=f"RAL range {br.range}, {where}")

    add_sights(view, measure)


def board_view(game: Game, seat: str | None) -> BoardView:
    """The board of an Attack Vector engagement as ``seat`` sees it."""
    v = visible(game, seat)
    grid: MovementGrid = game.grid  # type: ignore[attr-defined]  # the game's table (A2.1)
    ships = list(v["ships"].values())
    pieces = [_ship(s) for s in ships]
    live = [s["id"] for s in ships if s["seat"] == seat and _status(s) in ("active", "damaged")]
    mine = live[0] if len(live) == 1 else None
    legal = legal_for_seat(game, seat)
    acts = [_action(a, mine, set(v["ships"])) for a in legal]
    by_ship: dict[str, dict[str, str]] = {}
    for a, b in zip(legal, acts, strict=True):
        if b.actor:
            by_ship.setdefault(b.actor, {})[legal_key(a.to_dict())] = b.text
    colours = {sd.id: sd.colour for sd in _sides(game)}
    shown = widgets(v, game, seat, by_ship, colours)
    confirms = {c.action: c.confirm for w in shown if w.kind == "table"
                for row in w.choices for c in row}
    for b in acts:
        if b.kind == "fire":
            b.confirm = confirms.get(b.text, b.text)
    markers = [Marker(kind="target", label=f"{tid} (alt {t['position'][2]})",
                      position=Position(hex=f"{t['position'][0]},{t['position'][1]}"))
               for tid, t in v.get("targets", {}).items() if not t.get("eaten_by")]
    pts = [(s["position"][0], s["position"][1]) for s in ships]
    pts += [(s["eot"][0], s["eot"][1]) for s in ships if s.get("eot")]
    pts += [(s["start"][0], s["start"][1]) for s in ships if s.get("start")]
    pts += [(t["position"][0], t["position"][1]) for t in v.get("targets", {}).values()]
    pending = []
    for s, orders in v["pending"].items():
        n = orders["hidden"] if isinstance(orders, dict) else len(orders)
        name = next((sd.name for sd in _sides(game) if sd.id == s), s)
        pending.append((f"{name}'s orders", f"{n} given" + (" (secret until the Reveal step)"
                                                            if isinstance(orders, dict) else "")))
    names = {sd.id: sd.name for sd in _sides(game)}
    rows = [("turn", str(v["turn"])), ("segment", f"{v['segment']} of {SEGMENTS}"),
            ("step", "the engagement is over" if v["step"] is None else
             STEP_NAMES.get(str(v["step"]), str(v["step"]).replace("_", " "))),
            ("orders given by", ", ".join(names.get(s, s) for s in v["done_seats"])
             or "no one yet"), *pending]
    view = BoardView(
        map=BoardMap(kind="hex", cells=hex_cells(_cells(pts), lambda h: f"{h.q},{h.r}"),
                     unit="hex"),
        sides=_sides(game), pieces=pieces, markers=markers,
        panels=[Panel(title=f"Scenario {v['scenario']}", rows=rows)],
        prompt=prompt(v, seat), actions=group(acts), overlays=overlays(v, grid, tracks(game, v)),
        widgets=shown)
    _sights(v, view)
    return view
