"""The engine's speed rows of issue 18, for every ruleset: one table, CPU time on one core.

Run: ``.venv/bin/python benchmarks/engine.py [--seconds 2] [--rulesets antilles,space-fleet]``.

For each ruleset (its default scenario) it prints:

* **random g/s** and **heuristic g/s** — games per CPU-second of self-play (the batch runner's
  ``play_one``, so the games ``voidwar simulate`` plays);
* **actions/s** — ``legal_actions()`` in full, a seeded random pick, ``apply``: the loop a
  script or learning agent runs;
* **clone µs** and **digest µs** — on positions met along random games (every 5th action);
* **MCTS it/s** — iterations a second of ``MCTSPolicy`` (random rollouts, 60 iterations a
  decision) over the first decisions of a game.

CPU time (``time.process_time``) is used so that other jobs on a shared machine disturb the
figures less; each row runs for about ``--seconds``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from voidwar.ai import MCTSPolicy
from voidwar.core.dice import derive_seed
from voidwar.core.game import Game
from voidwar.core.registry import load, rulesets
from voidwar.sim.runner import GameSpec, game_seed, play_one

RULESETS = ("antilles", "space-fleet", "attack-vector", "astral-dreams")


def per_second(step: Callable[[int], int], seconds: float) -> float:
    """Run ``step(i)`` (it returns how many units it did) until ``seconds`` of CPU time."""
    start = time.process_time()
    done = i = 0
    while True:
        done += step(i)
        i += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


def games_per_s(ruleset: str, policy: str, seconds: float) -> float:
    """Self-play games per CPU-second."""
    spec = GameSpec(ruleset, default_policy=policy)
    return per_second(lambda i: (play_one(spec, game_seed(1, i)), 1)[1], seconds)


def actions_per_s(ruleset: str, seconds: float, scenario: str | None = None) -> float:
    """Full ``legal_actions`` + random pick + ``apply``, per CPU-second."""
    state: dict[str, Any] = {"game": None}
    rng = random.Random(7)

    def step(i: int) -> int:
        game = state["game"]
        if game is None or game.over:
            game = state["game"] = load(ruleset, scenario, seed=derive_seed(2, i))
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        return 1

    return per_second(step, seconds)


def positions(ruleset: str, count: int = 40, scenario: str | None = None) -> list[Game]:
    """Positions met along random games: every 5th action."""
    found: list[Game] = []
    rng = random.Random(3)
    seed = 0
    while len(found) < count:
        game = load(ruleset, scenario, seed=derive_seed(3, seed))
        seed += 1
        n = 0
        while not game.over and len(found) < count:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            n += 1
            if n % 5 == 0:
                found.append(game.clone())
    return found


def micro_s(work: Callable[[Game], object], games: list[Game], seconds: float) -> float:
    """Seconds per call of ``work`` over the positions, in µs."""
    rate = per_second(lambda i: (work(games[i % len(games)]), 1)[1], seconds)
    return 1e6 / rate


def mcts_iterations_per_s(ruleset: str, seconds: float, scenario: str | None = None) -> float:
    """MCTS iterations per CPU-second (random rollouts, 60 iterations a decision)."""
    state: dict[str, Any] = {"game": None}
    bot = MCTSPolicy(iterations=60, seed=5)

    def step(i: int) -> int:
        game = state["game"]
        if game is None or game.over:
            game = state["game"] = load(ruleset, scenario, seed=derive_seed(4, i))
        game.apply(bot.choose(game))
        return 60

    return per_second(step, seconds)


def measure(ruleset: str, seconds: float) -> dict[str, float]:
    """Every row for one ruleset."""
    games = positions(ruleset)
    return {
        "random g/s": games_per_s(ruleset, "random", seconds),
        "heuristic g/s": games_per_s(ruleset, "heuristic", seconds),
        "actions/s": actions_per_s(ruleset, seconds),
        "clone µs": micro_s(lambda g: g.clone(), games, seconds),
        "digest µs": micro_s(lambda g: g.digest(), games, seconds),
        "MCTS it/s": mcts_iterations_per_s(ruleset, seconds),
    }


def main() -> None:
    """Print the table (and ``--json`` for machines)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per row")
    ap.add_argument("--rulesets", default=",".join(RULESETS))
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    known = set(rulesets())
    results = {r: measure(r, args.seconds) for r in args.rulesets.split(",") if r in known}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    columns = list(next(iter(results.values())))
    print(f"{'ruleset':15}" + "".join(f"{c:>15}" for c in columns))
    for name, row in results.items():
        print(f"{name:15}" + "".join(f"{row[c]:>15.1f}" for c in columns))


if __name__ == "__main__":
    main()
