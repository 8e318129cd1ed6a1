"""The optional compiled build (``make compiled``) plays the same games as pure Python, in every
ruleset.

Skipped unless core's mypyc-compiled modules are built in this tree. The pure path runs a script
in a subprocess on a copy of ``src/`` without the extension modules (``*.so``), so Python
imports the ``.py`` files there; the compiled path runs the same script on ``src/`` itself. For
every registered ruleset the script plays seeded games with each of its policies and with both
fair dice sources, and prints one line a game: the result, the actions, every die rolled, the
log's texts and the final digest, plus what core's copying and records give at the end: a
clone's digest and its next rolls, and the record replayed. Both runs must print the same lines.
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

import voidwar.core.game as core_game

SRC = Path(__file__).resolve().parents[2] / "src"
COMPILED = core_game.__file__ is not None and core_game.__file__.endswith(
    tuple(importlib.machinery.EXTENSION_SUFFIXES))

SCRIPT = r"""
import hashlib, importlib, importlib.machinery, json, sys
from voidwar.ai import registry
from voidwar.core import record
from voidwar.core.registry import load, rulesets
from voidwar.sim.runner import game_seed

def h(items):
    return hashlib.sha256("\n".join(map(str, items)).encode()).hexdigest()[:24]

modules = json.loads(sys.argv[1])
suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
print(json.dumps({m: importlib.import_module(m).__file__.endswith(suffixes) for m in modules}))
games = json.loads(sys.argv[2])
extra = json.loads(sys.argv[3])
def play(name, scenario, dice, policy, i):
    seed = game_seed(11, i) % 2**52  # records keep JSON-safe integers
    game = load(name, scenario, dice=dice, seed=seed)
    bots = {s: registry.get(policy, name, seed + k) for k, s in enumerate(game.seats)}
    events = []
    while not game.over and len(game.actions) < 3000:
        events += game.apply(bots[game.to_act].choose(game))
    copy, reseeded = game.clone(), game.clone(reseed=5)
    again = record.replay(json.loads(json.dumps(game.record())))
    result = game.result.to_dict() if game.result else None
    same_rolls = ([copy.dice.roll_value(6, "t") for _ in range(3)]
                  == [game.dice.roll_value(6, "t") for _ in range(3)])
    return (len(game.actions), json.dumps(result, sort_keys=True), h(game.actions),
            h(game.dice.history), h(e.text for e in game.log),
            h(json.dumps(e.to_dict(), sort_keys=True) for e in events), game.digest(),
            copy.digest() == game.digest(), again.digest() == game.digest(), same_rolls,
            [reseeded.dice.roll_value(20, "t") for _ in range(3)])

for name, info in sorted(rulesets().items()):
    own = sorted(p for p in info.policies if p != "random")
    policies = ["random", "heuristic" if "heuristic" in own else own[0]]
    for scenario in [None, *extra.get(name, [])]:
        for dice in ("seeded", "keyed"):
            for policy in policies:
                for i in range(games):
                    print(name, scenario, dice, policy, i, *play(name, scenario, dice, policy, i))
"""


def _modules() -> list[str]:
    sys.path.insert(0, str(SRC.parent))
    try:
        import build_compiled
    finally:
        sys.path.pop(0)
    return build_compiled.module_names()


#: scenarios played besides each ruleset's default: Attack Vector's default rolls no die
EXTRA = {"attack-vector": ["duel"]}


def _play(src: Path, modules: list[str], games: int) -> tuple[dict[str, bool], list[str]]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(modules), str(games),
                          json.dumps(EXTRA)],
                         env=env, check=True, capture_output=True, text=True).stdout.splitlines()
    return json.loads(out[0]), out[1:]


@pytest.mark.skipif(not COMPILED, reason="core's compiled build is not built (make compiled)")
def test_every_ruleset_plays_identical_games_compiled_and_pure(tmp_path: Path) -> None:
    modules = _modules()
    pure_src = tmp_path / "src"
    shutil.copytree(SRC, pure_src, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))

    compiled_loaded, compiled_games = _play(SRC, modules, 2)
    pure_loaded, pure_games = _play(pure_src, modules, 2)

    assert all(compiled_loaded.values()), compiled_loaded  # every listed module is compiled
    assert not any(pure_loaded.values()), pure_loaded  # and none of them on the pure path
    rulesets = {line.split()[0] for line in compiled_games}
    assert rulesets >= {"antilles", "space-fleet", "attack-vector", "astral-dreams"}
    assert all(" True True True " in line for line in compiled_games)  # clone, replay agree
    assert compiled_games == pure_games
