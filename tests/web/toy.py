"""Two tiny rulesets for the web tests (registered by the tests, never shipped).

``webtoy``: red and blue ships on a small hex map take turns: ``move R1 to 1,0`` (one hex),
``fire R1 at B1`` (range 2, d6 4+ destroys), ``pass``. Ends when a side has no ships or after
``limit`` actions (more ships wins).

``websecret``: each round red and blue each ``plot N`` (1..3) in secret; once both have
plotted the numbers are revealed and the higher scores a point. Three rounds. ``view`` hides the
other seat's plot until the reveal — the hidden-information case of the server tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from voidwar.core.dice import Dice
from voidwar.core.errors import IllegalAction, UnknownName
from voidwar.core.game import Action, Game, Result
from voidwar.core.hexgrid import Hex
from voidwar.core.registry import RulesetInfo, register


@dataclass(frozen=True)
class Move(Action):
    ship: str
    to: Hex

    def __str__(self) -> str:
        return f"move {self.ship} to {self.to}"


@dataclass(frozen=True)
class Fire(Action):
    ship: str
    target: str

    def __str__(self) -> str:
        return f"fire {self.ship} at {self.target}"


@dataclass(frozen=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


class ToyGame(Game):
    ruleset = "webtoy"
    RADIUS = 3

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any]) -> None:
        super().__init__(dice, scenario, options)
        self.limit = int(options.get("limit", 30))
        self.ships: dict[str, Hex] = {
            "R1": Hex(-2, 0), "R2": Hex(-2, 1), "B1": Hex(2, 0), "B2": Hex(2, -1),
        }
        self.turn = 0
        self.emit("setup", "four ships on the map")

    @property
    def seats(self) -> tuple[str, ...]:
        return ("red", "blue")

    def side(self, ship: str) -> str:
        return "red" if ship.startswith("R") else "blue"

    @property
    def to_act(self) -> str | None:
        return None if self.over else self.seats[self.turn % 2]

    @property
    def over(self) -> bool:
        sides = {self.side(s) for s in self.ships}
        return len(sides) < 2 or self.turn >= self.limit

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        n = {seat: sum(1 for s in self.ships if self.side(s) == seat) for seat in self.seats}
        winner = None if n["red"] == n["blue"] else max(n, key=lambda k: n[k])
        return Result("fleet-destroyed" if 0 in n.values() else "limit", dict(n), winner)

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        acts: list[Action] = []
        taken = set(self.ships.values())
        for ship, at in sorted(self.ships.items()):
            if self.side(ship) != seat:
                continue
            for n in at.neighbors():
                if n.length() <= self.RADIUS and n not in taken:
                    acts.append(Move(ship, n))
            for other, there in sorted(self.ships.items()):
                if self.side(other) != seat and at.distance(there) <= 2:
                    acts.append(Fire(ship, other))
        acts.append(Pass())
        return acts

    def parse_action(self, text: str) -> Action:
        t = text.strip()
        if t == "pass":
            return Pass()
        m = re.fullmatch(r"move (\w+) to (-?\d+,-?\d+)", t)
        if m:
            return Move(m.group(1), Hex.parse(m.group(2)))
        m = re.fullmatch(r"fire (\w+) at (\w+)", t)
        if m:
            return Fire(m.group(1), m.group(2))
        raise IllegalAction(f"not an action: {text!r} (try 'pass')")

    def check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal now", rule="Toy 1")

    def execute(self, action: Action) -> None:
        if isinstance(action, Move):
            self.ships[action.ship] = action.to
            self.emit("move", f"{action.ship} moves to {action.to}")
        elif isinstance(action, Fire) and self.roll(6, f"{action.ship} fires") >= 4:
            del self.ships[action.target]
            self.emit("hit", f"{action.target} destroyed")
        self.turn += 1

    def state_dict(self) -> dict[str, Any]:
        return {
            "board": {"shape": "hexagon", "radius": self.RADIUS},
            "turn": self.turn,
            "units": [
                {"id": s, "side": self.side(s), "hex": [h.q, h.r], "facing": 0}
                for s, h in sorted(self.ships.items())
            ],
        }


@dataclass(frozen=True)
class Plot(Action):
    n: int

    def __str__(self) -> str:
        return f"plot {self.n}"


class SecretGame(Game):
    ruleset = "websecret"
    has_hidden_information = True

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any]) -> None:
        super().__init__(dice, scenario, options)
        self.round = 1
        self.plots: dict[str, int] = {}
        self.revealed: list[dict[str, int]] = []
        self.score = {"red": 0, "blue": 0}

    @property
    def seats(self) -> tuple[str, ...]:
        return ("red", "blue")

    @property
    def to_act(self) -> str | None:
        if self.over:
            return None
        return "red" if "red" not in self.plots else "blue"

    @property
    def over(self) -> bool:
        return self.round > 3

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        s = self.score
        winner = None if s["red"] == s["blue"] else max(s, key=lambda k: s[k])
        return Result("rounds", dict(s), winner)

    def legal_actions(self) -> list[Action]:
        return [Plot(n) for n in (1, 2, 3)]

    def parse_action(self, text: str) -> Action:
        m = re.fullmatch(r"\s*plot ([0-9]+)\s*", text)
        if not m:
            raise IllegalAction(f"not an action: {text!r} (plot 1, 2 or 3)")
        return Plot(int(m.group(1)))

    def check(self, action: Action) -> None:
        if not isinstance(action, Plot) or action.n not in (1, 2, 3):
            raise IllegalAction("plot 1, 2 or 3", rule="Secret 1")

    def execute(self, action: Action) -> None:
        assert isinstance(action, Plot)
        seat = self.to_act
        assert seat is not None
        self.plots[seat] = action.n
        self.emit("plot", f"{seat} plots {action.n}")
        if len(self.plots) == 2:
            self.revealed.append(dict(self.plots))
            r, b = self.plots["red"], self.plots["blue"]
            self.emit("reveal", f"round {self.round}: red {r}, blue {b}", public=True)
            if r != b:
                self.score["red" if r > b else "blue"] += 1
            self.plots = {}
            self.round += 1

    def state_dict(self) -> dict[str, Any]:
        return {"round": self.round, "plots": dict(self.plots), "revealed": self.revealed,
                "score": dict(self.score)}

    def view(self, seat: str | None) -> dict[str, Any]:
        d = self.state_dict()
        d["plots"] = {s: (n if s == seat else "hidden") for s, n in self.plots.items()}
        return d

    def secret_step(self) -> tuple[str, int] | None:
        """Each round's plots are one secret step, revealed when the round ends."""
        return None if self.over else ("plot", self.round)


def _factory(cls: type[Game], options_ok: set[str]) -> Any:
    def make(dice: Dice, scenario: str | None, options: dict[str, Any]) -> Game:
        if scenario not in (None, "standard"):
            raise UnknownName(f"unknown scenario {scenario!r} (known: standard)")
        bad = set(options) - options_ok
        if bad:
            raise UnknownName(f"unknown option {', '.join(sorted(bad))}")
        return cls(dice, scenario or "standard", options)

    return make


def register_toys() -> None:
    register(RulesetInfo(
        name="webtoy", title="Web toy", game_class=ToyGame,
        factory=_factory(ToyGame, {"limit"}), scenarios=lambda: {"standard": "four ships"},
        option_help={"limit": "actions before the game ends"},
    ))
    register(RulesetInfo(
        name="websecret", title="Web secret", game_class=SecretGame,
        factory=_factory(SecretGame, set()), scenarios=lambda: {"standard": "three rounds"},
    ))
