"""The Antilles board for the page (issue 16): built from ``view(seat)`` alone (the game hides
nothing; the view is the whole state)."""

from __future__ import annotations

from typing import Any

from ...core.board import (
    BoardAction,
    BoardMap,
    BoardView,
    Counter,
    Panel,
    Piece,
    Position,
    Side,
    generic_action,
    group,
    hex_cells,
    legal_for_seat,
    visible,
)
from ...core.game import Game
from ...core.hexgrid import DIRECTION_LETTERS, HexagonBoard

#: fixed sides: the player's Paladins against the platform and its Bolts
SIDES = [Side(id="commander", name="Paladins (commander)", colour="#4aa3ff"),
         Side(id="antilles", name="Battle Platform Antilles", colour="#e8553f")]
#: a Bolt's type on its counter (2.2)
BOLT_LETTER = {"normal": "N", "fast": "F", "exploding": "X"}
PLATFORM = "antilles"


def _key(h: Any) -> str:
    return f"{h.q},{h.r}"


def prompt(v: dict[str, Any], seat: str | None) -> str:
    """The sentence for the commander (3.1–3.4, 6.0)."""
    phase = v["phase"]
    if phase == "over" or v.get("outcome"):
        return "The battle is over."
    if seat != "commander":
        return "The commander is to act."
    unplaced = [p["id"] for p in v["paladins"] if p["alive"] and p["hex"] is None]
    if phase == "setup":
        return f"Place {unplaced[0]} on a free hex (3.1)." if unplaced else "Set-up is done."
    if phase == "movement":
        return "Move a Paladin one hex, or end movement (3.2)."
    if phase == "attack":
        return "Choose a Paladin to fire at the platform or a Bolt, or end attacks (3.3, 3.4)."
    return "Continue the mission, or abort it (6.0)."


def _paladin(p: dict[str, Any], phase: str) -> Piece:
    status = ("destroyed" if not p["alive"] else "unplaced" if p["hex"] is None
              else "done" if (phase == "attack" and p["fired"]) else "active")
    flags = [f for f in ("moved", "fired") if p[f]]
    return Piece(id=p["id"], side="commander", label=p["id"], kind="Paladin", status=status,
                 position=Position(hex=f"{p['hex'][0]},{p['hex'][1]}") if p["hex"] else None,
                 flags=flags,
                 profile=[Counter(name="moved", value="yes" if p["moved"] else "no"),
                          Counter(name="fired", value="yes" if p["fired"] else "no")])


def _bolt(b: dict[str, Any]) -> Piece:
    kind = b["type"]
    return Piece(id=b["id"], side=PLATFORM, label=b["id"], kind=f"{kind} Bolt",
                 position=Position(hex=f"{b['hex'][0]},{b['hex'][1]}"),
                 facing=DIRECTION_LETTERS.index(b["facing"]) * 60.0,
                 counters=[Counter(name="type", value=BOLT_LETTER.get(kind, kind[:1].upper()),
                                   on_counter=True, tone="warn" if kind != "normal" else "info")],
                 profile=[Counter(name="type", value=kind),
                          Counter(name="facing", value=b["facing"])])


def _platform(v: dict[str, Any]) -> Piece:
    pl = v["platform"]
    rows = [Counter(name=name, value=str(box["boxes"] - box.get("hit", box.get("destroyed", 0))),
                    max=str(box["boxes"]), on_counter=name == "shields",
                    tone="bad" if box.get("hit", box.get("destroyed", 0)) else "ok")
            for name, box in pl.items()]
    c = v["board"]["antilles"]
    return Piece(id=PLATFORM, side=PLATFORM, label="ANT", kind="battle platform",
                 status="destroyed" if v.get("outcome") == "antilles-destroyed" else "active",
                 position=Position(hex=f"{c[0]},{c[1]}"), size=0.9, landmark=True,
                 counters=rows, profile=rows)


def _action(a: Any, pieces: set[str]) -> BoardAction:
    b = generic_action(a, pieces)
    d = a.to_dict()
    if d["kind"] == "fire":
        b.target = PLATFORM if d.get("target") in ("platform", None) else d["target"]
    b.label = {"end-movement": "End movement", "end-attacks": "End attacks",
               "continue": "Continue", "abort": "Abort the mission"}.get(b.kind, b.text)
    return b


def board_view(game: Game, seat: str | None) -> BoardView:
    """The board of an Antilles battle as ``seat`` sees it."""
    v = visible(game, seat)
    board = HexagonBoard(v["board"]["radius"])
    pieces = [_platform(v)] + [_paladin(p, v["phase"]) for p in v["paladins"]]
    pieces += [_bolt(b) for b in v["bolts"]]
    ids = {p.id for p in pieces}
    acts = [_action(a, ids) for a in legal_for_seat(game, seat)]
    lost = sum(1 for p in v["paladins"] if not p["alive"])
    panels = [Panel(title="Battle", rows=[("turn", str(v["turn"])), ("phase", v["phase"]),
                                          ("victory points", str(v["vp"])),
                                          ("Paladins lost", f"{lost} of {len(v['paladins'])}"),
                                          ("Bolts in play", str(len(v["bolts"])))])]
    return BoardView(
        map=BoardMap(kind="hex", cells=hex_cells(board, _key), unit="hex"),
        sides=SIDES, pieces=pieces, panels=panels, prompt=prompt(v, seat),
        actions=group(acts), result=v.get("outcome"))
