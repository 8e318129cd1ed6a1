"""Policies that work on any ruleset through the Game protocol."""

from ..policies import register_generic
from .mcts import MCTSPolicy, make_mcts
from .random_policy import RandomPolicy

register_generic("random", RandomPolicy)
register_generic("mcts", make_mcts)

__all__ = ["MCTSPolicy", "RandomPolicy"]
