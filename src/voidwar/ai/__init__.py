"""Policies that work on any ruleset through the Game protocol."""

from ..policies import register_generic
from .mcts import MCTSPolicy, make_mcts, make_mcts_1s
from .random_policy import RandomPolicy

register_generic("random", RandomPolicy)
register_generic("mcts", make_mcts)
register_generic("mcts-1s", make_mcts_1s)

__all__ = ["MCTSPolicy", "RandomPolicy"]
