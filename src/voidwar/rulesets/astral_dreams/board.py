"""The Astral Dreams table for the page: miniatures from ``view(seat)`` (the game
hides nothing), terrain and profiles from the scenario's public data; y grows up from the
Scouts' edge (docs/astral-dreams.md: origin at the lower left).

A hill carries its slope (the direction of rise, the up, down and across multipliers). Where the
terrain changes the cost of movement near a miniature, its move ring is not a circle: the ring's
``outline`` is then the reach of one straight leg in every direction, from the rules' own cost
(:func:`.movement.reach`, the same path cost the move is checked with)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...core.board import (
    BoardAction,
    BoardMap,
    BoardView,
    Counter,
    FreeMove,
    Panel,
    Piece,
    Ring,
    Side,
    Sight,
    SlopeView,
    Terrain,
    add_sights,
    group,
    legal_for_seat,
    rules_of,
    sides_for,
    visible,
)
from ...core.game import Game
from ...core.memo import remember
from ...core.tabletop import Circle, Point, Rect
from ...core.widgets import Position
from .actions import AttackKind
from .attacks import target_reason
from .data import sides as side_data
from .data import units
from .movement import reach
from .state import R_RANGE, Battle, Unit
from .terrain import Feature

#: directions the reach outline is measured in (every 5°)
REACH_RAYS = 72
#: outlines already measured: they depend only on the table, the base, the place and the speed
#: (immutable values); remembered (core/memo.py): each outline a tuple stored in one step
_OUTLINES: dict[tuple[object, ...], tuple[tuple[float, float], ...]] = {}

#: the two sides, in the data's order
SEATS = ("scouts", "robots")


def sides() -> list[Side]:
    """The two sides, named as ``units.toml`` names them, coloured as ``sides.toml`` does."""
    return sides_for(side_data(), SEATS, lambda s: units().side(s).side_name)


def prompt(v: dict[str, Any], seat: str | None) -> str:
    """The sentence for the side to act (The Round 2: move, then melee or shoot, or end)."""
    if v.get("result"):
        return "The battle is over."
    side = v["turn"]
    if seat != side:
        return f"The {side} are to act."
    cur = v["current"]
    if cur is None:
        return ("Choose a miniature: move it, attack with it, or end its turn "
                "(rules, The Round, step 2).")
    if v["attacks_left"]:
        return f"{cur} may attack again ({v['attacks_left']} left), or end its turn."
    return f"{cur} has moved: attack with it, or end its turn (rules, The Round, 2b and 2c)."


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
        out.append(Terrain(id=f"t{i}", kind="hill" if f.slope and not f.impassable else kind,
                           name=f.name, shape=shape, coords=coords, blocks_los=f.blocks_los,
                           impassable=f.impassable, move=str(f.move), slope=_slope(f)))
    return out


def _slope(f: Feature) -> SlopeView | None:
    """A hill's slope as the page draws it: the rise as a unit vector, the multipliers."""
    if f.slope is None:
        return None
    rx, ry = (float(v) for v in f.slope.rise)
    n = math.hypot(rx, ry)
    return SlopeView(rise=(rx / n, ry / n), up=str(f.slope.up), down=str(f.slope.down),
                     text=f.slope.describe())


def _slows_near(game: Game, u: Unit, inches: float) -> list[Feature]:
    """The features that change movement cost within ``inches`` of ``u``."""
    x, y = u.pos.as_floats()
    out = []
    for f in game.setup.table.features:  # type: ignore[attr-defined]
        if f.slows and isinstance(f.shape, Rect):
            x0, y0, x1, y1 = f.shape.fbox
            if x0 - inches <= x <= x1 + inches and y0 - inches <= y <= y1 + inches:
                out.append(f)
    return out


def _multipliers(f: Feature) -> list[Fraction]:
    return [f.move] + ([f.slope.up, f.slope.down] if f.slope else [])


def reach_outline(game: Game, u: Unit) -> list[tuple[float, float]]:
    """Where one straight leg of ``u``'s move can end, ray by ray (empty: a circle of its
    speed is exact, no terrain that changes the cost within reach). Bases and impassable
    terrain are not taken off: the rules refuse such a move and name why."""
    speed = float(u.profile.speed)
    near = _slows_near(game, u, speed * 2)
    if not near:
        return []
    s = game.setup  # type: ignore[attr-defined]
    key = (s.table, s.radius, u.pos, u.profile.speed)
    found = _OUTLINES.get(key)
    if found is None:
        found = remember(_OUTLINES, key, tuple(_measure(game, u, near)), 4096)
    return list(found)


