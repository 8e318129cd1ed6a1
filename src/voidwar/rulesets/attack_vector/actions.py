"""Orders and their notation (AV:T A5.212: orders are written in the Orders step).

One declaration per order kind (:mod:`voidwar.core.notation`) gives its text, its parser and its
structured form; :data:`NOTATION` reads them all::

    done                      # no (more) orders this segment
    thrust 5                  # Change Thrust (A5.242); thrust 2.5, thrust 0 (engine off)
    pivot to C+               # Set Facing Change to an AVID window (A5.221, A5.321)
    roll 90 starboard         # roll 30..180 degrees to starboard or port (A2.4 "Roll")
    bias A                    # bias direction at a hex corner (A5.272)
    fire A1 at red-1          # part 2: weapon A1 fires in the fire step (A5.37)
    reactors on off           # part 2, after segment 8: each reactor on or off (A5.392)
    radiators out             # part 2, after segment 8: extend (surrender) or retract (A5.391)
    flex ecm 1 eccm 0         # part 2, after segment 8: flex points on ECM/ECCM (A5.312; ours)

A seat with several ships prefixes the ship: ``red-1: thrust 5``. A seat with one ship may leave the
prefix out. ``NOTATION.parse(str(o)) == o`` always holds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import ClassVar

from voidwar.core.notation import (
    Action,
    Choice,
    Field,
    Int,
    Notation,
    NotationError,
    Several,
    Word,
    notation,
)

from .avid import Window, WindowError, parse_window
from .thrust import format_thrust, parse_thrust

AMBER_A = Window(0, 0)
#: a ship or target id (scenario files use the same pattern)
SHIP_ID = r"[A-Za-z][A-Za-z0-9_-]*"


class Timing(StrEnum):
    """When a revealed order takes effect (AV:T A5.212, A5.322, A5.392)."""

    #: processed in Process Long Orders (A5.322)
    LONG = "long"
    #: resolved in the fire step (part 2, A5.37)
    FIRE = "fire"
    #: applied at the end of the turn (part 2, A5.392)
    END = "end"


# -- fields -------------------------------------------------------------------------------------
class ThrustField(Field[Fraction]):
    """A thrust value: ``5``, ``2.5``, ``5/2`` (exact; at most 6 digits a part, A5.24)."""

    pattern = (r"[-+]?(?:\d{1,6}/\d{1,6}|(?:\d{1,6}(?:\.\d{0,6})?|\.\d{1,6})(?:e[-+]?\d{1,2})?)")
    hint = "N"

    def parse(self, text: str) -> Fraction:
        try:
            return parse_thrust(text)
        except ValueError as e:
            raise NotationError(str(e)) from None

    def format(self, value: Fraction) -> str:
        return format_thrust(value)


class WindowField(Field[Window]):
    """An AVID window (``C+``, ``F/A-``, ``+++``; AV:T A5.131, spec §5.3)."""

    pattern = r"\S{1,16}"
    hint = "WINDOW"

    def parse(self, text: str) -> Window:
        try:
            return parse_window(text)
        except WindowError as e:
            raise NotationError(str(e)) from None


class SignedInt(Int):
    """A whole number with an optional ``+`` or ``-`` sign."""

    def __init__(self, digits: int, hint: str) -> None:
        super().__init__(digits, signed=True, hint=hint)
        self.pattern = rf"[-+]?\d{{1,{digits}}}"


SHIP = Word(SHIP_ID, hint="SHIP")
_ORDER = {"ship": SHIP}


# -- orders -------------------------------------------------------------------------------------
@notation("done")
@dataclass(frozen=True, slots=True)
class Done(Action):
    """End this seat's orders for the current orders step (AV:T A5.212)."""


@dataclass(frozen=True, slots=True)
class Order(Action):
    """An order for one ship (``ship`` is ``None`` for a seat's only ship); ``timing`` says
    when it takes effect once revealed."""

    ship: str | None
    timing: ClassVar[Timing] = Timing.LONG

    def body(self) -> str:
        """The order's text without the ship prefix."""
        return order_texts(self)[1]


