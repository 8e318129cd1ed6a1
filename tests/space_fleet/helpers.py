"""Hand-built Space Fleet positions for tests: ships at given hexes, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import voidwar
from voidwar.rulesets.space_fleet.game import SpaceFleetGame
from voidwar.rulesets.space_fleet.state import Phase


def ship(sid: str, side: str, at: str, facing: str = "A", cls: str | None = None,
         **extra: Any) -> dict[str, Any]:
    """One ship entry; the class defaults to the first two letters of the id (``BB1`` → BB)."""
    entry: dict[str, Any] = {"id": sid, "at": at, "facing": facing, **extra}
    if "design" not in extra:
        entry["class"] = cls or sid[:2]
    entry["_side"] = side
    return entry


def build(ships: list[dict[str, Any]], dice: Iterable[int] = (), mines: Iterable[str] = (),
          initiative: str = "alternate", cols: int = 16, rows: int = 14,
          turn_limit: int = 10) -> SpaceFleetGame:
    """A game with exactly these ships and mines; blue moves first on turn 1."""
    fleets: dict[str, list[dict[str, Any]]] = {"blue": [], "red": []}
    for s in ships:
        e = dict(s)
        fleets[e.pop("_side")].append(e)
    setup = {
        "title": "test", "description": "hand-built position", "turn_limit": turn_limit,
        "initiative": initiative, "victory": "test", "board": {"cols": cols, "rows": rows},
        "mines": list(mines), "blue": {"ships": fleets["blue"]}, "red": {"ships": fleets["red"]},
    }
    game = voidwar.load("space-fleet", setup=setup, dice=list(dice))
    assert isinstance(game, SpaceFleetGame)
    return game


def end_moves(game: SpaceFleetGame) -> None:
    """Every remaining ship ends its move without moving (up to the fire phase, or the next turn
    when nobody can fire)."""
    turn = game.turn
    while game.phase == Phase.MOVEMENT and game.turn == turn:
        game.apply(next(a for a in game.legal_notations() if a.startswith("end move")))


def end_fire_until(game: SpaceFleetGame, cls: str) -> None:
    """Pass (end fire) until class ``cls`` is to fire."""
    while game.phase == Phase.FIRING and game.fire_class != cls:
        game.apply("end fire")


def close_step(game: SpaceFleetGame) -> None:
    """Both sides end fire for the current class step, which then resolves."""
    cls, turn = game.fire_class, game.turn
    while (not game.over and game.phase == Phase.FIRING and game.fire_class == cls
           and game.turn == turn):
        game.apply("end fire")


def build_table(ships: list[dict[str, Any]], dice: Iterable[int] = (),
                mines: Iterable[dict[str, Any]] = (), width: int = 36, height: int = 28,
                unit: int | str = 1, mine_radius: int | str = 1,
                turn_limit: int = 10) -> SpaceFleetGame:
    """A free-table game with exactly these ships (``at`` = ``"x,y"``, ``facing`` in degrees)
    and mine patterns (``{"at": "x,y", "radius": R}``); blue moves first on turn 1."""
    fleets: dict[str, list[dict[str, Any]]] = {"blue": [], "red": []}
    for s in ships:
        e = dict(s)
        fleets[e.pop("_side")].append(e)
    setup = {
        "title": "test", "description": "hand-built table", "turn_limit": turn_limit,
        "initiative": "alternate", "victory": "test",
        "table": {"width": width, "height": height, "unit": unit, "mine_radius": mine_radius},
        "mines": list(mines), "blue": {"ships": fleets["blue"]}, "red": {"ships": fleets["red"]},
    }
    game = voidwar.load("space-fleet", setup=setup, dice=list(dice))
    assert isinstance(game, SpaceFleetGame)
    return game
