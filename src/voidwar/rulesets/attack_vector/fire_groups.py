"""Fire orders for ``legal_actions`` in groups of one target (issue 18: the same list, faster).

:meth:`.combat.Combat.check_order` checks one fire order alone: the ship still fights, the
target is an enemy still fighting, the weapon is not ordered twice, and it is ready, in arc, in
range and paid for (AV:T A5.37–A5.372). Most of it reads only the ship and the target, so a
group of one ship's orders at one target runs that part once (its gate: the ship, the target,
its range and ship-frame window, the power already committed) and each order only the tests of
its weapon. Legality is every test passing, so the orders let through are exactly those
``check_order`` accepts (a test compares the lists along random games); only ``check_order``
chooses which message an illegal order gets.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from voidwar.core.errors import IllegalAction

from .actions import FireOrder, Order
from .orders import OrderedGame
from .sequence import ORDERS_STEP, Step
from .state import ShipState
from .systems.arcs import ShipWindow

if TYPE_CHECKING:
    from .combat import Combat

Check = Callable[[Order], None]
Group = tuple[Check, Check, list[Order]]


def _no() -> IllegalAction:
    return IllegalAction("not legal (legal_actions' group test; check_order says why)")


def fire_groups(combat: Combat, game: OrderedGame, seat: str, ship: ShipState,
                orders: list[Order], step: Step) -> list[Group]:
    """``orders`` (one ship's fire orders, target by target) in groups of one target, each
    with its gate and the rest of the check (module docstring)."""
    groups: list[Group] = []
    start = 0
    for i in range(1, len(orders) + 1):
        if i == len(orders) or _target(orders[i]) != _target(orders[start]):
            groups.append(_group(combat, game, seat, ship, orders[start:i], step))
            start = i
    return groups


def _target(order: Order) -> str:
    assert isinstance(order, FireOrder)
    return order.target


def _group(combat: Combat, game: OrderedGame, seat: str, ship: ShipState,
           orders: list[Order], step: Step) -> Group:
    """One target's gate and rest; the gate leaves what the rest reads in ``seen``."""
    sys_ = combat.systems[ship.id]
    tid = _target(orders[0])
    seen: dict[str, object] = {}

    def gate(order: Order) -> None:
        combat.gate(ship, order, step)
        if step.name != ORDERS_STEP:
            raise _no()
        combat._check_fire_target(game, seat, tid)
        if sys_.destroyed or sys_.surrendered:
            raise _no()
        rng, w, _mounts = combat.target_info(game, ship.id, tid)
        seen["rng"] = combat.jammed_range(ship.id, tid, rng)
        seen["window"] = w
        seen["committed"] = combat.committed(game, seat, ship.id)
        seen["ordered"] = {o.weapon for s, o in game.pending[seat]
                           if s == ship.id and isinstance(o, FireOrder)}

    def rest(order: Order) -> None:
        assert isinstance(order, FireOrder)
        if order.weapon in seen["ordered"]:  # type: ignore[operator]
            raise _no()
        w = sys_.weapon(order.weapon)
        if w.destroyed or not w.is_ready(game.turn, game.segment):
            raise _no()
        window = seen["window"]
        if window is None:  # same hex and level: in every arc (our design)
            window = next(iter(sys_.arcs[w.mount].windows))
        assert isinstance(window, ShipWindow)
        rng = seen["rng"]
        assert isinstance(rng, int)
        if window not in sys_.arcs[w.mount] or sys_.rules.bracket(w.code, rng) is None:
            raise _no()
        committed = seen["committed"]
        assert isinstance(committed, Fraction)
        if committed + w.code.power > sys_.power.stored and not sys_.free_lasers:
            raise _no()

    return gate, rest, orders


__all__ = ["fire_groups"]
