"""Policy lookup for users: ``voidwar.policies.get("heuristic", ruleset="antilles", seed=1)``.

A re-export of :mod:`voidwar.ai.registry`, where the registry lives.
"""

from __future__ import annotations

from .ai.registry import RulesPolicy, get, names, register_generic

__all__ = ["RulesPolicy", "get", "names", "register_generic"]
