"""The motion orders' rules (AV:T A5.221–A5.272): thrust, facing changes and bias, each a
function of what it reads of one ship.

What the rules read of a ship is one immutable value, :class:`MotionFacts` (the game gathers it,
:meth:`.orders.OrderedGame.motion_facts`); a rule is a function of those facts and the order
alone — it is given nothing else to read — and returns why the order is illegal, or ``None``.
Each kind's rule is two tests in turn: the kind's **gate**, a function of the facts alone (may
this ship be given an order of this kind now at all?), then the **value** test, a function of
the order and the few facts named in its parameters. A gate answers with a :data:`Why` (a
message template over the facts and its rule, written only when an order is refused), since the
legal orders ask it on every position. :meth:`~.orders.OrderedGame.check` asks
the whole rule about one order; a kind's legal orders are none when the gate refuses, else the
candidates the value test lets through — a pure function of the same parameters (integers,
strings, a window: cheap to hash), cached. A test that reads one more fact needs it as a
parameter, which is part of the cache's key, so the cache can never answer for another
position.

Shared by every game of the process, in every thread (core/memo.py): the caches are pure
functions of immutable values.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple, TypeAlias

from voidwar.core.errors import IllegalAction

from .actions import BiasOrder, Order, PivotTo, RollOrder, SetThrust
from .avid import ALL_WINDOWS, AMBER_WINDOWS, Window, window
from .thrust import THRUST_SET, THRUST_VALUES, format_thrust


class MotionFacts(NamedTuple):
    """What the motion rules read of one ship in an orders step (AV:T A2.4, A5.19,
    A5.221–A5.272). Thrust is counted in halves (chart columns are 0.5 .. 8 in halves)."""

    ship: str
    #: the thrust set now, in halves
    thrust: int
    #: the thrust matrix's first unmarked box of the current row, in halves
    most: int
    #: whether any fuel is left
    fuel: bool
    #: a facing change under way: its kind, its label and the segment it completes (as said)
    busy: tuple[str, str, str] | None
    nose: Window
    three_d: bool
    #: whether the ship has a thrust, a facing-change, a bias order this segment
    thrust_given: bool
    facing_given: bool
    bias_given: bool


#: why a gate refuses: a message template over the facts (``{f.ship}``) and the rule
Why: TypeAlias = tuple[str, str]


def refused(why: Why | None, f: MotionFacts) -> IllegalAction | None:
    """The refusal a gate's :data:`Why` stands for, written for the ship of ``f``."""
    return None if why is None else IllegalAction(why[0].format(f=f), rule=why[1])


def halves(value: Fraction) -> int:
    """A chart column (or 0, or a matrix box) in halves: ``Fraction(5, 2)`` → 5."""
    return 2 * value.numerator // value.denominator


# -- Change Thrust (AV:T A5.24, A5.242; A2.4 thrust matrix and fuel) ---------------------------
_THRUST_GIVEN: Why = ("{f.ship} already has a thrust order this segment", "AV:T A5.242")


def thrust_gate(f: MotionFacts) -> Why | None:
    """One thrust order a segment (AV:T A5.242)."""
    return _THRUST_GIVEN if f.thrust_given else None


def thrust_value_refusal(ship: str, thrust: int, most: int, fuel: bool,
                         v: Fraction) -> IllegalAction | None:
    """A chart column (or 0) within the matrix, a change, and fuel to burn."""
    if v != 0 and v not in THRUST_SET:
        return IllegalAction(f"thrust {format_thrust(v)} is not a thrust-chart column "
                             "(0.5 .. 8 in halves, or 0)", rule="AV:T A5.24")
    h = halves(v)  # a chart column or 0: whole halves
    if h > most:
        return IllegalAction(
            f"thrust {format_thrust(v)} is above {ship}'s thrust matrix "
            f"(maximum {format_thrust(Fraction(most, 2))} now)", rule="AV:T A2.4, A5.24")
    if h == thrust:
        return IllegalAction(f"{ship}'s thrust is already {format_thrust(v)}",
                             rule="AV:T A5.242")
    if v and not fuel:
        return IllegalAction(f"{ship} has no fuel left", rule="AV:T A2.4 (fuel)")
    return None


def thrust_refusal(f: MotionFacts, v: Fraction) -> IllegalAction | None:
    """Change Thrust to ``v``: the gate, then the value."""
    return refused(thrust_gate(f), f) or thrust_value_refusal(f.ship, f.thrust, f.most, f.fuel, v)


@lru_cache(maxsize=512)
def thrust_candidates(name: str | None, most: int) -> tuple[SetThrust, ...]:
    """Thrust 0, then each chart column up to ``most`` halves (``name``: the orders' ship;
    orders are immutable values, so each list is built once)."""
    return (SetThrust(name, Fraction(0)),
            *(SetThrust(name, v) for v in THRUST_VALUES if halves(v) <= most))


@lru_cache(maxsize=2048)
def thrust_allowed(name: str | None, ship: str, thrust: int, most: int,
                   fuel: bool) -> tuple[Order, ...]:
    """The thrust candidates :func:`thrust_value_refusal` lets through."""
    return tuple(o for o in thrust_candidates(name, most)
                 if thrust_value_refusal(ship, thrust, most, fuel, o.value) is None)


def legal_thrust(f: MotionFacts, name: str | None) -> tuple[Order, ...]:
    """The thrust orders :func:`thrust_refusal` lets through."""
    if thrust_gate(f) is not None:
        return ()
    return thrust_allowed(name, f.ship, f.thrust, f.most, f.fuel)


