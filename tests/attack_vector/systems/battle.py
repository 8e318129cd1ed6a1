"""Hand-built battles for the part-2 tests: scenario and ship files written to a temp folder."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import voidwar
from voidwar.rulesets.attack_vector.data import SHIP_DIR, SYSTEMS_FILE
from voidwar.rulesets.attack_vector.game import AttackVectorGame

SYSTEMS = SYSTEMS_FILE
SHIP = SHIP_DIR / "rafik_mk1.toml"

#: a fragile SSD: one structure box (a d10 of 1 or 8–10 hits it), every system once
TINY_SSD = """
[ssd]
core = "core"
hit_table = ["core", "fore", "port", "starboard", "dorsal", "ventral", "aft",
             "core", "core", "core"]
[ssd.locations.fore]
boxes = ["weapon:A1", "weapon:A2", "weapon:B1", "weapon:B2", "weapon:C1", "weapon:C2"]
[ssd.locations.port]
boxes = ["reactor:1", "reactor:2"]
[ssd.locations.starboard]
boxes = ["radiator:1", "radiator:2", "radiator:3"]
[ssd.locations.dorsal]
boxes = ["battery"]
[ssd.locations.ventral]
boxes = ["heat_sink"]
[ssd.locations.aft]
boxes = ["thrust"]
[ssd.locations.core]
boxes = ["structure"]
"""

BATTLE = """
name = "custom"
title = "custom battle"
turns = {turns}
seats = ["blue", "red"]
[map]
radius = {radius}
[[ships]]
id = "blue-1"
seat = "blue"
ship = "{blue_ship}"
position = "0"
velocity = "{blue_v}"
nose = "{blue_nose}"
[[ships]]
id = "red-1"
seat = "red"
ship = "{red_ship}"
position = "{red_pos}"
velocity = "{red_v}"
nose = "{red_nose}"
"""


def ship_file(tmp: Path, name: str, battery: int | None = None, tiny: bool = False) -> str:
    """A Rafik with its systems file changed (battery capacity, a fragile SSD)."""
    text = SYSTEMS.read_text()
    if battery is not None:
        text = text.replace("battery = 22", f"battery = {battery}")
    if tiny:
        text = text[: text.index("[ssd]")] + TINY_SSD
    sys_path = tmp / f"{name}-systems.toml"
    sys_path.write_text(text)
    ship = SHIP.read_text().replace('file = "rafik-mk1-systems.toml"', f'file = "{sys_path}"')
    p = tmp / f"{name}.toml"
    p.write_text(ship)
    return str(p)


def battle(
    tmp: Path,
    *,
    red_pos: str = "5A",
    blue_nose: str = "A",
    red_nose: str = "D",
    blue_v: str = "0",
    red_v: str = "0",
    turns: int = 3,
    radius: int = 60,
    blue_ship: str = "rafik_mk1",
    red_ship: str = "rafik_mk1",
    dice: Iterable[int] | None = None,
    seed: int = 1,
) -> AttackVectorGame:
    body = BATTLE.format(
        turns=turns,
        radius=radius,
        red_pos=red_pos,
        blue_nose=blue_nose,
        red_nose=red_nose,
        blue_v=blue_v,
        red_v=red_v,
        blue_ship=blue_ship,
        red_ship=red_ship,
    )
    p = tmp / "battle.toml"
    p.write_text(body)
    kw: dict[str, Any] = {"dice": list(dice)} if dice is not None else {"seed": seed}
    g = voidwar.load("attack-vector", scenario=str(p), **kw)
    assert isinstance(g, AttackVectorGame)
    return g


def orders(game: AttackVectorGame, blue: Iterable[str] = (), red: Iterable[str] = ()) -> None:
    """One orders step: blue's orders, done; red's orders, done."""
    for o in blue:
        game.apply(o)
    game.apply("done")
    for o in red:
        game.apply(o)
    game.apply("done")
