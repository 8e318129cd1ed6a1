"""The optional compiled build (``make compiled``, ``build_compiled.py``) plays the same games.

Skipped unless the mypyc-compiled modules are built in this tree. The pure path runs in a
subprocess on a copy of ``src/`` without the extension modules (``*.so``), so Python imports the
``.py`` files there; the compiled path runs the same script on ``src/`` itself. Each reports
which files it imported, then one line a game: the result, the actions and the final digest.
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

import voidwar.rulesets.antilles.game as antilles_game

SRC = Path(__file__).resolve().parents[2] / "src"
COMPILED = antilles_game.__file__ is not None and antilles_game.__file__.endswith(
    tuple(importlib.machinery.EXTENSION_SUFFIXES))

#: games per policy (the first games of master seed 1, as benchmarks/reference.py plays them)
GAMES = {"random": 60, "heuristic": 15}

SCRIPT = """
import hashlib, json, sys
from voidwar.ai import registry
from voidwar.core.registry import load
from voidwar.sim.runner import game_seed
import build_compiled_modules as m
print(json.dumps(m.loaded()))
for policy, n in json.loads(sys.argv[1]).items():
    for i in range(n):
        seed = game_seed(1, i)
        game = load("antilles", seed=seed)
        bot = registry.get(policy, "antilles", seed + 1)
        while not game.over:
            game.apply(bot.choose(game))
        log = hashlib.sha256("\\n".join(e.text for e in game.log).encode()).hexdigest()
        print(policy, i, json.dumps(game.result.to_dict(), sort_keys=True), game.digest(),
              hashlib.sha256("\\n".join(game.actions).encode()).hexdigest(), log)
"""

#: a helper module the script imports: which of the compiled modules came from an extension
HELPER = """
import importlib, importlib.machinery
MODULES = {modules!r}
def loaded():
    out = {{}}
    for name in MODULES:
        f = importlib.import_module(name).__file__
        out[name] = f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return out
"""


def _modules() -> list[str]:
    sys.path.insert(0, str(SRC.parent))
    try:
        import build_compiled
    finally:
        sys.path.pop(0)
    return build_compiled.module_names()


def _play(src: Path, helper: Path) -> tuple[dict[str, bool], list[str]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(helper)])}
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(GAMES)], env=env,
                         check=True, capture_output=True, text=True).stdout.splitlines()
    return json.loads(out[0]), out[1:]


@pytest.mark.skipif(not COMPILED, reason="the compiled build is not built (make compiled)")
def test_compiled_and_pure_python_play_identical_games(tmp_path: Path) -> None:
    modules = _modules()
    (tmp_path / "helper").mkdir()
    (tmp_path / "helper" / "build_compiled_modules.py").write_text(HELPER.format(modules=modules))
    pure_src = tmp_path / "src"
    shutil.copytree(SRC, pure_src, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))

    compiled_loaded, compiled_games = _play(SRC, tmp_path / "helper")
    pure_loaded, pure_games = _play(pure_src, tmp_path / "helper")

    assert all(compiled_loaded.values()), compiled_loaded  # every listed module is compiled
    assert not any(pure_loaded.values()), pure_loaded  # and none of them on the pure path
    assert len(compiled_games) == sum(GAMES.values())
    assert compiled_games == pure_games