# -- facing changes (AV:T A5.221–A5.222; A2.4 "Roll"; A5.19 in 2-D) ----------------------------
_BUSY: Why = ("{f.ship} is already in a {f.busy[0]} {f.busy[1]} (complete on segment "
              "{f.busy[2]})", "AV:T A5.222 (one facing change at a time: our reading)")
_FACING_GIVEN: Why = ("{f.ship} already has a facing-change order this segment",
                      "AV:T A5.222")


def facing_gate(f: MotionFacts) -> Why | None:
    """One facing change at a time, one order of it a segment (AV:T A5.222)."""
    if f.busy is not None:
        return _BUSY
    return _FACING_GIVEN if f.facing_given else None


def facing_value_refusal(ship: str, nose: Window, three_d: bool,
                         order: PivotTo | RollOrder) -> IllegalAction | None:
    """A pivot to another window (the amber ring in 2-D), a roll of 30° wedges (only 180° in
    2-D)."""
    if isinstance(order, PivotTo):
        w = order.window
        if not three_d and w.e != 0:
            return IllegalAction(f"2-D play uses only the amber ring: {w} is not a window "
                                 "there", rule="AV:T A5.19 (2-D option)")
        if w == nose:
            return IllegalAction(f"{ship}'s nose is already in {w}", rule="AV:T A5.221")
        return None
    d = order.degrees
    if d % 30 or not 30 <= d <= 180:
        return IllegalAction("a roll is 30 .. 180 degrees in 30° wedges",
                             rule="AV:T A2.4 (Roll), A5.222")
    if d == 180 and not order.starboard:
        return IllegalAction("write a 180° roll as 'roll 180 starboard'", rule="AV:T A2.4 (Roll)")
    if not three_d and d != 180:
        return IllegalAction("2-D play keeps the top up or down: only 180° rolls",
                             rule="AV:T A5.19 (2-D option)")
    return None


def facing_refusal(f: MotionFacts, order: PivotTo | RollOrder) -> IllegalAction | None:
    """A pivot or a roll: the gate, then the value."""
    return refused(facing_gate(f), f) or facing_value_refusal(f.ship, f.nose, f.three_d, order)


@lru_cache(maxsize=256)
def facing_candidates(name: str | None, three_d: bool) -> tuple[PivotTo | RollOrder, ...]:
    """A pivot to every window (the amber ring in 2-D), then rolls of 30 .. 180° each way."""
    windows = ALL_WINDOWS if three_d else AMBER_WINDOWS
    out: list[PivotTo | RollOrder] = [PivotTo(name, w) for w in windows]
    for d in range(30, 181, 30):
        out.append(RollOrder(name, d, True))
        if d != 180:
            out.append(RollOrder(name, d, False))
    return tuple(out)


@lru_cache(maxsize=2048)
def facing_allowed(name: str | None, ship: str, k: int, e: int,
                   three_d: bool) -> tuple[Order, ...]:
    """The facing-change candidates :func:`facing_value_refusal` lets through with the nose in
    window (``k``, ``e``) (integers: a window's hash is slower)."""
    nose = window(k, e)
    return tuple(o for o in facing_candidates(name, three_d)
                 if facing_value_refusal(ship, nose, three_d, o) is None)


def legal_facing(f: MotionFacts, name: str | None) -> tuple[Order, ...]:
    """The pivots and rolls :func:`facing_refusal` lets through."""
    if facing_gate(f) is not None:
        return ()
    nose = f.nose
    return facing_allowed(name, f.ship, nose.k, nose.e, f.three_d)


# -- bias (AV:T A5.272) --------------------------------------------------------------------------
_NOT_CORNER: Why = ("{f.ship}'s nose is in {f.nose}, not at a hex corner; a bias is chosen "
                    "only at a corner", "AV:T A5.272")
_BIAS_GIVEN: Why = ("{f.ship} already has a bias order this segment", "AV:T A5.272")


def bias_gate(f: MotionFacts) -> Why | None:
    """A bias is chosen only with the nose at a hex corner, once a segment."""
    if not f.nose.is_corner:
        return _NOT_CORNER
    return _BIAS_GIVEN if f.bias_given else None


def bias_value_refusal(nose: Window, order: BiasOrder) -> IllegalAction | None:
    """The bias is one side of the nose's corner."""
    x, y = nose.azimuth.split("/")
    if order.direction not in (x, y):
        return IllegalAction(f"at corner {nose.azimuth} the bias is {x} or {y}",
                             rule="AV:T A5.272")
    return None


def bias_refusal(f: MotionFacts, order: BiasOrder) -> IllegalAction | None:
    """A bias order: the gate, then the value."""
    return refused(bias_gate(f), f) or bias_value_refusal(f.nose, order)


@lru_cache(maxsize=256)
def bias_candidates(name: str | None) -> tuple[BiasOrder, ...]:
    """A bias to each hex side."""
    return tuple(BiasOrder(name, x) for x in "ABCDEF")


@lru_cache(maxsize=1024)
def bias_allowed(name: str | None, k: int, e: int) -> tuple[Order, ...]:
    """The bias candidates :func:`bias_value_refusal` lets through with the nose at the
    corner window (``k``, ``e``)."""
    nose = window(k, e)
    return tuple(o for o in bias_candidates(name) if bias_value_refusal(nose, o) is None)


def legal_bias(f: MotionFacts, name: str | None) -> tuple[Order, ...]:
    """The bias orders :func:`bias_refusal` lets through."""
    if bias_gate(f) is not None:
        return ()
    nose = f.nose
    return bias_allowed(name, nose.k, nose.e)


__all__ = ["MotionFacts", "bias_candidates", "bias_refusal", "facing_candidates",
           "facing_refusal", "halves", "legal_bias", "legal_facing", "legal_thrust",
           "thrust_candidates", "thrust_refusal"]
