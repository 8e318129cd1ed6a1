"""The Space Fleet board for the page, built from ``view(seat)`` alone: the other
side's undisclosed fire declarations stay hidden (the view withholds them).

On a hex map a move is the hex it ends in along the ship's path; on the free table
(docs/space-fleet.md, "The free table") the map is the table in inches (y up, red's edge at the
top), a ship stands at its point with its heading, a mine pattern is a circle of its radius, a
move is a click along the ship's heading (the whole units offered as lit points, any distance
up to what is left as a free move), a turn a choice in the facing picker, and the selected
ship shows its range bands and rear arc (Space Fleet: Firing)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.board import (
    BoardAction,
    BoardMap,
    BoardView,
    Counter,
    FreeMove,
    Marker,
    Panel,
    Piece,
    Ring,
    Sight,
    add_sights,
    group,
    hex_cells,
    hex_ranges,
    legal_for_seat,
    rules_of,
    sides_for,
    visible,
)
from ...core.errors import IllegalAction
from ...core.game import Game
from ...core.hexgrid import DIRECTION_LETTERS, RectBoard
from ...core.tabletop import Point, fmt, frac
from ...core.widgets import Position
from .actions import Advance
from .battle import Battle
from .data import hexid, parse_hexid, sides, tables
from .table import ahead, bow, turned

#: the two fleets, in the data's order
SEATS = ("blue", "red")
#: the fleets' names on the board (data/sides.toml)
NAMES = {sd.id: sd.name for sd in sides_for(sides(), SEATS)}
#: the text's own names of the phases (Space Fleet: Movement, Firing)
PHASE_NAMES = {"movement": "Movement", "fire": "Firing", "over": "battle over"}


def prompt(v: dict[str, Any], seat: str | None) -> str:
    """The sentence for the side to act (Space Fleet: Movement, Firing)."""
    if v.get("result") or v["phase"] == "over":
        return "The battle is over."
    if seat != v["to_act"]:
        return f"The {NAMES.get(v['to_act'], v['to_act'])} is to act."
    if v["phase"] == "movement":
        if v["moving"]:
            return (f"Move {v['moving']} ahead along its path, turn it, or end its move "
                    "(Space Fleet: Movement).")
        return "Choose a ship to move (Space Fleet: Movement)."
    return (f"Class {v['fire_class']} fires: choose a ship and its target, or end fire "
            "(Space Fleet: Firing).")


def _ship(s: dict[str, Any], unit: Fraction | None = None) -> Piece:
    """A ship's counter; ``unit``: inches per unit on a free table (``None``: a hex map)."""
    status = str(s["status"])
    hurt = s["shields"] < s["max_shields"] or bool(s["damage"])
    damage = ", ".join(d["kind"] + (" (repaired)" if d["repaired"] else "") for d in s["damage"])
    counters = [Counter(name="shields", value=str(s["shields"]), max=str(s["max_shields"]),
                        on_counter=True, tone="bad" if s["shields"] == 0 else
                        "warn" if hurt else "ok")]
    if s["launchers"]:
        counters.append(Counter(name="missiles", value=str(s["missiles"])))
    if s["mines"]:
        counters.append(Counter(name="mines", value=str(s["mines"])))
    if s["damage"]:
        counters.append(Counter(name="damage", value=damage, tone="bad"))
    profile = [Counter(name="class", value=s["class"] + (f" {s['name']}" if s["name"] else "")),
               Counter(name="speed", value=str(s["speed"]), max=str(s["max_speed"])),
               Counter(name="beams", value=str(s["beams"])),
               Counter(name="launchers", value=str(s["launchers"])),
               Counter(name="facing", value=f"{s['facing']}°" if unit else s["facing"]),
               Counter(name="points", value=str(s["points"]))]
    piece = Piece(id=s["id"], side=s["side"], label=s["id"], kind=s["class"],
                  status="damaged" if status == "active" and hurt else status,
                  flags=[f for f in ("moved", "fired") if s[f]],
                  counters=counters, profile=counters + profile)
    if unit is None:
        piece.position = Position(hex=s["hex"])
        piece.facing = DIRECTION_LETTERS.index(s["facing"]) * 60.0
        return piece
    piece.position = Position(point=Point.parse(s["at"]).as_floats())
    piece.facing = float(s["facing"])
    piece.size = 0.5
    piece.profile.insert(0, Counter(name="at", value=f'{s["at"]} (inches)'))
    piece.rings = _bands(int(s["facing"]), unit)
    return piece


def _bands(heading: int, unit: Fraction) -> list[Ring]:
    """The fire bands as circles and the rear arc, where no vessel may fire (Space Fleet:
    Firing: "No vessel may fire in the rear 90 degree arc"; our table reading: more than 135°
    off the bow), in inches."""
    bands = tables().firing.bands
    out = [Ring(radius=float(b.max * unit), kind="band",
                label=f"{b.name} ≤{b.max} unit{'s' if b.max != 1 else ''}") for b in bands]
    far = float(bands[-1].max * unit)
    out.append(Ring(radius=far, kind="blind", label="rear arc: no fire",
                    arc=(float((heading + 135) % 360), float((heading + 225) % 360))))
    return out


