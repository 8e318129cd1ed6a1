"""Balance matchups placeholder."""
from __future__ import annotations

from ...core.registry import Matchup


def matchups() -> list[Matchup]:
    return []
