"""The uniformly random policy: a baseline every ruleset is measured against."""

from __future__ import annotations

from ..core.dice import PCG32
from ..core.game import Action, Game


class RandomPolicy:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = PCG32(seed)

    def choose(self, game: Game) -> Action:
        """A uniformly random legal action."""
        actions = game.legal_actions()
        return actions[self.rng.below(len(actions))]
