"""Antilles throughput: games/s (random and heuristic; 1 process and all cores), actions/s.

Run: ``.venv/bin/python benchmarks/antilles.py [--games N]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

import voidwar
from voidwar.sim.runner import GameSpec, default_workers, simulate


def actions_per_second(seconds: float = 3.0) -> tuple[float, float]:
    """Random play: (actions/s, legal_actions() calls/s) on one core."""
    bot = voidwar.policies.get("random", "antilles", 1)
    n = calls = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = voidwar.load("antilles", seed=seed)
        seed += 1
        while not game.over:
            game.apply(bot.choose(game))
            n += 1
            calls += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, calls / elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    args = ap.parse_args()
    cores = default_workers()
    print(f"Battle Platform Antilles — {args.games} games per run, {cores} cores")
    for policy in ("random", "heuristic"):
        spec = GameSpec("antilles", policies={"commander": policy}, default_policy=policy)
        for workers in sorted({1, cores}):
            start = time.perf_counter()
            results = simulate(spec, args.games, seed=1, workers=workers)
            elapsed = time.perf_counter() - start
            acts = sum(r["actions"] for r in results)
            print(f"  {policy:9s} workers={workers}: {args.games / elapsed:8.1f} games/s  "
                  f"({acts / elapsed:9.0f} actions/s, {1000 * elapsed / args.games:6.2f} ms/game)")
    aps, _ = actions_per_second()
    print(f"  apply(random legal action) on one core: {aps:,.0f} actions/s "
          "(each includes a legal_actions() call)")


if __name__ == "__main__":
    main()
