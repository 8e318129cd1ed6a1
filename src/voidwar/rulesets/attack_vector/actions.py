"""Orders and their notation (AV:T A5.212: orders are written in the Orders step).

Notation (one order per action; the seat's ``done`` ends its orders for the segment)::

    done                      # no (more) orders this segment
    thrust 5                  # Change Thrust (A5.242); thrust 2.5, thrust 0 (engine off)
    pivot to C+               # Set Facing Change to an AVID window (A5.221, A5.321)
    roll 90 starboard         # roll 30..180 degrees to starboard or port (A2.4 "Roll")
    bias A                    # bias direction at a hex corner (A5.272)

A seat with several ships prefixes the ship: ``red-1: thrust 5``. A seat with one ship may leave the
prefix out. ``parse_order(str(o)) == o`` always holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from voidwar.core.errors import IllegalAction
from voidwar.core.game import Action

from .avid import Window, WindowError, parse_window
from .thrust import format_thrust, parse_thrust

AMBER_A = Window(0, 0)


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End this seat's orders for the current orders step."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Order(Action):
    """An order for one ship. ``kind`` is ``"long"`` (processed in Process Long Orders) or
    ``"fire"`` (part 2: processed in the fire step)."""

    ship: str | None
    kind: ClassVar[str] = "long"

    def prefix(self) -> str:
        return f"{self.ship}: " if self.ship else ""

    def body(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.prefix() + self.body()


@dataclass(frozen=True, slots=True)
class SetThrust(Order):
    value: Fraction = Fraction(0)

    def body(self) -> str:
        return f"thrust {format_thrust(self.value)}"


@dataclass(frozen=True, slots=True)
class PivotTo(Order):
    window: Window = AMBER_A

    def body(self) -> str:
        return f"pivot to {self.window}"


@dataclass(frozen=True, slots=True)
class RollOrder(Order):
    degrees: int = 30
    starboard: bool = True

    def body(self) -> str:
        return f"roll {self.degrees} {'starboard' if self.starboard else 'port'}"


@dataclass(frozen=True, slots=True)
class BiasOrder(Order):
    direction: str = "A"

    def body(self) -> str:
        return f"bias {self.direction}"


_PREFIX = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)$")
_HELP = ("orders: done | thrust N | pivot to WINDOW | roll DEG starboard|port | bias X "
         "(prefix 'ship: ' for a seat with several ships)")


def parse_order(text: str) -> Action:
    """Notation → action (raises :class:`IllegalAction` for text that is no order)."""
    t = " ".join(text.strip().split())
    if t.lower() == "done":
        return Done()
    ship: str | None = None
    m = _PREFIX.match(t)
    if m:
        ship, t = m.group(1), m.group(2)
    words = t.split(" ")
    head = words[0].lower() if words else ""
    try:
        if head == "thrust" and len(words) == 2:
            return SetThrust(ship, parse_thrust(words[1]))
        if head == "pivot" and len(words) == 3 and words[1].lower() == "to":
            return PivotTo(ship, parse_window(words[2]))
        if head == "roll" and len(words) == 3 and words[2].lower() in ("starboard", "port"):
            deg = int(words[1])
            return RollOrder(ship, deg, words[2].lower() == "starboard")
        if head == "bias" and len(words) == 2 and words[1].upper() in "ABCDEF" and words[1]:
            return BiasOrder(ship, words[1].upper())
    except (ValueError, WindowError) as e:
        raise IllegalAction(f"{text!r}: {e}") from None
    raise IllegalAction(f"not an order: {text!r} ({_HELP})")
