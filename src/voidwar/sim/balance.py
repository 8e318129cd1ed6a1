"""Balance reports: each matchup of a ruleset's ``balance()`` list, played many times."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..core.errors import UnknownName
from ..core.registry import get_ruleset, load
from .runner import GameSpec, simulate
from .stats import wilson


def describe_force(value: Any) -> str | None:
    """A fleet or army option in words: ``['DN', 'DN', 'BB']`` → ``2 DN + 1 BB``; an army list
    ``{units: [{type, count}], points}`` → ``5 spacer (21 pts)``; else ``None``."""
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        counts: dict[str, int] = {}
        for v in value:
            counts[v] = counts.get(v, 0) + 1
        return " + ".join(f"{n} {k}" for k, n in counts.items())
    if isinstance(value, dict) and isinstance(value.get("units"), list):
        units = " + ".join(f"{u.get('count', 1)} {u.get('type', '?')}" for u in value["units"]
                           if isinstance(u, dict))
        pts = f" ({value['points']} pts)" if "points" in value else ""
        return units + pts
    return None


def forces(options: dict[str, Any]) -> list[str]:
    """The forces a matchup's options name, in option order (first seat's first)."""
    return [d for d in (describe_force(v) for v in options.values()) if d]


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
    start = time.perf_counter()
    total = 0
    for k, m in enumerate(info.balance()):
        seats = load(info.name, m.scenario, seed=0, **m.options).seats
        spec = GameSpec(info.name, m.scenario, dict(m.options), {s: policy for s in seats},
                        policy)
        results = simulate(spec, games, seed=seed + k, workers=workers, progress=progress)
        first = seats[0]
        wins = sum(1.0 if r["winner"] == first else 0.5 if r["winner"] is None else 0.0
                   for r in results)
        rate, lo, hi = wilson(wins, len(results))
        total += len(results)
        cells.append({"row": m.row, "col": m.col, "games": len(results), "rate": rate,
                      "ci_low": lo, "ci_high": hi, "scenario": m.scenario,
                      "forces": forces(dict(m.options))})
    elapsed = time.perf_counter() - start
    return {"ruleset": info.name, "policy": policy, "games_per_cell": games, "cells": cells,
            "games": total, "elapsed_s": elapsed,
            "games_per_s": total / elapsed if elapsed > 0 else None}
