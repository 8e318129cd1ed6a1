"""What the Antilles rules tell a search (docs/ai.md): the fitted values, the heuristic's
candidates, the VP scale (6.0) and the settings measured best with those values."""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.game import Action, Game
from ...core.search import SearchHooks
from .fixed import DESTROYED_BASE, LAST_TURN, PER_SURVIVING_PALADIN
from .game import AntillesGame
from .policies import AntillesHeuristic
from .values import predict, values_of


class AntillesSearch(SearchHooks):
    """Search hooks of Battle Platform Antilles (our reading, docs/ai.md)."""

    #: ``mcts-h`` with the fitted values (:mod:`.values`): samples cut off at the next turn,
    #: the final choice on paired differences (docs/ai.md, measured there)
    WITH_VALUES: ClassVar[dict[str, Any]] = {
        "horizon_periods": 1, "paired": True, "min_pairs": 6, "twins": 3, "margin": 1.5}

    def tuning(self, game: Game) -> dict[str, Any]:
        """The cut-off search where search values fit these tables, else full samples."""
        assert isinstance(game, AntillesGame)
        return dict(self.WITH_VALUES) if values_of(game) else {}

    def evaluate(self, game: Game) -> dict[str, float]:
        """Search cut-off estimate (our reading, docs/ai.md): the final VP the heuristic
        commander can expect from here (:mod:`.values`) where search values fit these
        tables, else the VP as if the mission ended now (6.0); a finished battle's score."""
        assert isinstance(game, AntillesGame)
        model = values_of(game)
        if model is None or game.outcome:
            return {game.SEAT: float(game.victory_points())}
        return {game.SEAT: predict(model, game)}

    def score_range(self, game: Game) -> tuple[float, float]:
        """The lowest and highest VP a game can end with (6.0): the search's value scale."""
        assert isinstance(game, AntillesGame)
        bonus = game.tables.model.scoring.early_bonus_per_turn
        best = (DESTROYED_BASE + PER_SURVIVING_PALADIN * len(game.paladins)
                + bonus * max(0, LAST_TURN - 1))
        return 0, best

    def candidates(self, game: Game, legal: list[Action]) -> list[Action]:
        """The heuristic commander's best moves and shots (our reading, docs/ai.md): see
        :meth:`.policies.AntillesHeuristic.candidates`."""
        assert isinstance(game, AntillesGame)
        allowed = set(legal)
        return [a for a in AntillesHeuristic(0).candidates(game) if a in allowed]


SEARCH = AntillesSearch()
