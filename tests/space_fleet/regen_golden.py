"""Regenerate the golden playthrough: ``.venv/bin/python tests/space_fleet/regen_golden.py``.

A seeded game of the "minefield-run" scenario between two seeded random policies, written as a
readable trace: each action with the seat, turn, phase and number of legal actions, the events it
caused (every die roll included), then the result and the final digest. ``test_golden.py`` plays
the same game and diffs it against the file.
"""

from __future__ import annotations

from pathlib import Path

import voidwar
from voidwar.ai.random_policy import RandomPolicy

GOLDEN = Path(__file__).parent / "golden" / "minefield-run-seed7.txt"
SCENARIO, SEED = "minefield-run", 7


def playthrough() -> str:
    from voidwar.sim.playthrough import playthrough as trace

    game = voidwar.load("space-fleet", scenario=SCENARIO, seed=SEED)
    pols = {"blue": RandomPolicy(101), "red": RandomPolicy(202)}
    return trace(game, pols, f"Space Fleet golden playthrough: {SCENARIO}, dice seed {SEED}, "
                 "random (seed 101) vs random (seed 202)",
                 heading=lambda g: f"[T{g.turn} {g.phase}] ")  # type: ignore[attr-defined]


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(playthrough())
    print(f"wrote {GOLDEN}")
