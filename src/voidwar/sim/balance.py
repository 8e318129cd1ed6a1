"""Balance reports: each matchup of a ruleset's ``balance()`` list, played many times."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import UnknownName
from ..core.registry import get_ruleset, load
from .runner import GameSpec, simulate
from .stats import wilson


def run_balance(
    ruleset: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    policy: str = "heuristic",
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play every matchup; the first seat's win rate (draws = ½) with a 95% interval."""
    info = get_ruleset(ruleset)
    if info.balance is None:
        raise UnknownName(f"{info.name} has no balance matchups")
    cells = []
    for k, m in enumerate(info.balance()):
        seats = load(info.name, m.scenario, seed=0, **m.options).seats
        spec = GameSpec(info.name, m.scenario, dict(m.options), {s: policy for s in seats},
                        policy)
        results = simulate(spec, games, seed=seed + k, workers=workers, progress=progress)
        first = seats[0]
        wins = sum(1.0 if r["winner"] == first else 0.5 if r["winner"] is None else 0.0
                   for r in results)
        rate, lo, hi = wilson(wins, len(results))
        cells.append({"row": m.row, "col": m.col, "games": len(results), "rate": rate,
                      "ci_low": lo, "ci_high": hi})
    return {"ruleset": info.name, "policy": policy, "games_per_cell": games, "cells": cells}
