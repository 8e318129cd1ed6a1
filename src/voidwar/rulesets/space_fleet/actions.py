"""Space Fleet actions and their text notation (docs/space-fleet.md, "Notation").

=========================  ==================================================================
``move BB1 2``             move ship BB1 forward 2 hexes (starts or continues its move); on a
                           free table 2 units, or any distance such as ``move BB1 1.25``
``turn BB1 right``         turn BB1 60° to the right (clockwise) or ``left`` (``r``/``l``)
``lay mine DD1``           lay one mine pattern in the hex DD1 is in
``sweep DD1``              spend DD1's whole move stopped in its mined hex, sweeping it
``end move BB1``           BB1's move is complete (also: a ship that does not move at all)
``fire BB1 at HC2``        one beam weapon of BB1 fires at HC2
``missile LC1 at DD3``     one missile launcher of LC1 fires at DD3
``end fire``               no more fire from this side in this class step (alias ``pass``)
=========================  ==================================================================

A free-table game reads :data:`TABLE_NOTATION`: the same kinds, with :class:`Advance` (a decimal
distance in units, structured ``{"kind": "move", "actor": "BB1", "distance": 1.25}``) in place of
:class:`Move`.

Each action kind is declared once with :func:`~voidwar.core.notation.notation`: that one line
gives its text, its parser and its structured form. Ship ids are case-insensitive on input and
upper case in the notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ...core.game import Action
from ...core.memo import interned
from ...core.notation import Choice, Field, Int, Notation, NotationError, Word, notation
from ...core.tabletop import fmt, frac

#: a ship id: a letter and up to three letters or digits (``BB1``), written in upper case
SHIP = Word(r"[A-Za-z][A-Za-z0-9]{0,3}", upper=True, hint="SHIP")
#: hexes moved in one action (three digits at most: a longer number is no action)
HEXES = Int(digits=3)


@notation("move {ship} {hexes}", ship=SHIP, hexes=HEXES, actor="ship")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move ``hexes`` hexes straight ahead (Space Fleet: Movement)."""

    ship: str
    hexes: int


class Distance(Field[Fraction]):
    """A distance in units on a free table: at most 3 digits and 2 decimals (``1.25``)."""

    pattern = r"\d{1,3}(?:\.\d{1,2})?"
    hint = "UNITS"

    def parse(self, text: str) -> Fraction:
        """``"1.25"`` → ``Fraction(5, 4)``."""
        return frac(text)

    def format(self, value: Fraction) -> str:
        """Exact decimals: ``Fraction(5, 4)`` → ``"1.25"``."""
        return fmt(value)

    def to_json(self, value: Fraction) -> Any:
        """A JSON number (an integer when whole; two decimals at most, so a float is exact)."""
        return int(value) if value.denominator == 1 else float(value)

    def from_json(self, data: Any) -> Fraction:
        """A number (or its text) → the distance; the text's limits apply."""
        if isinstance(data, bool) or not isinstance(data, (int, float, str)):
            raise NotationError(f"a distance is a number, not {data!r}")
        return super().from_json(data if isinstance(data, str) else repr(data))


@notation("move {ship} {distance}", ship=SHIP, distance=Distance(), actor="ship")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    """Move ``distance`` units straight ahead on a free table (Space Fleet: Movement)."""

    ship: str
    distance: Fraction


@notation("turn {ship} {right}", ship=SHIP, actor="ship",
          right=Choice({"right": True, "left": False}, aliases={"r": True, "l": False}))
@dataclass(frozen=True, slots=True)
class Turn(Action):
    """A 60° turn, clockwise when ``right`` (Space Fleet: Movement)."""

    ship: str
    right: bool


@notation("lay mine {ship}", ship=SHIP, actor="ship")
@dataclass(frozen=True, slots=True)
class LayMine(Action):
    """Lay one mine pattern in the ship's hex (Space Fleet: Mines)."""

    ship: str


@notation("sweep {ship}", ship=SHIP, actor="ship")
@dataclass(frozen=True, slots=True)
class Sweep(Action):
    """Spend the whole move stopped in the mined hex, sweeping it (Space Fleet: Mines)."""

    ship: str


@notation("end move {ship}", ship=SHIP, actor="ship")
@dataclass(frozen=True, slots=True)
class EndMove(Action):
    """The ship's move is over; also how a ship stays where it is (Space Fleet: Movement)."""

    ship: str


@notation("{missile} {ship} at {target}", ship=SHIP, target=SHIP, actor="ship",
          missile=Choice({"fire": False, "missile": True}))
@dataclass(frozen=True, slots=True)
class Fire(Action):
    """One beam weapon (or, with ``missile``, one launcher) fires at ``target``
    (Space Fleet: Firing)."""

    ship: str
    target: str
    missile: bool = False


@notation("end fire")
@dataclass(frozen=True, slots=True)
class EndFire(Action):
    """This side declares no more fire in this class step (Space Fleet: Firing)."""


NOTATION_HELP = (
    "move SHIP N | turn SHIP left|right | lay mine SHIP | sweep SHIP | end move SHIP | "
    "fire SHIP at TARGET | missile SHIP at TARGET | end fire (or pass)"
)


class SpaceFleetNotation(Notation):
    """The declared kinds, plus the whole-text alias ``pass`` for ``end fire``."""

    #: whole texts read as another action (never written)
    ALIASES: ClassVar[Mapping[str, Action]] = {"pass": EndFire()}

    def parse(self, text: str) -> Action:
        """Text → action (no legality check); :class:`~voidwar.core.notation.NotationError`
        (an ``IllegalAction``) for unreadable text."""
        if isinstance(text, str):
            alias = self.ALIASES.get(text.strip().lower())
            if alias is not None:
                return alias
        return super().parse(text)


NOTATION = SpaceFleetNotation(Move, Turn, LayMine, Sweep, EndMove, Fire, EndFire,
                              help=NOTATION_HELP)

#: the free table's notation: ``move SHIP UNITS`` names a distance (:class:`Advance`)
TABLE_NOTATION = SpaceFleetNotation(Advance, Turn, LayMine, Sweep, EndMove, Fire, EndFire,
                                    help=NOTATION_HELP.replace("move SHIP N", "move SHIP UNITS"))


#: the rules' and the heuristic's hex-map actions, interned (core/memo.py): the same action is
#: the same object in every thread (the core then knows a value it has read before without
#: writing its text again)
move_of = interned(Move)
turn_of = interned(Turn)
lay_of = interned(LayMine)
sweep_of = interned(Sweep)
end_move_of = interned(EndMove)
fire_of = interned(Fire)


def parse(text: str) -> Action:
    """Notation → action (no legality check); ``IllegalAction`` for unreadable text."""
    return NOTATION.parse(text)
