"""Astral Dreams: the game — the round (initiative, alternating turns), legality, and the end.

The rules are split at their seams: :mod:`.deployment` (setup, options, placing the armies),
:mod:`.movement` (The Round 2a), :mod:`.attacks` (2b, 2c), :mod:`.state` (the miniatures and the
questions every rule asks). Legality is one place: each action's reason function says why it is
illegal (or ``None``); :meth:`AstralDreams.check` raises it and
:meth:`AstralDreams.legal_actions` is the candidates it lets through.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar

from ...core.dice import Dice, SeededDice
from ...core.errors import IllegalAction
from ...core.game import Action, Game, Result, log_event
from ...core.native import mypyc_attr
from ...core.notation import Notation
from ...core.tabletop import Point, fmt
from .actions import NOTATION, Attack, AttackKind, End, Move, end, parse
from .attacks import attack_candidates, attack_options, attack_reason, strike
from .data import SIDES, Army
from .deployment import OPTIONS, deploy, read_setup
from .movement import (
    move_candidates,
    move_reason,
    path_reason,
    reach,
    ready_actions,
    ready_choice,
)
from .notes import notes as game_notes
from .state import (
    PREFIX,
    R_INIT,
    R_MELEE,
    R_MOVE,
    R_RANGE,
    R_ROUND,
    R_TURN,
    R_TWO,
    Battle,
    Outcome,
    Setup,
    Unit,
    other,
)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class AstralDreams(Game, Battle):
    """A game of Astral Dreams: two sides alternate turns, one miniature at a time (The Round)."""

    ruleset = "astral-dreams"
    #: 2: hills have a slope (up, down, across: :mod:`.terrain`); the ruins' hill is one
    rules_version = 2
    notation: ClassVar[Notation | None] = NOTATION
    #: a move may end at any point within reach: legal_actions offers a choice of them
    lists_every_action: ClassVar[bool] = False

    def __init__(
        self, dice: Dice, scenario: str, options: dict[str, Any], setup: Setup,
        armies: dict[str, Army],
    ) -> None:
        super().__init__(dice, scenario, options)
        self.setup = setup
        self.armies = armies
        self.units: dict[str, Unit] = {}
        self.fallen: list[str] = []
        self.round = 0
        self.first = "scouts"
        self.turn = "scouts"
        self.current: str | None = None  # the unit mid-activation
        self.moved = False
        self.attack_kind: AttackKind | None = None
        self.attacks_left = 0
        self._result: Result | None = None
        for side in SIDES:
            deploy(setup, side, armies[side], self.units)
        self._start_round()

    # -- queries ---------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """The two sides, Scouts first."""
        return SIDES

    @property
    def to_act(self) -> str | None:
        """The side whose turn it is (``None`` once the game is over)."""
        return None if self._result is not None else self.turn

    def search_period(self) -> int:
        """Search horizons count rounds."""
        return self.round

    @property
    def over(self) -> bool:
        """True once a side is wiped out or the round limit is reached."""
        return self._result is not None

    @property
    def result(self) -> Result | None:
        """How the game ended (``None`` while it goes on)."""
        return self._result

    def notes(self) -> list[str]:
        """What the player must be told: the values that are our reading (:mod:`.notes`)."""
        return game_notes(self)

    def attack_options(self, u: Unit, kind: AttackKind | str | None = None) -> list[Attack]:
        """The single-target attacks ``u`` can make from where it stands (The Round 2b, 2c)."""
        return attack_options(self, u, None if kind is None else AttackKind(kind))

    def move_candidates(self, u: Unit) -> list[Point]:
        """The useful destinations ``u``'s movement allows (:func:`.movement.move_candidates`)."""
        return move_candidates(self, u)

    def reach(self, u: Unit, target: Point, want: float) -> Point | None:
        """The farthest point toward ``target`` the speed pays for (:func:`.movement.reach`)."""
        return reach(self, u, target, want)

    def check_path(self, u: Unit, path: list[Point]) -> None:
        """Raise :class:`IllegalAction` unless ``u`` may move along ``path`` (The Round 2a)."""
        why = path_reason(self, u, path)
        if why is not None:
            raise why

    # -- legality --------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Notation → action (:mod:`.actions`)."""
        return parse(text)

    def reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now, naming the rule; ``None`` when it is legal."""
        if self._result is not None:
            return IllegalAction("the game is over")
        if isinstance(action, Move):
            return move_reason(self, action)
        if isinstance(action, Attack):
            return attack_reason(self, action)
        if isinstance(action, End):
            return self.turn_reason(action.unit)[1]
        return IllegalAction(f"not an Astral Dreams action: {action!r}")

    def check(self, action: Action) -> None:
        """Raise the reason ``action`` is illegal now, if any (:meth:`reason`)."""
        why = self.reason(action)
        if why is not None:
            raise why

    def legal_actions(self) -> list[Action]:
        """The actions the rules allow now, unit by unit: a ready unit's single-target attacks
        and its moves (:func:`.movement.ready_actions`: the destinations :mod:`.destinations`
        offers) and its ``end`` (always legal: its reason is
        :meth:`turn_reason`); a unit mid-turn's attacks and ``end``."""
        if self._result is not None:
            return []
        if self.current is not None:
            return self._acting_legal()
        out: list[Action] = []
        for u in self.ready(self.turn):
            # a ready unit's single-target attacks pass attack_reason exactly when the target
            # is in contact (melee) or in range and sight (shoot): attack_options
            attacks, moves = ready_actions(self, u)
            out.extend(attacks)
            out.extend(moves)
            out.append(end(u.id))
        return out

    def _acting_legal(self) -> list[Action]:
        """:meth:`legal_actions` of the unit mid-turn: the attacks ``attack_reason`` allows
        (single targets of the turn's kind, while an attack is left:
        :func:`.attacks.attack_options`) and its ``end``; where the turn is not the unit's to
        take, its attacks and ``end`` filtered by :meth:`reason` (then nothing is legal)."""
        u = self.units.get(self.current or "")
        if u is None:
            return []
        if self.turn_reason(u.id)[1] is not None:
            return [a for a in [*attack_candidates(self, u), end(u.id)]
                    if self.reason(a) is None]
        going = self.attack_kind is not None
        if (self.attacks_left if going else u.profile.attacks) < 1:
            return [end(u.id)]
        return [*attack_options(self, u, self.attack_kind), end(u.id)]

    def choose_legal(self, pick: Callable[[int], int]) -> Action:
        """``legal_actions()[pick(n)]``, each unit's block counted (its attacks, its move
        points, its ``end``) and only the action picked built as a move."""
        if self._result is not None:
            return super().choose_legal(pick)
        if self.current is not None:
            legal = self._acting_legal()
            return legal[pick(len(legal))]
        blocks: list[tuple[Unit, list[Attack], int, Callable[[int], Move]]] = []
        n = 0
        for u in self.ready(self.turn):
            attacks, count, move = ready_choice(self, u)
            blocks.append((u, attacks, count, move))
            n += len(attacks) + count + 1
        i = pick(n)
        for u, attacks, count, move in blocks:
            if i < len(attacks):
                return attacks[i]
            i -= len(attacks)
            if i < count:
                return move(i)
            i -= count
            if i == 0:
                return end(u.id)
            i -= 1
        raise IndexError(f"pick {i} of {n} legal actions")

    # -- carrying out ----------------------------------------------------------------------
    def execute(self, action: Action) -> None:
        """Carry out a checked move, attack or end of turn, and what follows automatically."""
        if isinstance(action, Move):
            self._move(action)
        elif isinstance(action, Attack):
            self._attack(action)
        elif isinstance(action, End):
            u = self.units[action.unit]
            log_event(self, "end", "{} ends its turn", (u.id,), {})
            self._finish(u)

    def _move(self, action: Move) -> None:
        """Move (The Round 2a); with no target left in reach the turn ends."""
        u = self.units[action.unit]
        self.current, self.moved = u.id, True
        frm, to = u.pos, action.to
        table = self.setup.table
        if action.via or not table.flat:
            cost = table.path_cost(action.path_from(frm))
        else:
            cost = frm.dist(to)  # path_cost of one leg where nothing slows movement
        log_event(self, "move", _MOVED, (u.id, frm, to, cost, u.profile.speed),
                  {"unit": u.id, "frm": str(frm), "to": str(to)})
        u.pos = to
        if not attack_options(self, u):
            log_event(self, "note", _NO_TARGET, (u.id,), {})
            self._finish(u)

    def _attack(self, action: Attack) -> None:
        """Attack each target in turn (a removed target's attack is lost); the turn ends when
        no attack is left or no target of that kind remains (Two Attacks per Round)."""
        u = self.units[action.unit]
        if self.current != u.id or self.attack_kind is None:
            self.current, self.attack_kind, self.attacks_left = u.id, action.kind, (
                u.profile.attacks
            )
        for t in action.targets:
            self.attacks_left -= 1
            if t not in self.units:
                self.emit("note", f"{u.id}'s attack is lost: {t} was already removed")
                continue
            if strike(self, u, self.units[t], action.kind, self.roll, self.emit):
                self._check_victory()
            if self._result is not None:
                return
        if self.attacks_left <= 0 or not self.attack_options(u, self.attack_kind):
            self._finish(u)

    # -- the round and the end -------------------------------------------------------------
    def _check_victory(self) -> None:
        """Objective: destroy all of the opposing side's units."""
        for side in SIDES:
            if not self.side_units(side):
                win = other(side)
                outcome = Outcome.SCOUTS_WIN if win == "scouts" else Outcome.ROBOTS_WIN
                self._end(outcome, win, f"the {side} have no units left")
                return

    def _end(self, outcome: Outcome, winner: str | None, why: str) -> None:
        self.current, self.attack_kind, self.attacks_left, self.moved = None, None, 0, False
        self.emit("over", f"game over: {why}", winner=winner)
        self._result = Result(
            outcome=outcome,
            scores={s: float(self.surviving_points(s)) for s in SIDES},
            winner=winner,
            details={
                "rounds": self.round,
                "scouts_left": len(self.side_units("scouts")),
                "robots_left": len(self.side_units("robots")),
                "scouts_points_left": self.surviving_points("scouts"),
                "robots_points_left": self.surviving_points("robots"),
            },
        )

    def _finish(self, u: Unit) -> None:
        """End ``u``'s turn; the other player goes next, unless they are out of miniatures
        (The Round 3; one side out: the other finishes, our reading); then a new round."""
        u.done = True
        self.current, self.attack_kind, self.attacks_left, self.moved = None, None, 0, False
        if self.ready(other(self.turn)):
            self.turn = other(self.turn)
        elif not self.ready(self.turn):
            self._start_round()

    def _start_round(self) -> None:
        """The Round 1: each player rolls 1d20, the highest goes first; ties are re-rolled.
        At the round limit (our reading) more surviving points wins."""
        lim = self.setup.round_limit
        if lim and self.round >= lim:
            a, b = self.surviving_points("scouts"), self.surviving_points("robots")
            win = "scouts" if a > b else "robots" if b > a else None
            self._end(
                Outcome.ROUND_LIMIT if win else Outcome.DRAW, win,
                f"round limit {lim}: surviving points scouts {a}, robots {b}",
            )
            return
        self.round += 1
        for u in self.units.values():
            u.done = False
        self.emit("round", f"round {self.round}", round=self.round)
        while True:
            a = self.roll(20, "initiative, scouts")
            b = self.roll(20, "initiative, robots")
            if a != b:
                break
            self.emit("note", f"initiative tied at {a}: roll again")
        self.first = self.turn = "scouts" if a > b else "robots"
        self.emit("initiative", f"the {self.first} have initiative ({a} vs {b})",
                  first=self.first)

    # -- copies ----------------------------------------------------------------------------
    def clone(self, reseed: int | None = None) -> AstralDreams:
        """An independent copy (:meth:`Game.clone`), written out: the miniatures and lists
        copied, the fixed setup, the armies, the events and the result (values nobody
        changes) shared; any other attribute deep-copied."""
        new = object.__new__(type(self))
        d = new.__dict__
        for k, v in self.__dict__.items():
            if k in _SHARED:
                d[k] = v
            elif k in _LISTS:
                d[k] = list(v)
            elif k == "units":
                d[k] = {uid: u.copy() for uid, u in v.items()}
            elif k == "dice":
                d[k] = SeededDice(reseed) if reseed is not None else v.clone()
            else:
                d[k] = copy.deepcopy(v)
        return new

    # -- state -----------------------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data."""
        s = self.setup
        return {
            "scenario": self.scenario,
            "round": self.round,
            "initiative": self.first,
            "turn": self.turn,
            "current": self.current,
            "attack_kind": self.attack_kind,
            "attacks_left": self.attacks_left,
            "units": [u.to_dict() for u in self.units.values()],
            "fallen": list(self.fallen),
            "table": {"width": fmt(s.table.width), "height": fmt(s.table.height)},
            "result": self._result.to_dict() if self._result else None,
        }

    def record_options(self) -> dict[str, Any]:
        """Options with both armies embedded, so a record replays anywhere."""
        opts = {k: v for k, v in self.options.items() if k not in ("army_a", "army_b")}
        opts["army_a"] = self.armies["scouts"].to_data()
        opts["army_b"] = self.armies["robots"].to_data()
        return opts


#: the texts of a move's events (formatted when read: :meth:`AstralDreams._move`)
_MOVED = "{} moves {} → {} ({:.2f}\" of {}\")"
_NO_TARGET = "{} has no target in contact or range; its turn ends"

#: attributes a clone shares (never changed in place) and lists it copies (of immutable items)
_SHARED = frozenset({
    "setup", "armies", "scenario", "_result", "round", "first", "turn", "current", "moved",
    "attack_kind", "attacks_left",
})
_LISTS = frozenset({"actions", "log", "fallen"})
def make_game(dice: Dice, scenario: str | None, options: dict[str, Any]) -> AstralDreams:
    """The registry factory: validates the scenario name and every option."""
    name, setup, armies = read_setup(scenario, options)
    return AstralDreams(dice, name, options, setup, armies)


__all__ = [
    "OPTIONS", "PREFIX", "R_INIT", "R_MELEE", "R_MOVE", "R_RANGE", "R_ROUND", "R_TURN", "R_TWO",
    "AstralDreams", "Outcome", "Setup", "Unit", "make_game", "other",
]
