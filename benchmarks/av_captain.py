"""Where the Attack Vector captain leaves points: variants of its thresholds against the shipped
captain in the duel (run by hand; figures in docs/ai.md). Prints JSON.

    python benchmarks/av_captain.py [--games 200] [--variants JSON]

Each variant (``HeuristicCaptain`` keywords) plays ``--games`` duels against the shipped
captain, seats alternating, keyed dice; the variant's score rate (draws ½) with a 95% Wilson
interval. A variant equal to the shipped captain shows the seat split alone.
"""

from __future__ import annotations

import argparse
import json
import time
from fractions import Fraction
from typing import Any

import voidwar
from voidwar.core.dice import derive_seed
from voidwar.rulesets.attack_vector.captain import HeuristicCaptain
from voidwar.sim.stats import wilson

VARIANTS: list[dict[str, Any]] = [
    {},
    {"fire_expected": 0},
    {"fire_expected": 3},
    {"fire_when_full": 0},
    {"fire_when_full": 2},
    {"face_range": 10},
    {"face_range": 40},
    {"surrender": False},
    {"fire_when_full": 0, "surrender": False},
]


def duel(variant: dict[str, Any], games: int) -> dict[str, Any]:
    kw = {k: (Fraction(v) if k.startswith("fire") else v) for k, v in variant.items()}
    score = 0.0
    for i in range(games):
        g = voidwar.load("attack-vector", "duel", seed=derive_seed(777, i), dice="keyed")
        me = g.seats[i % 2]
        bots = {s: HeuristicCaptain(i, **kw) if s == me else HeuristicCaptain(i) for s in g.seats}
        while not g.over:
            g.apply(bots[g.to_act or ""].choose(g))
        assert g.result is not None
        w = g.result.winner
        score += 0.5 if w is None else float(w == me)
    rate, lo, hi = wilson(score, games)
    return {"variant": variant, "games": games, "score_rate": rate, "ci95": [lo, hi]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--variants", help="a JSON list of HeuristicCaptain keyword sets")
    args = ap.parse_args()
    variants = json.loads(args.variants) if args.variants else VARIANTS
    t = time.perf_counter()
    rows = [duel(v, args.games) for v in variants]
    print(json.dumps({"rows": rows, "seconds": round(time.perf_counter() - t, 1)}, indent=1))


if __name__ == "__main__":
    main()
