"""Astral Dreams actions and their notation.

* ``move S1 to 12.5,30`` / ``move S1 to 12.5,30 via 10,25 and 11,27`` — activate S1 and move it
  (Astral Dreams, The Round 2.a) along the straight legs through the waypoints;
* ``melee S1 at R2`` / ``shoot S1 at R2`` — attack (2.b, 2.c); a unit with two attacks may name
  both targets at once, ``shoot R1 at S2 and S3``, or attack twice in a row;
* ``end S1`` — end S1's activation (or let it hold without moving or attacking).

Unit ids are ``S1``… for the Scouts and ``R1``… for the Robots; coordinates are inches from the
lower left corner of the table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ...core.game import Action
from ...core.tabletop import Point

_ID = r"([SsRr]\d+)"
_PT = r"(-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?)"
_MOVE = re.compile(rf"^move\s+{_ID}\s+to\s+{_PT}(?:\s+via\s+(.+))?$", re.I)
_ATTACK = re.compile(rf"^(melee|shoot)\s+{_ID}\s+at\s+{_ID}(?:\s+and\s+{_ID})?$", re.I)
_END = re.compile(rf"^end\s+{_ID}$", re.I)

HELP = (
    "actions: 'move S1 to X,Y' (optionally 'via X,Y and X,Y'), 'melee S1 at R2', "
    "'shoot S1 at R2' (two-attack units: 'shoot R1 at S2 and S3'), 'end S1'"
)


@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: Point
    via: tuple[Point, ...] = ()

    def path_from(self, start: Point) -> list[Point]:
        return [start, *self.via, self.to]

    def __str__(self) -> str:
        s = f"move {self.unit} to {self.to}"
        if self.via:
            s += " via " + " and ".join(str(p) for p in self.via)
        return s


@dataclass(frozen=True, slots=True)
class Attack(Action):
    kind: str  # "melee" | "shoot"
    unit: str
    targets: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.kind} {self.unit} at {' and '.join(self.targets)}"


@dataclass(frozen=True, slots=True)
class End(Action):
    unit: str

    def __str__(self) -> str:
        return f"end {self.unit}"


AstralAction = Move | Attack | End


def _point(text: str) -> Point:
    try:
        return Point.parse(text.replace(" ", ""))
    except ValueError as e:
        raise IllegalAction(str(e)) from None


def parse(text: str) -> AstralAction:
    """Notation → action; :class:`IllegalAction` naming the expected forms otherwise."""
    t = " ".join(text.strip().split())
    if m := _MOVE.match(t):
        via: tuple[Point, ...] = ()
        if m.group(3):
            via = tuple(_point(p) for p in re.split(r"\s+and\s+", m.group(3).strip(), flags=re.I))
        return Move(m.group(1).upper(), _point(m.group(2)), via)
    if m := _ATTACK.match(t):
        targets = tuple(g.upper() for g in m.groups()[2:] if g)
        return Attack(m.group(1).lower(), m.group(2).upper(), targets)
    if m := _END.match(t):
        return End(m.group(1).upper())
    raise IllegalAction(f"cannot read {text!r}; {HELP}")
