"""Astral Dreams state: the miniatures on the table, the fixed setup, and the queries every rule
asks (who may act, what is in contact or in range).

Rule references name the text's sections: "The Round" 1 (initiative), 2 (the turn: a movement,
b melee attack, c range attack), 3 (subsequent turns), "Objective", "Miniatures" (points),
"Abbreviations" (two attacks per round). Where the text is silent we follow
specs/astral-dreams.md and say so ("our reading").

A setup is a value: the pure functions of a position (:mod:`.destinations`) are cached by it,
and it hashes in one step (its hash worked out once).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ...core.errors import IllegalAction
from ...core.native import mypyc_attr
from ...core.tabletop import BaseArea, Point, fl, float_le, within
from .actions import AttackKind
from .data import Profile
from .terrain import Table

R_ROUND = "Astral Dreams: The Round"
R_INIT = "Astral Dreams: The Round 1 (Initiative)"
R_TURN = "Astral Dreams: The Round 2 (The Turn)"
R_MOVE = "Astral Dreams: The Round 2a (Movement)"
R_MELEE = "Astral Dreams: The Round 2b (Melee Attack)"
R_RANGE = "Astral Dreams: The Round 2c (Range Attack)"
R_TWO = "Astral Dreams: Abbreviations (Two Attacks per Round)"

#: the letter of each side's unit ids (S1…, R1…)
PREFIX = {"scouts": "S", "robots": "R"}


class Outcome(StrEnum):
    """How a game of Astral Dreams ends (``Result.outcome``)."""

    #: Objective: the Robots have no units left
    SCOUTS_WIN = "scouts-win"
    #: Objective: the Scouts have no units left
    ROBOTS_WIN = "robots-win"
    #: the scenario's round limit (our reading): more surviving points wins
    ROUND_LIMIT = "round-limit"
    #: the round limit with equal surviving points
    DRAW = "draw"


def other(side: str) -> str:
    """The opposing side."""
    return "robots" if side == "scouts" else "scouts"


@dataclass
class Unit:
    """One miniature on the table."""

    id: str
    side: str
    type: str
    profile: Profile
    pos: Point
    health: int
    done: bool = False

    def copy(self) -> Unit:
        """An independent copy (the profile, a read-only value, is shared)."""
        return Unit(self.id, self.side, self.type, self.profile, self.pos, self.health, self.done)

    def to_dict(self) -> dict[str, Any]:
        """The miniature as JSON-ready data (state, views, golden files)."""
        return {
            "id": self.id, "side": self.side, "type": self.type, "at": str(self.pos),
            "health": self.health, "done": self.done,
        }


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Setup:
    """Everything fixed at the start: scenario values after options."""

    table: Table
    radius: Fraction
    tolerance: Fraction
    deploy_depth: Fraction
    scout_range: int
    round_limit: int
    points: int
    #: explicit positions may be anywhere on the table (hand-built positions, real games)
    free_deploy: bool = False
    #: derived once: the base's radius as a float, and base to base contact (2 radii and the
    #: tolerance) exactly squared and as the float pre-test's squared limit
    fradius: float = field(init=False, repr=False, compare=False)
    contact2: Fraction = field(init=False, repr=False, compare=False)
    fcontact2: float = field(init=False, repr=False, compare=False)
    #: two bases' radii squared in floats: how near a moving base may pass another's centre
    #: (the float pre-test's limit)
    fpass2: float = field(init=False, repr=False, compare=False)
    #: how far apart two centres are at base contact plus half the tolerance, in floats (where
    #: a move toward an enemy stops: :mod:`.destinations`)
    fcontact: float = field(init=False, repr=False, compare=False)
    #: where a base's centre may stand on the table (:meth:`Surface.area` of the radius)
    area: BaseArea = field(init=False, repr=False, compare=False)
    #: the hash of the value, worked out once (the caches of :mod:`.destinations` hash the
    #: setup on every call)
    key_hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        s = self.radius + self.radius + self.tolerance
        object.__setattr__(self, "fradius", fl(self.radius))
        object.__setattr__(self, "contact2", s * s)
        object.__setattr__(self, "fcontact2", fl(s) * fl(s))
        r = fl(self.radius)
        object.__setattr__(self, "fpass2", (2 * r) ** 2)
        object.__setattr__(self, "fcontact", 2 * r + fl(self.tolerance) / 2)
        object.__setattr__(self, "area", self.table.area(self.radius))
        object.__setattr__(self, "key_hash", hash((
            self.table, self.radius, self.tolerance, self.deploy_depth, self.scout_range,
            self.round_limit, self.points, self.free_deploy)))

    def __hash__(self) -> int:
        return self.key_hash

    def __deepcopy__(self, memo: dict[int, object]) -> Setup:
        return self  # frozen: a copy of a game shares its setup


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class Battle:
    """The state of a battle and the questions the rules ask of it (the game class is one).

    ``current`` is the unit mid-activation (``None``: the side to act picks one), ``moved``
    whether it has moved, ``attack_kind`` the kind of its attacks so far and ``attacks_left``
    how many it still has (The Round 2; Two Attacks per Round)."""

    setup: Setup
    units: dict[str, Unit]
    fallen: list[str]
    round: int
    first: str
    turn: str
    current: str | None
    moved: bool
    attack_kind: AttackKind | None
    attacks_left: int

    def side_units(self, side: str) -> list[Unit]:
        """The miniatures of ``side`` still on the table."""
        return [u for u in self.units.values() if u.side == side]

    def ready(self, side: str) -> list[Unit]:
        """The miniatures of ``side`` that have not yet taken their turn this round."""
        return [u for u in self.units.values() if u.side == side and not u.done]

    def enemies(self, u: Unit) -> list[Unit]:
        """The miniatures of the other side, in id order."""
        return [t for t in self.units.values() if t.side != u.side]

    def range_of(self, u: Unit) -> int:
        """Robots print 12"; the Scouts print none: the scenario's ``scout_range`` (our reading)."""
        return u.profile.range if u.profile.range is not None else self.setup.scout_range

    def in_contact(self, a: Unit, b: Unit, at: Point | None = None) -> bool:
        """Base to base (The Round 2b; our reading: a gap of at most the scenario's tolerance),
        from where ``a`` stands or would stand (``at``)."""
        # core.tabletop.in_contact with the limit computed once: the same float pre-test and
        # the same exact test near the limit
        s = self.setup
        p = at or a.pos
        quick = float_le(p.fdist2(b.pos), s.fcontact2)
        return quick if quick is not None else p.dist2(b.pos) <= s.contact2

    def in_range(self, a: Unit, b: Unit, at: Point | None = None) -> bool:
        """Range is measured centre to centre (our reading) and needs a clear line of sight."""
        p = at or a.pos
        return within(p, b.pos, self.range_of(a)) and self.setup.table.line_of_sight(
            p, b.pos
        ) is None

    def gap(self, a: Unit, b: Unit) -> float:
        """Inches between the edges of the two bases."""
        return a.pos.dist(b.pos) - 2 * self.setup.fradius

    def surviving_points(self, side: str) -> int:
        """The points of ``side``'s miniatures still on the table ("Miniatures")."""
        return sum(u.profile.points for u in self.side_units(side))

    def find(self, uid: str) -> tuple[Unit | None, IllegalAction | None]:
        """The unit ``uid``, or why there is none."""
        u = self.units.get(uid)
        if u is not None:
            return u, None
        if uid in self.fallen:
            return None, IllegalAction(f"{uid} has been destroyed and removed from the game")
        return None, IllegalAction(f"there is no unit {uid}")

    def unit(self, uid: str) -> Unit:
        """The unit ``uid``; :class:`IllegalAction` when there is none (any more)."""
        u, why = self.find(uid)
        if u is None:
            assert why is not None
            raise why
        return u

    def turn_reason(self, uid: str) -> tuple[Unit | None, IllegalAction | None]:
        """The unit must be the acting side's, and may act now (The Round 2, 3): the unit, or
        why it may not act."""
        u, why = self.find(uid)
        if u is None:
            return None, why
        if u.side != self.turn:
            return None, IllegalAction(f"{uid} is not yours: the {self.turn} act now", R_TURN)
        if self.current is not None and self.current != uid:
            return None, IllegalAction(
                f"{self.current} is taking its turn; finish it ('end {self.current}') first",
                R_TURN,
            )
        if u.done:
            return None, IllegalAction(f"{uid} has already taken its turn this round", R_TURN)
        return u, None
