"""The heuristic's per-step tables (:mod:`voidwar.rulesets.antilles.steps`) give the numbers
worked out afresh: kept tables are checked against the position, whatever changed in it."""

from __future__ import annotations

import voidwar
from voidwar.core.dice import PCG32
from voidwar.core.hexgrid import ORIGIN
from voidwar.rulesets.antilles import AntillesGame
from voidwar.rulesets.antilles.policies import AntillesHeuristic
from voidwar.rulesets.antilles.state import LAST_TURN, Phase
from voidwar.rulesets.antilles.steps import TurnSetting


def _nudged(game: AntillesGame, rng: PCG32) -> AntillesGame:
    """A copy of ``game`` with one piece changed by hand: a Bolt turned or moved, or a
    Paladin marked as moved (what a kept table must notice)."""
    c = game.clone()
    assert isinstance(c, AntillesGame)
    bolts = list(c.bolts.values())
    k = rng.below(3)
    if k == 0 and bolts:
        b = bolts[rng.below(len(bolts))]
        b.facing = (b.facing + 1) % 6
    elif k == 1 and bolts:
        b = bolts[rng.below(len(bolts))]
        free = c.free_hexes()
        b.hex = free[rng.below(len(free))]
    else:
        living = c.living()
        if living:
            p = living[rng.below(len(living))]
            p.moved = not p.moved
    return c


def test_kept_tables_decide_as_fresh_ones() -> None:
    compared = 0
    for seed in range(10):
        game = voidwar.load("antilles", seed=seed)
        assert isinstance(game, AntillesGame)
        params = {"risk_aversion": 0.1 + 0.1 * (seed % 4), "future_value": 0.5 * (seed % 3)}
        bot = AntillesHeuristic(seed, **params)
        rng = PCG32(seed)
        while not game.over:
            if game.phase in (Phase.MOVEMENT, Phase.ATTACK):
                assert bot.choose(game) == AntillesHeuristic(seed, **params).choose(game)
                other = _nudged(game, rng)  # the kept tables are now for another position
                assert bot.choose(other) == AntillesHeuristic(seed, **params).choose(other)
                compared += 2
            action = game.choose_legal(rng.below) if rng.below(3) == 0 else bot.choose(game)
            game.apply(action)
    assert compared > 200


def test_the_turn_setting_risk_is_the_danger_map_everywhere() -> None:
    # in reach it is made at once, elsewhere (a Paladin set far out) worked out when asked
    far_danger = 0
    for seed in range(6):
        game = voidwar.load("antilles", seed=seed)
        assert isinstance(game, AntillesGame)
        bot = AntillesHeuristic(seed)
        while not game.over:
            if game.phase == Phase.MOVEMENT and game.turn < LAST_TURN:
                danger = bot.danger(game)
                setting = TurnSetting(game, bot.risk_aversion, bot.future_value)
                for i, h in enumerate(game.hexes):
                    assert setting.risk(i) == danger.get(h, 0.0), h
                    far_danger += h.distance(ORIGIN) > setting.reach and danger.get(h, 0.0) > 0
            game.apply(bot.choose(game))
    assert far_danger > 100
