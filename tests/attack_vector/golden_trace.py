"""Golden playthroughs of the tutorial scenarios (OpenSpiel-style readable traces).

Regenerate after an intended rules change with::

    .venv/bin/python -m tests.attack_vector.golden_trace

and review the diff; ``test_golden.py`` fails on any unintended change.
"""

from __future__ import annotations

from pathlib import Path

from voidwar.rulesets.attack_vector.game import AttackVectorGame

from .helpers import GAME_ORDERS, load

GOLDEN_DIR = Path(__file__).parent / "golden"


def ship_line(game: AttackVectorGame) -> list[str]:
    out = []
    for s in game.ships.values():
        m = s.orient.marker_windows()
        dots = {k: v for k, v in s.burn.dots.items() if v} if s.burn else {}
        out.append(
            f"  {s.id}: at {s.pos} fp {s.fp} eot {s.eot(game.segment)} v {s.velocity} "
            f"nose {m['nose']} top {m['top']} stbd {m['starboard']} thrust {s.thrust} "
            f"cells {s.burn.cells if s.burn else 0} dots {dots} fuel {s.fuel_used} "
            f"facing {s.facing.label if s.facing else '-'}"
        )
    for t in game.targets.values():
        if t.eaten_by is None and game.ships:
            sid = next(iter(game.ships))
            out.append(f"  bearing {sid}->{t.id}: {game.bearing(sid, t.id)}")
        else:
            out.append(f"  {t.id} eaten by {t.eaten_by}")
    return out


def trace(scenario: str) -> str:
    game = load(scenario)
    lines = [f"# golden playthrough: {scenario} (seed 1)", f"digest {game.digest()}"]
    for orders in GAME_ORDERS[scenario]:
        lines.append(f"== turn {game.turn} segment {game.segment} "
                     f"({len(game.legal_actions())} legal actions)")
        lines += ship_line(game)
        for text in [*orders, "done"]:
            events = game.apply(text)
            lines.append(f"> {text}")
            lines += [f"  | {e.text}" for e in events if e.kind not in ("done",)]
    lines.append(f"over {game.over} result {game.result}")
    lines += ship_line(game)
    lines.append(f"digest {game.digest()}")
    return "\n".join(lines) + "\n"


SCENARIOS = tuple(GAME_ORDERS)


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for sc in SCENARIOS:
        (GOLDEN_DIR / f"{sc}.txt").write_text(trace(sc))
        print(f"wrote {GOLDEN_DIR / (sc + '.txt')}")


if __name__ == "__main__":
    main()
