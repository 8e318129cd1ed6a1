"""Policies: anything that picks an action for the seat to act, through the protocol only."""

from __future__ import annotations

from typing import Protocol

from .game import Action, Game


class Policy(Protocol):
    """``choose(game)`` returns an action for ``game.to_act``; it must not change ``game``."""

    name: str

    def choose(self, game: Game) -> Action: ...
