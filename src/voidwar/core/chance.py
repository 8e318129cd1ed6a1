"""Explicit chance (DESIGN.md "Chance"): the game pauses at each roll and the chance seat acts.

Inline dice (the default) roll inside :meth:`Game.execute`. In explicit mode
(``voidwar.load(..., chance="explicit")`` or :func:`explicit`) the same rules run, but each roll
becomes a decision of the seat :data:`CHANCE`: ``to_act == "chance"``, ``legal_actions()`` lists
:class:`ChanceOutcome` values and ``chance_outcomes()`` their probabilities (a dN is uniform over
1..N). Applying an outcome resumes the rules.

How the rules resume mid-resolution without any ruleset change: the pending player action is
re-executed from the state before it, with the known prefix of its rolls scripted
(:class:`ChanceDice`). When the script runs out the dice raise :class:`ChanceNeeded` — a
:class:`DiceError`, so :meth:`Game.apply` restores the state transactionally — and the game waits
for the next outcome. An action with *k* rolls is executed *k + 1* times; rules are deterministic
given their rolls, so the final state is exactly the inline one for the same rolls (tested).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .dice import Dice
from .errors import DiceError, IllegalAction
from .game import Action, Event, Game, Result
from .notation import Int, Notation, notation
from .pending import PendingRoll

#: the seat name of chance
CHANCE = "chance"


class ChanceNeeded(DiceError):
    """Raised by :class:`ChanceDice` when a roll has no known outcome yet."""

    def __init__(self, sides: int, purpose: str) -> None:
        self.sides = sides
        self.purpose = purpose
        super().__init__(f"waiting for chance: d{sides} for {purpose}")


class ChanceDice(Dice):
    """Results from ``script`` (the known rolls of the pending action); then pause."""

    kind = "explicit"
    can_fail = True

    def __init__(self, setup: Dice | None = None, manual: bool = False) -> None:
        super().__init__()
        self.script: list[int] = []
        #: rolls made while the game is being set up (before anyone acts) come from here
        self.setup = setup
        #: a person supplies the outcomes: records say "manual" so a loaded game asks again
        self.manual = manual

    def _next(self, sides: int, purpose: str) -> int:
        if self.setup is not None:
            return self.setup._next(sides, purpose)
        if not self.script:
            raise ChanceNeeded(sides, purpose)
        return self.script.pop(0)

    def spec(self) -> dict[str, Any]:
        """The dice as a record stores them: the rolls so far, replayed as scripted (or manual)."""
        # a finished explicit game replays as an inline game with the same rolls
        return {"kind": "manual" if self.manual else "scripted", "values": list(self.history)}


@notation("roll {value}", value=Int(digits=3))
@dataclass(frozen=True, slots=True)
class ChanceOutcome(Action):
    """The chance seat's action: die ``value`` (notation ``roll 4``)."""

    value: int


#: the chance seat's notation (a die entered by hand)
CHANCE_NOTATION = Notation(ChanceOutcome)


