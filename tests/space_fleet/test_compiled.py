"""The optional compiled build (``build_compiled.py``) plays the same Space Fleet games.

Skipped unless Space Fleet's heuristic (``policies.py``) is compiled in this tree. The pure path
runs in a subprocess on a copy of ``src/`` without the extension modules, the compiled path on
``src/`` itself; each prints one line a game (result, final digest, actions, log) for random and
heuristic play on every shipped scenario, and the lines must be identical.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import voidwar.rulesets.space_fleet.policies as sf_policies

SRC = Path(__file__).resolve().parents[2] / "src"
COMPILED = sf_policies.__file__ is not None and sf_policies.__file__.endswith(
    tuple(importlib.machinery.EXTENSION_SUFFIXES))

SCRIPT = """
import hashlib, json
import voidwar.rulesets.space_fleet.policies as p
from voidwar.ai import registry
from voidwar.core.registry import load
from voidwar.rulesets.space_fleet.data import scenario_names
from voidwar.sim.runner import game_seed
print(p.__file__.endswith(".py"))
for scenario in scenario_names():
    for policy, n in (("random", 8), ("heuristic", 3)):
        for i in range(n):
            seed = game_seed(1, i)
            game = load("space-fleet", scenario, seed=seed)
            bots = {s: registry.get(policy, "space-fleet", seed + k)
                    for k, s in enumerate(game.seats)}
            while not game.over:
                game.apply(bots[game.to_act].choose(game))
            log = hashlib.sha256("\\n".join(e.text for e in game.log).encode()).hexdigest()
            print(scenario, policy, i, json.dumps(game.result.to_dict(), sort_keys=True),
                  game.digest(), hashlib.sha256("\\n".join(game.actions).encode()).hexdigest(),
                  log)
"""


def _play(src: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([sys.executable, "-c", SCRIPT], env=env, check=True,
                          capture_output=True, text=True).stdout.splitlines()


@pytest.mark.skipif(not COMPILED, reason="the compiled build is not built (make compiled)")
def test_compiled_and_pure_python_play_identical_space_fleet_games(tmp_path: Path) -> None:
    pure_src = tmp_path / "src"
    shutil.copytree(SRC, pure_src, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    pure = _play(pure_src)
    compiled = _play(SRC)
    assert pure[0] == "True" and compiled[0] == "False"  # each ran the path it claims
    assert len(pure) > 1
    assert compiled[1:] == pure[1:]
