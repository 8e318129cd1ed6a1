"""voidwar against the C reference of Antilles (../shared/reference/antilles.c): speed and parity.

Run: ``.venv/bin/python benchmarks/reference.py [--games N] [--repeats R] [--parity-games G]
[--clock wall|cpu]``.

It builds the reference with ``gcc -O2`` in a temporary folder (never into the project), then
for each policy (random, heuristic):

* **speed** — Python games/s on one core (the batch runner's own ``play_one``, so the same games
  ``voidwar simulate`` plays) and the C program's ``--bench`` games/s, interleaved ``R`` times;
  prints the medians and their ratio. ``--clock cpu`` times both by CPU time (Python's
  ``process_time``, the reference's ``games_per_cpu_s``), steadier on a loaded machine;
* **parity** — the first ``G`` games of master seed 1, one line a game (index, VP, decisions,
  outcome, last turn), compared with the reference's ``--per-game`` lines; prints how many are
  identical and the first that differs.

Prints figures; asserts nothing. Exit status 1 when a game differs (parity is not a timing).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from voidwar.sim.runner import GameSpec, game_seed, play_one

#: the C reference: ``$VOIDWAR_REFERENCE_C``, else ../shared/reference/antilles.c
DEFAULT_SOURCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "antilles.c"
SOURCE = Path(os.environ.get("VOIDWAR_REFERENCE_C") or DEFAULT_SOURCE)


def build(folder: Path) -> Path:
    """Compile the reference; the binary lives in ``folder``."""
    exe = folder / "antilles"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(SOURCE)], check=True)
    return exe


def python_line(index: int, result: dict[str, object]) -> str:
    """One game as the reference's ``--per-game`` prints it."""
    scores = result["scores"]
    assert isinstance(scores, dict)
    details = result["details"]
    assert isinstance(details, dict)
    vp = int(next(iter(scores.values())))
    return f"{index} {vp} {result['actions']} {result['outcome']} {details.get('turn')}"


def python_rate(policy: str, games: int, first: int, clock: str = "wall") -> float:
    """Games/s of the Python engine on one core (``clock``: wall or CPU time)."""
    spec = GameSpec("antilles", policies={"commander": policy}, default_policy=policy)
    timer = time.process_time if clock == "cpu" else time.perf_counter
    start = timer()
    for i in range(first, first + games):
        play_one(spec, game_seed(1, i))
    return games / (timer() - start)


def c_rate(exe: Path, policy: str, seconds: float, clock: str = "wall") -> float:
    """Games/s of the reference on one core (its own ``--bench``; by CPU time for ``cpu``)."""
    out = subprocess.run([str(exe), "--bench", str(seconds), "--policy", policy],
                         check=True, capture_output=True, text=True).stdout
    return float(json.loads(out)["games_per_cpu_s" if clock == "cpu" else "games_per_s"])


def parity(exe: Path, policy: str, games: int) -> tuple[int, str | None]:
    """How many of the first ``games`` games are identical, and the first difference."""
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as fh:
        subprocess.run([str(exe), "--games", str(games), "--seed", "1", "--policy", policy,
                        "--per-game", fh.name], check=True, capture_output=True)
        c_lines = fh.read().splitlines()
    spec = GameSpec("antilles", policies={"commander": policy}, default_policy=policy)
    same = 0
    first_diff = None
    for i, c_line in enumerate(c_lines):
        py = python_line(i, play_one(spec, game_seed(1, i)))
        if py == c_line.strip():
            same += 1
        elif first_diff is None:
            first_diff = f"game {i}: python '{py}' / C '{c_line.strip()}'"
    return same, first_diff


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="Python games per speed sample")
    ap.add_argument("--repeats", type=int, default=5, help="interleaved speed samples")
    ap.add_argument("--parity-games", type=int, default=2000)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time both by wall-clock (default) or CPU time")
    args = ap.parse_args()
    if not SOURCE.exists() or shutil.which("gcc") is None:
        print(f"needs gcc and {SOURCE}")
        return 2
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        exe = build(Path(tmp))
        print(f"C reference built from {SOURCE} with gcc -O2")
        for policy in ("random", "heuristic"):
            games = args.games if policy == "random" else max(1, args.games // 4)
            py, cc = [], []
            for r in range(args.repeats):
                py.append(python_rate(policy, games, first=r * games, clock=args.clock))
                cc.append(c_rate(exe, policy, 1.0, clock=args.clock))
            p, c = statistics.median(py), statistics.median(cc)
            print(f"{policy:9s} python {p:9.1f} games/s   C {c:11.1f} games/s   "
                  f"C is {c / p:7.1f}x faster   (medians of {args.repeats}, one core, "
                  f"{args.clock} time)")
            same, diff = parity(exe, policy, args.parity_games)
            print(f"{policy:9s} parity: {same}/{args.parity_games} games identical"
                  + (f"; first difference {diff}" if diff else ""))
            failed |= same != args.parity_games
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
