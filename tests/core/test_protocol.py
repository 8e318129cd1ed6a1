"""The protocol contract, checked on every registered ruleset through the common API."""

from __future__ import annotations

import json
from importlib.metadata import entry_points

import pytest

import voidwar
from voidwar.core.dice import PCG32
from voidwar.core.errors import IllegalAction, UnknownName
from voidwar.core.registry import ENTRY_POINT_GROUP

# the installed rulesets (toys other tests register by hand are not part of the contract run)
RULESETS = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))


def _check_actions(game: voidwar.Game, legal: list[voidwar.Action]) -> None:
    """Every legal action passes ``check`` and round-trips through its text and its
    structured form (also as JSON)."""
    for a in legal:
        game.check(a)
        assert game.parse_action(str(a)) == a, f"notation does not round-trip: {a}"
        form = json.loads(json.dumps(a.to_dict()))
        assert form["text"] == str(a) and isinstance(form["kind"], str)
        assert game.action_from_dict(form) == a, f"structured form does not round-trip: {form}"


def _check_refusals(game: voidwar.Game, stale: dict[str, None], legal_texts: set[str],
                    rng: PCG32) -> None:
    """Parseable actions that are illegal now (legal earlier) are refused and change nothing;
    where the legal list is complete, every action it leaves out is refused."""
    before = game.digest()
    with pytest.raises(IllegalAction):
        game.apply("%% not an action %%")
    unlisted = [t for t in stale if t not in legal_texts]
    for _ in range(min(5, len(unlisted))):
        text = unlisted[rng.below(len(unlisted))]
        action = game.parse_action(text)
        if not type(game).lists_every_action:
            try:
                game.check(action)
                continue  # one of the legal actions the list leaves out
            except IllegalAction:
                pass
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.digest() == before, f"refused {text!r} changed the game"
    assert game.digest() == before


def _check_secrets(game: voidwar.Game, legal: list[voidwar.Action]) -> None:
    """While a seat is still giving secret orders, the other seats' views do not depend on
    which orders it gave."""
    seat = game.to_act
    secret = [a for a in legal if game.is_secret(a)]
    if secret:
        assert type(game).has_secret_orders and type(game).has_hidden_information
    if seat is None or len(secret) < 2:
        return
    first, second = game.clone(), game.clone()
    events = first.apply(secret[0]) + second.apply(secret[-1])
    if first.to_act != seat or second.to_act != seat or any(e.kind == "roll" for e in events):
        return  # the orders step ended and resolved
    for other in (s for s in game.seats if s != seat):
        assert first.view(other) == second.view(other), f"{other} sees {seat}'s secret orders"


@pytest.mark.parametrize("name", RULESETS)
def test_conformance(name: str) -> None:
    info = voidwar.get_ruleset(name)
    for scenario in info.scenarios():
        game = voidwar.load(name, scenario, seed=11)
        rng = PCG32(5)
        stale: dict[str, None] = {}
        steps = 0
        while not game.over and steps < 300:
            legal = game.legal_actions()
            assert legal, "a seat to act must have an action"
            texts = {str(a) for a in legal}
            for k in sorted({0, len(legal) // 2, len(legal) - 1}):  # the fast path's pick
                count = len(legal)
                assert game.choose_legal(lambda n, k=k, c=count: k if n == c else -1) == legal[k]
            _check_actions(game, legal if steps < 40 else legal[:: max(1, len(legal) // 40)])
            _check_refusals(game, stale, texts, rng)
            _check_secrets(game, legal)
            stale.update((str(a), None) for a in legal[:: max(1, len(legal) // 20)])
            clone, chooser = game.clone(), game.clone()
            i = rng.below(len(legal))
            pick = legal[i]
            events = game.apply(pick)
            clone.apply(str(pick))
            assert clone.digest() == game.digest(), "a clone must roll what the original rolls"
            # the listed action applied in one step is the same action, the same game
            assert chooser.apply_choice(lambda n, i=i: i) == events
            assert chooser.digest() == game.digest() and chooser.actions == game.actions
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
