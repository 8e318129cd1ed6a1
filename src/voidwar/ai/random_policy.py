"""The uniformly random policy (defined in :mod:`voidwar.core.policy`, so rulesets' golden
playthroughs can use it without importing :mod:`voidwar.ai`)."""

from __future__ import annotations

from ..core.policy import RandomPolicy

__all__ = ["RandomPolicy"]
