"""Orders: recording, checking, the legal orders, and processing long orders.

AV:T A5.212: each seat writes its orders secretly in the Orders step; they are revealed together
(:meth:`~.sequence.SequencedGame.step_reveal`) and the long orders take effect in Process Long
Orders (A5.322). One function, :meth:`OrderedGame.reason`, says why an action is illegal now (or
``None``): :meth:`~OrderedGame.check` raises its answer and :meth:`~OrderedGame.legal_actions` is
the candidate orders it lets through. A motion order's rule is a function of the few facts of
its ship it reads (:mod:`.motion_orders`), so the legal motion orders of a position are a cached
function of those facts. Part 2 (ship systems) adds its own orders through the hooks
:meth:`~OrderedGame.systems_in_play`, :meth:`~OrderedGame.check_systems_order` and
:meth:`~OrderedGame.systems_candidates`.
"""

from __future__ import annotations

from collections.abc import Callable

from voidwar.core.errors import IllegalAction
from voidwar.core.game import Action, log_event
from voidwar.core.native import mypyc_attr

from .actions import BiasOrder, Done, Order, PivotTo, RollOrder, SetThrust, Timing
from .avid import pivot_path, roll_path
from .motion_orders import (
    MotionFacts,
    bias_candidates,
    bias_refusal,
    facing_candidates,
    facing_refusal,
    halves,
    legal_bias,
    legal_facing,
    legal_thrust,
    thrust_candidates,
    thrust_refusal,
)
from .sequence import ORDERS, ORDERS_STEP, SequencedGame, Step
from .ships import max_thrust_halves, thrust_table
from .state import ShipState, resolve_burn, start_facing_change
from .thrust import format_thrust

