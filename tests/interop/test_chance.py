"""Explicit chance: the game pauses at each roll; same rolls → same game as inline dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

import voidwar
from voidwar.ai import RandomPolicy
from voidwar.core.chance import CHANCE, ChanceOutcome, ExplicitChanceGame
from voidwar.core.dice import PCG32
from voidwar.core.errors import IllegalAction, UnknownName


def test_pause_list_outcomes_resume() -> None:
    g = voidwar.load("toy-pig", seed=0, chance="explicit")
    assert isinstance(g, ExplicitChanceGame)
    assert g.to_act == "red"
    g.apply("roll")
    assert g.to_act == CHANCE
    outs = g.chance_outcomes()
    assert [str(o) for o, _ in outs] == [f"roll {v}" for v in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in outs)
    assert sum(p for _, p in outs) == 1
    assert g.view("red")["chance"] == {"die": "d6", "purpose": "red rolls"}
    g.apply("roll 5")
    assert g.to_act == "red"
    assert g.state_dict() == {"score": {"red": 0, "blue": 0}, "turn_total": 5, "player": "red"}
    g.apply("roll")
    g.apply(ChanceOutcome(1))  # a 1 passes the turn
    assert g.to_act == "blue"
    assert g.state_dict()["turn_total"] == 0
    assert g.actions == ["roll", "roll"]


def test_wrong_actions_at_a_chance_node_change_nothing() -> None:
    g = voidwar.load("toy-pig", seed=0, chance="explicit")
    g.apply("roll")
    d = g.digest()
    for bad in ("hold", "roll 7", "roll 0", "roll x"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.digest() == d and g.to_act == CHANCE
    g.apply("roll 3")
    with pytest.raises(IllegalAction):
        g.apply(ChanceOutcome(3))  # nothing pending now


@pytest.mark.parametrize("ruleset", ["toy-pig", "toy-push"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_inline_and_explicit_give_identical_games_for_the_same_rolls(
    ruleset: str, seed: int
) -> None:
    inline = voidwar.load(ruleset, seed=seed)
    pol = RandomPolicy(seed)
    while not inline.over:
        inline.apply(pol.choose(inline))
    rolls = list(inline.dice.history)
    # explicit: the same player actions, the chance seat supplying the same rolls in order
    ex = voidwar.load(ruleset, seed=999, chance="explicit")
    it = iter(rolls)
    acts = iter(inline.actions)
    while not ex.over:
        ex.apply(f"roll {next(it)}" if ex.to_act == CHANCE else next(acts))
    assert ex.state_dict() == inline.state_dict()
    assert ex.digest() == inline.digest()
    assert ex.result == inline.result
    assert ex.actions == inline.actions
    assert [e.text for e in ex.log] == [e.text for e in inline.log]
    # and its record replays as an ordinary inline game
    again = voidwar.replay(ex.record())
    assert again.digest() == inline.digest()


def test_random_chance_play_finishes() -> None:
    rng = PCG32(7)
    g = voidwar.load("toy-pig", chance="explicit")
    while not g.over:
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])
    assert g.result is not None and g.result.winner in ("red", "blue")


def test_unknown_chance_mode_is_refused() -> None:
    with pytest.raises(UnknownName):
        voidwar.load("toy-pig", chance="sometimes")


def test_apply_choice_plays_the_explicit_games_own_checked_steps() -> None:
    """A listed pick applied in one step goes through the explicit game's own ``apply``:
    the same game, chance outcomes and all, as applying what ``choose_legal`` picks."""
    one, two = (voidwar.load("toy-pig", seed=3, chance="explicit") for _ in range(2))
    picks, again = PCG32(5), PCG32(5)
    while not one.over:
        assert one.apply_choice(picks.below) == two.apply(two.choose_legal(again.below))
        assert one.digest() == two.digest() and one.actions == two.actions
    assert two.over and one.result == two.result
