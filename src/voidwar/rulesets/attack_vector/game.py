"""Attack Vector: Tactical — the game: seats, the sequence of play as data, orders, hooks.

The sequence of play (spec §2.2, from the tutorial's A5.212–A5.373; the formal B3.1 outline is lost)
is declared as data in :data:`SEGMENT_STEPS` and :data:`END_OF_TURN_STEPS`: each step names its
handler method and rule. Two kinds of step: ``auto`` (the game does it) and ``orders`` (every seat
with a ship gives secret orders — ordinary actions from each seat in turn, hidden by :meth:`view`
until the Reveal step; spec §2.2 PROPOSAL). Ships resolve each step simultaneously.

Hooks for part 2 (ship systems): :meth:`step_fire`, :meth:`step_regeneration`,
:meth:`end_turn_heat`, :meth:`end_turn_reactors`, :meth:`end_turn_radiators` are no-ops here;
:meth:`end_turn_orders_wanted` turns on an end-of-turn orders step (reactor/radiator choices,
A5.392); :meth:`can_thrust` lets radiators forbid thrust (A5.391); ``order_parsers`` lets part 2 add
order types (e.g. fire orders, ``kind = "fire"``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from voidwar.core.datafile import read_toml
from voidwar.core.dice import Dice
from voidwar.core.errors import DataFileError, IllegalAction
from voidwar.core.game import Action, Game, Result
from voidwar.core.hexgrid import Hex3

from .actions import BiasOrder, Done, Order, PivotTo, RollOrder, SetThrust, parse_order
from .avid import ALL_WINDOWS, AMBER_WINDOWS, orientation, pivot_path, roll_path
from .bearings import RULE, Bearing, bearing
from .combat import Combat, parse_combat_order
from .scenario import Scenario, ship_classes
from .state import (
    ShipState,
    advance_facing,
    break_reasons,
    resolve_burn,
    resolve_thrust,
    start_facing_change,
)
from .thrust import THRUST_VALUES, ThrustChart, format_thrust, load_chart
from .vectors import SEGMENTS, shift

R_ORDERS = "AV:T A5.212"


@dataclass(frozen=True)
class Step:
    """One step of the sequence of play: its name, handler method, kind and rule."""

    name: str
    handler: str
    kind: str = "auto"  # "auto" or "orders"
    rule: str = ""
    #: method that says whether the step happens at all (None: always)
    when: str | None = None


#: one segment, in the spec's order (§2.2 steps 1–9)
SEGMENT_STEPS: tuple[Step, ...] = (
    Step("plotting", "step_plotting", rule="AV:T A5.212, A5.32"),
    Step("orders", "step_orders", "orders", rule="AV:T A5.212, A5.242"),
    Step("reveal", "step_reveal", rule="AV:T A5.212"),
    Step("fire", "step_fire", rule="AV:T A5.12, A5.37 (part 2)"),
    Step("long_orders", "step_long_orders", rule="AV:T A5.322"),
    Step("resolve_thrust", "step_resolve_thrust", rule="AV:T A5.243, A5.251, A5.274"),
    Step("movement", "step_movement", rule="AV:T A5.12, A5.224, A5.262, A5.331"),
    Step("thrust_break", "step_thrust_break", rule="AV:T A5.244, A5.245"),
    Step("regeneration", "step_regeneration", rule="AV:T A5.373 (part 2)"),
)

#: after segment 8 ("post-segment 8", AV:T A5.39–A5.392, spec §2.3)
END_OF_TURN_STEPS: tuple[Step, ...] = (
    Step("end_turn_heat", "end_turn_heat", rule="AV:T A5.39 (part 2)"),
    Step("end_turn_orders", "step_orders", "orders", rule="AV:T A5.392",
         when="end_turn_orders_wanted"),
    Step("end_turn_reactors", "end_turn_reactors", rule="AV:T A5.39, A5.392 (part 2)"),
    Step("end_turn_radiators", "end_turn_radiators", rule="AV:T A5.391, A5.392 (part 2)"),
)


@dataclass
class Target:
    """An inert marker (the tutorial's "chocolates", spec §16)."""

    id: str
    pos: Hex3
    eaten_by: str | None = None


class AttackVectorGame(Game):
    ruleset = "attack-vector"
    rules_version = 1
    #: order parsers tried in turn (part 2 may add its own); each returns an Action or None
    order_parsers: ClassVar[tuple[Callable[[str], Action | None], ...]] = (parse_combat_order,)
    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any],
                 sc: Scenario, file: str, three_d: bool, bearings: str,
                 chart: ThrustChart | None = None) -> None:
        super().__init__(dice, scenario, options)
        self.sc = sc
        self.three_d = three_d
        self.bearing_method = bearings
        self.chart = chart or load_chart()
        classes = ship_classes(sc, file)
        self.ships: dict[str, ShipState] = {}
        for s in sc.ships:
            pos = Hex3(s.position.dq, s.position.dr, s.position.dz)
            st = ShipState(
                id=s.id, seat=s.seat, cls=classes[s.id], pos=pos, velocity=s.velocity,
                orient=orientation(s.nose.k, s.nose.e, s.roll), start=pos, fp=pos,
                fuel_used=s.fuel_used, grid=list(s.grid) if s.grid is not None else None,
            )
            thrust = Fraction(s.thrust)
            if thrust and (thrust not in THRUST_VALUES or thrust > st.max_thrust):
                raise DataFileError(file, f"ships.{s.id}.thrust",
                                    f"{s.thrust} is not a chart column within the thrust matrix "
                                    f"(maximum {format_thrust(st.max_thrust)})")
            st.thrust = thrust
            self.ships[s.id] = st
        self.targets: dict[str, Target] = {
            t.id: Target(t.id, Hex3(t.position.dq, t.position.dr, t.position.dz))
            for t in sc.targets
        }
        self.turn = 1
        self.segment = 1
        self.phase = "segment"  # or "end_of_turn"
        self.step_index = 0
        self.finished = False
        self.done_seats: set[str] = set()
        #: secret orders of the current orders step, per seat: (ship id, order)
        self.pending: dict[str, list[tuple[str, Order]]] = {seat: [] for seat in sc.seats}
        #: orders revealed this segment, in seat order
        self.revealed: list[tuple[str, str, Order]] = []
        #: part 2: ship systems, in play in a battle (ships of two or more seats; combat.py)
        self.combat: Combat | None = Combat(self) if Combat.wanted(self) else None
        self._run()

    def search_period(self) -> int:
        """Search horizons count segments (spec §11.4)."""
        return self.abs_segment

    # -- the sequence of play ------------------------------------------------------------------
    @property
    def abs_segment(self) -> int:
        """Absolute segment number: 8·(turn − 1) + segment (spec §11.4)."""
        return SEGMENTS * (self.turn - 1) + self.segment

    @property
    def steps(self) -> tuple[Step, ...]:
        return SEGMENT_STEPS if self.phase == "segment" else END_OF_TURN_STEPS

    @property
    def current_step(self) -> Step | None:
        if self.finished or self.step_index >= len(self.steps):
            return None
        return self.steps[self.step_index]

    def _active(self, seat: str) -> list[ShipState]:
        return [s for s in self.ships.values() if s.seat == seat and not s.out]

    def _waiting_seat(self) -> str | None:
        for seat in self.sc.seats:
            if seat not in self.done_seats and self._active(seat):
                return seat
        return None

    def _run(self) -> None:
        """Run automatic steps until a seat must give orders or the game ends."""
        while not self.finished:
            steps = self.steps
            if self.step_index >= len(steps):
                self._advance()
                continue
            step = steps[self.step_index]
            if step.when is not None and not getattr(self, step.when)():
                self.step_index += 1
                continue
            if step.kind == "orders":
                if self._waiting_seat() is not None:
                    return
                self.done_seats = set()
                self.step_index += 1
                continue
            getattr(self, step.handler)()
            self.step_index += 1

    def _advance(self) -> None:
        self.step_index = 0
        if self.combat is not None and self.combat.decided(self):  # part 2: victory
            self.finished = True
            self.emit("end", "the battle is decided")
            return
        if self.phase == "segment":
            if not any(not s.out for s in self.ships.values()):
                self.finished = True
            elif self.segment == SEGMENTS:
                self.phase = "end_of_turn"
            else:
                self.segment += 1
        else:
            if self.turn >= self.sc.turns:
                self.finished = True
                self.emit("end", f"end of turn {self.turn}: the scenario is over")
                return
            self.turn += 1
            self.segment = 1
            self.phase = "segment"

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
        self.emit("segment", f"turn {self.turn}, segment {self.segment}",
                  turn=self.turn, segment=self.segment)

    def step_orders(self) -> None:  # pragma: no cover - an orders step waits for actions
        """Orders are actions (see :meth:`execute`); nothing happens automatically."""

    def step_reveal(self) -> None:
        """Reveal fire orders, then long orders (AV:T A5.212)."""
        for kind in ("fire", "long"):
            for seat in self.sc.seats:
                for ship_id, order in self.pending[seat]:
                    if order.kind == kind:
                        self.revealed.append((seat, ship_id, order))
                        self.emit("order", f"{seat} orders {ship_id}: {order.body()}",
                                  seat=seat, ship=ship_id, order=str(order))
        self.pending = {seat: [] for seat in self.sc.seats}

    def step_fire(self) -> None:
        """Weapons fire (part 2). Bearings come from the ships' current positions (spec §6.4)."""
        if self.combat is not None:
            self.combat.step_fire(self)

    def step_long_orders(self) -> None:
        """Process Long Orders: set thrust, begin facing changes, set bias (AV:T A5.322)."""
        for _seat, ship_id, order in self.revealed:
            ship = self.ships[ship_id]
            if ship.out or order.kind != "long":
                continue
            self.process_long_order(ship, order)

    def process_long_order(self, ship: ShipState, order: Order) -> None:
        emit: list[str] = []
        if isinstance(order, SetThrust):
            if order.value and ship.burn is not None and ship.burn.cells and \
                    order.value != ship.burn.thrust:
                # a new non-zero value closes the burn first (spec §7.8 PROPOSAL)
                resolve_burn(ship, self.chart, emit)
            ship.thrust = order.value
            emit.append(f"{ship.id}: thrust {format_thrust(order.value)}")
        elif isinstance(order, PivotTo):
            path = pivot_path(ship.orient, order.window, self.three_d)
            fc = start_facing_change(ship, "pivot", f"to {order.window}", path, self.abs_segment)
            emit.append(f"{ship.id}: pivot {fc.label} begins, complete on segment "
                        f"{self._seg_name(fc.end)}")
        elif isinstance(order, RollOrder):
            path = roll_path(ship.orient, order.degrees, order.starboard)
            side = "starboard" if order.starboard else "port"
            fc = start_facing_change(ship, "roll", f"{order.degrees} {side}", path,
                                     self.abs_segment)
            emit.append(f"{ship.id}: roll {fc.label} begins, complete on segment "
                        f"{self._seg_name(fc.end)}")
        elif isinstance(order, BiasOrder):
            ship.bias = order.direction
            emit.append(f"{ship.id}: bias {order.direction}")
        for text in emit:
            self.emit("long-order", text, ship=ship.id)

    def _seg_name(self, abs_seg: int) -> str:
        t, s = divmod(abs_seg - 1, SEGMENTS)
        return f"{s + 1}" if t + 1 == self.turn else f"{s + 1} of turn {t + 1}"

    def step_resolve_thrust(self) -> None:
        """Resolve Thrust for every thrusting ship (AV:T A5.243, A5.251, A5.274)."""
        for s in self.ships.values():
            if s.out or s.thrust == 0:
                continue
            if not self.can_thrust(s):
                continue
            emit: list[str] = []
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
                self.emit("move", f"{s.id} moves to {s.pos}", ship=s.id,
                          to=[s.pos.q, s.pos.r, s.pos.z])
            emit: list[str] = []
            advance_facing(s, self.abs_segment, emit)
            for text in emit:
                self.emit("facing", text, ship=s.id)
            if self.sc.eat_targets:
                for t in self.targets.values():
                    if t.eaten_by is None and t.pos == s.pos:
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

    def step_regeneration(self) -> None:
        """Regeneration (part 2: reactors refill batteries, AV:T A5.373)."""
        if self.combat is not None:
            self.combat.step_regeneration(self)

    # -- end of turn hooks (part 2) ------------------------------------------------------------
    def end_turn_heat(self) -> None:
        """Reactor heat into heat sinks (part 2, AV:T A5.39)."""
        if self.combat is not None:
            self.combat.end_turn_heat(self)

    def end_turn_reactors(self) -> None:
        """Reactor on/off for the next turn (part 2, AV:T A5.39, A5.392)."""
        if self.combat is not None:
            self.combat.end_turn_reactors(self)

    def end_turn_radiators(self) -> None:
        """Radiators extend/retract (part 2, AV:T A5.391–A5.392)."""
        if self.combat is not None:
            self.combat.end_turn_radiators(self)

    def end_turn_orders_wanted(self) -> bool:
        """Whether seats give orders after segment 8 (part 2 turns this on)."""
        return self.combat is not None

    def can_thrust(self, ship: ShipState) -> bool:
        """Part 2: a ship may thrust only with its radiators retracted (AV:T A5.391)."""
        return self.combat is None or self.combat.systems[ship.id].thrust_allowed

    # -- the Game protocol -------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.sc.seats)

    @property
    def to_act(self) -> str | None:
        if self.finished:
            return None
        return self._waiting_seat()

    @property
    def over(self) -> bool:
        return self.finished

    def parse_action(self, text: str) -> Action:
        for parser in self.order_parsers:
            a = parser(text)
            if a is not None:
                return a
        return parse_order(text)

    def _ship_for(self, seat: str, order: Order) -> ShipState:
        if order.ship is None:
            mine = self._active(seat)
            if len(mine) != 1:
                raise IllegalAction(f"{seat} has {len(mine)} ships: name one "
                                    f"(e.g. '{mine[0].id}: {order.body()}')", rule=R_ORDERS)
            return mine[0]
        ship = self.ships.get(order.ship)
        if ship is None:
            raise IllegalAction(f"there is no ship {order.ship!r} "
                                f"(ships: {', '.join(self.ships)})", rule=R_ORDERS)
        if ship.seat != seat:
            raise IllegalAction(f"{ship.id} belongs to {ship.seat}; {seat} orders only its own "
                                "ships", rule=R_ORDERS)
        if ship.out:
            raise IllegalAction(f"{ship.id} has left the battle", rule=R_ORDERS)
        return ship

    def _given(self, seat: str, ship: ShipState, kinds: tuple[type, ...]) -> bool:
        return any(sid == ship.id and isinstance(o, kinds) for sid, o in self.pending[seat])

    def check(self, action: Action) -> None:
        seat = self.to_act
        if seat is None:
            raise IllegalAction("the game is over")
        step = self.current_step
        if isinstance(action, Done):
            return
        if not isinstance(action, Order):
            raise IllegalAction(f"not an Attack Vector order: {action}")
        if self.combat is not None and step is not None and step.kind == "orders":  # part 2
            self.combat.check_order(self, seat, self._ship_for(seat, action), action, step)
            return
        if step is None or step.name != "orders":
            raise IllegalAction(
                f"{action.body()!r} is a segment order; it is now the {step.name if step else '?'}"
                " step (only 'done' is accepted)", rule="AV:T A5.392")
        ship = self._ship_for(seat, action)
        self.check_order(seat, ship, action)

    def check_order(self, seat: str, ship: ShipState, order: Order) -> None:
        """Whether ``ship`` may be given ``order`` now (raises :class:`IllegalAction`)."""
        if isinstance(order, SetThrust):
            v = order.value
            if self._given(seat, ship, (SetThrust,)):
                raise IllegalAction(f"{ship.id} already has a thrust order this segment",
                                    rule="AV:T A5.242")
            if v != 0 and v not in THRUST_VALUES:
                raise IllegalAction(f"thrust {format_thrust(v)} is not a thrust-chart column "
                                    "(0.5 .. 8 in halves, or 0)", rule="AV:T A5.24")
            if v > ship.max_thrust:
                raise IllegalAction(
                    f"thrust {format_thrust(v)} is above {ship.id}'s thrust matrix "
                    f"(maximum {format_thrust(ship.max_thrust)} now)", rule="AV:T A2.4, A5.24")
            if v == ship.thrust:
                raise IllegalAction(f"{ship.id}'s thrust is already {format_thrust(v)}",
                                    rule="AV:T A5.242")
            if v and ship.fuel_left <= 0:
                raise IllegalAction(f"{ship.id} has no fuel left", rule="AV:T A2.4 (fuel)")
        elif isinstance(order, PivotTo | RollOrder):
            if ship.facing is not None:
                raise IllegalAction(
                    f"{ship.id} is already in a {ship.facing.kind} {ship.facing.label} "
                    f"(complete on segment {self._seg_name(ship.facing.end)})",
                    rule="AV:T A5.222 (one facing change at a time: our reading)")
            if self._given(seat, ship, (PivotTo, RollOrder)):
                raise IllegalAction(f"{ship.id} already has a facing-change order this segment",
                                    rule="AV:T A5.222")
            if isinstance(order, PivotTo):
                w = order.window
                if not self.three_d and w.e != 0:
                    raise IllegalAction(f"2-D play uses only the amber ring: {w} is not a "
                                        "window there", rule="AV:T A5.19 (2-D option)")
                if w == ship.orient.nose:
                    raise IllegalAction(f"{ship.id}'s nose is already in {w}", rule="AV:T A5.221")
            else:
                d = order.degrees
                if d % 30 or not 30 <= d <= 180:
                    raise IllegalAction("a roll is 30 .. 180 degrees in 30° wedges",
                                        rule="AV:T A2.4 (Roll), A5.222")
                if d == 180 and not order.starboard:
                    raise IllegalAction("write a 180° roll as 'roll 180 starboard'",
                                        rule="AV:T A2.4 (Roll)")
                if not self.three_d and d != 180:
                    raise IllegalAction("2-D play keeps the top up or down: only 180° rolls",
                                        rule="AV:T A5.19 (2-D option)")
        elif isinstance(order, BiasOrder):
            nose = ship.orient.nose
            if not nose.is_corner:
                raise IllegalAction(f"{ship.id}'s nose is in {nose}, not at a hex corner; a bias "
                                    "is chosen only at a corner", rule="AV:T A5.272")
            x, y = nose.azimuth.split("/")
            if order.direction not in (x, y):
                raise IllegalAction(f"at corner {nose.azimuth} the bias is {x} or {y}",
                                    rule="AV:T A5.272")
            if self._given(seat, ship, (BiasOrder,)):
                raise IllegalAction(f"{ship.id} already has a bias order this segment",
                                    rule="AV:T A5.272")
        else:  # pragma: no cover - part 2 orders are checked by part 2
            raise IllegalAction(f"unknown order {order}")

    def execute(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Done):
            self.done_seats.add(seat)
            self.emit("done", f"{seat} has given its orders", seat=seat)
            self._run()
            return
        assert isinstance(action, Order)
        ship = self._ship_for(seat, action)
        self.pending[seat].append((ship.id, action))

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action] = [Done()]
        step = self.current_step
        if step is None or step.kind != "orders":
            return out
        mine = self._active(seat)
        for ship in mine:
            name = ship.id if len(mine) > 1 else None
            if self.combat is not None:  # part 2: fire, reactor and radiator orders
                for cand in self._candidates(ship, name) + self.combat.candidates(
                        self, ship, name, step):
                    try:
                        self.combat.check_order(self, seat, ship, cand, step)
                    except IllegalAction:
                        continue
                    out.append(cand)
                continue
            if step.name != "orders":
                continue
            for cand in self._candidates(ship, name):
                try:
                    self.check_order(seat, ship, cand)
                except IllegalAction:
                    continue
                out.append(cand)
        return out

    def _candidates(self, ship: ShipState, name: str | None) -> list[Order]:
        c: list[Order] = [SetThrust(name, Fraction(0))]
        c += [SetThrust(name, v) for v in THRUST_VALUES if v <= ship.max_thrust]
        windows = ALL_WINDOWS if self.three_d else AMBER_WINDOWS
        c += [PivotTo(name, w) for w in windows]
        for d in range(30, 181, 30):
            c.append(RollOrder(name, d, True))
            if d != 180:
                c.append(RollOrder(name, d, False))
        c += [BiasOrder(name, x) for x in "ABCDEF"]
        return c

    # -- bearings ---------------------------------------------------------------------------
    def bearing(self, ship_id: str, other: str) -> Bearing:
        """The target marker for ``other`` (a ship or target) from ``ship_id`` (spec §6)."""
        src = self.ships[ship_id].pos
        dst = self.ships[other].pos if other in self.ships else self.targets[other].pos
        return bearing(src, dst, self.bearing_method, self.three_d)

    def bearings(self, ship_id: str) -> dict[str, Bearing]:
        out = {}
        for sid, s in self.ships.items():
            if sid != ship_id and not s.out:
                out[sid] = self.bearing(ship_id, sid)
        for tid, t in self.targets.items():
            if t.eaten_by is None:
                out[tid] = self.bearing(ship_id, tid)
        return out

    # -- results and state -----------------------------------------------------------------
    @property
    def result(self) -> Result | None:
        if not self.finished:
            return None
        if self.combat is not None:  # part 2: the battle's result
            return self.combat.result(self)
        scores: dict[str, float] = {seat: 0.0 for seat in self.sc.seats}
        for t in self.targets.values():
            if t.eaten_by is not None:
                scores[self.ships[t.eaten_by].seat] += 1
        best = max(scores.values())
        leaders = [s for s, v in scores.items() if v == best]
        winner = leaders[0] if len(leaders) == 1 and len(scores) > 1 else None
        return Result(
            outcome="scenario-complete", scores=scores, winner=winner,
            details={
                "turns": self.turn,
                "fuel_used": sum(s.fuel_used for s in self.ships.values()),
                "targets_eaten": sum(1 for t in self.targets.values() if t.eaten_by),
                "ships_left_map": sum(1 for s in self.ships.values() if s.out),
            },
        )

    def state_dict(self) -> dict[str, Any]:
        step = self.current_step
        return {
            "scenario": self.sc.name,
            "three_d": self.three_d,
            "bearings": self.bearing_method,
            "turn": self.turn, "segment": self.segment, "phase": self.phase,
            "step": step.name if step else None,
            "over": self.finished,
            "done_seats": sorted(self.done_seats),
            "pending": {seat: [[sid, str(o)] for sid, o in orders]
                        for seat, orders in self.pending.items()},
            "ships": {sid: s.to_dict(self.segment) for sid, s in self.ships.items()},
            "targets": {tid: {"position": [t.pos.q, t.pos.r, t.pos.z], "eaten_by": t.eaten_by}
                        for tid, t in self.targets.items()},
        }

    def is_secret(self, action: Action) -> bool:
        """Orders are secret until every seat has given its own (spec §2.2): an order, and a
        ``done`` that hands over to a seat still owing orders."""
        if isinstance(action, Order):
            return True
        if isinstance(action, Done):
            seat = self.to_act
            return any(s != seat and s not in self.done_seats and self._active(s)
                       for s in self.sc.seats)
        return False

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
        for key in ("weapon_tables", "d_results"):
            if isinstance(opts.get(key), str):
                opts[key] = read_toml(opts[key])
        return opts


__all__ = ["END_OF_TURN_STEPS", "RULE", "SEGMENT_STEPS", "AttackVectorGame", "Step", "Target"]