def _action(a: Any, ships: dict[str, dict[str, Any]], board: RectBoard) -> BoardAction:
    """Where a click chooses ``a``: a move at the hex it ends in along the ship's path, a turn
    at the hex the new facing points to, a shot at its target ship."""
    d = a.to_dict()
    kind, actor = d["kind"], d.get("actor")
    b = BoardAction(text=d["text"], kind=kind, actor=actor, label=d["text"])
    ship = ships.get(actor) if actor else None
    if ship is None or kind not in ("move", "turn"):
        return _plain(b, d)
    here, facing = parse_hexid(ship["hex"]), DIRECTION_LETTERS.index(ship["facing"])
    if kind == "move":
        to = here
        for _ in range(d["hexes"]):
            to = to.neighbor(facing)
        b.hex, b.label = hexid(to), str(d["hexes"])
    elif kind == "turn":
        right = d["right"] in ("right", True)
        nxt = here.neighbor((facing + (1 if right else -1)) % 6)
        if nxt in board:
            b.hex = hexid(nxt)
        b.label, b.group = ("turn right ↻" if right else "turn left ↺"), "turn"
    else:
        _plain(b, d)
    return b


def _plain(b: BoardAction, d: dict[str, Any]) -> BoardAction:
    """A shot at its target ship, or a choice in the picker (end move, lay mine, end fire)."""
    if d["kind"] in ("fire", "missile"):
        b.target = d["target"]
        b.label = "missile" if d["kind"] == "missile" else "beam"
    else:
        b.label = {"end-move": "End move", "lay-mine": "Lay mine", "sweep": "Sweep",
                   "end-fire": "End fire"}.get(d["kind"], d["text"])
    return b


def _table_action(a: Any, ships: dict[str, dict[str, Any]], unit: Fraction) -> BoardAction:
    """Where a click chooses ``a`` on the free table: a move at the point it ends in straight
    ahead, a turn in the facing picker (with the heading it gives), a shot at its target."""
    d = a.to_dict()
    kind, actor = d["kind"], d.get("actor")
    ship = ships.get(actor) if actor else None
    b = BoardAction(text=d["text"], kind=kind, actor=actor, label=d["text"])
    if ship is None or kind not in ("move", "turn"):
        return _plain(b, d)
    heading = int(ship["facing"])
    if kind == "move":
        dist = frac(str(d["distance"]))
        end = ahead(Point.parse(ship["at"]), heading, float(dist * unit))
        b.point, b.label = end.as_floats(), fmt(dist)
    else:
        right = d["right"] in ("right", True)
        b.label = f"{'turn right ↻' if right else 'turn left ↺'} to {turned(heading, right)}°"
        b.group = "facing"
    return b


def _sight(game: Battle, sid: str, tid: str) -> Sight:
    """Ship ``tid`` seen from ship ``sid``: the range (hexes, or units on a table) and its band,
    or why no beam or missile reaches it (Space Fleet: Firing)."""
    a, b = game.ships[sid], game.ships[tid]
    band = game.band_between(a, b)
    note = (f"out of range (beyond {tables().firing.bands[-1].max})" if band is None
            else "in its rear 90° arc: no fire" if game.rear(a, b) else f"{band.name} range")
    return Sight(target=tid, range=round(float(game.gap(a, b)), 3), note=note)


def _measured(game: Game, view: BoardView) -> BoardView:
    """The range tool's figures: ranges to the cells of a hex map, sights of the enemy ships."""
    rules = rules_of(game)
    assert isinstance(rules, Battle)
    if view.map.kind == "hex":
        hex_ranges(view)
    add_sights(view, lambda p, o: _sight(rules, p.id, o.id))
    return view


def _edge_room(at: Point, heading: int, width: float, height: float) -> float:
    """Inches straight ahead of ``at`` before the table's edge."""
    dx, dy = bow(heading)
    x, y = at.as_floats()
    room = [(width - x) / dx if dx > 1e-12 else -x / dx if dx < -1e-12 else float("inf"),
            (height - y) / dy if dy > 1e-12 else -y / dy if dy < -1e-12 else float("inf")]
    return max(0.0, min(room))


