"""The Space Fleet board for the page (issue 16), built from ``view(seat)`` alone: the other
side's undisclosed fire declarations stay hidden (the view withholds them)."""

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
    Position,
    Side,
    group,
    hex_cells,
    legal_for_seat,
    visible,
)
from ...core.game import Game
from ...core.hexgrid import DIRECTION_LETTERS, RectBoard
from .data import hexid, parse_hexid

SIDES = [Side(id="blue", name="Blue fleet", colour="#4aa3ff"),
         Side(id="red", name="Red fleet", colour="#ff6b5a")]


def prompt(v: dict[str, Any], seat: str | None) -> str:
    """The sentence for the side to act (Space Fleet: Movement, Firing)."""
    if v.get("result") or v["phase"] == "over":
        return "The battle is over."
    if seat != v["to_act"]:
        return f"{v['to_act'].capitalize()} is to act."
    if v["phase"] == "movement":
        if v["moving"]:
            return (f"Move {v['moving']} ahead along its path, turn it, or end its move "
                    "(Space Fleet: Movement).")
        return "Choose a ship to move (Space Fleet: Movement)."
    return (f"Class {v['fire_class']} fires: choose a ship and its target, or end fire "
            "(Space Fleet: Firing).")


def _ship(s: dict[str, Any]) -> Piece:
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
               Counter(name="facing", value=s["facing"]),
               Counter(name="points", value=str(s["points"]))]
    return Piece(id=s["id"], side=s["side"], label=s["id"], kind=s["class"],
                 status="damaged" if status == "active" and hurt else status,
                 position=Position(hex=s["hex"]),
                 facing=DIRECTION_LETTERS.index(s["facing"]) * 60.0,
                 flags=[f for f in ("moved", "fired") if s[f]],
                 counters=counters, profile=counters + profile)


def _action(a: Any, ships: dict[str, dict[str, Any]], board: RectBoard) -> BoardAction:
    """Where a click chooses ``a``: a move at the hex it ends in along the ship's path, a turn
    at the hex the new facing points to, a shot at its target ship."""
    d = a.to_dict()
    kind, actor = d["kind"], d.get("actor")
    b = BoardAction(text=d["text"], kind=kind, actor=actor, label=d["text"])
    ship = ships.get(actor) if actor else None
    if ship is None:
        b.label = {"end-fire": "End fire"}.get(kind, d["text"])
        return b
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
    elif kind in ("fire", "missile"):
        b.target = d["target"]
        b.label = "missile" if kind == "missile" else "beam"
    else:
        b.label = {"end-move": "End move", "lay-mine": "Lay mine", "sweep": "Sweep"}.get(
            kind, d["text"])
    return b


def board_view(game: Game, seat: str | None) -> BoardView:
    """The board of a Space Fleet battle as ``seat`` sees it."""
    v = visible(game, seat)
    board = RectBoard(v["board"]["cols"], v["board"]["rows"])
    ships = {s["id"]: s for s in v["ships"]}
    pieces = [_ship(s) for s in v["ships"]]
    acts = [_action(a, ships, board) for a in legal_for_seat(game, seat)]
    markers = [Marker(kind="mine", label="mines", position=Position(hex=h))
               for h in v.get("mines", [])]
    for sid, target, missile in v.get("declared", []):
        markers.append(Marker(kind="declared", label=f"{sid} → {target}"
                              + (" (missile)" if missile else ""),
                              position=Position(hex=ships[target]["hex"]),
                              side=ships[sid]["side"]))
    out = {side.id: sum(1 for s in v["ships"] if s["side"] == side.id
                        and str(s["status"]) != "active") for side in SIDES}
    rows = [("turn", f"{v['turn']} of {v['turn_limit']}"), ("phase", str(v["phase"])),
            ("first", v["first"])]
    if v["phase"] == "movement" and v["moving"]:
        rows.append(("moving", f"{v['moving']} ({v['moved_hexes']} hexes moved)"))
    if v.get("fire_class"):
        rows.append(("firing class", v["fire_class"]))
    rows += [(f"{s.name} out of play", str(out[s.id])) for s in SIDES]
    res = v.get("result")
    return BoardView(
        map=BoardMap(kind="hex", cells=hex_cells(board, hexid), unit="hex"),
        sides=SIDES, pieces=pieces, markers=markers,
        panels=[Panel(title=v.get("title") or "Battle", rows=rows)],
        prompt=prompt(v, seat), actions=group(acts),
        result=None if not res else str(res.get("outcome", res)) if isinstance(res, dict)
        else str(res))
