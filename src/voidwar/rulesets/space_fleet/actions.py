"""Space Fleet actions and their text notation (docs/space-fleet.md, "Notation").

=========================  ==================================================================
``move BB1 2``             move ship BB1 forward 2 hexes (starts or continues its move)
``turn BB1 right``         turn BB1 60° to the right (clockwise) or ``left``
``lay mine DD1``           lay one mine pattern in the hex DD1 is in
``sweep DD1``              spend DD1's whole move stopped in its mined hex, sweeping it
``end move BB1``           BB1's move is complete (also: a ship that does not move at all)
``fire BB1 at HC2``        one beam weapon of BB1 fires at HC2
``missile LC1 at DD3``     one missile launcher of LC1 fires at DD3
``end fire``               no more fire from this side in this class step (alias ``pass``)
=========================  ==================================================================

Ship ids are case-insensitive on input and upper case in the notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ...core.game import Action


@dataclass(frozen=True, slots=True)
class Move(Action):
    ship: str
    hexes: int

    def __str__(self) -> str:
        return f"move {self.ship} {self.hexes}"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    ship: str
    right: bool

    def __str__(self) -> str:
        return f"turn {self.ship} {'right' if self.right else 'left'}"


@dataclass(frozen=True, slots=True)
class LayMine(Action):
    ship: str

    def __str__(self) -> str:
        return f"lay mine {self.ship}"


@dataclass(frozen=True, slots=True)
class Sweep(Action):
    ship: str

    def __str__(self) -> str:
        return f"sweep {self.ship}"


@dataclass(frozen=True, slots=True)
class EndMove(Action):
    ship: str

    def __str__(self) -> str:
        return f"end move {self.ship}"


@dataclass(frozen=True, slots=True)
class Fire(Action):
    ship: str
    target: str
    missile: bool = False

    def __str__(self) -> str:
        return f"{'missile' if self.missile else 'fire'} {self.ship} at {self.target}"


@dataclass(frozen=True, slots=True)
class EndFire(Action):
    def __str__(self) -> str:
        return "end fire"


_ID = r"([A-Za-z][A-Za-z0-9]{0,3})"
_PATTERNS: list[tuple[re.Pattern[str], type[Action]]] = [
    (re.compile(rf"move\s+{_ID}\s+(\d+)"), Move),
    (re.compile(rf"turn\s+{_ID}\s+(left|right|l|r)"), Turn),
    (re.compile(rf"lay\s+mine\s+{_ID}"), LayMine),
    (re.compile(rf"sweep\s+{_ID}"), Sweep),
    (re.compile(rf"end\s+move\s+{_ID}"), EndMove),
    (re.compile(rf"(fire|missile)\s+{_ID}\s+at\s+{_ID}"), Fire),
    (re.compile(r"end\s+fire|pass"), EndFire),
]

NOTATION_HELP = (
    "move SHIP N | turn SHIP left|right | lay mine SHIP | sweep SHIP | end move SHIP | "
    "fire SHIP at TARGET | missile SHIP at TARGET | end fire (or pass)"
)


def parse(text: str) -> Action:
    """Notation → action (no legality check); :class:`IllegalAction` for unreadable text."""
    t = " ".join(text.strip().lower().split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(t)
        if not m:
            continue
        if kind is Move:
            return Move(m[1].upper(), int(m[2]))
        if kind is Turn:
            return Turn(m[1].upper(), m[2] in ("right", "r"))
        if kind is Fire:
            return Fire(m[2].upper(), m[3].upper(), missile=m[1] == "missile")
        if kind is EndFire:
            return EndFire()
        return kind(m[1].upper())  # type: ignore[call-arg]
    raise IllegalAction(f"cannot read {text!r}; write one of: {NOTATION_HELP}")
