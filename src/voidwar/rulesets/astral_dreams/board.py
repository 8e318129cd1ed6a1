"""The Astral Dreams table for the page (issue 16): miniatures from ``view(seat)`` (the game
hides nothing), terrain and profiles from the scenario's public data; y grows up from the
Scouts' edge (docs/astral-dreams.md: origin at the lower left)."""

from __future__ import annotations

from typing import Any

from ...core.board import (
    BoardAction,
    BoardMap,
    BoardView,
    Counter,
    FreeMove,
    Panel,
    Piece,
    Position,
    Ring,
    Side,
    Terrain,
    group,
    legal_for_seat,
    visible,
)
from ...core.game import Game
from ...core.tabletop import Circle, Point, Rect
from .data import units

COLOURS = {"scouts": "#4aa3ff", "robots": "#ff6b5a"}


def sides() -> list[Side]:
    """The two sides, named as ``units.toml`` names them."""
    table = units()
    return [Side(id=s, name=table.side(s).side_name, colour=COLOURS[s]) for s in COLOURS]


def prompt(v: dict[str, Any], seat: str | None) -> str:
    """The sentence for the side to act (The Round 2: move, then melee or shoot, or end)."""
    if v.get("result"):
        return "The battle is over."
    side = v["turn"]
    if seat != side:
        return f"The {side} are to act."
    cur = v["current"]
    if cur is None:
        return "Choose a miniature: move it, attack with it, or end its turn (The Round 2)."
    if v["attacks_left"]:
        return f"{cur} may attack again ({v['attacks_left']} left), or end its turn."
    return f"{cur} has moved: attack with it, or end its turn (The Round 2b, 2c)."


def _terrain(game: Game) -> list[Terrain]:
    out = []
    for i, f in enumerate(game.setup.table.features):  # type: ignore[attr-defined]
        kind = ("impassable" if f.impassable else "blocks-sight" if f.blocks_los
                else "difficult" if f.move < 1 else "fast" if f.move > 1 else "open")
        if isinstance(f.shape, Rect):
            s = f.shape
            coords = [float(s.x0), float(s.y0), float(s.x1), float(s.y1)]
            shape = "rect"
        else:
            assert isinstance(f.shape, Circle)
            c = f.shape
            coords = [float(c.centre.x), float(c.centre.y), float(c.radius)]
            shape = "circle"
        out.append(Terrain(id=f"t{i}", kind=kind, name=f.name, shape=shape,
                           coords=coords, blocks_los=f.blocks_los, impassable=f.impassable,
                           move=str(f.move)))
    return out


def _unit(u: dict[str, Any], game: Game, acting: str | None) -> Piece:
    prof = game.units[u["id"]].profile  # type: ignore[attr-defined]
    rng = prof.range or game.setup.scout_range  # type: ignore[attr-defined]
    x, y = Point.parse(u["at"]).as_floats()
    status = "done" if u["done"] else "active"
    counters = [Counter(name="health", value=str(u["health"]), max=str(prof.health),
                        on_counter=True,
                        tone="ok" if u["health"] == prof.health else "warn")]
    profile = counters + [Counter(name=k, value=str(getattr(prof, k))) for k in
                          ("speed", "armor", "ma", "md", "ra", "rd", "save", "attacks",
                           "points")]
    profile.insert(1, Counter(name="range", value=f'{rng}"'))
    if prof.special:
        profile.append(Counter(name="special", value=prof.special))
    return Piece(id=u["id"], side=u["side"], label=u["id"], kind=prof.name, status=status,
                 position=Position(point=(x, y)), size=float(game.setup.radius),  # type: ignore[attr-defined]
                 flags=(["acting"] if acting == u["id"] else []) + (["done"] if u["done"] else []),
                 counters=counters, profile=profile,
                 rings=[Ring(radius=float(prof.speed), label=f'move {prof.speed}"', kind="move"),
                        Ring(radius=float(rng), label=f'range {rng}"', kind="range")])


def _action(a: Any) -> BoardAction:
    d = a.to_dict()
    b = BoardAction(text=d["text"], kind=d["kind"], actor=d.get("actor"), label=d["text"])
    if d["kind"] == "move":
        b.point = (float(d["to"][0]), float(d["to"][1]))
        b.label = "move here"
    elif d["kind"] in ("melee", "shoot"):
        targets = d.get("targets") or []
        b.target = targets[0] if len(targets) == 1 else None
        b.label = f"{d['kind']} {' and '.join(targets)}"
        b.group = d["kind"]
    else:
        b.label = "End turn"
    return b


def board_view(game: Game, seat: str | None) -> BoardView:
    """The table of an Astral Dreams battle as ``seat`` sees it."""
    v = visible(game, seat)
    pieces = [_unit(u, game, v["current"]) for u in v["units"]]
    pieces += [Piece(id=f, side="scouts" if f.startswith("S") else "robots", label=f,
                     status="destroyed") for f in v["fallen"]]
    legal = legal_for_seat(game, seat)
    acts = [_action(a) for a in legal]
    free = []
    for actor in sorted({b.actor for b in acts if b.kind == "move" and b.actor}):
        u = game.units[actor]  # type: ignore[attr-defined]
        free.append(FreeMove(actor=actor, template=f"move {actor} to {{point}}",
                             reach=float(u.profile.speed)))
    res = v.get("result")
    rows = [("round", str(v["round"])), ("initiative", v["initiative"]),
            ("turn", v["turn"]), ("acting", v["current"] or "—")]
    if v["attack_kind"]:
        rows.append(("attacks", f"{v['attack_kind']}, {v['attacks_left']} left"))
    rows.append(("fallen", ", ".join(v["fallen"]) or "none"))
    return BoardView(
        map=BoardMap(kind="table", width=float(v["table"]["width"]),
                     height=float(v["table"]["height"]), unit="inch",
                     edges={"top": "Robots' edge", "bottom": "Scouts' edge"}),
        sides=sides(), pieces=pieces, terrain=_terrain(game),
        panels=[Panel(title=f"Scenario {v['scenario']}", rows=rows)],
        prompt=prompt(v, seat), actions=group(acts), free_moves=free,
        result=res.get("outcome") if isinstance(res, dict) else None)
