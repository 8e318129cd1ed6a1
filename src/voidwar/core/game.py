"""The Game protocol (DESIGN.md): the one interface every front end, bot and record uses.

A ruleset subclasses :class:`Game` and supplies the rules: ``seats``, ``to_act``,
``legal_actions``, ``parse_action``, ``check`` (validate without changing anything), ``execute``
(change the state), ``over``, ``result``, ``state_dict`` and ``view``. The base class supplies the
checked entry point :meth:`Game.apply` — parse, check, execute — the roll log, cloning and
records. An action value of a kind the ruleset's notation declares needs no reading back: every
declared kind refuses, when it is made, a field of another type than it declares
(:mod:`.strict`).
"""

from __future__ import annotations

import copy
import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from .bounds import MAX_ACTION_TEXT, MAX_ACTIONS
from .canonical import canonical_json as canonical_json
from .dice import Dice, SeededDice
from .errors import DiceError, IllegalAction
from .native import mypyc_attr
from .notation import Action as Action
from .notation import Notation, NotationError, written
from .record_format import make_record

if TYPE_CHECKING:
    from .pending import PendingRoll


class Event:
    """Something that happened: a roll, a move, a hit. ``text`` is for people, ``data`` for code.

    A value (``Event(kind, text, data)``; equal when kind, text and data are), read-only the
    way :class:`fractions.Fraction` is: its fields are properties over private slots, so
    ``event.kind = ...`` is refused (``AttributeError``), and the constructor is four plain
    stores (a refusing ``__setattr__`` would make it store through ``object.__setattr__``, some
    5,000 instructions an event more, interpreted). An event made with ``args``
    (:meth:`formatted`, :func:`log_event`) keeps a template and its values and formats
    ``text`` when it is first read: most events of a simulated game are never read. Compiled,
    a native class."""

    __slots__ = ("_args", "_data", "_kind", "_text")
    __match_args__: ClassVar[tuple[str, ...]] = ("kind", "text", "data")
    _kind: str
    _data: dict[str, Any]
    _text: str
    _args: tuple[Any, ...] | None

    def __init__(self, kind: str, text: str, data: dict[str, Any] | None = None,
                 args: tuple[Any, ...] | None = None) -> None:
        self._kind = kind
        self._text = text
        self._data = {} if data is None else data
        self._args = args

    @classmethod
    def formatted(cls, kind: str, template: str, args: tuple[Any, ...],
                  data: dict[str, Any]) -> Event:
        """The event whose text is ``template.format(*args)``, formatted when read (``args``
        must be immutable values: ints, strings, hexes)."""
        return cls(kind, template, data, args)

    @property
    def kind(self) -> str:
        """What happened, as a short code (``roll``, ``move``, ``hit``)."""
        return self._kind

    @property
    def data(self) -> dict[str, Any]:
        """What happened, for code (JSON-ready)."""
        return self._data

    @property
    def text(self) -> str:
        """The event for people (formatted on first reading)."""
        args = self._args
        if args is None:
            return self._text
        text = self._text = self._text.format(*args)
        self._args = None
        return text

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready data (logs, the web page)."""
        return {"kind": self._kind, "text": self.text,
                **({"data": self._data} if self._data else {})}

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Event(kind={self._kind!r}, text={self.text!r}, data={self._data!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return (self._kind, self.text, self._data) == (other._kind, other.text, other._data)

    def __hash__(self) -> int:
        return hash((self._kind, self.text, self._data))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self._kind, self.text, self._data))


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``outcome`` is a short code (``"antilles-destroyed"``), ``scores`` the points per seat,
    ``winner`` the winning seat (``None`` for a draw or a solitaire game), ``level`` the victory
    level where the rules have one, ``details`` anything else worth reporting.
    """

    outcome: str
    scores: dict[str, float]
    winner: str | None = None
    level: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {
            "outcome": self.outcome,
            "scores": dict(self.scores),
            "winner": self.winner,
            "level": self.level,
            "details": dict(self.details),
        }


#: the usual dice' names (``d20``): built at import, never written (core/memo.py)
_DIE: Final = {n: f"d{n}" for n in (2, 3, 4, 6, 8, 10, 12, 20, 100)}


def log_event(game: Game, kind: str, text: str, args: tuple[Any, ...] | None,
              data: dict[str, Any]) -> None:
    """Log one event of ``game`` (``text`` a template of ``args`` when they are given) and
    return it from the running :meth:`Game.apply`. :meth:`Game.emit` and
    :meth:`Game.emit_format` come here; a ruleset's hot path may call it directly (no keyword
    arguments packed, no method looked up)."""
    game.log.append(Event(kind, text, data, args))


