"""Astral Dreams actions and their notation (one declaration each, :mod:`voidwar.core.notation`).

* ``move S1 to 12.5,30`` / ``move S1 to 12.5,30 via 10,25 and 11,27`` — activate S1 and move it
  (Astral Dreams, The Round 2.a) along the straight legs through the waypoints;
* ``melee S1 at R2`` / ``shoot S1 at R2`` — attack (2.b, 2.c); a unit with two attacks may name
  both targets at once, ``shoot R1 at S2 and S3``, or attack twice in a row;
* ``end S1`` — end S1's activation (or let it hold without moving or attacking).

Unit ids are ``S1``… for the Scouts and ``R1``… for the Robots (read in any case, written in upper
case); coordinates are inches from the lower left corner of the table, written as
:class:`~voidwar.core.tabletop.Point` writes them (``12.5,30``: exact decimals, at most 6 digits
before and 6 after the point; spaces around the comma are read).

Structured form (``action.to_dict()``): ``{"kind": "move", "text": …, "actor": "S1", "to": [12.5,
30], "via": [[10, 25], [11, 27]]}``, ``{"kind": "shoot", "actor": "R1", "targets": ["S2", "S3"]}``,
``{"kind": "end", "actor": "S1"}``. A point is ``[x, y]``: each coordinate a JSON integer when it
is whole, else a JSON number whose shortest decimal text is the exact value (at most 12
significant digits, so a float carries it exactly, as in the scenario files); the text form
``"12.5,30"`` is read as well, and is what is written for a point no number carries exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ...core.game import Action
from ...core.memo import remember
from ...core.notation import Choice, Field, Notation, NotationError, Several, Word, notation
from ...core.tabletop import Point, fmt

#: one coordinate: at most 6 digits before and 6 after the point (the old reader's own limit on
#: decimals), so that no text can make a huge number
_COORD = r"[+-]?\d{1,6}(?:\.\d{1,6})?"
#: the bound that pattern puts on a coordinate
LIMIT = 10**6
#: a point whose coordinates are hundredths (:meth:`PointField.parse`'s fast reading)
_HUNDREDTHS = re.compile(r"[+-]?\d{1,6}(?:\.\d{1,2})?,[+-]?\d{1,6}(?:\.\d{1,2})?")


class AttackKind(StrEnum):
    """The two attacks of The Round 2: melee (2.b) and ranged (2.c, written ``shoot``)."""

    MELEE = "melee"
    SHOOT = "shoot"


class PointField(Field[Point]):
    """A table position ``x,y`` in inches (see the module docstring for its structured form)."""

    pattern = rf"{_COORD}\s*,\s*{_COORD}"
    hint = "X,Y"

    def parse(self, text: str) -> Point:
        """``"12.50, 30"`` → ``Point(25/2, 30)``. Hundredths (at most 2 decimals, the grid
        every generated point lies on) are read through their floats: ``Point.near`` of
        ``float("12.34")`` is exactly ``Point(1234/100, …)`` (the float is within 1e-9 of
        the hundredth, far inside the half step ``near`` rounds by)."""
        t = text.replace(" ", "")
        if _HUNDREDTHS.fullmatch(t) is not None:
            x, _, y = t.partition(",")
            return Point.near(float(x), float(y))
        return Point.parse(t)

    def writes_exactly(self, value: Point) -> bool:
        """Whether :meth:`format` writes ``value`` exactly: each coordinate a ``Fraction``
        of at most 6 decimals and 6 digits before the point (what :attr:`pattern` reads),
        so the text reads back as the very point."""
        return (type(value) is Point and _decimal(value.x, value.fx)
                and _decimal(value.y, value.fy))

    def to_json(self, value: Point) -> Any:
        """``[x, y]`` numbers when a number carries each coordinate exactly, else the text."""
        out: list[int | float] = []
        for v in (value.x, value.y):
            if v.denominator == 1:
                out.append(int(v))
                continue
            f = float(v)
            if Fraction(repr(f)) != v:
                return str(value)
            out.append(f)
        return out

    def from_json(self, data: Any) -> Point:
        """``[x, y]`` (numbers) or ``"x,y"`` (text) → Point, bounded like the text."""
        if isinstance(data, str):
            return super().from_json(data)
        if not (isinstance(data, list) and len(data) == 2):
            raise NotationError(f"a point is [x, y] or 'x,y', not {data!r}")
        return super().from_json(",".join(_coord_text(v) for v in data))


def _decimal(v: Fraction, fv: float) -> bool:
    """A coordinate :meth:`PointField.format` writes exactly (``fv``: its float, which
    decides the bound where it is clear)."""
    if type(v) is not Fraction or 1_000_000 % v.denominator:
        return False
    return -LIMIT + 1 < fv < LIMIT - 1 or -LIMIT < v < LIMIT


def _coord_text(v: Any) -> str:
    """A JSON coordinate as exact decimal text; :class:`NotationError` when it is none."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise NotationError(f"a coordinate is a number, not {v!r}")
    if not -LIMIT < v < LIMIT:  # also refuses NaN
        raise NotationError(f"a coordinate has at most 6 digits before the point, not {v!r}")
    exact = Fraction(v) if isinstance(v, int) else Fraction(repr(v))
    text = fmt(exact)
    if Fraction(text) != exact:
        raise NotationError(f"a coordinate has at most 6 decimals, not {v!r}")
    return text


