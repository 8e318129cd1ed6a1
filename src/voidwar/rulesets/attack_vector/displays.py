"""The Attack Vector displays of the board, as generic widgets of
:mod:`voidwar.core.board`: the AVID (a sphere widget: windows, colour bands, markers, lit target
windows with their RAL ranges, each mount's arc, a click pivots the nose), the ship display
(gauges for thrust, fuel, power, heat; tracks for the thrust chart column, the weapon timers and
the hit-location boxes), the thrust stepper, the bearings table with fire choices, and the side
elevation. Everything comes from ``view(seat)`` and the rules code (bearings, AVID, chart, arcs,
weapon tables); fixed data (the chart, arcs, SSD, damage tables) from the game's ship classes.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...core.hexgrid import Hex, Hex3, pixel
from ...core.widgets import (
    Choice,
    Gauge,
    GaugeWidget,
    Mark,
    ProfilePoint,
    ProfileWidget,
    SphereWidget,
    SphereWindow,
    StepperWidget,
    TableWidget,
    Track,
    TrackCell,
    TrackWidget,
    Widget,
)
from .assist import laser
from .avid import (
    ALL_WINDOWS,
    AZIMUTHS,
    Orientation,
    Window,
    orientation,
    parse_window,
    pivot_path,
    roll_path,
    wedge_count,
)
from .bearings import Bearing, bearing
from .fire import ship_window
from .systems.weapons import turn_segment
from .thrust import format_thrust, parse_thrust
from .vectors import SEGMENTS

#: the distance between neighbouring hex centres in :func:`pixel` units
HEX_STEP = math.sqrt(3)
MARK = {"nose": "N", "aft": "A", "top": "T", "bottom": "B", "port": "P", "starboard": "S"}
BANDS = ["amber", "blue", "green", "purple"]


def orient_of(s: dict[str, Any]) -> Orientation:
    """The orientation a view's ship dict records (A5.131)."""
    o = s["orientation"]
    return orientation(o["heading"], o["elevation"], o["roll"])


def hex3(p: list[int]) -> Hex3:
    """A view position ``[q, r, z]``."""
    return Hex3(p[0], p[1], p[2])


def bearings_from(v: dict[str, Any], sid: str) -> dict[str, Bearing]:
    """The bearing (AVID window, RAL range) from ship ``sid`` to every other ship and target on
    the map (A5.152–A5.153), from the positions the view shows."""
    me = v["ships"][sid]
    out = {}
    for oid, o in v["ships"].items():
        if oid != sid and not o.get("out"):
            out[oid] = bearing(hex3(me["position"]), hex3(o["position"]), v["bearings"],
                               v["three_d"])
    for tid, t in v.get("targets", {}).items():
        if not t.get("eaten_by") and not t.get("killed_by"):
            out[tid] = bearing(hex3(me["position"]), hex3(t["position"]), v["bearings"],
                               v["three_d"])
    return out


def shot_text(v: dict[str, Any], game: Any, sid: str, tid: str, wid: str) -> str:
    """What a shot will be (A5.153 range, A5.166 column, A2.2 damage by roll): the confirmation
    shown before a fire order is sent."""
    s = v["ships"][sid]
    b = bearings_from(v, sid).get(tid)
    w = next((x for x in s["systems"].get("weapons", []) if x["id"] == wid), None)
    if b is None or w is None:
        return f"fire {wid} at {tid}"
    rng = b.range
    t = v["ships"].get(tid)
    if t is not None:  # ECM beyond ECCM lengthens the range (our design for flex points, A5.312)
        rng += max(0, t["systems"]["flex"]["ecm"] - s["systems"]["flex"]["eccm"])
    a = laser(rng, w["code"])
    dmg = " ".join(a.rows[0][1:])
    return (f"{sid} {wid} ({w['code']}) at {tid}: RAL range {b.range} in {b.window} "
            f"(A5.153){'' if rng == b.range else f', jammed to {rng}'}; column "
            f"{a.figure('bracket')} (A5.166); to hit {a.figure('to hit')}, mean "
            f"{a.figure('mean damage')}; damage by d10 1-10: {dmg} (A2.2); power "
            f"{a.figure('power')} (A5.372)")


