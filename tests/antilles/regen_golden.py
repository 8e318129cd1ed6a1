"""Regenerate the golden playthrough: ``python tests/antilles/regen_golden.py``.

A readable trace of a seeded game — each action, every roll and event, the board after each
turn — diffed by ``test_play.py`` so that any change to the rules or the tables shows up.
"""

from __future__ import annotations

from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "seed7_heuristic.txt"


def playthrough(seed: int = 7) -> str:
    import voidwar
    from voidwar.core.playthrough import playthrough as trace
    from voidwar.rulesets.antilles.render import board_text

    game = voidwar.load("antilles", seed=seed)
    bot = voidwar.policies.get("heuristic", "antilles", seed)
    return trace(
        game, {"commander": bot}, f"Battle Platform Antilles, seed {seed}, heuristic commander",
        snapshot=lambda g: board_text(g).plain,  # type: ignore[arg-type]
        snapshot_after=lambda g, a: a in ("end attacks", "continue"),
    )


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(playthrough())
    print(f"wrote {GOLDEN}")
