"""The Antilles golden playthrough: a readable trace of a seeded game.

Each action with the seat and the number of legal actions, every event indented under it (rolls
one level deeper), the board after each turn, then the result and the final digest.
``tests/antilles/test_play.py`` diffs it with ``tests/antilles/golden/``, so that any change to
the rules or the tables shows up; ``voidwar dev golden antilles`` writes it again.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.playthrough import playthrough
from ...core.registry import load
from .policies import AntillesHeuristic
from .render import board_text


def heuristic_playthrough(seed: int = 7) -> str:
    """The heuristic commander's battle on ``seed``, board drawn after each turn's attacks."""
    game = load("antilles", seed=seed)
    return playthrough(
        game, {"commander": AntillesHeuristic(seed)},
        f"Battle Platform Antilles, seed {seed}, heuristic commander",
        snapshot=lambda g: board_text(g).plain,  # type: ignore[arg-type]
        snapshot_after=lambda g, a: a in ("end attacks", "continue"),
    )


#: golden file name → the function writing its text
GOLDENS: dict[str, Callable[[], str]] = {"seed7_heuristic.txt": heuristic_playthrough}