def _arcs(game: Any, sid: str) -> dict[str, Any]:
    combat = getattr(game, "combat", None)
    if combat is None or sid not in combat.systems:
        return {}
    return dict(combat.systems[sid].arcs)


def _after(final: Orientation) -> dict[str, str]:
    return {MARK[m]: str(w) for m, w in final.marker_windows().items()}


def _pivot_preview(o: Orientation, target: Window, three_d: bool) -> tuple[str, dict[str, str]]:
    """What a pivot to ``target`` will do (A5.321 shortest path, A5.222 wedges): the text the
    page confirms and the markers' windows at its end."""
    path = pivot_path(o, target, three_d)
    if not path:
        return f"the nose is already in {target}", {}
    final = path[-1].after
    top = final.marker_windows()["top"]
    return (f"pivot the nose {o.nose} → {target} along the shortest path, "
            f"{wedge_count(path)} wedge(s) of 30° (A5.321, A5.222); top then {top}",
            _after(final))


def _roll_choice(o: Orientation, key: str, text: str) -> Choice:
    """A roll (or bias) button; a roll previews where the top marker goes (A2.4 "Roll")."""
    parts = key.split()
    if parts[0] != "roll" or len(parts) < 3:
        return Choice(label=text, action=text)
    side = "starboard" if parts[2] in ("starboard", "True") else "port"
    path = roll_path(o, int(parts[1]), side == "starboard")
    label = f"roll {parts[1]}° {side}"
    if not path:
        return Choice(label=label, action=text)
    final = path[-1].after
    return Choice(label=label, action=text, preview=_after(final),
                  confirm=f"roll {parts[1]}° to {side} about the nose, {wedge_count(path)} "
                          f"wedge(s) (A2.4 Roll): top {o.marker_windows()['top']} → "
                          f"{final.marker_windows()['top']}")


def avid(v: dict[str, Any], game: Any, sid: str, legal: dict[str, str],
         colours: dict[str, str]) -> SphereWidget:
    """The AVID of ship ``sid`` (A5.131, bands A5.15–A5.17): markers, targets lit with their
    range, the facing change's path, each mount's arc; a click on a window pivots there."""
    s = v["ships"][sid]
    o = orient_of(s)
    marks: dict[Window, list[Mark]] = {}
    for m, (w, exact) in o.markers().items():
        marks.setdefault(w, []).append(Mark(kind="marker", label=MARK[m], circled=w.e < 0,
                                            faint=not exact))
    lit: set[Window] = set()
    for oid, b in bearings_from(v, sid).items():
        if b.window is None:
            continue
        side = v["ships"][oid]["seat"] if oid in v["ships"] else None
        marks.setdefault(b.window, []).append(Mark(
            kind="target", label=f"{oid} {b.range}", side=colours.get(side or ""),
            circled=b.window.e < 0))
        lit.add(b.window)
    fc = s.get("facing_change")
    if fc:
        for abs_seg, name in fc["path"]:
            seg = (abs_seg - 1) % SEGMENTS + 1
            marks.setdefault(parse_window(name), []).append(Mark(
                kind="path", label=f"[{seg}]" if abs_seg == fc["end"] else str(seg)))
    arcs = _arcs(game, sid)
    windows = []
    for w in ALL_WINDOWS:
        sw = ship_window(o, w)
        act = legal.get(f"pivot to {w}", "")
        confirm, preview = _pivot_preview(o, w, v["three_d"]) if act else ("", {})
        windows.append(SphereWindow(
            key=str(w), k=w.k, e=w.e, band=w.ring, marks=marks.get(w, []), lit=w in lit,
            action=act, arcs=[m for m, arc in arcs.items() if sw in arc],
            confirm=confirm, preview=preview))
    rolls = [_roll_choice(o, k, t) for k, t in legal.items()
             if k.startswith(("roll ", "bias "))]
    note = (f"nose {o.nose}, top {o.marker_windows()['top']}"
            + (f"; {fc['kind']} {fc['label']} ends segment {(fc['end'] - 1) % 8 + 1}"
               if fc else "")
            + ("; click a window to pivot the nose there (A5.321)" if any(
                w.action for w in windows) else ""))
    return SphereWidget(title=f"AVID of {sid}", piece=sid, azimuths=list(AZIMUTHS), rings=3,
                        bands=BANDS, windows=windows, mounts=sorted(arcs), choices=rolls,
                        note=note)


