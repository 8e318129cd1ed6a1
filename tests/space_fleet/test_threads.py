"""Space Fleet's sight table read by many threads at once, in a fresh process (a server's first
loads after a restart): every thread must read the whole table, and the table must stay whole.

The table (:func:`.state.sight_codes`) was once a list filled on first use with no lock: 4
threads left 7,500 or 15,000 entries instead of 3,750, with wrong contents, and a server's
first loads failed with IndexError."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import voidwar

THREADS = 8

#: run in a fresh process: THREADS threads meet at a barrier, then each reads the table (the
#: ruleset imported by whichever thread gets there first) and fires in a game, and the parent
#: compares what each read with the table worked out from :func:`.state.sight` afresh
SCRIPT = r"""
import json, sys, threading
sys.setswitchinterval(1e-6)
threads = int(sys.argv[1])
barrier = threading.Barrier(threads)
seen, errors = [], []

def run():
    try:
        barrier.wait(timeout=120)
        from voidwar.rulesets.space_fleet import state
        seen.append(list(state.sight_codes()))
        import voidwar
        game = voidwar.load("space-fleet", "duel", seed=1)
        while not game.over and len(game.actions) < 300:
            game.apply(game.legal_actions()[0])
    except Exception as e:
        errors.append(f"{type(e).__name__}: {e}")

workers = [threading.Thread(target=run) for _ in range(threads)]
for w in workers:
    w.start()
for w in workers:
    w.join()
from voidwar.rulesets.space_fleet import state
reach = state.sight_reach()
span = range(-reach, reach + 1)
expected = [state.sight_code(dq, dr, f) for dq in span for dr in span for f in range(6)]
json.dump({"expected": expected, "seen": seen, "after": list(state.sight_codes()),
           "errors": errors}, sys.stdout)
"""


def _fresh_process(threads: int) -> dict[str, object]:
    src = str(Path(voidwar.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(threads)], env=env, check=True,
                         capture_output=True, text=True, timeout=300).stdout
    found: dict[str, object] = json.loads(out)
    return found


def test_the_sight_table_is_whole_for_every_thread_from_the_first_read() -> None:
    for _trial in range(3):
        found = _fresh_process(THREADS)
        expected = found["expected"]
        assert isinstance(expected, list) and len(expected) == 25 * 25 * 6  # reach 12, 6 facings
        assert found["errors"] == []
        seen = found["seen"]
        assert isinstance(seen, list) and len(seen) == THREADS
        assert all(codes == expected for codes in seen)
        assert found["after"] == expected
