"""What the Space Fleet rules tell a search (docs/ai.md): a logistic of remaining fleet worth
and the horizon measured best."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from ...core.game import Game
from ...core.search import SearchHooks
from .data import SEATS
from .game import SpaceFleetGame


class SpaceFleetSearch(SearchHooks):
    """Search hooks of Space Fleet (our reading, docs/ai.md)."""

    #: mcts-h: value a decision at the end of its turn (measured, docs/ai.md)
    settings: ClassVar[dict[str, Any]] = {"horizon_periods": 1}

    def evaluate(self, game: Game) -> dict[str, float] | None:
        """Search cut-off estimate (our reading, docs/ai.md): each side's chance to win as a
        logistic of the difference in remaining fleet worth, where a ship is worth its cost
        scaled down by missing shields, damage points (4 destroy it) and silenced weapons."""
        assert isinstance(game, SpaceFleetGame)
        result = game.result
        if result is not None:
            w = result.winner
            return {s: 0.5 if w is None else float(s == w) for s in SEATS}
        worth = {side: 0.0 for side in SEATS}
        total = 0.0
        for ship in game.ships.values():
            cost = float(ship.profile.cost)
            total += cost
            if not ship.active:
                continue
            health = 1.0 - 0.2 * (ship.points / 4.0) ** 0.5
            health -= 0.3 * (1.0 - ship.shields / max(1, ship.profile.shields))
            if not ship.weapons_work:
                health -= 0.2
            worth[ship.side] += cost * max(0.1, health)
        margin = (worth[SEATS[0]] - worth[SEATS[1]]) / max(1.0, total)
        p = 1.0 / (1.0 + math.exp(-8.0 * margin))
        return {SEATS[0]: p, SEATS[1]: 1.0 - p}


SEARCH = SpaceFleetSearch()
