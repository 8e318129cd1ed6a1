"""The Antilles board for the page: built from ``view(seat)`` alone (the game hides
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
    Sight,
    add_sights,
    generic_action,
    group,
    hex_cells,
    hex_ranges,
    legal_for_seat,
    log_of,
    rules_of,
    sides_for,
    visible,
)
from ...core.game import Game
from ...core.hexgrid import DIRECTION_LETTERS, HexagonBoard
from ...core.widgets import Position
from .attacks import target_reason
from .data import sides
from .state import AntillesState

#: the seats on the board: the player's Paladins against the platform and its Bolts
SEATS = ("commander", "antilles")
#: a Bolt's type on its counter (2.2)
BOLT_LETTER = {"normal": "N", "fast": "F", "exploding": "X"}
PLATFORM = "antilles"
#: the rules' own names of the steps of a turn (3.1, 3.2 "the Paladin movement step", 3.3
#: "the Paladin attack step", 6.0), as the panel shows them
PHASE_NAMES = {"setup": "Initial Placement (3.1)", "movement": "Blip Movement (3.2)",
               "attack": "Paladin attack step (3.3, 3.4)",
               "end": "end of turn: continue or abort (6.0)", "over": "battle over"}


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
        return "Blip a Paladin to any free hex, or end movement (3.2 Blip Movement)."
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


def _gone_bolts(game: Game, live: set[str]) -> list[Piece]:
    """Every Bolt launched (2.11) and no longer in play, from the battle's log: ``off-map``
    when it left the map (2.18), else ``destroyed`` (2.16, 2.17, 2.2, 3.4); for the tray."""
    launched: dict[str, str] = {}
    left: set[str] = set()
    for e in log_of(game):
        if e.kind == "launch" and "bolt" in e.data:
            launched[f"B{e.data['bolt']}"] = str(e.data.get("type", "normal"))
        elif e.kind == "exit" and "bolt" in e.data:
            left.add(f"B{e.data['bolt']}")
    out = []
    for bid, kind in launched.items():
        if bid in live:
            continue
        letter = BOLT_LETTER.get(kind, kind[:1].upper())
        out.append(Piece(id=bid, side=PLATFORM, label=bid, kind=f"{kind} Bolt",
                         status="off-map" if bid in left else "destroyed",
                         counters=[Counter(name="type", value=letter, on_counter=True)],
                         profile=[Counter(name="type", value=kind),
                                  Counter(name="fate", value="left the map (2.18)" if bid in left
                                          else "destroyed")]))
    return out


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


def _sight(game: AntillesState, p: Piece, o: Piece, rng: int) -> Sight:
    """``o`` seen from ``p``: the range in hexes; from a living Paladin, whether its fusion
    guns reach (3.3 the platform, 3.4 a Bolt) in the rules' own words."""
    sight = Sight(target=o.id, range=rng)
    if p.side == "commander" and p.status != "unplaced":
        paladin = game.paladins[int(p.id[1:]) - 1]
        target = None if o.id == PLATFORM else int(o.id[1:])
        why = target_reason(game, paladin, target)
        sight.note = why.reason if why else "within the fusion guns' reach (3.3)"
    return sight


def board_view(game: Game, seat: str | None) -> BoardView:
    """The board of an Antilles battle as ``seat`` sees it."""
    v = visible(game, seat)
    board = HexagonBoard(v["board"]["radius"])
    pieces = [_platform(v)] + [_paladin(p, v["phase"]) for p in v["paladins"]]
    pieces += [_bolt(b) for b in v["bolts"]]
    gone = _gone_bolts(game, {b["id"] for b in v["bolts"]})
    pieces += gone
    ids = {p.id for p in pieces}
    acts = [_action(a, ids) for a in legal_for_seat(game, seat)]
    lost = sum(1 for p in v["paladins"] if not p["alive"])
    step = PHASE_NAMES.get(v["phase"], v["phase"])
    panels = [Panel(title="Battle", rows=[("turn", str(v["turn"])), ("step", step),
                                          ("victory points", str(v["vp"])),
                                          ("Paladins lost", f"{lost} of {len(v['paladins'])}"),
                                          ("Bolts in play", str(len(v["bolts"]))),
                                          ("Bolts destroyed", str(sum(
                                              p.status == "destroyed" for p in gone))),
                                          ("Bolts off the map", str(sum(
                                              p.status == "off-map" for p in gone)))])]
    view = BoardView(
        map=BoardMap(kind="hex", cells=hex_cells(board, _key), unit="hex"),
        sides=sides_for(sides(), SEATS), pieces=pieces, panels=panels, prompt=prompt(v, seat),
        actions=group(acts), result=v.get("outcome"))
    hex_ranges(view)
    rules = rules_of(game)
    assert isinstance(rules, AntillesState)
    cells = {c.key: i for i, c in enumerate(view.map.cells)}
    add_sights(view, lambda p, o: _sight(rules, p, o, p.ranges[cells[o.position.hex]])
               if o.position and o.position.hex in cells and p.ranges else None)
    return view
