"""Antilles actions and their text notation (``parse(str(a)) == a``), one declaration each.

=============================  ==============================================
``place P1 at 2,-1``           set-up (3.1), Paladins in order P1..P7
``move P3 to 2,-1``            Paladin movement step (3.2)
``end movement``               end the movement step (alias ``done``)
``fire P2 at platform``        attack the Antilles (3.3)
``fire P2 at B5``              fire at Bolt 5 instead (3.4)
``end attacks``                end the attack step (alias ``done``)
``continue`` / ``abort``       end of turn: go on, or abort the mission (6.0)
=============================  ==============================================

``at`` and ``to`` may be left out on input, ``antilles`` stands for ``platform`` and ``end
attack`` for ``end attacks``. A hex is written ``q,r`` (:meth:`Hex.__str__`); its structured
form is ``[q, r]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...core.game import Action
from ...core.hexgrid import Hex
from ...core.notation import Choice, Either, Field, Notation, NotationError, Numbered, notation
from .state import Phase

#: digits of a hex coordinate on input (the largest board has radius 30)
HEX_DIGITS = 4


class HexField(Field[Hex]):
    """An axial hex ``q,r`` (spaces allowed around the comma); structured form ``[q, r]``."""

    pattern = rf"-?\d{{1,{HEX_DIGITS}}}\s*,\s*-?\d{{1,{HEX_DIGITS}}}"
    hint = "Q,R"
    inline = "{v[0]},{v[1]}"  # :meth:`Hex.__str__`, written inline in an action's text

    def parse(self, text: str) -> Hex:
        """``"2, -1"`` → ``Hex(2, -1)``."""
        q, r = text.split(",")
        return Hex(int(q), int(r))

    def to_json(self, value: Hex) -> Any:
        """``Hex(2, -1)`` → ``[2, -1]``."""
        return [value.q, value.r]

    def from_json(self, data: Any) -> Hex:
        """``[2, -1]`` → ``Hex(2, -1)``; anything else is refused."""
        limit = 10 ** HEX_DIGITS
        if not (isinstance(data, list) and len(data) == 2
                and all(type(v) is int and -limit < v < limit for v in data)):
            raise NotationError(f"a hex is [q, r], not {data!r}")
        return Hex(data[0], data[1])


PALADIN = Numbered("P")
HEX = HexField()
#: a shot's target: the platform (``None``, 3.3) or a Bolt by number (3.4)
TARGET = Either(Choice({"platform": None}, aliases={"antilles": None}), Numbered("B"))


@notation("place {paladin} [at ]{hex}", paladin=PALADIN, hex=HEX, actor="paladin")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """3.1: set up Paladin ``paladin`` at ``hex``."""

    paladin: int
    hex: Hex


@notation("move {paladin} [to ]{hex}", paladin=PALADIN, hex=HEX, actor="paladin")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """3.2: Paladin ``paladin`` blips to ``hex``."""

    paladin: int
    hex: Hex


@notation("end movement")
@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """Ends the Paladin movement step (3.2)."""


@notation("fire {paladin} [at ]{target}", paladin=PALADIN, target=TARGET, actor="paladin")
@dataclass(frozen=True, slots=True)
class Fire(Action):
    """3.3/3.4: Paladin ``paladin`` fires; ``target`` is ``None`` for the platform, else a
    Bolt id."""

    paladin: int
    target: int | None


@notation("end attack[s]", kind="end-attacks")
@dataclass(frozen=True, slots=True)
class EndAttacks(Action):
    """Ends the Paladin attack step (3.3)."""


@notation("continue")
@dataclass(frozen=True, slots=True)
class Continue(Action):
    """6.0: play the next turn."""


@notation("abort")
@dataclass(frozen=True, slots=True)
class Abort(Action):
    """6.0: abort the mission at the end of a turn."""


NOTATION = Notation(
    Place, Move, Fire, EndMovement, EndAttacks, Continue, Abort,
    help="'place P1 at 2,-1', 'move P3 to 2,-1', 'end movement', 'fire P2 at platform', "
         "'fire P2 at B5', 'end attacks', 'continue' or 'abort'",
)

_DONE = re.compile(r"\s*done\s*", re.IGNORECASE)
#: what ``done`` means in each phase that has an "end"
_DONE_MEANS: dict[str, Action] = {
    Phase.MOVEMENT: EndMovement(), Phase.ATTACK: EndAttacks(), Phase.END: Continue()}


def parse(text: str, phase: str) -> Action:
    """Parse notation; ``done`` means whichever "end" the current ``phase`` has."""
    if isinstance(text, str) and _DONE.fullmatch(text) and phase in _DONE_MEANS:
        return _DONE_MEANS[phase]
    return NOTATION.parse(text)  # NotationError is an IllegalAction
