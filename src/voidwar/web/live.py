"""A game in play as the server holds it (:class:`Live`), and the facts every web module shares.

Hidden information. A seat sees ``game.view(seat)``; a spectator ``game.view(None)``. A ruleset
that does not override :meth:`Game.view` has none, so every action and event is public.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from voidwar.core.chance import ExplicitChanceGame
from voidwar.core.game import Event, Game, Result

from .store import GameRow, SeatRow

#: who may sit in a seat
SEAT_KINDS = ("human", "bot", "open")


class ServiceError(Exception):
    """A refusal with an HTTP status and a reason a player understands."""

    def __init__(self, status: int, reason: str, rule: str | None = None) -> None:
        self.status = status
        self.reason = reason
        self.rule = rule
        super().__init__(reason)


def hash_token(token: str) -> str:
    """The SHA-256 digest a seat token is stored as (tokens themselves are never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def has_hidden_information(game: Game) -> bool:
    """True when the ruleset's views hide something from some seat
    (:attr:`Game.has_hidden_information`)."""
    rules = game.inner if isinstance(game, ExplicitChanceGame) else game
    return type(rules).has_hidden_information


def is_manual(row: GameRow) -> bool:
    """A game played with real dice: people enter every roll (explicit chance)."""
    return row.dice.get("kind") == "manual"


@dataclass
class Reveal:
    """How many of a game's first actions every seat may read (each seat always reads its
    own), kept level with the game's secret steps (:meth:`Game.secret_step`): an action taken
    in a secret step stays hidden from the other seats — its text, and its events unless public
    — until that step ends. Only the step, which every seat sees, moves it: two games a seat
    cannot tell apart reveal the same to it."""

    #: the first ``upto`` actions are readable by every seat
    upto: int = 0
    #: the secret step under way when :meth:`advance` last looked (``None``: none)
    step: Hashable | None = None

    def advance(self, game: Game) -> None:
        """Look at ``game`` after a change: a step that ended reveals every action so far."""
        step = game.secret_step()
        if step is None or step != self.step:
            self.upto = len(game.actions)
        self.step = step


@dataclass
class Live:
    """A game in memory, mirroring its rows in the store."""

    row: GameRow
    seats: dict[str, SeatRow]
    game: Game
    #: seat that took each action (None for one the store does not know)
    action_seats: list[str | None]
    #: entries[0]: events of the set-up; entries[i + 1]: events of action i
    entries: list[list[Event]]
    lock: threading.RLock = field(default_factory=threading.RLock)
    #: the stored version this copy mirrors (the store bumps it with every change)
    version: int = 0
    #: how many of the first actions every seat may read in the log (its own it always may)
    reveal: Reveal = field(default_factory=Reveal)
    bots_running: bool = False
    #: (version, seat) → that seat's structured legal actions at that version (views.legal_for)
    legal_cache: dict[tuple[int, str | None], list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """The game's id."""
        return self.row.id

    @property
    def status(self) -> str:
        """``active``, ``over`` or ``resigned``."""
        return self.row.status

    @property
    def over(self) -> bool:
        """Whether the game has ended (played out or resigned)."""
        return self.row.status != "active"

    @property
    def to_act(self) -> str | None:
        """The seat to act (None once the game is over)."""
        return None if self.over else self.game.to_act

    def result(self) -> Result | None:
        """The game's result; a resignation's when a seat resigned."""
        if self.row.status == "resigned":
            others = [s for s in self.game.seats if s != self.row.resigned_by]
            return Result(
                outcome="resigned",
                scores={},
                winner=others[0] if len(others) == 1 else None,
                details={"resigned_by": self.row.resigned_by},
            )
        return self.game.result

    def replace(self, fresh: Live) -> None:
        """Take over a freshly loaded copy's rows, game and log (after a rebuild)."""
        self.row, self.seats, self.game = fresh.row, fresh.seats, fresh.game
        self.action_seats, self.entries = fresh.action_seats, fresh.entries
        self.reveal, self.version = fresh.reveal, fresh.version


#: ``fn(live, message)``, called after every committed change of any game
Subscriber = Callable[[Live, dict[str, Any]], None]
