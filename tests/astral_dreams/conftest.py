"""Helpers: hand-placed miniatures with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import voidwar
from voidwar.rulesets.astral_dreams.game import AstralDreams


def army(side: str, units: Sequence[tuple[str, str]], points: int = 500) -> dict[str, Any]:
    """An inline army: (type, "x,y") per miniature, in id order (S1, S2… / R1, R2…)."""
    return {
        "side": side,
        "points": points,
        "units": [{"type": t, "count": 1, "at": [at]} for t, at in units],
    }


def place(
    scouts: Sequence[tuple[str, str]],
    robots: Sequence[tuple[str, str]],
    dice: Sequence[int],
    scenario: str = "open-table",
    **options: Any,
) -> AstralDreams:
    """A game with miniatures where the test puts them; ``dice`` starts with the initiative."""
    g = voidwar.load(
        "astral-dreams", scenario=scenario, dice=list(dice),
        army_a=army("scouts", scouts), army_b=army("robots", robots), points=500,
        free_deploy=True, **options,
    )
    assert isinstance(g, AstralDreams)
    return g
