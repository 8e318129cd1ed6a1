"""Tiny games for testing search and interop without a real ruleset.

* ``toy-pig`` — two-seat Pig (first to 15): ``roll`` a d6 (a 1 loses the turn's points) or
  ``hold``. Chance sits in the middle of an action, like a real ruleset's combat roll.
* ``toy-rps`` — three rounds of rock-paper-scissors with secret orders: ``a`` orders, then
  ``b``; ``a``'s order is hidden from ``b`` (``view``) until ``b`` has ordered (the reveal).
* ``toy-push`` — solitaire push-your-luck: five turns; ``roll`` adds a d6 to the pot (a 1 empties
  it and ends the turn), ``bank`` scores the pot. Score range 0..60.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from voidwar.core.dice import Dice
from voidwar.core.errors import IllegalAction, UnknownName
from voidwar.core.game import Action, Game, Result
from voidwar.core.registry import RulesetInfo, register
from voidwar.core.search import SearchHooks


@dataclass(frozen=True, slots=True)
class Word(Action):
    word: str

    def __str__(self) -> str:
        return self.word


class _Base(Game):
    WORDS: tuple[str, ...] = ()

    def parse_action(self, text: str) -> Action:
        t = text.strip().lower()
        if t not in self.WORDS:
            raise IllegalAction(f"not an action: {text!r}")
        return Word(t)

    def check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal now")


class Pig(_Base):
    ruleset = "toy-pig"
    WORDS = ("roll", "hold")
    TARGET = 15

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any]) -> None:
        super().__init__(dice, scenario, options)
        self.score = {"red": 0, "blue": 0}
        self.turn_total = 0
        self.player = "red"

    @property
    def seats(self) -> tuple[str, ...]:
        return ("red", "blue")

    @property
    def over(self) -> bool:
        return max(self.score.values()) >= self.TARGET

    @property
    def to_act(self) -> str | None:
        return None if self.over else self.player

    def legal_actions(self) -> list[Action]:
        return [] if self.over else [Word("roll"), Word("hold")]

    def _pass(self) -> None:
        self.turn_total = 0
        self.player = "blue" if self.player == "red" else "red"

    def execute(self, action: Action) -> None:
        assert isinstance(action, Word)
        if action.word == "roll":
            v = self.roll(6, f"{self.player} rolls")
            if v == 1:
                self._pass()
            else:
                self.turn_total += v
                if self.score[self.player] + self.turn_total >= self.TARGET:
                    self.score[self.player] += self.turn_total
        else:
            self.score[self.player] += self.turn_total
            self._pass()

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        win = max(self.score, key=lambda s: self.score[s])
        return Result("target", {k: float(v) for k, v in self.score.items()}, winner=win)

    def state_dict(self) -> dict[str, Any]:
        return {"score": dict(self.score), "turn_total": self.turn_total, "player": self.player}


class RPS(_Base):
    ruleset = "toy-rps"
    has_secret_orders = True
    has_hidden_information = True
    WORDS = ("rock", "paper", "scissors")
    BEATS: ClassVar[dict[str, str]] = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
    ROUNDS = 3

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any]) -> None:
        super().__init__(dice, scenario, options)
        self.points = {"a": 0, "b": 0}
        self.round = 1
        self.order: str | None = None  # a's secret order this round

    @property
    def seats(self) -> tuple[str, ...]:
        return ("a", "b")

    @property
    def over(self) -> bool:
        return self.round > self.ROUNDS

    @property
    def to_act(self) -> str | None:
        if self.over:
            return None
        return "a" if self.order is None else "b"

    def legal_actions(self) -> list[Action]:
        return [] if self.over else [Word(w) for w in self.WORDS]

    def is_secret(self, action: Action) -> bool:
        return True  # every order is secret until both are in

    def execute(self, action: Action) -> None:
        assert isinstance(action, Word)
        if self.order is None:
            self.order = action.word
            return
        a, b = self.order, action.word
        self.emit("reveal", f"a: {a}, b: {b}")
        if self.BEATS[a] == b:
            self.points["a"] += 1
        elif self.BEATS[b] == a:
            self.points["b"] += 1
        self.order = None
        self.round += 1

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        pa, pb = self.points["a"], self.points["b"]
        win = "a" if pa > pb else "b" if pb > pa else None
        return Result("rounds", {k: float(v) for k, v in self.points.items()}, winner=win)

    def state_dict(self) -> dict[str, Any]:
        return {"points": dict(self.points), "round": self.round, "order": self.order}

    def view(self, seat: str | None) -> dict[str, Any]:
        d = self.state_dict()
        if seat != "a" and self.order is not None:
            d["order"] = "hidden"
        return d


class Push(_Base):
    ruleset = "toy-push"
    WORDS = ("roll", "bank")
    TURNS = 5
    score_range = (0, 60)

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any]) -> None:
        super().__init__(dice, scenario, options)
        self.turn = 1
        self.pot = 0
        self.score = 0

    @property
    def seats(self) -> tuple[str, ...]:
        return ("solo",)

    @property
    def over(self) -> bool:
        return self.turn > self.TURNS

    @property
    def to_act(self) -> str | None:
        return None if self.over else "solo"

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return [Word("roll"), Word("bank")] if self.pot else [Word("roll")]

    def execute(self, action: Action) -> None:
        assert isinstance(action, Word)
        if action.word == "roll":
            v = self.roll(6, f"turn {self.turn}")
            if v == 1:
                self.pot = 0
                self.turn += 1
            else:
                self.pot += v
        else:
            self.score += self.pot
            self.pot = 0
            self.turn += 1

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        return Result("done", {"solo": float(self.score)}, details={"score": self.score})

    def state_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "pot": self.pot, "score": self.score}


def _factory(cls: type[Game]) -> Any:
    def make(dice: Dice, scenario: str | None, options: dict[str, Any]) -> Game:
        if scenario not in (None, "standard"):
            raise UnknownName(f"unknown scenario {scenario!r}")
        if options:
            raise UnknownName(f"unknown options {sorted(options)}")
        return cls(dice, scenario, options)

    return make


TOY_NAMES = ("toy-pig", "toy-rps", "toy-push")


class ToySearch(SearchHooks):
    """The toys keep their search hints on the game class (``score_range``,
    ``toy_candidates``): test-only hooks that read them."""

    def score_range(self, game: Game) -> tuple[float, float] | None:
        rng = getattr(game, "score_range", None)
        return None if rng is None else (float(rng[0]), float(rng[1]))

    def candidates(self, game: Game, legal: list[Action]) -> list[Action]:
        hint = getattr(game, "toy_candidates", None)
        return [] if hint is None else list(hint(legal))


def register_toys() -> None:
    for cls, title in ((Pig, "Pig"), (RPS, "Rock-paper-scissors"), (Push, "Push your luck")):
        register(
            RulesetInfo(
                name=cls.ruleset,
                title=title,
                game_class=cls,
                factory=_factory(cls),
                scenarios=lambda: {"standard": "the only one"},
                search=ToySearch(),
            )
        )
