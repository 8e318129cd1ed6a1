"""The sequence of play as data, and its automatic steps (AV:T A5.212–A5.373, A5.39).

The formal B3.1 outline is lost; spec §2.2 rebuilds it from the tutorial's A5.212–A5.373 and
declares it here as data: :data:`SEGMENT_STEPS` and :data:`END_OF_TURN_STEPS`. Each step names its
handler method and rule. Two kinds of step: ``auto`` (the game does it) and ``orders`` (every seat
with a ship gives secret orders — ordinary actions from each seat in turn, hidden by the game's
view until the Reveal step; spec §2.2 PROPOSAL). Ships resolve each step simultaneously.

:class:`SequencedGame` holds the state every step reads and runs the motion steps. The part-2
hooks (:meth:`~SequencedGame.step_fire`, :meth:`~SequencedGame.step_regeneration`, the
``end_turn_*`` steps, :meth:`~SequencedGame.battle_decided`, :meth:`~SequencedGame.can_thrust`,
:meth:`~SequencedGame.end_turn_orders_wanted`) do nothing here; the game (:mod:`.game`) overrides
them when ship systems are in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from voidwar.core.game import Game, log_event
from voidwar.core.hexgrid import Hex3
from voidwar.core.native import mypyc_attr

from .actions import Order, order_texts
from .bearings import Bearing, bearing
from .scenario import Scenario
from .state import (
    ShipState,
    advance_facing,
    break_reasons,
    drop_carry,
    resolve_burn,
    resolve_thrust,
)
from .thrust import ThrustChart
from .vectors import SEGMENTS, shift


class Phase(StrEnum):
    """The part of a turn: the eight segments, then post-segment 8 (AV:T A5.39)."""

    SEGMENT = "segment"
    END_OF_TURN = "end_of_turn"


class StepKind(StrEnum):
    """``auto``: the game does the step; ``orders``: every seat gives secret orders."""

    AUTO = "auto"
    ORDERS = "orders"


class StepName(StrEnum):
    """The steps of the sequence of play (spec §2.2, §2.3)."""

    PLOTTING = "plotting"
    ORDERS = "orders"
    REVEAL = "reveal"
    FIRE = "fire"
    LONG_ORDERS = "long_orders"
    RESOLVE_THRUST = "resolve_thrust"
    MOVEMENT = "movement"
    THRUST_BREAK = "thrust_break"
    REGENERATION = "regeneration"
    END_TURN_HEAT = "end_turn_heat"
    END_TURN_ORDERS = "end_turn_orders"
    END_TURN_REACTORS = "end_turn_reactors"
    END_TURN_FLEX = "end_turn_flex"
    END_TURN_RADIATORS = "end_turn_radiators"


# Enum members looked up once: ``Phase.SEGMENT`` costs a class-attribute lookup through the enum
# machinery on every use, and the sequence loop compares phases and step kinds all the time.
SEGMENT, END_OF_TURN = Phase.SEGMENT, Phase.END_OF_TURN
AUTO, ORDERS = StepKind.AUTO, StepKind.ORDERS
ORDERS_STEP = StepName.ORDERS


@dataclass(frozen=True)
class Step:
    """One step of the sequence of play: its name, handler method, kind and rule."""

    name: StepName
    handler: str
    kind: StepKind = AUTO
    rule: str = ""
    #: method that says whether the step happens at all (None: always)
    when: str | None = None


#: one segment, in the spec's order (§2.2 steps 1–9)
SEGMENT_STEPS: tuple[Step, ...] = (
    Step(StepName.PLOTTING, "step_plotting", rule="AV:T A5.212, A5.32"),
    Step(StepName.ORDERS, "step_orders", StepKind.ORDERS, rule="AV:T A5.212, A5.242"),
    Step(StepName.REVEAL, "step_reveal", rule="AV:T A5.212"),
    Step(StepName.FIRE, "step_fire", rule="AV:T A5.12, A5.37 (part 2)"),
    Step(StepName.LONG_ORDERS, "step_long_orders", rule="AV:T A5.322"),
    Step(StepName.RESOLVE_THRUST, "step_resolve_thrust", rule="AV:T A5.243, A5.251, A5.274"),
    Step(StepName.MOVEMENT, "step_movement", rule="AV:T A5.12, A5.224, A5.262, A5.331"),
    Step(StepName.THRUST_BREAK, "step_thrust_break", rule="AV:T A5.244, A5.245"),
    Step(StepName.REGENERATION, "step_regeneration", rule="AV:T A5.373 (part 2)"),
)

#: after segment 8 ("post-segment 8", AV:T A5.39–A5.392, spec §2.3)
END_OF_TURN_STEPS: tuple[Step, ...] = (
    Step(StepName.END_TURN_HEAT, "end_turn_heat", rule="AV:T A5.39 (part 2)"),
    Step(StepName.END_TURN_ORDERS, "step_orders", StepKind.ORDERS, rule="AV:T A5.392",
         when="end_turn_orders_wanted"),
    Step(StepName.END_TURN_REACTORS, "end_turn_reactors", rule="AV:T A5.39, A5.392 (part 2)"),
    Step(StepName.END_TURN_FLEX, "end_turn_flex", rule="AV:T A5.312 (part 2; our design)"),
    Step(StepName.END_TURN_RADIATORS, "end_turn_radiators", rule="AV:T A5.391, A5.392 (part 2)"),
)


#: each phase's steps as (``when`` method, whether an orders step, handler), for the loop
_PLANS: dict[str, tuple[tuple[str | None, bool, str], ...]] = {
    phase: tuple((st.when, st.kind == ORDERS, st.handler) for st in steps)
    for phase, steps in ((SEGMENT, SEGMENT_STEPS), (END_OF_TURN, END_OF_TURN_STEPS))
}


@mypyc_attr(native_class=False)
@dataclass
class Target:
    """An inert marker (the tutorial's "chocolates", spec §16): eaten by a ship entering its
    hex, or killed by laser damage adding up to its toughness (A5.166, A5.372)."""

    id: str
    pos: Hex3
    eaten_by: str | None = None
    toughness: int = 8
    damage: int = 0
    killed_by: str | None = None

    @property
    def present(self) -> bool:
        """Whether the target is still on the map (neither eaten nor killed)."""
        return self.eaten_by is None and self.killed_by is None

    def to_dict(self) -> dict[str, Any]:
        """The target as JSON-ready data (damage and killer only once fired upon)."""
        d: dict[str, Any] = {"position": [self.pos.q, self.pos.r, self.pos.z],
                             "eaten_by": self.eaten_by}
        if self.damage:
            d.update(damage=self.damage, toughness=self.toughness, killed_by=self.killed_by)
        return d


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class SequencedGame(Game):
    """The state of a game and the automatic steps of its sequence of play (module docstring).

    A subclass sets every attribute declared here before calling :meth:`_run`."""

    sc: Scenario
    three_d: bool
    bearing_method: str
    chart: ThrustChart
    ships: dict[str, ShipState]
    targets: dict[str, Target]
    turn: int
    segment: int
    phase: Phase
    step_index: int
    finished: bool
    done_seats: set[str]
    #: secret orders of the current orders step, per seat: (ship id, order). Not a dice roll:
    #: the game has no ``pending_roll`` (its dice are never entered by hand mid-action).
    pending: dict[str, list[tuple[str, Order]]]
    #: orders revealed this segment, in seat order
    revealed: list[tuple[str, str, Order]]

    # -- where we are ----------------------------------------------------------------------
    @property
    def abs_segment(self) -> int:
        """Absolute segment number: 8·(turn − 1) + segment (spec §11.4)."""
        return SEGMENTS * (self.turn - 1) + self.segment

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps of the current phase."""
        return SEGMENT_STEPS if self.phase == SEGMENT else END_OF_TURN_STEPS

    @property
    def current_step(self) -> Step | None:
        """The step the game waits in (an orders step), or ``None`` once it is over."""
        if self.finished:
            return None
        steps = SEGMENT_STEPS if self.phase == SEGMENT else END_OF_TURN_STEPS
        i = self.step_index
        return steps[i] if i < len(steps) else None

    def _active(self, seat: str) -> list[ShipState]:
        return [s for s in self.ships.values() if s.seat == seat and not s.out]

    def _waiting_seat(self) -> str | None:
        """The first seat not done with a ship still in play (loops, not lists: it is asked
        on every action)."""
        done = self.done_seats
        ships = self.ships.values()
        for seat in self.sc.seats:
            if seat not in done:
                for s in ships:
                    if s.seat == seat and not s.out:
                        return seat
        return None

    def _seg_name(self, abs_seg: int) -> str:
        t, s = divmod(abs_seg - 1, SEGMENTS)
        return f"{s + 1}" if t + 1 == self.turn else f"{s + 1} of turn {t + 1}"

    # -- running the steps -----------------------------------------------------------------
    def _run(self) -> None:
        """Run automatic steps until a seat must give orders or the game ends (each phase's
        steps read once, :data:`_PLANS`)."""
        while not self.finished:
            plan = _PLANS[self.phase]
            i = self.step_index
            while i < len(plan):
                when, orders, handler = plan[i]
                if when is not None and not getattr(self, when)():
                    i += 1
                elif orders:
                    if self._waiting_seat() is not None:
                        self.step_index = i
                        return
                    self.done_seats = set()
                    i += 1
                else:
                    self.step_index = i
                    getattr(self, handler)()
                    i += 1
            self.step_index = i
            self._advance()

    def _advance(self) -> None:
        """The next segment, post-segment 8, the next turn, or the end (AV:T A5.2, A5.39)."""
        self.step_index = 0
        if self.battle_decided():  # part 2: victory
            self.finished = True
            self.emit("end", "the battle is decided")
            return
        if self.phase == SEGMENT:
            if not any(not s.out for s in self.ships.values()):
                self.finished = True
            elif self.segment == SEGMENTS:
                self.phase = END_OF_TURN
            else:
                self.segment += 1
        else:
            if self.turn >= self.sc.turns:
                self.finished = True
                self.emit("end", f"end of turn {self.turn}: the scenario is over")
                return
            self.turn += 1
            self.segment = 1
            self.phase = SEGMENT

    # -- segment steps ---------------------------------------------------------------------
    def step_plotting(self) -> None:
        """Place every FP marker where the movement grid says (AV:T A5.212, A5.32)."""
        self.revealed = []
        for s in self.ships.values():
            s.completed_facing = False
            if s.out:
                continue
            s.plotted = s.move_in(self.segment)
            s.fp = shift(s.pos, s.plotted)
        log_event(self, "segment", "turn {}, segment {}", (self.turn, self.segment),
                  {"turn": self.turn, "segment": self.segment})

    def step_orders(self) -> None:  # pragma: no cover - an orders step waits for actions
        """Orders are actions (see :mod:`.orders`); nothing happens automatically."""

    def step_reveal(self) -> None:
        """Reveal fire orders, then long orders (AV:T A5.212)."""
        for timing in ("fire", "long"):
            for seat in self.sc.seats:
                for ship_id, order in self.pending[seat]:
                    if order.timing == timing:
                        self.revealed.append((seat, ship_id, order))
                        text, body = order_texts(order)
                        log_event(self, "order", "{} orders {}: {}", (seat, ship_id, body),
                                  {"seat": seat, "ship": ship_id, "order": text})
        self.pending = {seat: [] for seat in self.sc.seats}

    def step_resolve_thrust(self) -> None:
        """Resolve Thrust for every thrusting ship (AV:T A5.243, A5.251, A5.274)."""
        for s in self.ships.values():
            if s.out:
                continue
            emit: list[str] = []
            if not s.thrust or not self.can_thrust(s):
                carried, s.carry = s.carry, {}
                drop_carry(s, carried, emit)  # a carry lasts one Resolve Thrust step (A2.4)
            else:
                resolve_thrust(s, self.chart, emit)
            for text in emit:
                self.emit("thrust", text, ship=s.id)

    def step_movement(self) -> None:
        """Every ship joins its FP marker, then facing changes advance (A5.12, A5.224, A5.331)."""
        for s in self.ships.values():
            if s.out:
                continue
            before = s.pos
            s.moved = s.moved + s.plotted
            s.pos = s.fp
            if s.pos != before:
                log_event(self, "move", "{} moves to {}", (s.id, s.pos),
                          {"ship": s.id, "to": [s.pos.q, s.pos.r, s.pos.z]})
            emit: list[str] = []
            advance_facing(s, self.abs_segment, emit)
            for text in emit:
                self.emit("facing", text, ship=s.id)
            self._eat_and_leave(s)

    def _eat_and_leave(self, s: ShipState) -> None:
        """A ship entering a target's hex eats it (spec §16); one beyond the map's edges has
        left the battle (spec §1)."""
        if self.sc.eat_targets:
            for t in self.targets.values():
                if t.present and t.pos == s.pos:
                    t.eaten_by = s.id
                    self.emit("eat", f"{s.id} enters {t.id}'s hex: {t.id} eaten", ship=s.id)
        if not self._on_map(s.pos):
            s.out = True
            s.burn = None
            self.emit("leave", f"{s.id} has left the map", ship=s.id)

    def _on_map(self, p: Hex3) -> bool:
        m = self.sc.map
        if m.radius is not None and (abs(p.q) + abs(p.r) + abs(p.q + p.r)) // 2 > m.radius:
            return False
        return m.levels is None or abs(p.z) <= m.levels

    def step_thrust_break(self) -> None:
        """Thrust Break check, the last movement item (AV:T A5.244–A5.245)."""
        for s in self.ships.values():
            if s.out:
                continue
            reasons = break_reasons(s)
            if reasons:
                why = {1: "off the chart", 2: "facing change completed", 3: "thrust set to zero"}
                emit: list[str] = [f"{s.id}: thrust break ({', '.join(why[r] for r in reasons)})"]
                resolve_burn(s, self.chart, emit)
                for text in emit:
                    self.emit("break", text, ship=s.id)

    # -- part-2 hooks (no-ops in the motion layer) -------------------------------------------
    def step_fire(self) -> None:
        """Weapons fire (part 2, AV:T A5.37). Bearings come from the ships' current positions
        (spec §6.4)."""

    def step_regeneration(self) -> None:
        """Regeneration (part 2: reactors refill batteries, AV:T A5.373)."""

    def end_turn_heat(self) -> None:
        """Reactor heat into heat sinks (part 2, AV:T A5.39)."""

    def end_turn_reactors(self) -> None:
        """Reactor on/off for the next turn (part 2, AV:T A5.39, A5.392)."""

    def end_turn_flex(self) -> None:
        """Flex points on ECM and ECCM (part 2, AV:T A5.312; our design)."""

    def end_turn_radiators(self) -> None:
        """Radiators extend/retract (part 2, AV:T A5.391–A5.392)."""

    def end_turn_orders_wanted(self) -> bool:
        """Whether seats give orders after segment 8 (part 2 turns this on)."""
        return False

    def can_thrust(self, ship: ShipState) -> bool:
        """Part 2: a ship may thrust only with its radiators retracted (AV:T A5.391)."""
        return True

    def battle_decided(self) -> bool:
        """Part 2: whether at most one side is still fighting (our design)."""
        return False

    # -- bearings ---------------------------------------------------------------------------
    def bearing(self, ship_id: str, other: str) -> Bearing:
        """The target marker for ``other`` (a ship or target) from ``ship_id`` (spec §6)."""
        src = self.ships[ship_id].pos
        dst = self.ships[other].pos if other in self.ships else self.targets[other].pos
        return bearing(src, dst, self.bearing_method, self.three_d)

    def bearings(self, ship_id: str) -> dict[str, Bearing]:
        """Every other ship's and uneaten target's marker seen from ``ship_id`` (spec §6)."""
        out = {}
        for sid, s in self.ships.items():
            if sid != ship_id and not s.out:
                out[sid] = self.bearing(ship_id, sid)
        for tid, t in self.targets.items():
            if t.present:
                out[tid] = self.bearing(ship_id, tid)
        return out


__all__ = ["END_OF_TURN", "END_OF_TURN_STEPS", "ORDERS", "ORDERS_STEP", "SEGMENT",
           "SEGMENT_STEPS", "Phase", "SequencedGame", "Step", "StepKind",
           "StepName", "Target"]
