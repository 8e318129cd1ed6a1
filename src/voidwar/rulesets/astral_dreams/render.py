from __future__ import annotations
from typing import Any
COMMANDS: dict[str, Any] = {}
def render(game: Any) -> Any:
    return str(game.state_dict())
