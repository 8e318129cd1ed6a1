"""The rules, the policies and the core are safe to run from many threads of one process (the
web server plays its games in a thread pool): the same seeded games of every ruleset (each
scenario, the random and the heuristic policy) played by 8 threads at once in a fresh process
come out exactly as one thread plays them in another fresh process (fresh, so that every table
filled on first use starts empty and the threads race to fill it; tests/core/thread_games.py
plays them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import voidwar

HERE = Path(__file__).resolve().parent
THREADS = 8


def play_in_fresh_process(threads: int) -> list[list[dict[str, Any]]]:
    """What each of ``threads`` threads played (thread_games.py), in a fresh process."""
    src = str(Path(voidwar.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, str(HERE / "thread_games.py"), str(threads)], env=env,
                         capture_output=True, text=True, timeout=900, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    found: list[list[dict[str, Any]]] = json.loads(run.stdout)
    return found


def test_games_in_eight_threads_are_the_games_of_one_thread() -> None:
    (alone,) = play_in_fresh_process(1)
    played = {r["game"][0] for r in alone}  # every installed ruleset, each scenario and policy
    assert {"antilles", "astral-dreams", "attack-vector", "space-fleet"} <= played
    assert all("error" not in r for r in alone), [r for r in alone if "error" in r]
    together = play_in_fresh_process(THREADS)
    assert len(together) == THREADS
    for k, games in enumerate(together):
        differ = [(r["game"], r.get("error")) for r, a in zip(games, alone, strict=True)
                  if r != a]
        assert not differ, f"thread {k} played differently: {differ[:5]}"
