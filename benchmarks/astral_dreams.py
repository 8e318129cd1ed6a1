"""Astral Dreams: throughput (games/s, actions/s), heuristic-vs-random strength, balance matrix.

Run: ``.venv/bin/python benchmarks/astral_dreams.py [--games N] [--workers W]``
     ``… --vs-random N``  heuristic against random, each side, each scenario (95% Wilson CIs)
     ``… --balance N``    every Scout rank against every Robot rank at equal points
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

import voidwar
from voidwar.rulesets.astral_dreams.data import units
from voidwar.sim.balance import run_balance
from voidwar.sim.runner import GameSpec, default_workers, simulate
from voidwar.sim.stats import wilson

SCENARIOS = ("open-table", "ruins")


def throughput(games: int, workers: int) -> None:
    for scenario in SCENARIOS:
        for policy in ("random", "heuristic"):
            spec = GameSpec("astral-dreams", scenario, policies={}, default_policy=policy)
            start = time.perf_counter()
            res = simulate(spec, games, seed=1, workers=workers)
            dt = time.perf_counter() - start
            acts = sum(r["actions"] for r in res)
            print(f"  {scenario:10} {policy:9} vs {policy:9}: {games / dt:7.2f} games/s, "
                  f"{acts / dt:8.0f} actions/s ({acts / games:.0f} actions/game, {workers} "
                  "workers)")


def vs_random(games: int, workers: int) -> None:
    print(f"heuristic vs random, {games} games per line (95% Wilson interval)")
    for scenario in SCENARIOS:
        for side in ("scouts", "robots"):
            other = "robots" if side == "scouts" else "scouts"
            spec = GameSpec("astral-dreams", scenario,
                            policies={side: "heuristic", other: "random"})
            res = simulate(spec, games, seed=7, workers=workers)
            wins = sum(1.0 if r["winner"] == side else 0.5 if r["winner"] is None else 0.0
                       for r in res)
            rate, lo, hi = wilson(wins, len(res))
            print(f"  {scenario:10} heuristic {side:6}: wins {rate:6.1%} "
                  f"[{lo:5.1%}, {hi:5.1%}] of {len(res)}")


def balance(games: int, workers: int) -> None:
    rep = run_balance("astral-dreams", games, seed=3, workers=workers)
    info = voidwar.get_ruleset("astral-dreams")
    assert info.balance is not None
    cells = {(c["row"], c["col"]): c for c in rep["cells"]}
    counts = {(m.row, m.col): (m.options["army_a"]["units"][0]["count"],
                               m.options["army_b"]["units"][0]["count"],
                               m.options["points"]) for m in info.balance()}
    cols = [p.name for p in units().robots.units.values()]
    rows = [p.name for p in units().scouts.units.values()]
    print(f"Scouts' win rate (heuristic both sides, {games} games a cell; "
          "n×Scout v m×Robot; [95% CI])")
    print("| Scouts \\ Robots | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for r in rows:
        line = [f"| {r} "]
        for c in cols:
            cell = cells[(r, c)]
            ns, nr, _pts = counts[(r, c)]
            line.append(f"| {ns}v{nr}: {cell['rate']:.0%} [{cell['ci_low']:.0%}–"
                        f"{cell['ci_high']:.0%}] ")
        print("".join(line) + "|")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--vs-random", type=int, default=0, metavar="N")
    ap.add_argument("--balance", type=int, default=0, metavar="N")
    args = ap.parse_args()
    if args.vs_random:
        vs_random(args.vs_random, args.workers)
    elif args.balance:
        balance(args.balance, args.workers)
    else:
        print(f"Astral Dreams — {args.games} games per line ({default_workers()} cores here)")
        throughput(args.games, args.workers)


if __name__ == "__main__":
    main()
