"""The optional compiled build (``build_compiled.py``) plays the same Space Fleet games.

Skipped unless Space Fleet's rules (``game.py``) are compiled in this tree. The pure path runs in
a subprocess on a copy of ``src/`` without the extension modules, the compiled path on ``src/``
itself; each first reports which of Space Fleet's listed modules it imported compiled, then
prints one line a game (result, final digest, actions, log, a clone's digest and its next
rolls, the record replayed) for random and heuristic play on every shipped scenario (the hex
maps and the free table, whose game subclasses the compiled rules in interpreted code), with
seeded and keyed dice (keyed dice can fail, so ``apply`` snapshots the game), plus a few MCTS
decisions (the search's clones and rollouts). The lines must be identical.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import voidwar.rulesets.space_fleet.game as sf_game

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
COMPILED = sf_game.__file__ is not None and sf_game.__file__.endswith(
    tuple(importlib.machinery.EXTENSION_SUFFIXES))

SCRIPT = r"""
import hashlib, importlib, importlib.machinery, json, sys
from voidwar.ai import MCTSPolicy, registry
from voidwar.core import record
from voidwar.core.registry import load
from voidwar.rulesets.space_fleet.data import scenario_names
from voidwar.sim.runner import game_seed

def h(items):
    return hashlib.sha256("\n".join(map(str, items)).encode()).hexdigest()[:24]

suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
print(json.dumps({m: importlib.import_module(m).__file__.endswith(suffixes)
                  for m in json.loads(sys.argv[1])}))
for scenario in scenario_names():
    for dice in ("seeded", "keyed"):
        for policy, n in (("random", 4), ("heuristic", 2)):
            for i in range(n):
                seed = game_seed(1, i) % 2**52
                game = load("space-fleet", scenario, dice=dice, seed=seed)
                bots = {s: registry.get(policy, "space-fleet", seed + k)
                        for k, s in enumerate(game.seats)}
                events = []
                while not game.over:
                    events += game.apply(bots[game.to_act].choose(game))
                copy, reseeded = game.clone(), game.clone(reseed=5)
                again = record.replay(json.loads(json.dumps(game.record())))
                print(scenario, dice, policy, i,
                      json.dumps(game.result.to_dict(), sort_keys=True), game.digest(),
                      h(game.actions), h(game.dice.history), h(e.text for e in game.log),
                      h(json.dumps(e.to_dict(), sort_keys=True) for e in events),
                      copy.digest() == game.digest(), again.digest() == game.digest(),
                      [copy.dice.roll_value(6, "t") for _ in range(3)]
                      == [game.dice.roll_value(6, "t") for _ in range(3)],
                      [reseeded.dice.roll_value(20, "t") for _ in range(3)])
    game = load("space-fleet", scenario, seed=3)
    bot = MCTSPolicy(iterations=30, seed=5)
    for _ in range(3):
        if not game.over:
            game.apply(bot.choose(game))
    print(scenario, "mcts", game.actions, game.digest())
"""


def _modules() -> list[str]:
    """Space Fleet's modules in ``build_compiled.MODULES``."""
    sys.path.insert(0, str(ROOT))
    try:
        import build_compiled
    finally:
        sys.path.pop(0)
    return [m for m in build_compiled.module_names() if ".space_fleet." in m]


def _play(src: Path, modules: list[str]) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(modules)], env=env,
                          check=True, capture_output=True, text=True).stdout.splitlines()


@pytest.mark.skipif(not COMPILED, reason="the compiled build is not built (make compiled)")
def test_compiled_and_pure_python_play_identical_space_fleet_games(tmp_path: Path) -> None:
    modules = _modules()
    assert "voidwar.rulesets.space_fleet.game" in modules
    pure_src = tmp_path / "src"
    shutil.copytree(SRC, pure_src, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    pure = _play(pure_src, modules)
    compiled = _play(SRC, modules)
    # each ran the path it claims: every listed module interpreted, then every one compiled
    assert json.loads(pure[0]) == dict.fromkeys(modules, False)
    assert json.loads(compiled[0]) == dict.fromkeys(modules, True)
    assert len(pure) > 1
    assert compiled[1:] == pure[1:]
