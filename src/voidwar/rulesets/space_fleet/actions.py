"""Space Fleet actions and their text notation (docs/space-fleet.md, "Notation").

=========================  ==================================================================
``move BB1 2``             move ship BB1 forward 2 hexes (starts or continues its move)
``turn BB1 right``         turn BB1 60° to the right (clockwise) or ``left`` (``r``/``l``)
``lay mine DD1``           lay one mine pattern in the hex DD1 is in
``sweep DD1``              spend DD1's whole move stopped in its mined hex, sweeping it
``end move BB1``           BB1's move is complete (also: a ship that does not move at all)
``fire BB1 at HC2``        one beam weapon of BB1 fires at HC2
``missile LC1 at DD3``     one missile launcher of LC1 fires at DD3
``end fire``               no more fire from this side in this class step (alias ``pass``)
=========================  ==================================================================

Each action kind is declared once with :func:`~voidwar.core.notation.notation`: that one line
gives its text, its parser and its structured form. Ship ids are case-insensitive on input and
upper case in the notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ...core.game import Action
from ...core.notation import Choice, Int, Notation, Word, notation

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


def parse(text: str) -> Action:
    """Notation → action (no legality check); ``IllegalAction`` for unreadable text."""
    return NOTATION.parse(text)
