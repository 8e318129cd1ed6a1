"""Balance matchups for ``voidwar balance astral-dreams``: each Scout rank against each Robot rank
at (nearly) equal points — e.g. five Spacers (20 points) against one Marine (21).

The counts are chosen to make the two totals as close as possible with at most
:data:`MAX_SCOUTS` Scouts and :data:`MAX_ROBOTS` Robots; the allowance is the larger total. Games
are played on the open table with a round limit (:data:`ROUND_LIMIT`) so that no cell can stall.
"""

from __future__ import annotations

from typing import Any

from ...core.registry import Matchup
from .data import units

MAX_SCOUTS = 12
MAX_ROBOTS = 3
ROUND_LIMIT = 30
#: totals within 5% of each other count as equal points
CLOSE = 0.05
SCENARIO = "open-table"


def counts(scout_points: int, robot_points: int) -> tuple[int, int]:
    """(Scouts, Robots): the fewest miniatures whose totals are within :data:`CLOSE` of each
    other (else the nearest totals)."""
    best: tuple[float, int, int, int] | None = None
    for nr in range(1, MAX_ROBOTS + 1):
        for ns in range(1, MAX_SCOUTS + 1):
            a, b = ns * scout_points, nr * robot_points
            rel = abs(a - b) / max(a, b)
            key = (0.0 if rel <= CLOSE else rel, ns + nr, ns, nr)
            if best is None or key < best:
                best = key
    if best is None:  # pragma: no cover - the ranges above are never empty
        raise ValueError("no counts")
    return best[2], best[3]


def matchup_options(scout: str, robot: str) -> dict[str, Any]:
    """Game options for ``scout`` rank against ``robot`` rank at (nearly) equal points."""
    tab = units()
    ps, pr = tab.scouts.units[scout].points, tab.robots.units[robot].points
    ns, nr = counts(ps, pr)
    points = max(ns * ps, nr * pr)
    return {
        "army_a": {"side": "scouts", "points": points, "units": [{"type": scout, "count": ns}]},
        "army_b": {"side": "robots", "points": points, "units": [{"type": robot, "count": nr}]},
        "points": points,
        "round_limit": ROUND_LIMIT,
    }


def matchups() -> list[Matchup]:
    """Every Scout rank against every Robot rank (the balance matrix)."""
    tab = units()
    return [
        Matchup(tab.scouts.units[s].name, tab.robots.units[r].name, SCENARIO,
                matchup_options(s, r))
        for s in tab.scouts.units
        for r in tab.robots.units
    ]
