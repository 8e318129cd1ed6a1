"""Shared helpers for the Attack Vector motion tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import voidwar
from voidwar.core.hexgrid import Hex3
from voidwar.rulesets.attack_vector.game import AttackVectorGame
from voidwar.rulesets.attack_vector.golden import GAME_ORDERS
from voidwar.rulesets.attack_vector.vectors import parse_position

__all__ = ["GAME_ORDERS", "at", "load", "random_positions", "segment", "solo", "write_scenario"]


def load(scenario: str, **options: Any) -> AttackVectorGame:
    g = voidwar.load("attack-vector", scenario=scenario, seed=1, **options)
    assert isinstance(g, AttackVectorGame)
    return g


def random_positions(scenario: str, seed: int, options: dict[str, object] | None = None
                     ) -> Iterator[AttackVectorGame]:
    """Every position of one random game (a fresh game, then after each action)."""
    rng = random.Random(seed)
    game = voidwar.load("attack-vector", scenario=scenario, seed=seed, **(options or {}))
    assert isinstance(game, AttackVectorGame)
    yield game
    for _ in range(400):
        if game.over:
            return
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        yield game


def segment(game: AttackVectorGame, *orders: str) -> None:
    """Give the (only) seat's orders for this segment and end it."""
    for o in orders:
        game.apply(o)
    game.apply("done")


def at(text: str) -> Hex3:
    return parse_position(text)


def write_scenario(tmp: Path, body: str, name: str = "custom") -> str:
    p = tmp / f"{name}.toml"
    p.write_text(body)
    return str(p)


SOLO = """
name = "custom"
title = "custom"
turns = {turns}
seats = ["pilot"]
eat_targets = false
[[ships]]
id = "rafik"
seat = "pilot"
position = "0"
velocity = "{velocity}"
nose = "{nose}"
fuel_used = {fuel_used}
"""


def solo(tmp: Path, velocity: str = "0", nose: str = "A", fuel_used: int = 0,
         turns: int = 3, **options: Any) -> AttackVectorGame:
    path = write_scenario(tmp, SOLO.format(velocity=velocity, nose=nose, fuel_used=fuel_used,
                                           turns=turns))
    return load(path, **options)
