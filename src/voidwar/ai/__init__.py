"""Policies that work on any ruleset through the Game protocol."""

from ..policies import register_generic
from .mcts import MCTSPolicy, make_mcts, make_mcts_1s, make_mcts_h
from .random_policy import RandomPolicy

register_generic("random", RandomPolicy)
register_generic("mcts", make_mcts)
register_generic("mcts-1s", make_mcts_1s)
register_generic("mcts-h", make_mcts_h)

__all__ = ["MCTSPolicy", "RandomPolicy"]
