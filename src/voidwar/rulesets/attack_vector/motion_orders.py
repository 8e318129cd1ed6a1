"""The motion orders' rules (AV:T A5.221–A5.272): thrust, facing changes and bias, each a
function of what it reads of one ship.

Each kind of motion order reads a few facts of its ship, gathered in one immutable value
(:class:`ThrustFacts`, :class:`FacingFacts`, :class:`BiasFacts`; the game builds them,
:meth:`.orders.OrderedGame.thrust_facts` …). A rule is a function of those facts and the order
alone — it is given nothing else to read — and returns why the order is illegal, or ``None``.
:meth:`~.orders.OrderedGame.check` asks it about one order; the legal orders of a kind are the
candidates it lets through (:func:`legal_thrust` …), a pure function of the facts (integers,
strings, windows: cheap to hash), cached. A rule that reads one more fact needs it in the facts,
so the cache can never answer for another position.

Shared by every game of the process, in every thread (core/memo.py): the caches are pure
functions of immutable values.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from voidwar.core.errors import IllegalAction

from .actions import BiasOrder, Order, PivotTo, RollOrder, SetThrust
from .avid import ALL_WINDOWS, AMBER_WINDOWS, Window
from .thrust import THRUST_SET, THRUST_VALUES, format_thrust

#: the rule of a facing change under way (A5.222 allows one at a time: our reading)
R_ONE_FACING = "AV:T A5.222 (one facing change at a time: our reading)"


class ThrustFacts(NamedTuple):
    """What Change Thrust reads of a ship (AV:T A2.4, A5.24, A5.242); thrust in halves (chart
    columns are 0.5 .. 8 in halves: integers hash fast)."""

    ship: str
    #: the thrust set now, in halves
    thrust: int
    #: the thrust matrix's first unmarked box of the current row, in halves
    most: int
    #: whether any fuel is left
    fuel: bool
    #: whether the ship has a thrust order this segment
    ordered: bool


class FacingFacts(NamedTuple):
    """What a pivot or a roll reads of a ship (AV:T A5.221–A5.222, A5.19)."""

    ship: str
    #: a facing change under way: its kind, its label and the segment it completes (as said)
    busy: tuple[str, str, str] | None
    #: whether the ship has a facing-change order this segment
    ordered: bool
    three_d: bool
    nose: Window


class BiasFacts(NamedTuple):
    """What a bias order reads of a ship (AV:T A5.272)."""

    ship: str
    nose: Window
    #: whether the ship has a bias order this segment
    ordered: bool


def halves(value: Fraction) -> int:
    """A chart column (or 0, or a matrix box) in halves: ``Fraction(5, 2)`` → 5."""
    return 2 * value.numerator // value.denominator


# -- the rules --------------------------------------------------------------------------------
def thrust_refusal(f: ThrustFacts, v: Fraction) -> IllegalAction | None:
    """Change Thrust (AV:T A5.24, A5.242; A2.4 thrust matrix and fuel): one order a segment, a
    chart column (or 0) within the matrix, a change, and fuel to burn."""
    if f.ordered:
        return IllegalAction(f"{f.ship} already has a thrust order this segment",
                             rule="AV:T A5.242")
    if v != 0 and v not in THRUST_SET:
        return IllegalAction(f"thrust {format_thrust(v)} is not a thrust-chart column "
                             "(0.5 .. 8 in halves, or 0)", rule="AV:T A5.24")
    if 2 * v > f.most:
        return IllegalAction(
            f"thrust {format_thrust(v)} is above {f.ship}'s thrust matrix "
            f"(maximum {format_thrust(Fraction(f.most, 2))} now)", rule="AV:T A2.4, A5.24")
    if 2 * v == f.thrust:
        return IllegalAction(f"{f.ship}'s thrust is already {format_thrust(v)}",
                             rule="AV:T A5.242")
    if v and not f.fuel:
        return IllegalAction(f"{f.ship} has no fuel left", rule="AV:T A2.4 (fuel)")
    return None


def facing_refusal(f: FacingFacts, order: PivotTo | RollOrder) -> IllegalAction | None:
    """One facing change at a time, one order of it a segment (A5.222); a pivot to another
    window, a roll of 30° wedges (A5.221–A5.222; A2.4 "Roll"; A5.19 in 2-D)."""
    if f.busy is not None:
        kind, label, end = f.busy
        return IllegalAction(f"{f.ship} is already in a {kind} {label} (complete on segment "
                             f"{end})", rule=R_ONE_FACING)
    if f.ordered:
        return IllegalAction(f"{f.ship} already has a facing-change order this segment",
                             rule="AV:T A5.222")
    if isinstance(order, PivotTo):
        w = order.window
        if not f.three_d and w.e != 0:
            return IllegalAction(f"2-D play uses only the amber ring: {w} is not a window "
                                 "there", rule="AV:T A5.19 (2-D option)")
        if w == f.nose:
            return IllegalAction(f"{f.ship}'s nose is already in {w}", rule="AV:T A5.221")
        return None
    d = order.degrees
    if d % 30 or not 30 <= d <= 180:
        return IllegalAction("a roll is 30 .. 180 degrees in 30° wedges",
                             rule="AV:T A2.4 (Roll), A5.222")
    if d == 180 and not order.starboard:
        return IllegalAction("write a 180° roll as 'roll 180 starboard'", rule="AV:T A2.4 (Roll)")
    if not f.three_d and d != 180:
        return IllegalAction("2-D play keeps the top up or down: only 180° rolls",
                             rule="AV:T A5.19 (2-D option)")
    return None


def bias_refusal(f: BiasFacts, order: BiasOrder) -> IllegalAction | None:
    """A bias is chosen only with the nose at a hex corner, as one side of that corner, once a
    segment (AV:T A5.272)."""
    nose = f.nose
    if not nose.is_corner:
        return IllegalAction(f"{f.ship}'s nose is in {nose}, not at a hex corner; a bias is "
                             "chosen only at a corner", rule="AV:T A5.272")
    x, y = nose.azimuth.split("/")
    if order.direction not in (x, y):
        return IllegalAction(f"at corner {nose.azimuth} the bias is {x} or {y}",
                             rule="AV:T A5.272")
    if f.ordered:
        return IllegalAction(f"{f.ship} already has a bias order this segment",
                             rule="AV:T A5.272")
    return None


# -- the candidates and the legal orders ------------------------------------------------------
@lru_cache(maxsize=512)
def thrust_candidates(name: str | None, most: int) -> tuple[SetThrust, ...]:
    """Thrust 0, then each chart column up to ``most`` halves (orders are immutable values:
    each list built once)."""
    return (SetThrust(name, Fraction(0)),
            *(SetThrust(name, v) for v in THRUST_VALUES if 2 * v <= most))


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


@lru_cache(maxsize=256)
def bias_candidates(name: str | None) -> tuple[BiasOrder, ...]:
    """A bias to each hex side."""
    return tuple(BiasOrder(name, x) for x in "ABCDEF")


@lru_cache(maxsize=4096)
def legal_thrust(f: ThrustFacts, name: str | None) -> tuple[Order, ...]:
    """The thrust orders :func:`thrust_refusal` lets through (``name``: the orders' ship)."""
    return tuple(o for o in thrust_candidates(name, f.most) if thrust_refusal(f, o.value) is None)


@lru_cache(maxsize=4096)
def legal_facing(f: FacingFacts, name: str | None) -> tuple[Order, ...]:
    """The pivots and rolls :func:`facing_refusal` lets through."""
    return tuple(o for o in facing_candidates(name, f.three_d) if facing_refusal(f, o) is None)


@lru_cache(maxsize=1024)
def legal_bias(f: BiasFacts, name: str | None) -> tuple[Order, ...]:
    """The bias orders :func:`bias_refusal` lets through."""
    return tuple(o for o in bias_candidates(name) if bias_refusal(f, o) is None)


__all__ = ["BiasFacts", "FacingFacts", "ThrustFacts", "bias_candidates", "bias_refusal",
           "facing_candidates", "facing_refusal", "halves", "legal_bias", "legal_facing",
           "legal_thrust", "thrust_candidates", "thrust_refusal"]