def _gauge(name: str, value: Any, top: Any, text: str, rule: str, tone: str = "info") -> Gauge:
    val, mx = float(Fraction(str(value))), float(Fraction(str(top)))
    return Gauge(name=name, value=val, max=mx, text=text, rule=rule, tone=tone)


def ordered(v: dict[str, Any], sid: str, kind: str) -> str | None:
    """The value of the last ``kind`` order (``thrust``) given to ``sid`` and not yet revealed,
    as its own seat sees it (the other seats see only a count)."""
    seat = v["ships"][sid].get("seat")
    given = v.get("pending", {}).get(seat)
    if not isinstance(given, list):
        return None
    mine = [text for ship, text in given if ship == sid and text.startswith(kind + " ")]
    return mine[-1].split()[1] if mine else None


def gauges(v: dict[str, Any], game: Any, sid: str) -> GaugeWidget:
    """Thrust, fuel, power, heat and flex points (A2.4, A5.24, A5.312, A5.372, A5.39); a thrust
    ordered this turn (secret until the Reveal) shows beside the thrust in force."""
    s = v["ships"][sid]
    cap = game.ships[sid].cls.fuel.capacity
    new = ordered(v, sid, "thrust")
    out = [
        _gauge("thrust", new if new is not None else s["thrust"],
               s["max_thrust"] if s["max_thrust"] != "0" else 1,
               f"{s['thrust']} of {s['max_thrust']}"
               + (f"; {new} ordered (from the Reveal)" if new is not None else ""),
               "A5.24 (thrust matrix)"),
        _gauge("fuel", s["fuel_left"], cap, f"{s['fuel_left']} / {cap} FU", "A2.4 (fuel track)",
               "warn" if s["fuel_left"] < cap // 5 else "info"),
    ]
    sysd = s.get("systems") or {}
    if sysd:
        p, h, f = sysd["power"], sysd["heat"], sysd["flex"]
        reactors = ", ".join(("out" if r["destroyed"] else "on" if r["on"] else "off")
                             + f" {r['output']}" for r in p["reactors"])
        out.append(_gauge("power", p["stored"], p["capacity"] if p["capacity"] != "0" else 1,
                          f"{p['stored']} / {p['capacity']}; reactors {reactors}",
                          "A5.372-A5.373 (batteries, reactors)"))
        out.append(_gauge("heat", h["stored"], h["capacity"] or 1,
                          f"{h['stored']} / {h['capacity']}; radiators {h['radiators']} "
                          f"({h['radiator_output']} a turn)", "A5.39, A5.391",
                          "bad" if h.get("excess") else "info"))
        out.append(_gauge("flex", f["ecm"] + f["eccm"], f["points"] or 1,
                          f"{f['points']} flex: ECM {f['ecm']}, ECCM {f['eccm']}",
                          "A5.312 (flex points; their use is ours)"))
    return GaugeWidget(title=f"{sid}: ship display", piece=sid, gauges=out)


def chart_track(v: dict[str, Any], game: Any, sid: str) -> Track:
    """The thrust chart column in use, cells marked off so far (A5.241–A5.274)."""
    s = v["ships"][sid]
    burn = s.get("burn")
    t = parse_thrust(burn["thrust"] if burn else s["thrust"])
    if t == 0:
        return Track(name="thrust chart", cells=[], note="no burn (thrust 0)")
    col = game.chart[t]
    used = burn["cells"] if burn else 0
    cells = [TrackCell(label=str(c + 1), text=f"{col.dots[c]}{'›' * col.arrows[c]}",
                       state="used" if c < used else "current" if c == used else "free")
             for c in range(SEGMENTS)]
    dots = ", ".join(f"{n}{k}" for k, n in (burn or {}).get("dots", {}).items())
    return Track(name=f"thrust {format_thrust(t)} column", cells=cells,
                 note=f"dots (› a hex displaced) per cell; grey dots so far: {dots or 'none'}")


def ship_tracks(v: dict[str, Any], game: Any, sid: str) -> TrackWidget:
    """Thrust chart cell, weapon timers (A5.371) and hit-location boxes (A2.4 SSD)."""
    s = v["ships"][sid]
    tracks = [chart_track(v, game, sid)]
    now = SEGMENTS * (v["turn"] - 1) + v["segment"]
    first = SEGMENTS * (v["turn"] - 1) + 1
    for w in (s.get("systems") or {}).get("weapons", []):
        ready = w["ready_abs"]
        cells = [TrackCell(label=str((a - 1) % SEGMENTS + 1),
                           text=w["id"] if a == ready else "",
                           state="marked" if a == ready else "current" if a == now else
                           "used" if a < now else "free")
                 for a in range(first, first + 2 * SEGMENTS)]
        t, sg = turn_segment(max(ready, 1))
        note = ("destroyed" if w["destroyed"] else "ready" if ready <= now
                else f"ready turn {t} segment {sg}")
        tracks.append(Track(name=f"{w['id']} {w['code']}", cells=cells, note=note))
    combat = getattr(game, "combat", None)
    if combat is not None and sid in combat.systems:
        ssd = combat.systems[sid].model.ssd
        marked = (s.get("systems") or {}).get("damage", {})
        for loc, model in ssd.locations.items():
            hit = set(marked.get(loc, []))
            tracks.append(Track(name=f"hit {loc}", note=f"{len(hit)} of {len(model.boxes)} marked",
                                cells=[TrackCell(label=_box(tag), text=tag,
                                                 state="marked" if i in hit else "free")
                                       for i, tag in enumerate(model.boxes)]))
    return TrackWidget(title=f"{sid}: chart, timers, damage", piece=sid, tracks=tracks,
                       rule="A5.241 (chart), A5.371 (timer track), A2.4 (SSD boxes)")


def _box(tag: str) -> str:
    kind, _, ident = tag.partition(":")
    return ident if kind == "weapon" else kind[:2] + ident if ident else kind[:3]


def stepper(v: dict[str, Any], sid: str, legal: dict[str, str]) -> StepperWidget | None:
    """The thrust setting as a stepper over the legal values (A5.242)."""
    vals = [k for k in legal if k.startswith("thrust ")]
    if not vals:
        return None
    cur = ordered(v, sid, "thrust") or v["ships"][sid]["thrust"]
    vals = sorted({*vals, f"thrust {cur}"}, key=lambda k: parse_thrust(k.split()[1]))
    return StepperWidget(title=f"{sid}: thrust", piece=sid, current=cur,
                         choices=[Choice(label=k.split()[1], action=legal.get(k, ""))
                                  for k in vals])


def bearings_table(v: dict[str, Any], game: Any, sid: str, legal: dict[str, str]
                   ) -> TableWidget:
    """Bearings and ranges to each other ship and target, with the fire choices at it."""
    rows, choices = [], []
    for oid, b in bearings_from(v, sid).items():
        fires = [(k, t) for k, t in legal.items()
                 if k.startswith("fire ") and k.endswith(f" at {oid}")]
        rows.append([oid, str(b.window or "same hex"), str(b.range),
                     b.window.ring if b.window else "-", f"{b.h}/{b.v:+d}" if b.window else "0"])
        choices.append([Choice(label=k.split()[1], action=t,
                               confirm=shot_text(v, game, sid, oid, k.split()[1]))
                        for k, t in fires])
    return TableWidget(title=f"{sid}: bearings", piece=sid,
                       columns=["target", "window", "range", "ring", "h/v"], rows=rows,
                       choices=choices, rule="A5.152-A5.153 (RAL), A5.166 (fire)")


def _flat(p: list[int]) -> tuple[float, float]:
    x, y = pixel(Hex(p[0], p[1]))
    return x / HEX_STEP, y / HEX_STEP  # in hexes: neighbouring centres are one apart


def profile(v: dict[str, Any], sid: str) -> ProfileWidget:
    """Side elevation seen from beside the line from ship ``sid`` to the nearest other ship
    (along its heading when alone): every ship's place along that line in hexes against its
    altitude in levels (one level is one hex, A2.1), now and at its EoT marker (A2.4)."""
    live = [s for s in v["ships"].values() if not s.get("out")]
    me = v["ships"][sid]
    ox, oy = _flat(me["position"])
    others = [s for s in live if s["id"] != sid]
    if others:
        near = min(others, key=lambda s: math.dist(_flat(s["position"]), (ox, oy)))
        tx, ty = _flat(near["position"])
        dx, dy, axis = tx - ox, ty - oy, f"{sid} → {near['id']}"
    else:
        dx, dy, axis = 0.0, 0.0, f"{sid}, along its heading"
    if math.hypot(dx, dy) < 1e-9:
        a = math.radians(me["orientation"]["heading"] * 30.0)
        dx, dy = math.sin(a), -math.cos(a)
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    pts = []
    for s in sorted(live, key=lambda s: s["id"] != sid):
        for key, ghost in (("position", False), ("eot", True)):
            x, y = _flat(s[key])
            z = s[key][2]
            pts.append(ProfilePoint(piece=s["id"], side=s["seat"],
                                    x=round((x - ox) * ux + (y - oy) * uy, 2), z=z,
                                    label=s["id"] + (f" EoT {z:+d}" if ghost else f" {z:+d}"),
                                    ghost=ghost))
    return ProfileWidget(title=f"{sid}: side elevation (who is above whom)", piece=sid,
                         points=pts, axis=axis, x_unit="hex", z_unit="level")


SHOWN = ("thrust ", "pivot to ", "roll ", "bias ", "fire ")


def other_orders(sid: str, legal: dict[str, str]) -> TableWidget | None:
    """The orders no other display makes (reactors, radiators, flex points: A5.312, A5.39x)."""
    groups: dict[str, list[Choice]] = {}
    for k, t in legal.items():
        if not k.startswith(SHOWN):
            groups.setdefault(k.split()[0], []).append(Choice(label=k.split(" ", 1)[-1], action=t))
    if not groups:
        return None
    return TableWidget(title=f"{sid}: other orders", piece=sid, columns=["order"],
                       rows=[[g] for g in groups], choices=list(groups.values()),
                       rule="A5.312 (flex), A5.391-A5.392 (radiators, reactors)")


def legal_key(d: dict[str, Any]) -> str:
    """The canonical key of a structured order (its text without any ship prefix)."""
    kind = d["kind"]
    if kind == "pivot-to":
        return f"pivot to {d['window']}"
    if kind == "thrust":
        return f"thrust {d['value']}"
    if kind == "roll":
        return f"roll {d['degrees']} {d['starboard']}"
    if kind == "bias":
        return f"bias {d['direction']}"
    if kind == "fire":
        return f"fire {d['weapon']} at {d['target']}"
    return str(d["text"])


def widgets(v: dict[str, Any], game: Any, seat: str | None,
            legal: dict[str, dict[str, str]], colours: dict[str, str]) -> list[Widget]:
    """Every display, the seat's own ship first (the page shows the selected ship's);
    ``legal`` holds each ship's orders, canonical key → action text."""
    ships = sorted((s for s in v["ships"].values() if not s.get("out")),
                   key=lambda s: (s["seat"] != seat, s["id"]))
    out: list[Widget] = []
    for s in ships:
        sid = s["id"]
        mine = legal.get(sid, {})
        out.append(avid(v, game, sid, mine, colours))
        step = stepper(v, sid, mine)
        if step is not None:
            out.append(step)
        out += [gauges(v, game, sid), bearings_table(v, game, sid, mine),
                ship_tracks(v, game, sid)]
        rest = other_orders(sid, mine)
        if rest is not None:
            out.append(rest)
        out.append(profile(v, sid))
    return out
