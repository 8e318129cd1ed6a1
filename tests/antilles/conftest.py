from __future__ import annotations

from typing import Any

import pytest

import voidwar
from voidwar.rulesets.antilles import AntillesGame


def position(dice: list[int] | None = None, **pos: Any) -> AntillesGame:
    """A hand-built position with scripted dice (see antilles/position.py)."""
    pos.setdefault("turn", 1)
    game = voidwar.load("antilles", dice=dice or [], position=pos)
    assert isinstance(game, AntillesGame)
    return game


@pytest.fixture
def pos():  # type: ignore[no-untyped-def]
    return position
