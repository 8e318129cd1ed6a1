"""The heuristic's attack step, worked out once a step (:class:`.steps.ShotValues`), picks what
the plain arithmetic over the legal actions picks, shot after shot, and in odd positions."""

from __future__ import annotations

import voidwar
from voidwar.core.dice import PCG32
from voidwar.core.game import Action
from voidwar.rulesets.antilles import AntillesGame
from voidwar.rulesets.antilles.actions import EndAttacks, Fire
from voidwar.rulesets.antilles.policies import AntillesHeuristic
from voidwar.rulesets.antilles.risk import bolt_danger, threat_sum
from voidwar.rulesets.antilles.state import Phase


def _plain_attack(bot: AntillesHeuristic, game: AntillesGame) -> Action:
    """3.3, 3.4 as first written: every legal shot valued afresh, the first of the best."""
    best: Action = EndAttacks()
    value = 0.0
    for a in game.legal_actions():
        if isinstance(a, Fire):
            v = bot._shot_value(game, a)
            if v > value:
                best, value = a, v
    return best


def test_attack_choices_are_the_plain_values() -> None:
    compared = 0
    for seed in range(12):
        game = voidwar.load("antilles", seed=seed)
        assert isinstance(game, AntillesGame)
        bot = AntillesHeuristic(seed)
        rng = PCG32(seed)
        while not game.over:
            if game.phase == Phase.ATTACK:
                assert bot.choose(game) == _plain_attack(bot, game)
                compared += 1
            # now and then a random action: shots the bot would not fire, Bolts left standing
            action = game.choose_legal(rng.below) if rng.below(3) == 0 else bot.choose(game)
            game.apply(action)
    assert compared > 100


def test_a_bolt_added_in_the_step_is_valued() -> None:
    # a kept step's shots know only the Bolts it met: a new one (a set position) is noticed
    for seed in range(20):
        game = voidwar.load("antilles", seed=seed)
        assert isinstance(game, AntillesGame)
        bot = AntillesHeuristic(seed)
        while not game.over and game.phase != Phase.ATTACK:
            game.apply(bot.choose(game))
        if game.over or not game.bolts:
            continue
        bot.choose(game)  # the step's shots are worked out
        other = game.clone()
        assert isinstance(other, AntillesGame)
        b = next(iter(other.bolts.values()))
        del other.bolts[b.id]
        b.id = max([*game.bolts, 0]) + 1
        other.bolts[b.id] = b  # the same Bolt, now last in play order under a new number
        assert bot.choose(other) == _plain_attack(bot, other)
        assert bot.choose(game) == _plain_attack(bot, game)


def test_threat_sums_are_the_danger_maps_sums_in_order() -> None:
    game = voidwar.load("antilles", seed=3)
    assert isinstance(game, AntillesGame)
    hexes = list(game.hexes[::5])
    for start in game.hexes[::11]:
        for facing in range(6):
            for kind in ("normal", "fast", "exploding"):
                m = bolt_danger(game.tables, start, facing, kind)
                want = 0.0
                for h in hexes:
                    want += m.get(h, 0.0)
                got = threat_sum(game.tables, start, facing, kind, hexes)
                assert got.hex() == want.hex(), (start, facing, kind)