@notation("[{ship}: ]thrust {value}", _ORDER, value=ThrustField(), actor="ship")
@dataclass(frozen=True, slots=True)
class SetThrust(Order):
    """Change Thrust (AV:T A5.242): a chart column, or 0 to shut the engine down."""

    value: Fraction = Fraction(0)


@notation("[{ship}: ]pivot to {window}", _ORDER, window=WindowField(), actor="ship")
@dataclass(frozen=True, slots=True)
class PivotTo(Order):
    """Set a pivot of the nose to an AVID window (AV:T A5.221, A5.321)."""

    window: Window = AMBER_A


@notation("[{ship}: ]roll {degrees} {starboard}", _ORDER, degrees=SignedInt(4, "DEG"),
          starboard=Choice({"starboard": True, "port": False}), actor="ship")
@dataclass(frozen=True, slots=True)
class RollOrder(Order):
    """Roll about the nose in 30° wedges (AV:T A2.4 "Roll", A5.222)."""

    degrees: int = 30
    starboard: bool = True


@notation("[{ship}: ]bias {direction}", _ORDER,
          direction=Choice({x: x for x in "ABCDEF"}), actor="ship")
@dataclass(frozen=True, slots=True)
class BiasOrder(Order):
    """The bias direction with the nose at a hex corner (AV:T A5.272)."""

    direction: str = "A"


@notation("[{ship}: ]fire {weapon} at {target}", _ORDER,
          weapon=Word(r"[A-Za-z]\d{1,4}", upper=True, hint="A1"), target=SHIP, actor="ship")
@dataclass(frozen=True, slots=True)
class FireOrder(Order):
    """``fire A1 at red-1``: weapon A1 fires at a ship or a target in the fire step (AV:T A5.166,
    A5.37)."""

    weapon: str = "A1"
    target: str = ""
    timing: ClassVar[Timing] = Timing.FIRE


@notation("[{ship}: ]reactors {on}", _ORDER,
          on=Several(Choice({"on": True, "off": False}), sep=" "), actor="ship")
@dataclass(frozen=True, slots=True)
class ReactorsOrder(Order):
    """``reactors on off``: each reactor on or off for the whole next turn (A5.39, A5.392)."""

    on: tuple[bool, ...] = (True,)
    timing: ClassVar[Timing] = Timing.END


@notation("[{ship}: ]radiators {extend}", _ORDER,
          extend=Choice({"out": True, "in": False}), actor="ship")
@dataclass(frozen=True, slots=True)
class RadiatorsOrder(Order):
    """``radiators out`` (surrender, A5.314) or ``radiators in`` (A5.391)."""

    extend: bool = True
    timing: ClassVar[Timing] = Timing.END


@notation("[{ship}: ]flex ecm {ecm} eccm {eccm}", _ORDER, kind="flex", ecm=Int(2, hint="N"),
          eccm=Int(2, hint="N"), actor="ship")
@dataclass(frozen=True, slots=True)
class FlexOrder(Order):
    """``flex ecm 1 eccm 0``: the ship's flex points (A5.312) on ECM and ECCM for the whole next
    turn (our design; B6.2 and D6.1 are lost)."""

    ecm: int = 0
    eccm: int = 0
    timing: ClassVar[Timing] = Timing.END


@lru_cache(maxsize=4096)
def order_texts(order: Order) -> tuple[str, str]:
    """``(str(order), order.body())``: a pure function of the order's value, cached (the
    legal orders are the same few values again and again)."""
    text = str(order)
    body = text if order.ship is None else str(replace(order, ship=None))
    return text, body


MOTION_ORDERS = (SetThrust, PivotTo, RollOrder, BiasOrder)
COMBAT_ORDERS = (FireOrder, ReactorsOrder, RadiatorsOrder, FlexOrder)
NOTATION = Notation(Done, *MOTION_ORDERS, *COMBAT_ORDERS)


__all__ = ["COMBAT_ORDERS", "MOTION_ORDERS", "NOTATION", "BiasOrder", "Done", "FireOrder",
           "FlexOrder", "Order", "PivotTo", "RadiatorsOrder", "ReactorsOrder", "RollOrder",
           "SetThrust", "Timing", "order_texts"]
