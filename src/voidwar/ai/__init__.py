"""Policies that work on any ruleset through the Game protocol, and the policy registry.

Importing the package registers the generic policies (``random``, ``mcts``, ``mcts-1s``,
``mcts-h``) in :mod:`.registry`.
"""

from .mcts import MCTSPolicy, make_mcts, make_mcts_1s, make_mcts_h
from .random_policy import RandomPolicy
from .registry import register_generic

register_generic("random", RandomPolicy)
register_generic("mcts", make_mcts)
register_generic("mcts-1s", make_mcts_1s)
register_generic("mcts-h", make_mcts_h)

__all__ = ["MCTSPolicy", "RandomPolicy"]
