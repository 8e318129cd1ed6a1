"""Antilles actions and their text notation (``parse(str(a)) == a``).

=============================  ==============================================
``place P1 at 2,-1``           set-up (3.1), Paladins in order P1..P7
``move P3 to 2,-1``            Paladin movement step (3.2)
``end movement``               end the movement step (alias ``done``)
``fire P2 at platform``        attack the Antilles (3.3)
``fire P2 at B5``              fire at Bolt 5 instead (3.4)
``end attacks``                end the attack step (alias ``done``)
``continue`` / ``abort``       end of turn: go on, or abort the mission (6.0)
=============================  ==============================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ...core.game import Action
from ...core.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Place(Action):
    paladin: int
    hex: Hex

    def __str__(self) -> str:
        return f"place P{self.paladin} at {self.hex}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    paladin: int
    hex: Hex

    def __str__(self) -> str:
        return f"move P{self.paladin} to {self.hex}"


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    def __str__(self) -> str:
        return "end movement"


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """``target`` is ``None`` for the platform, else a Bolt id."""

    paladin: int
    target: int | None

    def __str__(self) -> str:
        tgt = "platform" if self.target is None else f"B{self.target}"
        return f"fire P{self.paladin} at {tgt}"


@dataclass(frozen=True, slots=True)
class EndAttacks(Action):
    def __str__(self) -> str:
        return "end attacks"


@dataclass(frozen=True, slots=True)
class Continue(Action):
    def __str__(self) -> str:
        return "continue"


@dataclass(frozen=True, slots=True)
class Abort(Action):
    def __str__(self) -> str:
        return "abort"


_HEX = r"(-?\d+)\s*,\s*(-?\d+)"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"place\s+p(\d+)\s+(?:at\s+)?{_HEX}"), "place"),
    (re.compile(rf"move\s+p(\d+)\s+(?:to\s+)?{_HEX}"), "move"),
    (re.compile(r"fire\s+p(\d+)\s+(?:at\s+)?(platform|antilles|b\d+)"), "fire"),
    (re.compile(r"end\s+movement"), "end-movement"),
    (re.compile(r"end\s+attacks?"), "end-attacks"),
    (re.compile(r"continue"), "continue"),
    (re.compile(r"abort"), "abort"),
    (re.compile(r"done"), "done"),
]


def parse(text: str, phase: str) -> Action:
    """Parse notation; ``done`` means whichever "end" the current ``phase`` has."""
    t = " ".join(text.strip().lower().split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(t)
        if not m:
            continue
        if kind == "place":
            return Place(int(m.group(1)), Hex(int(m.group(2)), int(m.group(3))))
        if kind == "move":
            return Move(int(m.group(1)), Hex(int(m.group(2)), int(m.group(3))))
        if kind == "fire":
            tgt = m.group(2)
            return Fire(int(m.group(1)), None if tgt in ("platform", "antilles") else int(tgt[1:]))
        if kind == "end-movement":
            return EndMovement()
        if kind == "end-attacks":
            return EndAttacks()
        if kind == "continue":
            return Continue()
        if kind == "abort":
            return Abort()
        if phase == "movement":
            return EndMovement()
        if phase == "attack":
            return EndAttacks()
        if phase == "end":
            return Continue()
    raise IllegalAction(
        f"cannot read {text!r}: try 'place P1 at 2,-1', 'move P3 to 2,-1', 'end movement', "
        "'fire P2 at platform', 'fire P2 at B5', 'end attacks', 'continue' or 'abort'"
    )
