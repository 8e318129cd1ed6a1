"""The protocol contract, checked on every registered ruleset through the common API."""

from __future__ import annotations

import json

import pytest

import voidwar
from voidwar.core.dice import PCG32
from voidwar.core.errors import IllegalAction, UnknownName

RULESETS = sorted(voidwar.list_rulesets())


@pytest.mark.parametrize("name", RULESETS)
def test_conformance(name: str) -> None:
    info = voidwar.get_ruleset(name)
    for scenario in info.scenarios():
        game = voidwar.load(name, scenario, seed=11)
        rng = PCG32(5)
        steps = 0
        while not game.over and steps < 300:
            legal = game.legal_actions()
            assert legal, "a seat to act must have an action"
            for a in legal[:50]:
                assert game.parse_action(str(a)) == a, f"notation does not round-trip: {a}"
            before = game.digest()
            with pytest.raises(IllegalAction):
                game.apply("%% not an action %%")
            assert game.digest() == before
            clone = game.clone()
            pick = legal[rng.below(len(legal))]
            game.apply(pick)
            clone.apply(str(pick))
            assert clone.digest() == game.digest(), "a clone must roll what the original rolls"
            steps += 1
        rec = json.loads(json.dumps(game.record()))
        assert voidwar.replay(rec).digest() == game.digest()
        json.dumps(game.view(game.seats[0]))
        json.dumps(game.view(None))


def test_unknown_names() -> None:
    with pytest.raises(UnknownName, match="known:"):
        voidwar.load("chess")
    with pytest.raises(UnknownName):
        voidwar.load("antilles", scenario="nope")
    with pytest.raises(UnknownName):
        voidwar.load("antilles", colour="red")
    with pytest.raises(UnknownName):
        voidwar.policies.get("genius", "antilles")


def test_undo_takes_back_the_last_action_and_its_rolls() -> None:
    from voidwar.core.record import undo

    game = voidwar.load("antilles", seed=3)
    bot = voidwar.policies.get("heuristic", "antilles", 3)
    while game.turn < 2:  # type: ignore[attr-defined]
        game.apply(bot.choose(game))
    before = game.clone()
    game.apply(bot.choose(game))
    back = undo(game)
    assert back.digest() == before.digest()
    assert len(back.dice.history) == len(before.dice.history)


def test_failed_dice_leave_the_game_unchanged() -> None:
    from voidwar.core.errors import DiceError

    game = voidwar.load("antilles", dice=[], position={"phase": "attack",
                                                       "paladins": {"1": [0, -1]}})
    before = game.digest()
    with pytest.raises(DiceError):
        game.apply("fire P1 at platform")
    assert game.digest() == before and game.actions == []
