"""OpenSpiel bridge: OpenSpiel's own random_sim_test, and its MCTS bot playing through it."""

from __future__ import annotations

import os

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

from voidwar.core.registry import rulesets  # noqa: E402
from voidwar.interop.openspiel import load_game, register, short_name  # noqa: E402


@pytest.mark.parametrize("ruleset", ["toy-pig", "toy-push", "toy-rps"])
def test_random_sim_test_on_toys(ruleset: str) -> None:
    pyspiel.random_sim_test(load_game(ruleset), num_sims=10, serialize=False, verbose=False)


# Astral Dreams rolls many dice per action; in explicit-chance mode each roll re-executes the
# action, and one full random game takes about a minute here: run it with VOIDWAR_SLOW_TESTS=1
# (CI does).
SLOW = {"astral-dreams"}


def _ruleset_params() -> list[object]:
    slow = pytest.mark.skipif(not os.environ.get("VOIDWAR_SLOW_TESTS"),
                              reason="slow in explicit-chance mode; set VOIDWAR_SLOW_TESTS=1")
    return [pytest.param(n, marks=slow) if n in SLOW else n
            for n in rulesets() if not n.startswith("toy-")]


@pytest.mark.parametrize("ruleset", _ruleset_params())
def test_random_sim_test_on_rulesets(ruleset: str) -> None:
    pyspiel.random_sim_test(load_game(ruleset), num_sims=1, serialize=False, verbose=False)


def test_game_shape_and_chance_nodes() -> None:
    names = register(["toy-pig"])
    assert names == ["python_voidwar_toy_pig"] == [short_name("toy-pig")]
    game = pyspiel.load_game("python_voidwar_toy_pig")
    assert game.num_players() == 2
    s = game.new_initial_state()
    assert s.current_player() == 0
    roll = next(a for a in s.legal_actions() if s.action_to_string(0, a) == "roll")
    s.apply_action(roll)
    assert s.is_chance_node()
    assert s.chance_outcomes() == [(v, pytest.approx(1 / 6)) for v in range(6)]
    s.apply_action(4)  # a 5
    assert s.current_player() == 0 and "turn_total': 5" in str(s)
    c = s.clone()
    c.apply_action(roll)
    c.apply_action(0)  # a 1: the turn passes
    assert c.current_player() == 1 and s.current_player() == 0


def test_openspiel_mcts_bot_plays_a_toy_game_to_the_end() -> None:
    from open_spiel.python.algorithms import mcts

    game = load_game("toy-push")
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outs = s.chance_outcomes()
            s.apply_action(int(rs.choice([o for o, _ in outs], p=[p for _, p in outs])))
        else:
            s.apply_action(bot.step(s))
    assert 0 <= s.returns()[0] <= 60
