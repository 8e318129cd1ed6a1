"""Play the same seeded games of every ruleset in one thread or in many threads of one process.

Run as a script in a fresh process (so that every table the rules fill lazily starts empty):
``python tests/core/thread_games.py THREADS [SEEDS]``. It prints one JSON document: per thread,
per game (ruleset, scenario, policy, seed) the final digest, the number of actions and the
action texts' hash. With more than one thread, the threads meet at a barrier before each
ruleset's first game, so that they race at the ruleset's first loads, and the interpreter
switches threads as often as it can (``sys.setswitchinterval``).
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from typing import Any

from voidwar.ai import registry as policy_registry
from voidwar.core.dice import derive_seed
from voidwar.core.registry import load, rulesets

POLICIES = ("random", "heuristic")


def jobs(seeds: int) -> dict[str, list[tuple[str, str, int]]]:
    """Per ruleset, its games: (scenario, policy, seed) for every scenario and policy."""
    out: dict[str, list[tuple[str, str, int]]] = {}
    for name, info in rulesets().items():
        out[name] = [(scenario, policy, seed) for scenario in info.scenarios()
                     for policy in POLICIES for seed in range(1, seeds + 1)]
    return out


def play(ruleset: str, scenario: str, policy: str, seed: int) -> dict[str, Any]:
    """One game to its end, every seat played by ``policy``: what it came to."""
    game = load(ruleset, scenario, seed=derive_seed(seed, 0))
    bots = {seat: policy_registry.get(policy, ruleset, derive_seed(seed, 1 + k))
            for k, seat in enumerate(game.seats)}
    n = 0
    while not game.over and n < 5_000:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game))
        n += 1
    return {"game": [ruleset, scenario, policy, seed], "digest": game.digest(),
            "actions": n,
            "texts": hashlib.sha256("\n".join(game.actions).encode()).hexdigest()[:16]}


def main() -> None:
    """Play every game in THREADS threads (each thread all of them) and print the outcomes."""
    threads = int(sys.argv[1])
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    work = jobs(seeds)
    barrier = threading.Barrier(threads)
    results: list[list[dict[str, Any]]] = [[] for _ in range(threads)]

    def run(k: int) -> None:
        for ruleset, games in work.items():
            if threads > 1:
                barrier.wait(timeout=600)
            for game in games:
                try:
                    results[k].append(play(ruleset, *game))
                except Exception as e:  # a failed game is an outcome to report
                    results[k].append({"game": [ruleset, *game],
                                       "error": f"{type(e).__name__}: {e}"})

    if threads > 1:
        sys.setswitchinterval(1e-6)
    workers = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