POINT = PointField()
#: a unit id: S1… (Scouts) or R1… (Robots), any case on input
UNIT = Word(r"[SR]\d{1,4}", upper=True, hint="S1")
KIND = Choice({"melee": AttackKind.MELEE, "shoot": AttackKind.SHOOT})

HELP = (
    "actions: 'move S1 to X,Y' (optionally 'via X,Y and X,Y'), 'melee S1 at R2', "
    "'shoot S1 at R2' (two-attack units: 'shoot R1 at S2 and S3'), 'end S1'"
)


@notation("move {unit} to {to}[ via {via}]", unit=UNIT, to=POINT, via=Several(POINT),
          actor="unit")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Activate ``unit`` and move it to ``to`` through the waypoints ``via`` (The Round 2a)."""

    unit: str
    to: Point
    via: tuple[Point, ...] = ()

    def path_from(self, start: Point) -> list[Point]:
        """The path from ``start``: through every waypoint to the destination."""
        return [start, *self.via, self.to]


@notation("{kind} {unit} at {targets}", {"kind": KIND}, unit=UNIT, targets=Several(UNIT),
          actor="unit")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """A melee (The Round 2b) or ranged (2c) attack by ``unit`` on each of ``targets`` in turn
    (two targets: Abbreviations, Two Attacks per Round)."""

    kind: AttackKind
    unit: str
    targets: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", AttackKind(self.kind))


@notation("end {unit}", unit=UNIT, actor="unit")
@dataclass(frozen=True, slots=True)
class End(Action):
    """End ``unit``'s turn (or hold without moving or attacking: The Round 2)."""

    unit: str


AstralAction = Move | Attack | End

#: ``End`` of each unit id met so far (values nobody changes, shared); remembered
#: (core/memo.py): one object per unit id in every thread
_ENDS: dict[str, End] = {}


def end(uid: str) -> End:
    """``End(uid)``, one value for every ask (the legal actions hand out the same values)."""
    e = _ENDS.get(uid)
    if e is None:
        e = remember(_ENDS, uid, End(uid), 100_000)
    return e


NOTATION = Notation(Move, Attack, End, help=HELP.removeprefix("actions: "))


def parse(text: str) -> AstralAction:
    """Notation → action; :class:`IllegalAction` naming the expected forms otherwise."""
    action = NOTATION.parse(text)
    assert isinstance(action, Move | Attack | End)
    return action


__all__ = [
    "HELP", "NOTATION", "POINT", "UNIT", "AstralAction", "Attack", "AttackKind", "End", "Move",
    "PointField", "end", "parse",
]
