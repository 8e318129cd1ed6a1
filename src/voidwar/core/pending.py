"""A roll the game waits for (explicit chance): its own module, below the protocol, so that
:class:`~voidwar.core.game.Game` can name it without importing the explicit-chance wrapper
(:mod:`.chance`), which is built on the protocol."""

from __future__ import annotations

from dataclasses import dataclass

from .notation import Action


@dataclass(frozen=True)
class PendingRoll:
    """The roll the game waits for, and the player action it belongs to."""

    action: Action
    seat: str
    known: tuple[int, ...]
    sides: int
    purpose: str
