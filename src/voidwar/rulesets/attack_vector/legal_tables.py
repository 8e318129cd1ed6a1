"""The per-process tables behind :meth:`.orders.OrderedGame.legal_actions`: a ship's motion
orders worth checking, built once, and the legal ones of each group by what the group's checks
read (the keys are :meth:`.orders.OrderedGame._group_keys`).

Both are shared by every game of the process, in every thread (core/memo.py):
:func:`motion_candidates` is a pure function of immutable values, cached; :data:`LEGAL` is
remembered: each group is made whole (tuples, and a dict never changed once made) and stored in
one step."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache

from voidwar.core.errors import IllegalAction
from voidwar.core.game import Action
from voidwar.core.memo import remember

from .actions import BiasOrder, Done, Order, PivotTo, RollOrder, SetThrust
from .avid import ALL_WINDOWS, AMBER_WINDOWS
from .thrust import THRUST_VALUES

#: one group of legal actions: the actions, and each by its value (to find the very object)
Group = tuple[tuple[Action, ...], dict[Action, Action]]
#: the legal groups of a motion orders step by :meth:`OrderedGame._legal_groups`' keys; per
#: process, cleared when it grows past LEGAL_LIMIT
LEGAL: dict[tuple[object, ...], Group] = {}
LEGAL_LIMIT = 20_000
#: the kinds of order :meth:`OrderedGame._given` asks about, as bits of a group's key
GIVEN: dict[type, int] = {SetThrust: 1, PivotTo: 2, RollOrder: 2, BiasOrder: 4}
#: the group of an order of each motion kind (:meth:`OrderedGame._group_keys`)
WHICH: dict[type, int] = {SetThrust: 0, PivotTo: 1, RollOrder: 1, BiasOrder: 2}
_DONE_ONLY = (Done(),)


def kind_bit(order: Order) -> int:
    """:data:`GIVEN`'s bit for an order of another class (a subclass: by isinstance)."""
    return next((bit for kind, bit in GIVEN.items() if isinstance(order, kind)), 8)


DONE: Group = (_DONE_ONLY, {a: a for a in _DONE_ONLY})


def passing(gate: Callable[[Order], None], rest: Callable[[Order], None],
            orders: Sequence[Order]) -> list[Action]:
    """The orders of one group that pass: none when the group's gate (the tests that depend on
    the order's kind only) fails, else each that passes the rest of the check."""
    try:
        gate(orders[0])
    except IllegalAction:
        return []
    found: list[Action] = []
    for o in orders:
        try:
            rest(o)
        except IllegalAction:
            continue
        found.append(o)
    return found


def keep(key: tuple[object, ...], found: list[Action]) -> Group:
    """Keep one group's legal orders under ``key`` in :data:`LEGAL`."""
    return remember(LEGAL, key, (tuple(found), {a: a for a in found}), LEGAL_LIMIT)


@lru_cache(maxsize=256)
def motion_candidates(name: str | None, max_thrust: Fraction, three_d: bool
                       ) -> tuple[tuple[Order, ...], ...]:
    """A ship's motion orders worth checking, in groups: thrust, facing changes, bias (orders
    are immutable values, so the lists are built once and shared)."""
    thrust: list[Order] = [SetThrust(name, Fraction(0))]
    thrust += [SetThrust(name, v) for v in THRUST_VALUES if v <= max_thrust]
    windows = ALL_WINDOWS if three_d else AMBER_WINDOWS
    facing: list[Order] = [PivotTo(name, w) for w in windows]
    for d in range(30, 181, 30):
        facing.append(RollOrder(name, d, True))
        if d != 180:
            facing.append(RollOrder(name, d, False))
    bias: list[Order] = [BiasOrder(name, x) for x in "ABCDEF"]
    return tuple(thrust), tuple(facing), tuple(bias)
