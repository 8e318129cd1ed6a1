"""Attack Vector: Tactical — the game: seats, set-up, results, state, and the part-2 hooks.

The sequence of play is data in :mod:`.sequence` (its automatic steps are
:class:`~.sequence.SequencedGame`'s); orders are recorded, checked and processed in
:mod:`.orders`. This class sets a game up from a scenario, answers the Game protocol, and turns
ship systems on where the scenario plays them (:mod:`.combat`; a battle, Sample Games One and
Three): the fire step, regeneration, heat, reactors,
radiators, the end-of-turn orders step (A5.392), thrust only with radiators retracted (A5.391),
and the combat orders.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction
from typing import Any

from voidwar.core.datafile import read_toml
from voidwar.core.dice import Dice, SeededDice
from voidwar.core.errors import DataFileError
from voidwar.core.game import Action, Result
from voidwar.core.hexgrid import Hex3
from voidwar.core.native import mypyc_attr

from .actions import NOTATION, Order, order_texts
from .avid import orientation
from .bearings import RULE
from .combat import Combat
from .data import load_movement_grid, ship_classes, thrust_chart
from .movement_grid import MovementGrid
from .orders import OrderedGame
from .scenario import Scenario, ShipSetup
from .sequence import END_OF_TURN_STEPS, SEGMENT_STEPS, Phase, Step, Target
from .ships import ShipClass
from .state import ShipState
from .thrust import THRUST_VALUES, ThrustChart, format_thrust


class Outcome(StrEnum):
    """How a motion scenario ends (a battle's outcomes are :class:`.combat.BattleOutcome`)."""

    SCENARIO_COMPLETE = "scenario-complete"


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class AttackVectorGame(OrderedGame):
    """A game of Attack Vector: Tactical (see the module docstring)."""

    ruleset = "attack-vector"
    has_secret_orders = True
    has_hidden_information = True
    rules_version = 3
    notation = NOTATION

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any],
                 sc: Scenario, file: str, three_d: bool, bearings: str,
                 chart: ThrustChart | None = None) -> None:
        super().__init__(dice, scenario, options)
        self.sc = sc
        self.three_d = three_d
        self.bearing_method = bearings
        self.chart = chart or thrust_chart()
        #: the movement grid's remainder table (AV:T A2.1): ours, or the option's
        self.grid = load_movement_grid(options.get("movement_grid"))
        classes = ship_classes(sc, file)
        self.ships = {s.id: _ship_state(s, classes[s.id], file, self.grid) for s in sc.ships}
        self.targets = {
            t.id: Target(t.id, Hex3(t.position.dq, t.position.dr, t.position.dz),
                         toughness=t.toughness)
            for t in sc.targets
        }
        self.turn = 1
        self.segment = 1
        self.phase = Phase.SEGMENT
        self.step_index = 0
        self.finished = False
        self.done_seats = set()
        self.pending = {seat: [] for seat in sc.seats}
        self.revealed = []
        #: part 2: ship systems, in play in a battle (ships of two or more seats; combat.py)
        self.combat: Combat | None = Combat(self) if Combat.wanted(self) else None
        self._run()

    def clone(self, reseed: int | None = None) -> AttackVectorGame:
        """An independent copy (as :meth:`Game.clone`), written out instead of a deep copy:
        the scenario, classes and chart are shared read-only data, the log's events are
        frozen, so only the mutable state is copied (any attribute not named here is deep
        copied as before)."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        memo: dict[int, Any] = {}
        for key, value in self.__dict__.items():
            if key in _SHARED:
                continue
            copier = _COPIERS.get(key)
            d[key] = copier(value) if copier else copy.deepcopy(value, memo)
        if reseed is not None:
            new.dice = SeededDice(reseed)
        return new

    def search_period(self) -> int:
        """Search horizons count segments (spec §11.4)."""
        return self.abs_segment

    # -- part 2 hooks (ship systems in a battle) ------------------------------------------------
    def step_fire(self) -> None:
        """Weapons fire (part 2, AV:T A5.37): every shot of the segment, then the damage."""
        if self.combat is not None:
            self.combat.step_fire(self)

    def step_regeneration(self) -> None:
        """Reactors refill batteries (part 2, AV:T A5.373)."""
        if self.combat is not None:
            self.combat.step_regeneration(self)

    def end_turn_heat(self) -> None:
        """Reactor heat into heat sinks (part 2, AV:T A5.39)."""
        if self.combat is not None:
            self.combat.end_turn_heat(self)

    def end_turn_reactors(self) -> None:
        """Reactor on/off for the next turn (part 2, AV:T A5.39, A5.392)."""
        if self.combat is not None:
            self.combat.end_turn_reactors(self)

    def end_turn_flex(self) -> None:
        """Flex points on ECM and ECCM for the next turn (part 2, AV:T A5.312; our design)."""
        if self.combat is not None:
            self.combat.end_turn_flex(self)

    def end_turn_radiators(self) -> None:
        """Radiators extend/retract (part 2, AV:T A5.391–A5.392)."""
        if self.combat is not None:
            self.combat.end_turn_radiators(self)

    def end_turn_orders_wanted(self) -> bool:
        """Seats give reactor, flex and radiator orders after segment 8 when power and heat are
        in play (a battle, Sample Game Three; AV:T A5.39–A5.392)."""
        return self.combat is not None and self.combat.full

    def can_thrust(self, ship: ShipState) -> bool:
        """A ship may thrust only with its radiators retracted (AV:T A5.391)."""
        return self.combat is None or self.combat.systems[ship.id].thrust_allowed

    def battle_decided(self) -> bool:
        """The battle ends when at most one side is still fighting (our design)."""
        return self.combat is not None and self.combat.decided(self)

    def systems_in_play(self) -> bool:
        """Ship systems (and their orders) are in play in a battle."""
        return self.combat is not None

    def check_systems_order(self, seat: str, ship: ShipState, order: Order, step: Step) -> None:
        """Every order of a battle is checked by the combat layer (:mod:`.combat`)."""
        assert self.combat is not None
        self.combat.check_order(self, seat, ship, order, step)

    def systems_candidates(self, ship: ShipState, name: str | None, step: Step) -> list[Order]:
        """Fire orders in a segment; reactor and radiator orders after segment 8."""
        assert self.combat is not None
        return self.combat.candidates(self, ship, name, step)

    # -- the Game protocol -------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """The scenario's seats, in order of play."""
        return tuple(self.sc.seats)

    @property
    def to_act(self) -> str | None:
        """The first seat still owing orders in this orders step (``None``: over)."""
        if self.finished:
            return None
        return self._waiting_seat()

    @property
    def over(self) -> bool:
        """Whether the scenario (or the battle) is over."""
        return self.finished

    def parse_action(self, text: str) -> Action:
        """Notation → order (:data:`.actions.NOTATION`)."""
        return NOTATION.parse(text)

    @property
    def result(self) -> Result | None:
        """A battle's result (:meth:`.combat.Combat.result`); in a tutorial, one point per
        target eaten or killed."""
        if not self.finished:
            return None
        if self.combat is not None and self.combat.battle:  # part 2: the battle's result
            return self.combat.result(self)
        scores: dict[str, float] = {seat: 0.0 for seat in self.sc.seats}
        for t in self.targets.values():
            by = t.eaten_by or t.killed_by
            if by is not None:
                scores[self.ships[by].seat] += 1
        best = max(scores.values())
        leaders = [s for s, v in scores.items() if v == best]
        winner = leaders[0] if len(leaders) == 1 and len(scores) > 1 else None
        return Result(
            outcome=Outcome.SCENARIO_COMPLETE.value, scores=scores, winner=winner,
            details={
                "turns": self.turn,
                "fuel_used": sum(s.fuel_used for s in self.ships.values()),
                "targets_eaten": sum(1 for t in self.targets.values() if t.eaten_by),
                **({"targets_killed": sum(1 for t in self.targets.values() if t.killed_by)}
                   if self.combat is not None else {}),
                "ships_left_map": sum(1 for s in self.ships.values() if s.out),
            },
        )

    def state_dict(self) -> dict[str, Any]:
        """The whole state, secret orders included (JSON-ready)."""
        step = self.current_step
        return {
            "scenario": self.sc.name,
            "three_d": self.three_d,
            "bearings": self.bearing_method,
            "turn": self.turn, "segment": self.segment, "phase": self.phase.value,
            "step": step.name.value if step else None,
            "over": self.finished,
            "done_seats": sorted(self.done_seats),
            "pending": {seat: [[sid, order_texts(o)[0]] for sid, o in orders]
                        for seat, orders in self.pending.items()},
            "ships": {sid: s.to_dict(self.segment) for sid, s in self.ships.items()},
            "targets": {tid: t.to_dict() for tid, t in self.targets.items()},
        }

    def view(self, seat: str | None) -> dict[str, Any]:
        """Everything but other seats' unrevealed orders (spec §2.2: secret orders)."""
        d = self.state_dict()
        # A seat with no orders pending hides nothing, so the view equals the whole state again
        # at every reveal (the web server reveals past actions to a seat at those moments).
        d["pending"] = {
            s: (orders if s == seat or not orders else {"hidden": len(orders)})
            for s, orders in d["pending"].items()
        }
        return d

    def record_options(self) -> dict[str, Any]:
        """Options as a record keeps them: a user's table files embedded as data."""
        opts = dict(self.options)
        for key in ("weapon_tables", "d_results", "movement_grid"):
            if isinstance(opts.get(key), str):
                opts[key] = read_toml(opts[key])
        return opts


