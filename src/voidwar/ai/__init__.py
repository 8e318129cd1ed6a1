"""Policies that work on any ruleset through the Game protocol."""

from ..policies import register_generic
from .random_policy import RandomPolicy

register_generic("random", RandomPolicy)

__all__ = ["RandomPolicy"]