class ExplicitChanceGame(Game):
    """A ruleset's game with rolls as explicit chance decisions (wraps the inline game).

    Everything not listed here (renderer helpers, ruleset attributes) is read from ``inner``.
    """

    def __init__(self, inner: Game) -> None:
        if not isinstance(inner.dice, ChanceDice):
            raise DiceError("explicit chance needs a game built with ChanceDice")
        self.inner = inner
        self.ruleset = inner.ruleset  # type: ignore[misc]
        self.rules_version = inner.rules_version  # type: ignore[misc]
        super().__init__(inner.dice, inner.scenario, inner.options)
        self._waiting: PendingRoll | None = None

    @property
    def pending_roll(self) -> PendingRoll | None:
        """The player action waiting for its next roll, or ``None``."""
        return self._waiting

    def __getattr__(self, name: str) -> Any:
        # only called for attributes not found normally; guard against deepcopy's bare instance
        if name == "inner" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    # -- the protocol ------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """The wrapped game's seats (chance is not a seat of the record)."""
        return self.inner.seats

    @property
    def to_act(self) -> str | None:
        """``chance`` while a roll pends, else the wrapped game's seat to act."""
        return CHANCE if self._waiting is not None else self.inner.to_act

    @property
    def over(self) -> bool:
        """Over when no roll pends and the wrapped game is over."""
        return self._waiting is None and self.inner.over

    @property
    def result(self) -> Result | None:
        """The wrapped game's result, once no roll pends."""
        return None if self._waiting is not None else self.inner.result

    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """The outcomes of the pending roll with their probabilities (empty if none pends)."""
        if self._waiting is None:
            return []
        p = Fraction(1, self._waiting.sides)
        return [(ChanceOutcome(v), p) for v in range(1, self._waiting.sides + 1)]

    def legal_actions(self) -> list[Action]:
        """The outcomes of the pending roll, else the wrapped game's legal actions."""
        if self._waiting is not None:
            return [o for o, _ in self.chance_outcomes()]
        return self.inner.legal_actions()

    def parse_action(self, text: str) -> Action:
        """``roll N`` while a roll pends, else the wrapped game's notation."""
        if self._waiting is not None:
            try:
                return CHANCE_NOTATION.parse(text)
            except IllegalAction:
                raise IllegalAction(f"the game waits for a d{self._waiting.sides}: "
                                    "type 'roll N'") from None
        return self.inner.parse_action(text)

    def check(self, action: Action) -> None:
        """A pending roll takes only a die value in range; else the wrapped game's check."""
        if self._waiting is not None:
            if not isinstance(action, ChanceOutcome):
                raise IllegalAction(
                    f"the game waits for a d{self._waiting.sides} for {self._waiting.purpose}"
                )
            if not 1 <= action.value <= self._waiting.sides:
                raise IllegalAction(f"a d{self._waiting.sides} cannot show {action.value}")
        elif isinstance(action, ChanceOutcome):
            raise IllegalAction("no roll is pending")
        else:
            self.inner.check(action)

    def execute(self, action: Action) -> None:
        """Resume the pending action with one more known roll, or start a player's action."""
        if isinstance(action, ChanceOutcome):
            assert self._waiting is not None  # checked
            self._run(self._waiting.action, (*self._waiting.known, action.value))
        else:
            self._run(action, ())

    def _run(self, action: Action, known: tuple[int, ...]) -> None:
        dice = self.inner.dice
        assert isinstance(dice, ChanceDice)
        dice.script = list(known)
        seat = self.inner.to_act
        try:
            events = self.inner.apply(action)  # transactional: restored on ChanceNeeded
        except ChanceNeeded as need:
            self._waiting = PendingRoll(action, seat or "", known, need.sides, need.purpose)
            self.dice = self.inner.dice
            return
        self._waiting = None
        self.dice = self.inner.dice
        for ev in events:
            self.emit(ev.kind, ev.text, **ev.data)

    def apply(self, action: Action | str) -> list[Event]:
        """Checked like :meth:`Game.apply`; the inner game's own apply keeps it transactional."""
        if self.over:
            raise IllegalAction("the game is over")
        act = self.to_action(action)
        self.check(act)
        start = len(self.log)
        self.execute(act)
        self.actions = list(self.inner.actions)  # chance outcomes are not record actions
        return self.log[start:]

    def apply_choice(self, pick: Callable[[int], int]) -> list[Event]:
        """:meth:`apply` of the action :meth:`choose_legal` picks (a chance outcome or the
        wrapped game's action: this game's own checked step)."""
        return self.apply(self.choose_legal(pick))

    def state_dict(self) -> dict[str, Any]:
        """The wrapped game's state (a pending roll is not part of the game's state)."""
        return self.inner.state_dict()

    def view(self, seat: str | None) -> dict[str, Any]:
        """The wrapped game's view, with the pending die and its purpose."""
        v = self.inner.view(seat)
        if self._waiting is not None:
            w = self._waiting
            v = {**v, "chance": {"die": f"d{w.sides}", "purpose": w.purpose}}
        return v

    def notes(self) -> list[str]:
        """The wrapped game's notes (the rules it plays do not change with who rolls)."""
        return self.inner.notes()

    def record_options(self) -> dict[str, Any]:
        """The wrapped game's options."""
        return self.inner.record_options()

    def is_secret(self, action: Action) -> bool:
        """The wrapped game's secrecy; a die value is never secret."""
        return False if isinstance(action, ChanceOutcome) else self.inner.is_secret(action)

    def secret_step(self) -> Hashable | None:
        """The wrapped game's secret step (a pending die changes nothing of it)."""
        return self.inner.secret_step()

    def clone(self, reseed: int | None = None) -> Game:
        """A copy (``reseed`` is meaningless here: chance is supplied from outside)."""
        return copy.deepcopy(self)

    def digest(self) -> str:
        """The wrapped game's digest (the same game as the inline one)."""
        return self.inner.digest()


def explicit(game: Game) -> ExplicitChanceGame:
    """Wrap a fresh game (built with :class:`ChanceDice`) in explicit-chance mode."""
    return ExplicitChanceGame(game)


def load_explicit(
    info: Any, scenario: str | None, options: dict[str, Any], setup: Dice
) -> ExplicitChanceGame:
    """Build a ruleset's game in explicit-chance mode (``voidwar.load(..., chance="explicit")``).

    Rolls made while the factory sets the game up (before anyone acts) come inline from
    ``setup``; every roll after that is a chance decision.
    """
    from .dice import ManualDice, ScriptedDice

    manual = isinstance(setup, ManualDice) or (
        isinstance(setup, ScriptedDice) and isinstance(setup.then, ManualDice))
    dice = ChanceDice(setup=setup, manual=manual)
    game = info.factory(dice, scenario, options)
    dice.setup = None
    return ExplicitChanceGame(game)