#: attributes a clone shares: immutable data, or read-only tables
_SHARED = frozenset({"sc", "chart", "grid", "three_d", "bearing_method", "scenario", "turn",
                     "segment", "phase", "step_index", "finished"})
#: how a clone copies the rest of the state (anything else is deep copied)
_COPIERS: dict[str, Callable[[Any], Any]] = {
    "actions": list, "log": list, "revealed": list, "done_seats": set,
    "pending": lambda p: {seat: list(orders) for seat, orders in p.items()},
    "ships": lambda ships: {sid: s.copy() for sid, s in ships.items()},
    "targets": lambda ts: {tid: copy.copy(t) for tid, t in ts.items()},
    "dice": lambda d: d.clone(),
}




def _ship_state(s: ShipSetup, cls: ShipClass, file: str, grid: MovementGrid) -> ShipState:
    """A ship as the scenario sets it up (AV:T A2.4; a set thrust must be a chart column),
    moving by the game's movement grid (A2.1)."""
    pos = Hex3(s.position.dq, s.position.dr, s.position.dz)
    st = ShipState(
        id=s.id, seat=s.seat, cls=cls, pos=pos, velocity=s.velocity,
        orient=orientation(s.nose.k, s.nose.e, s.roll), start=pos, fp=pos,
        fuel_used=s.fuel_used, grid=grid,
    )
    thrust = Fraction(s.thrust)
    if thrust and (thrust not in THRUST_VALUES or thrust > st.max_thrust):
        raise DataFileError(file, f"ships.{s.id}.thrust",
                            f"{s.thrust} is not a chart column within the thrust matrix "
                            f"(maximum {format_thrust(st.max_thrust)})")
    st.thrust = thrust
    return st


__all__ = ["END_OF_TURN_STEPS", "RULE", "SEGMENT_STEPS", "AttackVectorGame", "Outcome", "Step",
           "Target"]
