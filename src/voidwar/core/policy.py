"""Policies: anything that picks an action for the seat to act, through the protocol only."""

from __future__ import annotations

from typing import Protocol

from .dice import PCG32
from .game import Action, Event, Game


class Policy(Protocol):
    """``choose(game)`` returns an action for ``game.to_act``; it must not change ``game``."""

    name: str

    def choose(self, game: Game) -> Action:
        """An action for ``game.to_act``; ``game`` is left unchanged."""


class RandomPolicy:
    """Picks uniformly among the legal actions, from its own seeded generator: the baseline
    every ruleset is measured against (and the one policy core itself can offer)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = PCG32(seed)

    def choose(self, game: Game) -> Action:
        """A uniformly random legal action (:meth:`Game.choose_legal`: the same choice as
        drawing from ``legal_actions()``, without building every action)."""
        return game.choose_legal(self.rng.below)

    def play(self, game: Game) -> list[Event]:
        """Apply the action :meth:`choose` would pick, in one step
        (:meth:`Game.apply_choice`: listed and applied, not checked a second time)."""
        return game.apply_choice(self.rng.below)
