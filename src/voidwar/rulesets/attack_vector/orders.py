"""Orders: recording, checking, the legal orders, and processing long orders.

AV:T A5.212: each seat writes its orders secretly in the Orders step; they are revealed together
(:meth:`~.sequence.SequencedGame.step_reveal`) and the long orders take effect in Process Long
Orders (A5.322). One function, :meth:`OrderedGame.reason`, says why an action is illegal now (or
``None``): :meth:`~OrderedGame.check` raises its answer and :meth:`~OrderedGame.legal_actions` is
the candidate orders it lets through. Part 2 (ship systems) adds its own orders through the hooks
:meth:`~OrderedGame.systems_in_play`, :meth:`~OrderedGame.check_systems_order` and
:meth:`~OrderedGame.systems_candidates`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from itertools import repeat
from operator import is_

from voidwar.core.errors import IllegalAction
from voidwar.core.game import Action, log_event
from voidwar.core.native import mypyc_attr

from .actions import BiasOrder, Done, Order, PivotTo, RollOrder, SetThrust, Timing
from .avid import pivot_path, roll_path
from .legal_tables import (
    DONE,
    GIVEN,
    LEGAL,
    WHICH,
    Group,
    keep,
    kind_bit,
    motion_candidates,
    passing,
)
from .sequence import ORDERS, ORDERS_STEP, SequencedGame, Step
from .state import ShipState, resolve_burn, start_facing_change
from .thrust import THRUST_SET, format_thrust

R_ORDERS = "AV:T A5.212"
LONG = Timing.LONG
#: one part of an order's check (raises :class:`IllegalAction`); a gate reads only the order's
#: kind (and names the order in its message)
Check = Callable[[Order], None]


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class OrderedGame(SequencedGame):
    """The orders of the sequence of play (module docstring)."""

    # -- part-2 hooks ------------------------------------------------------------------------
    def systems_in_play(self) -> bool:
        """Part 2: whether ship systems (and their orders) are in play."""
        return False

    def check_systems_order(self, seat: str, ship: ShipState, order: Order, step: Step) -> None:
        """Part 2: raise :class:`IllegalAction` unless ``ship`` may be given ``order`` in the
        orders step ``step`` (every order, motion orders too, when systems are in play)."""
        raise IllegalAction(f"unknown order {order}")  # pragma: no cover - part 2 overrides

    def systems_candidates(self, ship: ShipState, name: str | None, step: Step) -> list[Order]:
        """Part 2: fire, reactor and radiator orders worth checking for ``ship``."""
        return []

    def systems_gate(self, ship: ShipState, order: Order, step: Step) -> None:
        """Part 2: the tests of :meth:`check_systems_order` that hold or fail alike for every
        order of ``order``'s kind (raises :class:`IllegalAction`); a motion order's also."""

    def systems_motion_rest(self, ship: ShipState, order: Order) -> None:
        """Part 2: the tests of a motion order in a battle besides its gate and the motion
        layer's (raises :class:`IllegalAction`)."""

    # -- recording ---------------------------------------------------------------------------
    def _ship_for(self, seat: str, order: Order) -> ShipState:
        """The ship an order names (or the seat's only ship); raises for any other."""
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
        """Whether ``seat`` has already given ``ship`` an order of one of ``kinds``."""
        return any(sid == ship.id and isinstance(o, kinds) for sid, o in self.pending[seat])

    def execute(self, action: Action) -> None:
        """Record a checked order secretly, or end the seat's orders (AV:T A5.212)."""
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Done):
            self.done_seats.add(seat)
            log_event(self, "done", "{} has given its orders", (seat,), {"seat": seat})
            self._run()
            return
        assert isinstance(action, Order)
        ship = self._ship_for(seat, action)
        self.pending[seat].append((ship.id, action))

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

    def secret_step(self) -> tuple[int, int, str, int] | None:
        """Every orders step is secret until all seats have given theirs (spec §2.2; AV:T
        A5.212): what a seat orders in it — and whether it ordered anything — is revealed when
        the step runs. Named by the turn, the segment, the phase and the step: what every seat
        sees."""
        if self.finished:
            return None
        return (self.turn, self.segment, str(self.phase), self.step_index)

    # -- legality ----------------------------------------------------------------------------
    def reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now, or ``None`` (the one legality test)."""
        try:
            self._check(action)
        except IllegalAction as e:
            return e
        return None

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) if ``action`` is illegal now (an
        action handed out by :meth:`legal_actions` for this very position passes at once:
        ``done``, or an order found in its ship's group, :meth:`_handed_out`)."""
        seat = self.to_act
        if seat is not None and self._handed_out(seat, action):
            return
        err = self.reason(action)
        if err is not None:
            raise err

    def _handed_out(self, seat: str, action: Action) -> bool:
        """Whether ``action`` is the very value :meth:`legal_actions` hands out now (only the
        group of its ship and kind is looked up)."""
        if self.systems_in_play():
            return False
        if isinstance(action, Done):
            return True  # always legal while a seat is to act (:meth:`_check_in`)
        which = WHICH.get(type(action))
        step = self.current_step
        if which is None or step is None or step.kind != ORDERS or step.name != ORDERS_STEP:
            return False
        assert isinstance(action, Order)
        mine = self._active(seat)
        if action.ship is None:
            ship = mine[0] if len(mine) == 1 else None
        else:
            ship = next((s for s in mine if s.id == action.ship), None) if len(mine) > 1 else None
        if ship is None:
            return False
        entry = LEGAL.get(self._group_keys(seat, ship, len(mine) > 1, which == 0)[which])
        # the very object, by identity: a loop in C, no order hashed (a Fraction's is slow)
        return entry is not None and any(map(is_, entry[0], repeat(action)))

    def legal_twin(self, action: Action) -> Action | None:
        """The action of :meth:`legal_actions` equal to ``action`` (that very value), or
        ``None`` when ``action`` is not one of them; the motion layer finds it in its group's
        table without building the list."""
        seat = self.to_act
        if seat is None:
            return None
        groups = self._legal_groups(seat, self.current_step)
        if groups is None:  # a battle: the list is built only for an action the check passes
            if self.reason(action) is not None:
                return None
            return next((a for a in self._filtered(seat, self.current_step) if a == action), None)
        # a motion order can only be in its own kind's group of a ship ([done] then each ship's
        # thrust, facing-change and bias groups, :meth:`_legal_groups`): hashed there only
        which = WHICH.get(type(action))
        for _actions, by_value in (groups if which is None else groups[1 + which::3]):
            found = by_value.get(action)
            if found is not None:
                return found
        return None

    def legal_actions(self) -> list[Action]:
        """The candidate orders that :meth:`reason` lets through, ``done`` first
        (:meth:`_filtered`; in the motion layer looked up group by group,
        :meth:`_legal_groups`)."""
        seat = self.to_act
        if seat is None:
            return []
        groups = self._legal_groups(seat, self.current_step)
        if groups is None:
            return self._filtered(seat, self.current_step)
        out: list[Action] = []
        for actions, _by_value in groups:
            out += actions
        return out

    def choose_legal(self, pick: Callable[[int], int]) -> Action:
        """``legal_actions()[pick(n)]``, found group by group without building the list."""
        seat = self.to_act
        groups = None if seat is None else self._legal_groups(seat, self.current_step)
        if groups is None:
            return super().choose_legal(pick)
        k = pick(sum(len(g[0]) for g in groups))
        for actions, _by_value in groups:
            if k < len(actions):
                return actions[k]
            k -= len(actions)
        raise IndexError(k)  # pragma: no cover - pick(n) is below n

    def _legal_groups(self, seat: str, step: Step | None) -> list[Group] | None:
        """The legal actions of ``seat`` now as groups (``done``; per active ship its thrust
        orders, facing changes, bias), each looked up in a per-process table by what its
        checks read (filled by the rules' own check, :meth:`_fill`); ``None`` with ship systems
        in play (a battle's orders are filtered every time). A test checks the groups against
        :meth:`reason` along random games."""
        if self.systems_in_play():
            return None
        if step is None or step.kind != ORDERS or step.name != ORDERS_STEP:
            return [DONE]
        mine = self._active(seat)
        named = len(mine) > 1
        out = [DONE]
        for ship in mine:
            for which, key in enumerate(self._group_keys(seat, ship, named)):
                entry = LEGAL.get(key)
                if entry is None:
                    entry = self._fill(key, seat, ship, step, which)
                out.append(entry)
        return out

    def _group_keys(self, seat: str, ship: ShipState, named: bool, thrust: bool = True
                    ) -> tuple[tuple[object, ...], tuple[object, ...], tuple[object, ...]]:
        """The table keys of ``ship``'s thrust, facing-change and bias groups: what each
        group's gate and rest read besides the candidates' own values (thrust values as integer
        pairs: a Fraction's hash is slow); the thrust group's is ``()`` unless ``thrust``
        (:meth:`_handed_out` asks for one group)."""
        given = 0
        sid = ship.id
        for ordered, o in self.pending[seat]:
            if ordered == sid:
                given |= GIVEN.get(type(o)) or kind_bit(o)
        name = sid if named else None
        nose = ship.orient.nose
        cls = type(self)
        thrust_key: tuple[object, ...] = ()
        if thrust:
            t, m = ship.thrust, ship.max_thrust
            thrust_key = (cls, 0, name, t.numerator, t.denominator, m.numerator, m.denominator,
                          ship.fuel_used < ship.cls.fuel.capacity, given & 1)
        return (thrust_key,
                (cls, 1, name, self.three_d, ship.facing is None, nose.k, nose.e, given & 2),
                (cls, 2, name, nose.k, nose.e, given & 4))

    def _fill(self, key: tuple[object, ...], seat: str, ship: ShipState, step: Step,
              which: int) -> Group:
        """Filter one group of :meth:`_candidate_groups` by its gate and rest, and keep it."""
        gate, rest = self._motion_checks(seat, ship, step, False)
        name = None if key[2] is None else ship.id
        return keep(key, passing(gate, rest, motion_candidates(
            name, ship.max_thrust, self.three_d)[which]))

    def _filtered(self, seat: str, step: Step | None) -> list[Action]:
        """The candidate orders that :meth:`reason` lets through, ``done`` first.

        The same list as ``[a for a in self.candidates() if self.reason(a) is None]`` (a test
        checks it along random games), found faster: a group of candidates (one ship's thrust
        orders, its facing changes, …) is dropped whole when its gate fails — the tests of the
        check that depend on the order's kind only — and each order of a group that passes runs
        the rest of the check (legality is all the tests passing; their order only chooses
        which message an illegal order gets; :func:`.legal_tables.passing`)."""
        out: list[Action] = [Done()]
        for gate, rest, orders in self._candidate_groups(seat, step):
            out += passing(gate, rest, orders)
        return out

    def _check(self, action: Action) -> None:
        seat = self.to_act
        if seat is None:
            raise IllegalAction("the game is over")
        self._check_in(seat, self.current_step, action)

    def _check_in(self, seat: str, step: Step | None, action: Action) -> None:
        """:meth:`_check` with the seat to act and the current step already looked up."""
        if isinstance(action, Done):
            return
        if not isinstance(action, Order):
            raise IllegalAction(f"not an Attack Vector order: {action}")
        systems = self.systems_in_play() and step is not None and step.kind == ORDERS
        if not systems and (step is None or step.name != ORDERS_STEP):
            raise IllegalAction(
                f"{action.body()!r} is a segment order; it is now the {step.name if step else '?'}"
                " step (only 'done' is accepted)", rule="AV:T A5.392")
        assert step is not None
        self._check_ship(seat, step, self._ship_for(seat, action), action, systems)

    def _check_ship(self, seat: str, step: Step, ship: ShipState, order: Order,
                    systems: bool) -> None:
        """An order for ``ship`` in an orders step that takes it: part 2 checks every order of a
        battle, the motion layer the rest."""
        if systems:
            self.check_systems_order(seat, ship, order, step)
        else:
            self.check_order(seat, ship, order)

    def candidates(self) -> list[Action]:
        """Every order worth checking now, in a fixed order: ``done``, then per ship its
        motion orders and (part 2) its fire, reactor and radiator orders."""
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action] = [Done()]
        for _gate, _rest, orders in self._candidate_groups(seat, self.current_step):
            out += orders
        return out

    def _candidate_groups(self, seat: str, step: Step | None
                          ) -> list[tuple[Check, Check, list[Order]]]:
        """:meth:`candidates` after ``done``, in groups of one ship's orders of one kind:
        (gate, rest of the check, orders); only for an orders step that takes orders."""
        if step is None or step.kind != ORDERS:
            return []
        systems = self.systems_in_play()
        if not systems and step.name != ORDERS_STEP:
            return []
        mine = self._active(seat)
        groups: list[tuple[Check, Check, list[Order]]] = []
        for ship in mine:
            name = ship.id if len(mine) > 1 else None
            gate, rest = self._motion_checks(seat, ship, step, systems)
            groups += [(gate, rest, list(c)) for c in
                       motion_candidates(name, ship.max_thrust, self.three_d)]
            if systems:
                groups += self.systems_groups(seat, ship, name, step)
        return groups

    def systems_groups(self, seat: str, ship: ShipState, name: str | None, step: Step
                       ) -> list[tuple[Check, Check, list[Order]]]:
        """Part 2's candidates for ``ship`` as :meth:`_candidate_groups` groups: one group of
        them all, gated by :meth:`systems_gate` (part 2 may split them finer)."""
        found = self.systems_candidates(ship, name, step)
        if not found:
            return []
        return [(partial(self.systems_gate, ship, step=step),
                 partial(self.check_systems_order, seat, ship, step=step), found)]

    def _motion_checks(self, seat: str, ship: ShipState, step: Step, systems: bool
                       ) -> tuple[Check, Check]:
        """A motion order's check for ``ship`` split in two: the gate (part 2's tests for the
        kind, then :meth:`_motion_gate`) and the rest (part 2's, then :meth:`_motion_rest`)."""
        if not systems:
            return partial(self._motion_gate, seat, ship), partial(self._motion_rest, seat, ship)
        return (partial(_systems_motion_gate, self, seat, ship, step),
                partial(_systems_motion_rest, self, seat, ship))

    def check_order(self, seat: str, ship: ShipState, order: Order) -> None:
        """Whether ``ship`` may be given the motion ``order`` now (raises
        :class:`IllegalAction`): the tests its kind gives, then those its value gives."""
        self._motion_gate(seat, ship, order)
        self._motion_rest(seat, ship, order)

    def _motion_gate(self, seat: str, ship: ShipState, order: Order) -> None:
        """The tests of a motion order that depend on its kind only: one thrust order a
        segment, one facing change at a time, a bias only at a corner."""
        if isinstance(order, SetThrust):
            self._thrust_gate(seat, ship)
        elif isinstance(order, PivotTo | RollOrder):
            self._facing_gate(seat, ship)
        elif isinstance(order, BiasOrder):
            self._bias_gate(ship)
        else:  # pragma: no cover - part 2 orders are checked by part 2
            raise IllegalAction(f"unknown order {order}")

    def _motion_rest(self, seat: str, ship: ShipState, order: Order) -> None:
        """The rest of a motion order's check (after :meth:`_motion_gate`)."""
        if isinstance(order, SetThrust):
            self._check_thrust(ship, order.value)
        elif isinstance(order, PivotTo | RollOrder):
            self._check_facing_change(ship, order)
        elif isinstance(order, BiasOrder):
            self._check_bias(seat, ship, order)

    def _check_thrust(self, ship: ShipState, v: Fraction) -> None:
        """Change Thrust (AV:T A5.24, A5.242; A2.4 thrust matrix and fuel)."""
        if v != 0 and v not in THRUST_SET:
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

    def _thrust_gate(self, seat: str, ship: ShipState) -> None:
        """One thrust order a segment (AV:T A5.242)."""
        if self._given(seat, ship, (SetThrust,)):
            raise IllegalAction(f"{ship.id} already has a thrust order this segment",
                                rule="AV:T A5.242")

    def _facing_gate(self, seat: str, ship: ShipState) -> None:
        """One facing change at a time, one order of it a segment (AV:T A5.222)."""
        if ship.facing is not None:
            raise IllegalAction(
                f"{ship.id} is already in a {ship.facing.kind} {ship.facing.label} "
                f"(complete on segment {self._seg_name(ship.facing.end)})",
                rule="AV:T A5.222 (one facing change at a time: our reading)")
        if self._given(seat, ship, (PivotTo, RollOrder)):
            raise IllegalAction(f"{ship.id} already has a facing-change order this segment",
                                rule="AV:T A5.222")

    def _check_facing_change(self, ship: ShipState, order: PivotTo | RollOrder) -> None:
        """A pivot to another window, a roll of 30° wedges (AV:T A5.221–A5.222; A2.4 "Roll";
        A5.19 in 2-D)."""
        if isinstance(order, PivotTo):
            w = order.window
            if not self.three_d and w.e != 0:
                raise IllegalAction(f"2-D play uses only the amber ring: {w} is not a "
                                    "window there", rule="AV:T A5.19 (2-D option)")
            if w == ship.orient.nose:
                raise IllegalAction(f"{ship.id}'s nose is already in {w}", rule="AV:T A5.221")
            return
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

    def _bias_gate(self, ship: ShipState) -> None:
        """A bias is chosen only with the nose at a hex corner (AV:T A5.272)."""
        nose = ship.orient.nose
        if not nose.is_corner:
            raise IllegalAction(f"{ship.id}'s nose is in {nose}, not at a hex corner; a bias "
                                "is chosen only at a corner", rule="AV:T A5.272")

    def _check_bias(self, seat: str, ship: ShipState, order: BiasOrder) -> None:
        """The bias is one side of the nose's corner, once a segment (AV:T A5.272)."""
        nose = ship.orient.nose
        x, y = nose.azimuth.split("/")
        if order.direction not in (x, y):
            raise IllegalAction(f"at corner {nose.azimuth} the bias is {x} or {y}",
                                rule="AV:T A5.272")
        if self._given(seat, ship, (BiasOrder,)):
            raise IllegalAction(f"{ship.id} already has a bias order this segment",
                                rule="AV:T A5.272")

    # -- processing long orders --------------------------------------------------------------
    def step_long_orders(self) -> None:
        """Process Long Orders: set thrust, begin facing changes, set bias (AV:T A5.322)."""
        for _seat, ship_id, order in self.revealed:
            ship = self.ships[ship_id]
            if ship.out or order.timing != LONG:
                continue
            self.process_long_order(ship, order)

    def process_long_order(self, ship: ShipState, order: Order) -> None:
        """Carry out one revealed long order (AV:T A5.322; a new thrust value closes a burn
        first, spec §7.8 PROPOSAL)."""
        emit: list[str] = []
        if isinstance(order, SetThrust):
            if order.value and ship.burn is not None and ship.burn.cells and \
                    order.value != ship.burn.thrust:
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


def _systems_motion_gate(game: OrderedGame, seat: str, ship: ShipState, step: Step,
                         order: Order) -> None:
    """A motion order's gate with ship systems in play: part 2's, then the motion's own."""
    game.systems_gate(ship, order, step)
    game._motion_gate(seat, ship, order)


def _systems_motion_rest(game: OrderedGame, seat: str, ship: ShipState, order: Order) -> None:
    """A motion order's rest with ship systems in play: part 2's, then the motion's own."""
    game.systems_motion_rest(ship, order)
    game._motion_rest(seat, ship, order)


__all__ = ["R_ORDERS", "OrderedGame"]
