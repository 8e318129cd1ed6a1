"""Space Fleet throughput and policy strength.

    .venv/bin/python benchmarks/space_fleet.py                 # games/s and actions/s
    .venv/bin/python benchmarks/space_fleet.py --strength 200  # heuristic vs random, every scenario
    .venv/bin/python benchmarks/space_fleet.py --balance 40    # class-vs-class matrix

Throughput: self-play of ``random`` and ``heuristic`` on each shipped scenario. Strength: the
heuristic against random, half the games in each seat, with a 95% Wilson interval on its win
rate (the figures in docs/space-fleet.md come from this script). Never run as a timed test.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import voidwar
from voidwar.core.dice import derive_seed
from voidwar.rulesets.space_fleet.data import scenario_names
from voidwar.sim.runner import GameSpec, play_one
from voidwar.sim.stats import wilson


def play(scenario: str | None, seed: int, blue: str, red: str,
         options: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
    """One game through the shared runner (the seeds derive exactly as in ``simulate``)."""
    spec = GameSpec("space-fleet", scenario, options or {}, {"blue": blue, "red": red})
    r = play_one(spec, seed)
    return r, int(r["actions"])


def throughput(games: int, seed: int) -> None:
    print(f"{'scenario':20} {'policy':10} {'games/s':>8} {'actions/s':>10} {'actions/game':>13}")
    for sc in scenario_names():
        for pol in ("random", "heuristic"):
            t0 = time.perf_counter()
            actions = 0
            for i in range(games):
                _, n = play(sc, derive_seed(seed, i), pol, pol)
                actions += n
            dt = time.perf_counter() - t0
            print(f"{sc:20} {pol:10} {games / dt:8.2f} {actions / dt:10.0f} "
                  f"{actions / games:13.0f}", flush=True)


def strength(games: int, seed: int) -> None:
    print(f"{'scenario':20} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'win rate':>9}  95% CI")
    for sc in scenario_names():
        w = d = l_ = 0
        for i in range(games):
            h_seat = "blue" if i % 2 == 0 else "red"
            blue, red = ("heuristic", "random") if h_seat == "blue" else ("random", "heuristic")
            result, _ = play(sc, derive_seed(seed, i), blue, red)
            if result["winner"] == h_seat:
                w += 1
            elif result["winner"] is None:
                d += 1
            else:
                l_ += 1
        _, lo, hi = wilson(w, games)
        print(f"{sc:20} {games:5} {w:4} {d:4} {l_:4} {w / games:9.3f}  [{lo:.3f}, {hi:.3f}]",
              flush=True)


def balance(games: int, seed: int) -> None:
    """Heuristic vs heuristic over RULESET.balance() (row class is blue), win rate of the row."""
    info = voidwar.get_ruleset("space-fleet")
    assert info.balance is not None
    cells = info.balance()
    classes = list(dict.fromkeys(c.row for c in cells))
    print("row class (blue) win rate against column class (red), heuristic both sides; "
          "fleets in [] (draws count as not won)")
    print(f"{'':4}" + "".join(f"{c:>26}" for c in classes))
    for row in classes:
        out = f"{row:4}"
        for cell in (c for c in cells if c.row == row):
            w = 0
            for i in range(games):
                r, _ = play(cell.scenario, derive_seed(seed, i), "heuristic", "heuristic",
                            cell.options)
                w += r["winner"] == "blue"
            _, lo, hi = wilson(w, games)
            sizes = f"{len(cell.options['fleet_a'])}v{len(cell.options['fleet_b'])}"
            out += f"{f'{w / games:.2f} [{lo:.2f},{hi:.2f}] {sizes}':>26}"
        print(out, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5, help="games per scenario and policy")
    ap.add_argument("--strength", type=int, default=0,
                    help="heuristic vs random games per scenario")
    ap.add_argument("--balance", type=int, default=0, help="games per balance matchup")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    if args.strength:
        strength(args.strength, args.seed)
    elif args.balance:
        balance(args.balance, args.seed)
    else:
        throughput(args.games, args.seed)


if __name__ == "__main__":
    main()