R_ORDERS = "AV:T A5.212"
LONG = Timing.LONG
#: the facing changes (a tuple: isinstance reads it faster than a union)
_FACING = (PivotTo, RollOrder)
#: the group of ``done``: always legal while a seat is to act
DONE: tuple[Action, ...] = (Done(),)


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
    def given(self, seat: str, ship: ShipState, kinds: tuple[type, ...]) -> bool:
        """Whether ``seat`` has already given ``ship`` an order of one of ``kinds`` in this
        orders step."""
        sid = ship.id
        return any(s == sid and isinstance(o, kinds) for s, o in self.pending[seat])

    def reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now, or ``None``: the one legality test (``check`` raises
        its answer; ``legal_actions`` lists the candidates it lets through)."""
        seat = self.to_act
        if seat is None:
            return IllegalAction("the game is over")
        if isinstance(action, Done):
            return None  # a seat to act may always end its orders
        if not isinstance(action, Order):
            return IllegalAction(f"not an Attack Vector order: {action}")
        step = self.current_step
        systems = self.systems_in_play() and step is not None and step.kind == ORDERS
        if not systems and (step is None or step.name != ORDERS_STEP):
            return IllegalAction(
                f"{action.body()!r} is a segment order; it is now the {step.name if step else '?'}"
                " step (only 'done' is accepted)", rule="AV:T A5.392")
        assert step is not None
        try:
            ship = self._ship_for(seat, action)
            if not systems:
                return self.motion_refusal(seat, ship, action)
            self.check_systems_order(seat, ship, action, step)
        except IllegalAction as e:
            return e
        return None

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) if ``action`` is illegal now
        (:meth:`reason`)."""
        err = self.reason(action)
        if err is not None:
            raise err

    def check_order(self, seat: str, ship: ShipState, order: Order) -> None:
        """Raise :meth:`motion_refusal` of a motion ``order`` (part 2's check of a battle's
        motion orders ends here)."""
        err = self.motion_refusal(seat, ship, order)
        if err is not None:
            raise err

    def motion_refusal(self, seat: str, ship: ShipState, order: Order) -> IllegalAction | None:
        """Why ``ship`` may not be given the motion ``order`` now: its kind's rule
        (:mod:`.motion_orders`) on the facts of the ship."""
        if isinstance(order, SetThrust):
            return thrust_refusal(self.motion_facts(seat, ship), order.value)
        if isinstance(order, _FACING):
            return facing_refusal(self.motion_facts(seat, ship), order)
        if isinstance(order, BiasOrder):
            return bias_refusal(self.motion_facts(seat, ship), order)
        return IllegalAction(f"unknown order {order}")

    def motion_facts(self, seat: str, ship: ShipState) -> MotionFacts:
        """What the motion rules read of ``ship`` now (:class:`.motion_orders.MotionFacts`)."""
        thrust = facing = bias = False
        sid = ship.id
        for s, o in self.pending[seat]:
            if s == sid:
                thrust = thrust or isinstance(o, SetThrust)
                facing = facing or isinstance(o, _FACING)
                bias = bias or isinstance(o, BiasOrder)
        fc = ship.facing
        table = thrust_table(ship.cls)
        return MotionFacts(
            sid, halves(ship.thrust),
            max_thrust_halves(table, ship.fuel_used, ship.engine_boxes_lost),
            ship.fuel_used < table.capacity,
            None if fc is None else (fc.kind, fc.label, self._seg_name(fc.end)),
            ship.orient.nose, self.three_d, thrust, facing, bias)

    def motion_legal(self, seat: str, ship: ShipState, name: str | None
                     ) -> tuple[tuple[Order, ...], tuple[Order, ...], tuple[Order, ...]]:
        """``ship``'s thrust, facing-change and bias orders that the motion rules let through
        (``name``: the orders' ship prefix; :mod:`.motion_orders`)."""
        f = self.motion_facts(seat, ship)
        return legal_thrust(f, name), legal_facing(f, name), legal_bias(f, name)

    def legal_groups(self) -> list[tuple[Action, ...]]:
        """:meth:`legal_actions` in groups: ``done``, then per active ship of the seat to act
        (named when it has several) its motion orders by kind and, in a battle, its part-2
        orders; each group the candidates :meth:`reason` lets through.

        Without ship systems the motion rules are the whole check of a motion order, so a
        group is their cached list (:meth:`motion_legal`). In a battle an order must also pass
        part 2's tests, so the motion lists are filtered again by :meth:`reason` (an order the
        motion rules refuse, the whole check refuses), and part 2's candidates likewise."""
        seat = self.to_act
        if seat is None:
            return []
        step = self.current_step
        groups: list[tuple[Action, ...]] = [DONE]
        if step is None or step.kind != ORDERS:
            return groups
        systems = self.systems_in_play()
        if not systems and step.name != ORDERS_STEP:
            return groups
        mine = self._active(seat)
        reason = self.reason
        for ship in mine:
            name = ship.id if len(mine) > 1 else None
            motion = self.motion_legal(seat, ship, name)
            if not systems:
                groups += motion
                continue
            groups.append(tuple(o for kind in motion for o in kind if reason(o) is None))
            groups.append(tuple(o for o in self.systems_candidates(ship, name, step)
                                if reason(o) is None))
        return groups

    def legal_actions(self) -> list[Action]:
        """The candidate orders that :meth:`reason` lets through, ``done`` first
        (:meth:`legal_groups`)."""
        out: list[Action] = []
        for group in self.legal_groups():
            out += group
        return out

    def choose_legal(self, pick: Callable[[int], int]) -> Action:
        """``legal_actions()[pick(n)]``, found group by group without building the list."""
        groups = self.legal_groups()
        k = pick(sum(map(len, groups)))
        for group in groups:
            if 0 <= k < len(group):
                return group[k]
            k -= len(group)
        return self.legal_actions()[k]  # a negative pick counts from the end, as in the list

    def candidates(self) -> list[Action]:
        """Every order worth checking now, in a fixed order: ``done``, then per active ship of
        the seat to act its motion orders and (part 2) its fire, reactor, flex and radiator
        orders."""
        seat = self.to_act
        step = self.current_step
        if seat is None:
            return []
        out: list[Action] = [Done()]
        if step is None or step.kind != ORDERS:
            return out
        systems = self.systems_in_play()
        if not systems and step.name != ORDERS_STEP:
            return out
        mine = self._active(seat)
        for ship in mine:
            name = ship.id if len(mine) > 1 else None
            most = max_thrust_halves(thrust_table(ship.cls), ship.fuel_used,
                                     ship.engine_boxes_lost)
            out += thrust_candidates(name, most)
            out += facing_candidates(name, self.three_d)
            out += bias_candidates(name)
            if systems:
                out += self.systems_candidates(ship, name, step)
        return out

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


__all__ = ["R_ORDERS", "OrderedGame"]