def _measure(game: Game, u: Unit, near: list[Feature]) -> list[tuple[float, float]]:
    """The outline ray by ray (:func:`reach_outline`)."""
    speed = float(u.profile.speed)
    want = speed * max(1.0, *(float(m) for f in near for m in _multipliers(f)))
    x, y = u.pos.as_floats()
    pts = []
    for k in range(REACH_RAYS):
        a = 2 * math.pi * k / REACH_RAYS
        aim = Point.near(x + math.sin(a) * want, y + math.cos(a) * want)
        end = reach(game, u, aim, want)  # type: ignore[arg-type]
        pts.append(end.as_floats() if end is not None else (x, y))
    return pts


def _unit(u: dict[str, Any], game: Game, acting: str | None, side: str) -> Piece:
    """A miniature; the move ring of one that may still move this turn follows the terrain."""
    unit = game.units[u["id"]]  # type: ignore[attr-defined]
    prof = unit.profile
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
                 rings=[_move_ring(game, unit, u["side"] == side and acting is None
                                   and not u["done"]),
                        Ring(radius=float(rng), label=f'range {rng}"', kind="range")])


def _move_ring(game: Game, u: Unit, may_move: bool) -> Ring:
    """The move ring: the reach outline where terrain bends it, for a miniature that may move
    now; for the others a circle of the speed that says when terrain would change it."""
    speed = f'move {u.profile.speed}"'
    if not may_move:
        bent = bool(_slows_near(game, u, float(u.profile.speed) * 2))
        return Ring(radius=float(u.profile.speed), kind="move",
                    label=speed + (" (flat ground; terrain near changes it)" if bent else ""))
    outline = reach_outline(game, u)
    return Ring(radius=float(u.profile.speed), kind="move", outline=outline,
                label=speed + (" (terrain: the reach of a straight leg)" if outline else ""))


def _sight(game: Battle, uid: str, tid: str) -> Sight:
    """Miniature ``tid`` seen from ``uid``: the range centre to centre in inches, the terrain
    that blocks the line of sight, and whether it may be shot (The Round 2c) or is base to
    base (2b), in the rules' own words."""
    u, t = game.units[uid], game.units[tid]
    table = game.setup.table
    block = table.line_of_sight(u.pos, t.pos)
    why = target_reason(game, u, AttackKind.SHOOT, tid, R_RANGE)
    notes = ["base to base: melee (2b)"] if game.in_contact(u, t) else []
    notes.append(why.reason if why else f'in range ({game.range_of(u)}"), clear line of sight')
    return Sight(target=tid, range=round(u.pos.dist(t.pos), 3), note="; ".join(notes),
                 blocked_by=None if block is None else
                 next(f"t{i}" for i, f in enumerate(table.features) if f is block))


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
    pieces = [_unit(u, game, v["current"], v["turn"]) for u in v["units"]]
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
    names = {sd.id: sd.name for sd in sides()}
    rows = [("round", str(v["round"])), ("initiative", names.get(v["initiative"], "—")),
            ("side to act", names.get(v["turn"], "—")),
            ("miniature acting", v["current"] or "none chosen")]
    if v["attack_kind"]:
        rows.append(("attacks", f"{v['attack_kind']}, {v['attacks_left']} left"))
    rows.append(("fallen", ", ".join(v["fallen"]) or "none"))
    view = BoardView(
        map=BoardMap(kind="table", width=float(v["table"]["width"]),
                     height=float(v["table"]["height"]), unit="inch",
                     edges={"top": f"{names['robots']}' edge",
                            "bottom": f"{names['scouts']}' edge"}),
        sides=sides(), pieces=pieces, terrain=_terrain(game),
        panels=[Panel(title=f"Scenario {v['scenario']}", rows=rows)],
        prompt=prompt(v, seat), actions=group(acts), free_moves=free,
        result=res.get("outcome") if isinstance(res, dict) else None)
    rules = rules_of(game)
    assert isinstance(rules, Battle)
    add_sights(view, lambda p, o: _sight(rules, p.id, o.id))
    return view
