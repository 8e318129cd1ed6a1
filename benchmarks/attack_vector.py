"""Attack Vector motion throughput: segment resolutions per second for 2, 100 and 1,000 ships.

Run: ``.venv/bin/python benchmarks/attack_vector.py [--seconds S]``. Every ship drifts on its own
vector; half of them burn at thrust 3 (dots, displacement, a break every 8 cells), so a segment
exercises plotting, resolve thrust, movement and the thrust-break check. One segment = one
``done`` action from the one seat. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from voidwar.core.dice import SeededDice
from voidwar.rulesets.attack_vector.game import AttackVectorGame
from voidwar.rulesets.attack_vector.scenario import Scenario

NOSES = ["A", "A/B", "B", "C+", "D", "E/F-", "F++", "C"]


def swarm(n: int, turns: int = 100) -> AttackVectorGame:
    ships = []
    for i in range(n):
        ships.append({
            "id": f"s{i}", "seat": "fleet",
            "position": f"{i % 37}A {i // 37}B",
            "velocity": f"{i % 11}A {i % 5}C +{i % 3}",
            "nose": NOSES[i % len(NOSES)],
            "thrust": "3" if i % 2 else "0",
        })
    # a scenario file holds at most 32 ships: each 32 are validated as one, then put together
    parts = [Scenario.model_validate({"name": "swarm", "title": "swarm", "turns": turns,
                                      "seats": ["fleet"], "ships": ships[i:i + 32]})
             for i in range(0, n, 32)]
    sc = parts[0].model_copy(update={"ships": [s for p in parts for s in p.ships]})
    return AttackVectorGame(SeededDice(1), "swarm", {}, sc, "swarm", True, "rule")


def segments_per_second(n: int, seconds: float) -> float:
    game = swarm(n)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and not game.over:
        game.apply("done")
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    print("Attack Vector: segment resolutions per second (one core)")
    for n in (2, 100, 1000):
        rate = segments_per_second(n, args.seconds)
        print(f"  {n:5d} ships: {rate:10.1f} segments/s  ({rate * n:10.0f} ship-segments/s)")


if __name__ == "__main__":
    main()