def roll(game: Game, sides: int, purpose: str) -> int:
    """:meth:`Game.roll` as a function (a ruleset's hot path calls it directly: no method
    looked up): roll a die through the dice seam and log it as an event (the text of its
    :class:`~.dice.Roll`, ``d20=17 for Paladin Attacks``)."""
    value = game.dice.roll_value(sides, purpose)
    die = _DIE.get(sides) or f"d{sides}"
    log_event(game, "roll", "{}={} for {}", (die, value, purpose),
              {"die": die, "value": value, "purpose": purpose})
    return value


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class Game(ABC):
    """A game in progress. Subclasses implement the rules; see the module docstring."""

    #: registry name of the ruleset (``"antilles"``); empty for a game outside the registry
    ruleset: ClassVar[str] = ""
    #: bumped whenever a rules change would make old records replay differently
    rules_version: ClassVar[int] = 1
    #: the ruleset's action kinds (:mod:`.notation`): their text, parser and structured form
    notation: ClassVar[Notation | None] = None
    #: False where ``legal_actions()`` is a finite choice out of infinitely many legal actions
    #: (a miniature may stop at any point within its move): ``check`` then accepts more
    lists_every_action: ClassVar[bool] = True
    #: True where seats give simultaneous secret orders (:meth:`is_secret`): search selects for
    #: each seat without seeing the others' choices, and views hide them until the reveal
    has_secret_orders: ClassVar[bool] = False
    #: True where ``view(seat)`` hides something from some seat (secret orders, or anything
    #: else): front ends then filter the log per seat
    has_hidden_information: ClassVar[bool] = False
    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any]) -> None:
        self.dice = dice
        self.scenario = scenario
        self.options = dict(options)
        self.actions: list[str] = []
        self.log: list[Event] = []

    # -- what a ruleset provides -------------------------------------------------------------
    @property
    @abstractmethod
    def seats(self) -> tuple[str, ...]:
        """The seat names, in turn order (``("commander",)``, ``("red", "blue")``)."""

    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """The seat that must act now, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action now, in the ruleset's fixed order (a finite choice where
        :attr:`lists_every_action` is False)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Notation → action; raises :class:`IllegalAction` for text that is not an action."""

    def choose_legal(self, pick: Callable[[int], int]) -> Action:
        """``legal_actions()[pick(n)]`` where ``n`` is the number of legal actions: one legal
        action chosen by index. A ruleset with many legal actions overrides this to count them
        and build only the one picked (a random policy then builds one action, not ~1,100);
        the choice must be exactly the list's (the conformance test checks it)."""
        actions = self.legal_actions()
        return actions[pick(len(actions))]

    def action_from_dict(self, data: Any) -> Action:
        """A structured action (``{"kind": "move", "actor": "P3", "hex": [2, -1]}``) → action;
        raises :class:`IllegalAction` naming the field for anything else."""
        if type(self).notation is None:
            raise NotationError(f"{self.ruleset}: no structured form of actions")
        return type(self).notation.from_dict(data)  # type: ignore[union-attr]

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) if ``action`` is illegal now."""

    @abstractmethod
    def execute(self, action: Action) -> None:
        """Carry out a checked action (and every automatic step that follows it)."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """True once the game has ended."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def state_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (used for digests, golden files and views)."""

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator). Rulesets with hidden orders override."""
        return self.state_dict()

    def notes(self) -> list[str]:
        """What a player must be told about the rules this game plays: a named variant, a table
        that is our reconstruction where the text has none. Every screen shows these (terminal,
        web page, reports); empty when the game plays the text as printed."""
        return []

    def record_options(self) -> dict[str, Any]:
        """Options as a record stores them (JSON-ready, enough to rebuild the game anywhere)."""
        return dict(self.options)

    # -- optional hooks for search (voidwar.ai.mcts; docs/ai.md) ----------------------------------
    def is_secret(self, action: Action) -> bool:
        """True when ``action`` stays hidden from the other seats until a later reveal
        (simultaneous secret orders). Search then selects for each seat without seeing the
        others' secret choices (decoupled selection)."""
        return False

    def secret_step(self) -> Hashable | None:
        """The secret step under way (a value naming it: the turn, the phase), or ``None``.

        While the step is the same, what each seat does in it stays hidden from the others —
        its orders, and even whether it gave any — and all of it is revealed when the step
        ends. It must be a function of what every seat sees (the phase, the turn, who is to
        act; never the orders themselves), so that the moment of a reveal tells no one
        anything: front ends reveal other seats' actions only then (web/live.py). A ruleset
        whose views hide something but that does not say when (this default) keeps every
        other seat's actions hidden until the game is over."""
        return "the game" if type(self).has_hidden_information else None

    def determinize(self, seat: str, seed: int) -> Game:
        """A copy consistent with what ``seat`` may see (``view(seat)``), with fresh dice.

        Rulesets whose state holds information hidden from ``seat`` other than secret orders
        (which the search resamples itself) override this to resample that information."""
        return self.clone(reseed=seed)

    def search_period(self) -> int | None:
        """A counter that rises as play advances (turn, round, segment), or ``None``.
        ``MCTSPolicy(horizon_periods=N)`` ends a rollout N periods after the decision."""
        return None

    # -- optional hooks for front ends ---------------------------------------------------------
    @property
    def pending_roll(self) -> PendingRoll | None:
        """The player action waiting for a die a person rolls (explicit chance, manual dice),
        or ``None``. Only :class:`~voidwar.core.chance.ExplicitChanceGame` has one."""
        return None

    # -- provided -----------------------------------------------------------------------------
    def roll(self, sides: int, purpose: str) -> int:
        """Roll a die through the dice seam and log it as an event (:func:`roll`)."""
        return roll(self, sides, purpose)

    def emit(self, kind: str, text: str, **data: Any) -> None:
        """Log an event (and return it from the running :meth:`apply`)."""
        log_event(self, kind, text, None, data)

    def emit_format(self, kind: str, template: str, *args: Any, **data: Any) -> None:
        """:meth:`emit` of the text ``template.format(*args)``, formatted only when read
        (:meth:`Event.formatted`; ``args`` immutable values)."""
        log_event(self, kind, template, args, data)

    def to_action(self, action: Action | str) -> Action:
        """Notation text → action; an action value passes only when the ruleset could have
        made it (a kind its notation declares: strict by construction, core/strict.py);
        anything else is refused."""
        return self._read(action)[0]

    def apply(self, action: Action | str) -> list[Event]:
        """The one checked entry point: apply a legal action and return what happened.

        Parse (:meth:`_read`), check (:meth:`check`), execute (:meth:`execute`). An illegal or
        malformed action raises :class:`IllegalAction` and changes nothing; so does a die
        result that cannot be used (:class:`DiceError`, e.g. a script that ran out).
        """
        if self.over:
            raise IllegalAction("the game is over")
        act, text = self._read(action)
        self.check(act)
        return self._carry_out(act, text)

    def apply_choice(self, pick: Callable[[int], int]) -> list[Event]:
        """``apply(choose_legal(pick))`` in one step: the action the rules list at this very
        state, in this very call, so :meth:`check` is not asked again of it (the conformance
        test checks that every listed action passes ``check``). A random policy's games play
        this way."""
        if self.over:
            raise IllegalAction("the game is over")
        act = self.choose_legal(pick)
        if type(self).notation is None:  # a game without a notation: its actions' own text
            return self._carry_out(act, str(act))
        text = act.text
        return self._carry_out(act, text if text is not None else written(act))

    def _carry_out(self, act: Action, text: str) -> list[Event]:
        """:meth:`execute` a legal action and record its text; the events it logged."""
        if len(self.actions) >= MAX_ACTIONS or len(text) > MAX_ACTION_TEXT:
            raise IllegalAction(self._unrecordable(text))
        backup = self._snapshot() if self.dice.can_fail else None
        start = len(self.log)  # the events from here on are this action's
        try:
            self.execute(act)
        except (DiceError, KeyboardInterrupt, EOFError):
            if backup is not None:
                self.__dict__.clear()
                self.__dict__.update(backup)
            raise
        self.actions.append(text)
        return self.log[start:]

    def _read(self, action: Action | str) -> tuple[Action, str]:
        """The action ``action`` stands for, and its notation text: text is parsed; a value of
        a kind the ruleset's notation declares is taken as it is (its constructor refused a
        field of another type) with its text (:func:`.notation.written`: refused where a field
        would read back as another value); any other value passes only when its whole text reads
        back as it (a game without a notation)."""
        if isinstance(action, str):
            try:
                act = self.parse_action(action)
            except (ValueError, TypeError, OverflowError, RecursionError):
                raise IllegalAction(f"cannot read {action[:80]!r} as an action") from None
            return act, str(act)
        notation = type(self).notation
        if notation is not None and type(action) in notation.kinds:
            text = action.text
            return action, text if text is not None else written(action)
        if notation is None and isinstance(action, Action):
            text = str(action)
            try:
                read = self.parse_action(text)
            except (IllegalAction, ValueError, TypeError, OverflowError, RecursionError):
                read = None
            if type(read) is type(action) and read == action:
                return action, text
        raise IllegalAction(f"not an action of {self.ruleset or 'this game'}: "
                            f"{action!r:.120}")

    def _unrecordable(self, text: str) -> str:
        """Why an action would make a game its record cannot hold (:mod:`.bounds`)."""
        if len(text) > MAX_ACTION_TEXT:
            return f"an action's text is at most {MAX_ACTION_TEXT} characters (a record's bound)"
        return f"a game holds at most {MAX_ACTIONS} actions (a record's bound)"

    def _snapshot(self) -> dict[str, Any]:
        return copy.deepcopy(self.__dict__)

    def clone(self, reseed: int | None = None) -> Game:
        """An independent copy. ``reseed`` gives it fresh dice (so a search never sees the real
        future rolls); without it the copy rolls exactly what the original would."""
        new = copy.deepcopy(self)
        if reseed is not None:
            new.dice = SeededDice(reseed)
        return new

    def digest(self) -> str:
        """A fingerprint of the whole state (records use it to detect tampering)."""
        return hashlib.sha256(canonical_json(self.state_dict()).encode()).hexdigest()[:32]

    def record(self) -> dict[str, Any]:
        """The game as a record (JSON-ready): ruleset, versions, options, dice, actions."""
        return make_record(self)

    def legal_notations(self) -> list[str]:
        """The legal actions' notation texts."""
        return [str(a) for a in self.legal_actions()]

    def apply_all(self, actions: Sequence[Action | str]) -> None:
        """Apply each action in turn (each checked)."""
        for a in actions:
            self.apply(a)