def _free_move(game: Game, v: dict[str, Any], s: dict[str, Any], unit: Fraction) -> FreeMove:
    """Any distance up to what is left of the ship's move and the room to the table's edge, in
    hundredths of a unit (Movement; the rules check the clicked one)."""
    moved = frac(str(v["moved"])) if v["moving"] == s["id"] else Fraction(0)
    left = max(Fraction(0), Fraction(s["speed"]) - moved)
    t = v["table"]
    room = _edge_room(Point.parse(s["at"]), int(s["facing"]), float(frac(t["width"])),
                      float(frac(t["height"])))
    reach = min(left, Fraction(int(room / float(unit) * 100), 100))
    while reach > 0:  # the table edge is decided by the rules (rounding to the grid)
        try:
            game.check(Advance(s["id"], reach))
            break
        except IllegalAction:
            reach -= Fraction(1, 100)
    return FreeMove(actor=s["id"], template=f"move {s['id']} {{distance}}",
                    reach=float(max(reach, Fraction(0))), mode="ahead",
                    heading=float(s["facing"]), scale=float(unit), step=0.01)


def _table_view(game: Game, seat: str | None, v: dict[str, Any]) -> BoardView:
    """The free table (see the module docstring)."""
    t = v["table"]
    unit = frac(t["unit"])
    ships = {s["id"]: s for s in v["ships"]}
    acts = [_table_action(a, ships, unit) for a in legal_for_seat(game, seat)]
    free = [_free_move(game, v, ships[a], unit)
            for a in sorted({b.actor for b in acts if b.kind == "move" and b.actor})]
    markers = [Marker(kind="mine", position=Position(point=Point.parse(m["at"]).as_floats()),
                      label=f"mine pattern {m['id']} at {m['at']}, radius {m['radius']} "
                      f"unit{'s' if m['radius'] != '1' else ''}",
                      radius=float(frac(m["radius"]) * unit)) for m in v.get("mines", [])]
    rows = [("moving", f"{v['moving']} ({v['moved']} units moved)")] if (
        v["phase"] == "movement" and v["moving"]) else []
    rows.append(("scale", f'1 unit = {t["unit"]}"'))
    return _measured(game, _common(v, seat, BoardMap(
        kind="table", width=float(frac(t["width"])), height=float(frac(t["height"])),
        unit="unit", scale=float(unit), edges={"top": "Red's edge", "bottom": "Blue's edge"}),
        [_ship(s, unit) for s in v["ships"]], acts, markers, rows, free))


def _common(v: dict[str, Any], seat: str | None, geometry: BoardMap, pieces: list[Piece],
            acts: list[BoardAction], markers: list[Marker], extra: list[tuple[str, str]],
            free: list[FreeMove]) -> BoardView:
    """What the hex map and the table share: declarations, panels, prompt, result."""
    ships = {s["id"]: s for s in v["ships"]}
    for sid, target, missile in v.get("declared", []):
        where = (Position(hex=ships[target]["hex"]) if geometry.kind == "hex" else
                 Position(point=Point.parse(ships[target]["at"]).as_floats()))
        markers.append(Marker(kind="declared", label=f"{sid} → {target}"
                              + (" (missile)" if missile else ""),
                              position=where, side=ships[sid]["side"]))
    board_sides = sides_for(sides(), SEATS)
    out = {side.id: sum(1 for s in v["ships"] if s["side"] == side.id
                        and str(s["status"]) != "active") for side in board_sides}
    rows = [("turn", f"{v['turn']} of {v['turn_limit']}"),
            ("phase", PHASE_NAMES.get(str(v["phase"]), str(v["phase"]))),
            ("moves first", NAMES.get(v["first"], v["first"])), *extra]
    if v.get("fire_class"):
        rows.append(("firing class", v["fire_class"]))
    rows += [(f"{s.name} out of play", str(out[s.id])) for s in board_sides]
    res = v.get("result")
    return BoardView(
        map=geometry, sides=board_sides, pieces=pieces, markers=markers,
        panels=[Panel(title=v.get("title") or "Battle", rows=rows)],
        prompt=prompt(v, seat), actions=group(acts), free_moves=free,
        result=None if not res else str(res.get("outcome", res)) if isinstance(res, dict)
        else str(res))


def board_view(game: Game, seat: str | None) -> BoardView:
    """The board of a Space Fleet battle as ``seat`` sees it (a hex map or the free table)."""
    v = visible(game, seat)
    if "table" in v:
        return _table_view(game, seat, v)
    board = RectBoard(v["board"]["cols"], v["board"]["rows"])
    ships = {s["id"]: s for s in v["ships"]}
    pieces = [_ship(s) for s in v["ships"]]
    acts = [_action(a, ships, board) for a in legal_for_seat(game, seat)]
    markers = [Marker(kind="mine", label="mines", position=Position(hex=h))
               for h in v.get("mines", [])]
    moved = v["moved_hexes"]
    rows = [("moving", f"{v['moving']} ({moved} hex{'' if moved == 1 else 'es'} moved)")] if (
        v["phase"] == "movement" and v["moving"]) else []
    return _measured(game, _common(v, seat, BoardMap(kind="hex", cells=hex_cells(board, hexid),
                                                     unit="hex"),
                                   pieces, acts, markers, rows, []))
