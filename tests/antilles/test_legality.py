"""Legality has one source: ``legal_actions`` is every candidate ``check`` accepts, in order."""

from __future__ import annotations

import pytest

import voidwar
from voidwar.core.dice import PCG32
from voidwar.core.errors import IllegalAction
from voidwar.core.game import Action
from voidwar.core.hexgrid import Hex
from voidwar.rulesets.antilles import AntillesGame
from voidwar.rulesets.antilles.actions import (
    Abort,
    Continue,
    EndAttacks,
    EndMovement,
    Fire,
    Move,
    Place,
)


def every_action(g: AntillesGame) -> list[Action]:
    """A superset of the legal actions, in legal-action order: every Paladin number with every
    hex of the map (and two off it), every target, every step's end."""
    hexes = [*g.hexes, Hex(g.board.radius + 1, 0), Hex(0, -g.board.radius - 2)]
    pids = range(0, 9)
    targets: list[int | None] = [None, *g.bolts, max(g.bolts, default=0) + 1]
    return [*(Place(p, h) for p in pids for h in hexes), *(Move(p, h) for p in pids for h in hexes),
            EndMovement(), *(Fire(p, t) for p in pids for t in targets), EndAttacks(),
            Continue(), Abort()]


def accepted(g: AntillesGame, actions: list[Action]) -> list[Action]:
    out = []
    for a in actions:
        try:
            g.check(a)
        except IllegalAction:
            continue
        out.append(a)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_legal_actions_are_exactly_what_check_accepts(seed: int) -> None:
    game = voidwar.load("antilles", seed=seed)
    assert isinstance(game, AntillesGame)
    rng = PCG32(seed + 99)
    steps = 0
    while not game.over:
        legal = game.legal_actions()
        if steps % 3 == 0 or len(legal) < 60:  # the set-up and movement checks are slow
            assert legal == accepted(game, every_action(game)), (seed, steps, game.phase)
        acts = [a for a in legal if not isinstance(a, Abort)] or legal
        game.apply(acts[rng.below(len(acts))])
        steps += 1
    assert game.legal_actions() == accepted(game, every_action(game)) == []
