"""PettingZoo AEC and Gymnasium environments: the libraries' own conformance tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import voidwar
from voidwar.core.registry import rulesets as all_rulesets
from voidwar.interop.catalogue import ActionCatalogue, build, catalogue
from voidwar.interop.gymnasium import VoidwarEnv
from voidwar.interop.pettingzoo import env as aec_env

TOY2 = ["toy-pig", "toy-rps"]


def real_rulesets() -> list[str]:
    return [n for n in all_rulesets() if not n.startswith("toy-")]


@pytest.mark.parametrize("ruleset", TOY2)
def test_pettingzoo_api_and_seed_tests_on_toys(ruleset: str) -> None:
    api_test(aec_env(ruleset), num_cycles=200)
    seed_test(lambda: aec_env(ruleset), num_cycles=50)


@pytest.mark.parametrize("ruleset", real_rulesets())
def test_pettingzoo_api_and_seed_tests_on_rulesets(ruleset: str) -> None:
    api_test(aec_env(ruleset), num_cycles=30)
    seed_test(lambda: aec_env(ruleset), num_cycles=10)


def test_gymnasium_env_checker_on_solitaire_toy() -> None:
    check_env(VoidwarEnv("toy-push"), skip_render_check=True)


def test_gymnasium_antilles_episode_pays_the_victory_points() -> None:
    if "antilles" not in all_rulesets():
        pytest.skip("antilles not present")
    env = VoidwarEnv("antilles")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, total, steps = False, 0.0, 0
    while not done:
        mask = obs["action_mask"]
        assert mask.sum() >= 1
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, done, _, info = env.step(action)
        total += float(reward)
        steps += 1
    assert total == info["result"]["scores"]["commander"]


def test_catalogue_ids_are_stable_and_one_to_one() -> None:
    cat = ActionCatalogue("x", ("hold", "roll"), overflow=4)
    g = voidwar.load("toy-pig")
    legal = g.legal_actions()
    assert cat.assign(legal) == {1: legal[0], 0: legal[1]}
    assert cat.mask(legal) == [1, 1, 0, 0, 0, 0]
    # unlisted notations land in the overflow region, distinct ids even when hashes collide
    rps = voidwar.load("toy-rps").legal_actions()
    ids = cat.assign(rps)
    assert len(ids) == 3 and all(2 <= i < 6 for i in ids)
    with pytest.raises(voidwar.IllegalAction):
        cat.decode(0, rps)


def test_built_catalogue_is_deterministic() -> None:
    a = build("toy-pig", games=3)
    assert a == build("toy-pig", games=3)
    assert a.notations == ("hold", "roll")
    assert catalogue("toy-pig").notations == ("hold", "roll")


def test_gymnasium_illegal_id_changes_nothing_or_raises() -> None:
    env = VoidwarEnv("toy-push")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game.digest()
    _, reward, done, trunc, info = env.step(bad)
    assert (reward, done, trunc, info["illegal"]) == (-1.0, False, False, True)
    assert env.game.digest() == before
    strict = VoidwarEnv("toy-push", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(voidwar.IllegalAction):
        strict.step(bad)


def _random_aec_rewards(scenario: str, games: int) -> list[float]:
    """Random legal play through the PettingZoo env: blue's reward of each game."""
    rewards = []
    rng = np.random.default_rng(7)
    for k in range(games):
        e = aec_env("space-fleet", scenario=scenario)
        e.reset(seed=k)
        got = 0.0
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            if agent == "blue":
                got = float(reward) if term or trunc else got
            action = None if term or trunc else int(rng.choice(np.flatnonzero(
                obs["action_mask"])))
            e.step(action)
        rewards.append(got)
    return rewards


def test_space_fleet_random_play_what_a_learner_gets() -> None:
    """docs/ai.md: in 'duel' random play never meets (every game a 0-0 draw, no signal); in
    'minefield-run' random fleets close and fight, and most games are won or lost."""
    if "space-fleet" not in all_rulesets():
        pytest.skip("space-fleet not present")
    assert _random_aec_rewards("duel", 3) == [0.0, 0.0, 0.0]
    decided = [r for r in _random_aec_rewards("minefield-run", 8) if r != 0.0]
    assert len(decided) >= 4
