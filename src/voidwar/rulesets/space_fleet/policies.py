"""Space Fleet computer admirals (placeholder, replaced below)."""
from __future__ import annotations

from ...ai.random_policy import RandomPolicy


class HeuristicPolicy(RandomPolicy):
    name = "heuristic"
