"""What the Attack Vector rules tell a search (docs/ai.md): a logistic of the points lead,
the orders worth comparing first, and the settings measured best."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from ...core.game import Action, Game
from ...core.search import SearchHooks
from .actions import Done, FireOrder, PivotTo, ReactorsOrder
from .game import AttackVectorGame


class AttackVectorSearch(SearchHooks):
    """Search hooks of Attack Vector: Tactical (our reading, docs/ai.md)."""

    #: mcts-h: value a decision after the next 8 segments, one turn, and judge candidates on
    #: paired sample differences (measured, docs/ai.md)
    settings: ClassVar[dict[str, Any]] = {"horizon_periods": 8, "paired": True}

    def evaluate(self, game: Game) -> dict[str, float] | None:
        """Search cut-off estimate (our reading, docs/ai.md): in a battle (part 2), each side's
        chance to win as a logistic of its lead in points (a box marked 1, a ship 20); in the
        motion scenarios, targets eaten so far. The finished game gives its result."""
        assert isinstance(game, AttackVectorGame)
        res = game.result
        seats = game.seats
        if len(seats) == 1:  # a solitaire motion scenario: the score so far
            eaten = sum(1 for t in game.targets.values() if t.eaten_by is not None)
            return {seats[0]: res.scores[seats[0]] if res is not None else float(eaten)}
        if res is not None:
            return {s: (1.0 / len(seats) if res.winner is None else float(s == res.winner))
                    for s in seats}
        if len(seats) != 2:
            return None
        if game.combat is not None:
            points = {s: float(game.combat.points.get(s, 0)) for s in seats}
        else:
            points = {s: 0.0 for s in seats}
            for t in game.targets.values():
                if t.eaten_by is not None:
                    points[game.ships[t.eaten_by].seat] += 20.0
        lead = points[seats[0]] - points[seats[1]]
        p = 1.0 / (1.0 + math.exp(-lead / 10.0))
        return {seats[0]: p, seats[1]: 1.0 - p}

    def candidates(self, game: Game, legal: list[Action]) -> list[Action]:
        """The orders a search compares first (our reading, docs/ai.md): every legal shot (the
        captain's thresholds aside: firing spare power at long range may pay), ``done``, the pivot
        that points the nose at the nearest enemy, and the reactor settings after segment 8. Never
        ``radiators out``: surrender is the captain's choice or a last resort the search finds."""
        assert isinstance(game, AttackVectorGame)
        seat = game.to_act
        if seat is None or game.combat is None:
            return []
        first: list[Action] = [a for a in legal if isinstance(a, FireOrder)]
        first.append(Done())
        windows: set[str] = set()
        for ship in game.ships.values():
            if ship.seat != seat or ship.out:
                continue
            bearings = [game.bearing(ship.id, sid) for sid, s in game.ships.items()
                        if s.seat != seat and game.combat.fighting(game, sid)]
            if bearings:
                w = min(bearings, key=lambda b: b.range).window
                if w is not None:
                    windows.add(str(w))
        first += [a for a in legal if isinstance(a, PivotTo) and str(a.window) in windows]
        first += [a for a in legal if isinstance(a, ReactorsOrder)]
        return first


SEARCH = AttackVectorSearch()
