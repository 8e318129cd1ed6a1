"""What the Astral Dreams rules tell a search (docs/ai.md): a logistic of surviving points,
the heuristic's best plans as candidates, and the settings measured best."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from ...core.game import Action, Game
from ...core.search import SearchHooks
from .data import SIDES
from .game import AstralDreams
from .policies import HeuristicPolicy


class AstralDreamsSearch(SearchHooks):
    """Search hooks of Astral Dreams (our reading, docs/ai.md)."""

    #: mcts-h: value a decision after this round and the next one, and judge candidates on
    #: paired sample differences (measured, docs/ai.md)
    settings: ClassVar[dict[str, Any]] = {"horizon_periods": 2, "paired": True}
    #: how many of the heuristic's best plans a search weighs first
    CANDIDATES = 6

    def evaluate(self, game: Game) -> dict[str, float] | None:
        """Search cut-off estimate (our reading, docs/ai.md): each side's chance to win as a
        logistic of the difference in surviving points, relative to the points on the table.
        The finished game gives its result."""
        assert isinstance(game, AstralDreams)
        result = game.result
        if result is not None:
            w = result.winner
            return {s: 0.5 if w is None else float(s == w) for s in SIDES}
        pts = {s: float(game.surviving_points(s)) for s in SIDES}
        total = max(1.0, pts[SIDES[0]] + pts[SIDES[1]])
        margin = (pts[SIDES[0]] - pts[SIDES[1]]) / total
        p = 1.0 / (1.0 + math.exp(-6.0 * margin))
        return {SIDES[0]: p, SIDES[1]: 1.0 - p}

    def candidates(self, game: Game, legal: list[Action]) -> list[Action]:
        """The heuristic's best plans (our reading, docs/ai.md), each miniature's best first and
        then the runners-up: a search compares these before random ones among ~50 legal moves."""
        assert isinstance(game, AstralDreams)
        if game.current is not None:
            return []
        texts = {str(a) for a in legal}
        ranked = [a for a in HeuristicPolicy(0).ranked(game) if str(a) in texts]
        best_each: list[Action] = []
        rest: list[Action] = []
        units: set[str] = set()
        for a in ranked:
            unit = getattr(a, "unit", "")
            (rest if unit in units else best_each).append(a)
            units.add(unit)
        return (best_each + rest)[: self.CANDIDATES]


SEARCH = AstralDreamsSearch()
