"""Regenerate the golden playthrough: ``python tests/antilles/regen_golden.py``.

A readable trace of a seeded game — each action, every roll and event, the board after each
turn — diffed by ``test_play.py`` so that any change to the rules or the tables shows up.
"""

from __future__ import annotations

import json
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "seed7_heuristic.txt"


def playthrough(seed: int = 7) -> str:
    import voidwar
    from voidwar.rulesets.antilles.render import board_text

    game = voidwar.load("antilles", seed=seed)
    bot = voidwar.policies.get("heuristic", "antilles", seed)
    lines = [f"# Battle Platform Antilles, seed {seed}, heuristic commander"]
    start = 0
    while not game.over:
        action = bot.choose(game)
        n_legal = len(game.legal_actions())
        game.apply(action)
        lines.append(f"> {action}    ({n_legal} legal)")
        for ev in game.log[start:]:
            lines.append(("    " if ev.kind == "roll" else "  ") + ev.text)
        start = len(game.log)
        if str(action) in ("end attacks", "continue") or game.over:
            lines.append(board_text(game).plain.rstrip())
    lines.append("result: " + json.dumps(game.result.to_dict() if game.result else None,
                                         sort_keys=True))
    return "\n".join(line.rstrip() for line in lines) + "\n"


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(playthrough())
    print(f"wrote {GOLDEN}")
