"""Regenerate the golden playthrough: ``python tests/astral_dreams/regen_golden.py``.

A readable trace of a seeded game on the ruins (terrain) scenario, cut to 6 rounds, heuristic
Scouts against heuristic Robots: each action with the number of legal actions, every roll and
event, the units at the end of each round, the result. ``test_play.py`` diffs it, so that any
change to the rules, the profiles, the scenario or the move candidates shows up.
"""

from __future__ import annotations

import json
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "ruins_seed7_heuristic.txt"


def playthrough(seed: int = 7) -> str:
    import voidwar
    from voidwar.rulesets.astral_dreams.game import AstralDreams

    game = voidwar.load("astral-dreams", scenario="ruins", seed=seed, round_limit=6)
    assert isinstance(game, AstralDreams)
    bots = {
        "scouts": voidwar.policies.get("heuristic", "astral-dreams", seed),
        "robots": voidwar.policies.get("heuristic", "astral-dreams", seed + 1),
    }
    lines = [f"# Astral Dreams, ruins (6 rounds), seed {seed}, heuristic scouts vs robots"]
    lines += ["  " + e.text for e in game.log]
    start = len(game.log)
    rnd = game.round
    while not game.over:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].choose(game)
        n_legal = len(game.legal_actions())
        game.apply(action)
        lines.append(f"> {seat}: {action}    ({n_legal} legal)")
        for ev in game.log[start:]:
            lines.append(("    " if ev.kind == "roll" else "  ") + ev.text)
        start = len(game.log)
        if game.round != rnd or game.over:
            rnd = game.round
            lines.append("  units: " + ", ".join(
                f"{u['id']}@{u['at']} h{u['health']}" for u in game.state_dict()["units"]))
    lines.append("result: " + json.dumps(game.result.to_dict() if game.result else None,
                                         sort_keys=True))
    return "\n".join(line.rstrip() for line in lines) + "\n"


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(playthrough())
    print(f"wrote {GOLDEN}")
