from __future__ import annotations

from ...ai.random_policy import RandomPolicy as HeuristicPolicy  # placeholder
