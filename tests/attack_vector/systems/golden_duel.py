"""Golden playthrough of a seeded duel: the heuristic captain on both sides, seed 1.

Regenerate after an intended rules change with::

    .venv/bin/python -m tests.attack_vector.systems.golden_duel   (from the repository root,
    or: cd tests && ../.venv/bin/python -m attack_vector.systems.golden_duel)

and review the diff; ``test_av_golden.py`` fails on any unintended change.
"""

from __future__ import annotations

from pathlib import Path

import voidwar
from voidwar.rulesets.attack_vector.captain import HeuristicCaptain
from voidwar.rulesets.attack_vector.game import AttackVectorGame

GOLDEN = Path(__file__).parent / "golden" / "duel-seed1.txt"
SEED = 1


def ship_lines(game: AttackVectorGame) -> list[str]:
    out = []
    for sid, s in game.ships.items():
        d = s.systems
        weapons = " ".join(
            f"{w['id']}{'x' if w['destroyed'] else ''}@{w['ready_abs']}" for w in d["weapons"]
        )
        out.append(
            f"  {sid}: at {s.pos} v {s.velocity} nose {s.orient.nose} thrust {s.thrust} "
            f"power {d['power']['stored']}/{d['power']['capacity']} "
            f"heat {d['heat']['stored']}/{d['heat']['capacity']} rad {d['heat']['radiators']} "
            f"{d['status']} weapons {weapons}"
        )
    return out


def trace() -> str:
    game = voidwar.load("attack-vector", scenario="duel", seed=SEED)
    assert isinstance(game, AttackVectorGame)
    captains = {"blue": HeuristicCaptain(1), "red": HeuristicCaptain(2)}
    lines = [
        f"# golden playthrough: duel, heuristic vs heuristic, seed {SEED}",
        f"digest {game.digest()}",
    ]
    last = None
    while not game.over:
        key = (game.turn, game.segment, game.phase)
        if key != last:
            lines.append(
                f"== turn {game.turn} segment {game.segment} {game.phase} "
                f"({len(game.legal_actions())} legal actions for {game.to_act})"
            )
            lines += ship_lines(game)
            last = key
        seat = game.to_act
        assert seat is not None
        action = captains[seat].choose(game)
        events = game.apply(action)
        lines.append(f"> {seat}: {action}")
        lines += [f"  | {e.text}" for e in events if e.kind not in ("done",)]
    lines.append(f"over {game.over} result {game.result}")
    lines += ship_lines(game)
    lines.append(f"digest {game.digest()}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    GOLDEN.write_text(trace())
    print(f"wrote {GOLDEN}")
