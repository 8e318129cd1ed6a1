"""Space Fleet throughput and policy strength.

    .venv/bin/python benchmarks/space_fleet.py                 # games/s and actions/s
    .venv/bin/python benchmarks/space_fleet.py --strength 200  # heuristic vs random, every scenario
    .venv/bin/python benchmarks/space_fleet.py --balance 40    # class-vs-class matrix
    .venv/bin/python benchmarks/space_fleet.py --rows 2        # issue 18's rows, every scenario
    .venv/bin/python benchmarks/space_fleet.py --instructions actions   # under callgrind

Throughput: self-play of ``random`` and ``heuristic`` on each shipped scenario. Strength: the
heuristic against random, half the games in each seat, with a 95% Wilson interval on its win
rate (the figures in docs/space-fleet.md come from this script). Rows (``--rows SECONDS``):
issue 18's speed rows of ``benchmarks/engine.py`` for every shipped scenario, in CPU time:
random and heuristic games/s, actions/s (full ``legal_actions``, a seeded random pick,
``apply``), ``clone()`` and ``digest()`` in µs, MCTS iterations/s. Instructions
(``--instructions ROW``): the fixed work of one row (``actions``: 1,500 actions of the actions/s
loop; ``mcts``: 3 decisions of 20 iterations; ``random``: 20 games; ``heuristic``: 3 games) run
under ``valgrind --tool=callgrind``, counting only the instructions inside the work (a
``functools.reduce`` over it, valgrind's ``--toggle-collect``): a load-independent figure for
comparing two trees on a busy machine (``PYTHONPATH`` picks the tree; ``PYTHONHASHSEED=0``
for the same set orders). Never run as a timed test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import voidwar
from voidwar.core.dice import derive_seed
from voidwar.rulesets.space_fleet.data import scenario_names
from voidwar.sim.runner import GameSpec, play_one
from voidwar.sim.stats import wilson

sys.path.insert(0, str(Path(__file__).parent))  # benchmarks/engine.py


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


def rows(seconds: float, only: str | None = None) -> None:
    """Issue 18's rows per scenario (the loops of ``benchmarks/engine.py``, per scenario)."""
    from engine import (  # benchmarks/engine.py
        actions_per_s,
        mcts_iterations_per_s,
        micro_s,
        per_second,
        positions,
    )

    columns = ("random g/s", "heuristic g/s", "actions/s", "clone µs", "digest µs", "MCTS it/s")
    print(f"{'scenario':18}" + "".join(f"{c:>15}" for c in columns), flush=True)
    for sc in scenario_names():
        if only and sc != only:
            continue
        row = [per_second(lambda i, p=pol, sc=sc: (play(sc, derive_seed(1, i), p, p), 1)[1],
                          seconds)
               for pol in ("random", "heuristic")]
        row.append(actions_per_s("space-fleet", seconds, sc))
        found = positions("space-fleet", scenario=sc)
        row.append(micro_s(lambda g: g.clone(), found, seconds))
        row.append(micro_s(lambda g: g.digest(), found, seconds))
        row.append(mcts_iterations_per_s("space-fleet", seconds, sc))
        print(f"{sc:18}" + "".join(f"{v:>15.1f}" for v in row), flush=True)


#: --instructions: each row's fixed work (the loops of benchmarks/engine.py) and its units
WORK = {"actions": 1500, "mcts": 60, "random": 20, "heuristic": 3}


def work(row: str) -> None:
    """One row's fixed work, inside ``functools.reduce`` (what callgrind counts)."""
    import functools
    import random

    from voidwar.ai import MCTSPolicy
    from voidwar.core.registry import load
    from voidwar.sim.runner import game_seed

    state: dict[str, Any] = {"game": None, "i": 0}
    rng, bot = random.Random(7), MCTSPolicy(iterations=20, seed=5)

    def game(stream: int) -> Any:
        g = state["game"]
        if g is None or g.over:
            g = state["game"] = load("space-fleet", None, seed=derive_seed(stream, state["i"]))
            state["i"] += 1
        return g

    def step(_acc: int, i: int) -> int:
        if row == "actions":
            g = game(2)
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        elif row == "mcts":
            g = game(4)
            g.apply(bot.choose(g))
        else:
            play(None, game_seed(1, i), row, row)
        return 0

    load("space-fleet", None, seed=1)
    functools.reduce(step, range(3 if row == "mcts" else WORK[row]), 0)


def instructions(row: str) -> None:
    """Count the instructions of one row's fixed work under callgrind; print them per unit."""
    import re
    import subprocess

    cmd = ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce",
           "--callgrind-out-file=/dev/null", sys.executable, __file__, "--work", row]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{out[-2000:]}")
    total = int(found[1])
    unit = {"actions": "action", "mcts": "iteration"}.get(row, "game")
    print(f"{row}: {total:,} instructions, {total / WORK[row]:,.0f} per {unit}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5, help="games per scenario and policy")
    ap.add_argument("--strength", type=int, default=0,
                    help="heuristic vs random games per scenario")
    ap.add_argument("--balance", type=int, default=0, help="games per balance matchup")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--rows", type=float, default=0, help="CPU seconds per row of issue 18")
    ap.add_argument("--scenario", default=None, help="--rows: this scenario only")
    ap.add_argument("--instructions", choices=sorted(WORK),
                    help="count one row's fixed work's instructions under callgrind")
    ap.add_argument("--work", choices=sorted(WORK), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.work:
        work(args.work)
    elif args.instructions:
        instructions(args.instructions)
    elif args.rows:
        rows(args.rows, args.scenario)
    elif args.strength:
        strength(args.strength, args.seed)
    elif args.balance:
        balance(args.balance, args.seed)
    else:
        throughput(args.games, args.seed)


if __name__ == "__main__":
    main()
