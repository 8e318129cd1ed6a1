"""Terminal rendering (placeholder, replaced below)."""

from __future__ import annotations

from typing import Any


def render(game: Any) -> Any:
    return str(game.state_dict())
