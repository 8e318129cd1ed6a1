"""Parity with the C reference (../shared/reference/antilles.c, built here with gcc -O2).

The reference plays our Antilles roll for roll: the same dice and seed derivation, the same
legal actions in the same order, the random policy and a port of the heuristic commander. So
with the same seed every decision — the number of legal actions and the action taken — must be
the same. Any faster path of ours is held to this too (issue: the same games, at speed).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from voidwar.ai.registry import get as get_policy
from voidwar.core.dice import derive_seed
from voidwar.core.registry import load

#: the C reference: ``$VOIDWAR_REFERENCE_C``, else ../shared/reference/antilles.c
DEFAULT_SOURCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "antilles.c"
SOURCE = Path(os.environ.get("VOIDWAR_REFERENCE_C") or DEFAULT_SOURCE)

pytestmark = pytest.mark.skipif(
    not SOURCE.exists() or shutil.which("gcc") is None,
    reason="needs gcc and ../shared/reference/antilles.c")


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    exe = tmp_path_factory.mktemp("reference") / "antilles"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(SOURCE)], check=True)
    return exe


def python_trace(policy: str, games: int, seed: int = 1) -> list[str]:
    """One line a decision, as the reference's ``--trace`` prints it."""
    lines = []
    for i in range(games):
        gs = derive_seed(seed, i)
        game = load("antilles", seed=derive_seed(gs, 0))
        bot = get_policy(policy, "antilles", derive_seed(gs, 1))
        k = 0
        while not game.over:
            action = bot.choose(game)
            lines.append(f"{i} {k} {len(game.legal_actions())} {action}")
            game.apply(action)
            k += 1
    return lines


@pytest.mark.parametrize("policy,games", [("random", 25), ("heuristic", 6)])
def test_every_decision_is_the_references(reference: Path, policy: str, games: int) -> None:
    out = subprocess.run([str(reference), "--games", str(games), "--seed", "1", "--policy",
                          policy, "--trace"], check=True, capture_output=True, text=True).stdout
    expected = [line.strip() for line in out.splitlines() if line.strip()]
    got = python_trace(policy, games)
    assert len(got) == len(expected)
    for mine, theirs in zip(got, expected, strict=True):
        assert mine == theirs
