from __future__ import annotations
from typing import Any
from ...core.game import Game
def render(game: Game) -> Any:
    return str(game.state_dict())
def ships_command(game: Game, arg: str) -> str:
    return ""
