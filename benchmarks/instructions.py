"""Instructions a game or an action under callgrind: load-independent figures for issue 18.

Run: ``.venv/bin/python benchmarks/instructions.py games antilles heuristic [--warm W] [--count N]``
or ``.venv/bin/python benchmarks/instructions.py actions attack-vector [--warm W] [--count N]``.

Needs ``valgrind``. Each figure is two callgrind runs of one script in a fresh process: ``W``
warm-up units then none, and ``W`` warm-up units then ``N`` more; the difference over ``N`` is
the steady-state cost of one unit with every per-process cache warm (the warm-up games use other
seeds than the measured ones). ``PYTHONHASHSEED`` is fixed (0 unless set) so that both runs
start alike. A unit is:

* ``games RULESET POLICY`` — one game of the batch runner's ``play_one`` (what ``voidwar
  simulate`` plays), game *i* of master seed 1;
* ``actions RULESET`` — one step of ``engine.py``'s actions/s loop: ``legal_actions()``, a
  seeded random pick, ``apply``.

Whatever the tree has is measured: with ``make compiled``'s ``.so`` files present, the compiled
build. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: the measured script: ``MODE RULESET POLICY WARM COUNT``
SCRIPT = r'''
import random, sys
from voidwar.core.dice import derive_seed
from voidwar.core.registry import load
from voidwar.sim.runner import GameSpec, game_seed, play_one, settle, warm

mode, ruleset, policy, warm_up, count = sys.argv[1:6]
if mode == "games":
    spec = GameSpec(ruleset, default_policy=policy)
    warm(spec)
    for i in range(int(warm_up)):
        play_one(spec, game_seed(1, 10_000 + i))
    settle()
    for i in range(int(count)):
        play_one(spec, game_seed(1, i))
else:
    rng = random.Random(7)
    state = {"game": None, "next": 0}

    def steps(n):
        for _ in range(n):
            game = state["game"]
            if game is None or game.over:
                game = state["game"] = load(ruleset, None, seed=derive_seed(2, state["next"]))
                state["next"] += 1
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])

    steps(int(warm_up))
    steps(int(count))
'''


#: where the measured script is written: one fixed path, so that every run imports alike
SCRIPT_PATH = Path(tempfile.gettempdir()) / "voidwar-instructions" / "measured.py"


def instructions(args: list[str]) -> int:
    """Instructions callgrind counts for one run of :data:`SCRIPT` with ``args``.

    The same run counts the same, give or take a few thousand instructions: the script runs
    from one fixed path and, where ``setarch`` is found, without address-space randomization
    (else objects hashed by address land in other buckets from one run to the next: several
    percent of an action)."""
    SCRIPT_PATH.parent.mkdir(exist_ok=True)
    staged = SCRIPT_PATH.with_suffix(f".{os.getpid()}")
    staged.write_text(SCRIPT)
    staged.replace(SCRIPT_PATH)  # whole, even with other runs beside this one
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")}
        fixed = ["setarch", "-R"] if shutil.which("setarch") else []
        run = subprocess.run(
            [*fixed, "valgrind", "--tool=callgrind",
             f"--callgrind-out-file={folder}/callgrind.out", sys.executable, str(SCRIPT_PATH),
             *args],
            capture_output=True, text=True, env=env, check=False)
        found = re.search(r"refs:\s+([\d,]+)", run.stderr)
        if run.returncode or found is None:
            sys.exit(f"callgrind failed ({run.returncode}):\n{run.stderr[-2000:]}")
        return int(found.group(1).replace(",", ""))


def main() -> None:
    """Print the instructions of one game or one action, caches warm."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("games", "actions"))
    parser.add_argument("ruleset")
    parser.add_argument("policy", nargs="?", default="random")
    parser.add_argument("--warm", type=int, default=None, help="warm-up units")
    parser.add_argument("--count", type=int, default=None, help="measured units")
    a = parser.parse_args()
    warm_up = a.warm if a.warm is not None else (300 if a.mode == "games" else 1000)
    count = a.count if a.count is not None else (300 if a.mode == "games" else 3000)
    base = [a.mode, a.ruleset, a.policy, str(warm_up)]
    before, after = instructions([*base, "0"]), instructions([*base, str(count)])
    unit = "a game" if a.mode == "games" else "an action"
    what = f"{a.ruleset} {a.policy}" if a.mode == "games" else a.ruleset
    print(f"{what}: {(after - before) / count:,.0f} instructions {unit} "
          f"(warm {warm_up}, {count} measured; totals {before:,} and {after:,})")


if __name__ == "__main__":
    main()
