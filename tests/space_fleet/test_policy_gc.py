"""The heuristic's decisions leave no cyclic garbage (reference counting frees
everything a plan builds, so the cycle collector has nothing to do), in every scenario."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import voidwar
from voidwar.rulesets.space_fleet import HeuristicPolicy
from voidwar.rulesets.space_fleet.data import scenario_names
from voidwar.rulesets.space_fleet.state import Phase


@contextmanager
def _no_collector() -> Iterator[None]:
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@pytest.mark.parametrize("scenario", list(scenario_names()))
def test_heuristic_decisions_leave_no_cyclic_garbage(scenario: str) -> None:
    game = voidwar.load("space-fleet", scenario=scenario, seed=11)
    bot = HeuristicPolicy(seed=11)
    game.apply(bot.choose(game))  # the first decision loads data and caches once per process
    planned = 0
    with _no_collector():
        gc.collect()
        for _ in range(60):
            if game.over:
                break
            planned += game.phase == Phase.MOVEMENT
            game.apply(bot.choose(game))
        freed = gc.collect()
    assert planned > 0  # movement plans were made (the old closures leaked one cycle each)
    assert freed == 0
