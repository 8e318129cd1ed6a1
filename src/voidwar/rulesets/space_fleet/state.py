"""Space Fleet state: phases and outcomes, ships, and the geometry of fire (range bands, the rear
arc)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any, Final

from ...core.hexgrid import DIRECTION_VECTORS, Hex, RectBoard, direction_letter
from ...core.native import mypyc_attr
from ...core.tabletop import Point
from .data import SEATS, Band, hexid, tables
from .profile import Profile


class Phase(StrEnum):
    """Where a turn stands: the movement phase, the fire phase (by class), or the game is over."""

    MOVEMENT = "movement"
    FIRING = "fire"
    OVER = "over"


class Status(StrEnum):
    """A ship is active until it is destroyed or surrenders (Space Fleet: Effect of hits)."""

    ACTIVE = "active"
    DESTROYED = "destroyed"
    SURRENDERED = "surrendered"


class Outcome(StrEnum):
    """How a game ended (our reading of victory, docs/space-fleet.md)."""

    ANNIHILATION = "annihilation"
    MUTUAL_DESTRUCTION = "mutual-destruction"
    TURN_LIMIT = "turn-limit"
    DRAW = "draw"


class Level(StrEnum):
    """The victory level: every enemy ship gone, or the higher score at the turn limit."""

    DECISIVE = "decisive"
    ON_POINTS = "on points"



#: the members bound to module names once, for the rules' hot paths (reading a member off an
#: Enum class costs several times a global lookup on Python 3.11)
#: (``Final``: a C static in the compiled build, not a look-up in the module's globals)
MOVEMENT: Final = Phase.MOVEMENT
FIRING: Final = Phase.FIRING
OVER: Final = Phase.OVER
ACTIVE: Final = Status.ACTIVE


_FIRST_SEAT: Final = SEATS[0]
_SECOND_SEAT: Final = SEATS[1]


def other(side: str) -> str:
    """The opposing seat."""
    return _SECOND_SEAT if side == _FIRST_SEAT else _FIRST_SEAT


@dataclass
class Damage:
    """One result of the damage table that a ship carries (Space Fleet: Effect of hits)."""

    kind: str  # "engines", "weapons" or "major"
    repaired: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The damage result as data."""
        return {"kind": self.kind, "repaired": self.repaired}


@dataclass
class Ship:
    """A ship in play: its profile (class after customisation), position and facing, what it
    has left (shields, missiles, mine patterns), its damage and status.

    On a hex map the position is ``hex`` and ``facing`` a hex side 0–5 (A–F); on a free table
    it is ``pos`` (inches) and ``heading`` (degrees clockwise from up), and ``hex`` is unused."""

    id: str
    side: str
    cls: str
    name: str
    hex: Hex
    facing: int
    profile: Profile
    shields: int
    missiles: int
    mines: int
    damage: list[Damage] = field(default_factory=list)
    status: Status = Status.ACTIVE
    fired: bool = False  # fired this turn (no regeneration: Effect of hits)
    moved: bool = False  # has had its move this turn
    pos: Point | None = None  # on a free table: where it is (inches)
    heading: int = 0  # on a free table: degrees clockwise from straight up

    def copy(self) -> Ship:
        """An independent copy (the damage results copied; the rest is immutable). Each field
        is assigned, never ``__dict__``: CPython then keeps the attributes inline (the rules
        read a ship's fields faster), and in the compiled build (``build_compiled.py``) a ship
        is a native class, which has no ``__dict__`` (``Ship.__new__`` is its allocator there,
        ``object.__new__`` here; tests/space_fleet/test_game.py checks every field is copied)."""
        new = Ship.__new__(Ship)
        new.id, new.side, new.cls, new.name = self.id, self.side, self.cls, self.name
        new.hex, new.facing, new.profile = self.hex, self.facing, self.profile
        new.shields, new.missiles, new.mines = self.shields, self.missiles, self.mines
        new.damage = [Damage(d.kind, d.repaired) for d in self.damage]
        new.status, new.fired, new.moved = self.status, self.fired, self.moved
        new.pos, new.heading = self.pos, self.heading
        return new

    # -- derived values (Space Fleet: Effect of hits) -----------------------------------------
    @property
    def active(self) -> bool:
        """Still in play (not destroyed, not surrendered)."""
        return self.status is ACTIVE

    @property
    def points(self) -> int:
        """Damage points: each damage 1, major damage 3 (repaired damage still counts)."""
        if not self.damage:
            return 0
        return sum(3 if d.kind == "major" else 1 for d in self.damage)

    @property
    def speed(self) -> int:
        """Speed halved (rounded down) once for each unrepaired ½-speed result."""
        s = self.profile.speed
        if not self.damage:  # the common case, no scan
            return s
        for d in self.damage:
            if d.kind in ("engines", "major") and not d.repaired:
                s //= 2
        return s

    @property
    def weapons_work(self) -> bool:
        """False while a 'weapons gone' or major damage result is in force."""
        if not self.damage:
            return True
        return not any(d.kind in ("weapons", "major") and not d.repaired for d in self.damage)

    @property
    def can_regenerate(self) -> bool:
        """Major damage stops shield regeneration for good."""
        if not self.damage:
            return True
        return not any(d.kind == "major" for d in self.damage)

    @property
    def beams(self) -> int:
        """Beam weapons able to fire (none while weapons are gone)."""
        return self.profile.beams if self.weapons_work else 0

    @property
    def launchers(self) -> int:
        """Missile launchers able to fire: working, each with a missile left."""
        if not self.weapons_work:
            return 0
        return min(self.profile.launchers, self.missiles)

    @property
    def can_fire(self) -> bool:
        """Active, with a beam or a loaded launcher that works."""
        return self.active and (self.beams > 0 or self.launchers > 0)

    @property
    def crippled(self) -> bool:
        """Shields down and no weapon able to fire (Space Fleet: Effect of hits)."""
        return self.shields == 0 and self.beams == 0 and self.launchers == 0

    @property
    def size(self) -> int:
        """The class's place on the speed ladder (DN slowest); movement order."""
        return tables().classes[self.cls].size

    def to_dict(self) -> dict[str, Any]:
        """The ship as data (state, views and records)."""
        where: dict[str, Any] = (
            {"hex": hexid(self.hex), "facing": direction_letter(self.facing)}
            if self.pos is None else {"at": str(self.pos), "facing": self.heading})
        return {
            "id": self.id, "side": self.side, "class": self.cls, "name": self.name, **where,
            "shields": self.shields, "max_shields": self.profile.shields,
            "speed": self.speed, "max_speed": self.profile.speed,
            "beams": self.profile.beams, "launchers": self.profile.launchers,
            "missiles": self.missiles, "mines": self.mines,
            "damage": [d.to_dict() for d in self.damage], "points": self.points,
            "status": self.status, "fired": self.fired, "moved": self.moved,
        }


# --------------------------------------------------------------------------- geometry
def _vec(h: Hex) -> tuple[int, int]:
    """Hex-centre offset, doubled so that it is whole: x = 3·q and y = 2·Y with Y = r + q/2
    (in units of √3/2 for y): exact, and the rear-arc test below does not depend on the scale."""
    return 3 * h.q, 2 * h.r + h.q


def _dot(a: Hex, b: Hex) -> int:
    ax, ay = _vec(a)
    bx, by = _vec(b)
    return ax * bx + 3 * ay * by


def in_rear_arc(ship_hex: Hex, facing: int, target: Hex) -> bool:
    """Is ``target`` in the rear 90° arc of a ship at ``ship_hex`` facing ``facing``?

    Space Fleet: Firing — "No vessel may fire in the rear 90 degree arc." Our reading: the bearing
    from hex centre to hex centre is more than 135° off the bow (exactly 135° is still allowed).
    Computed exactly: with bow vector u and target vector v, angle > 135° ⇔ u·v < 0 and
    2(u·v)² > |u|²|v|².
    """
    return rear_offset(facing % 6, target.q - ship_hex.q, target.r - ship_hex.r)


@cache
def rear_offset(facing: int, dq: int, dr: int) -> bool:
    """:func:`in_rear_arc` for a target ``dq, dr`` (axial) from a ship facing ``facing`` (0–5)."""
    v = Hex(dq, dr)
    if dq == 0 and dr == 0:
        return False
    u = Hex(*DIRECTION_VECTORS[facing])
    d = _dot(u, v)
    half_arc = tables().firing.limits.rear_arc_degrees
    if half_arc != 90:  # pragma: no cover - the text gives 90°; other values are not supported
        raise ValueError("only a 90° rear arc is supported")
    return d < 0 and 2 * d * d > _dot(u, u) * _dot(v, v)


@cache
def band_for(distance: int) -> Band | None:
    """The range band (short 0-4, medium 5-8, long 9-12) or ``None`` beyond long range."""
    for b in tables().firing.bands:
        if b.min <= distance <= b.max:
            return b
    return None


@mypyc_attr(native_class=False)
class StepTable(dict[Hex, tuple[Hex | None, ...]]):
    """Each hex of a map and the hex ahead of it in each of the six directions (``None`` off the
    map): read-only once made, so every copy of a game shares it (``copy``/``deepcopy`` give the
    table itself)."""

    def __copy__(self) -> StepTable:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> StepTable:
        return self


@cache
def board_steps(cols: int, rows: int) -> StepTable:
    """Each hex of a ``cols`` × ``rows`` map and the hex ahead of it in each of the six
    directions, ``None`` off the map (worked out once per map size)."""
    board = RectBoard(cols, rows)
    out = StepTable()
    for h in board:
        ahead = (h.neighbor(f) for f in range(6))
        out[h] = tuple(n if n in board else None for n in ahead)
    return out


#: the bits of a target's sight code (:func:`sight_code`): it is within long range; at long
#: range; a missile may fire at it (its band has a missile score); it is in the rear 90° arc
SIGHT_RANGE: Final = 1
SIGHT_LONG: Final = 2
SIGHT_MISSILE: Final = 4
SIGHT_REAR: Final = 8


def band_code(band: Band | None) -> int:
    """A target's range band (``None``: beyond long range) as the bits of a sight code."""
    if band is None:
        return 0
    return (SIGHT_RANGE | (SIGHT_LONG if band.name == "long" else 0)
            | (SIGHT_MISSILE if band.missile is not None else 0))


def sight_code(dq: int, dr: int, facing: int) -> int:
    """What fire reads of a target ``dq, dr`` (axial) from a ship facing ``facing`` (0–5): its
    range band and whether it is in the rear arc, as bits (Space Fleet: Firing)."""
    rear = SIGHT_REAR if rear_offset(facing, dq, dr) else 0
    return band_code(band_for((abs(dq) + abs(dr) + abs(dq + dr)) // 2)) | rear


@cache
def sight_reach() -> int:
    """The longest range of fire in hexes: the end of the long band (Space Fleet: Firing)."""
    return max(b.max for b in tables().firing.bands)


#: :func:`sight_reach`, and the width of :data:`SIGHT_CODES`' offsets along an axis
SIGHT_REACH: Final = sight_reach()
SIGHT_WIDTH: Final = 2 * SIGHT_REACH + 1


def sight_codes() -> tuple[int, ...]:
    """:func:`sight_code` of every offset ``dq, dr`` within :func:`sight_reach` along both
    axes, flat: ``codes[((dq + reach) * (2 * reach + 1) + dr + reach) * 6 + facing]`` (an
    offset beyond the reach along an axis is beyond long range): :data:`SIGHT_CODES`."""
    return SIGHT_CODES


def _all_sight_codes() -> tuple[int, ...]:
    """:func:`sight_codes`' table, worked out."""
    reach = sight_reach()
    span = range(-reach, reach + 1)
    return tuple(sight_code(dq, dr, f) for dq in span for dr in span for f in range(6))


#: :func:`sight_codes`: built at import, immutable (core/memo.py), so that every thread of a
#: server reads the whole table from its first game on
SIGHT_CODES: Final = _all_sight_codes()


def shot_refusal(code: int, short_only: bool, missile: bool) -> int:
    """Why a shot at a target of sight ``code`` may not be fired (Space Fleet: Firing): 3
    beyond long range, 4 at long range for a ship that fires short only (DD, LC), 5 a missile
    beyond short range, 6 in the rear 90° arc; 0 when it may."""
    if not code & SIGHT_RANGE:
        return 3
    if short_only and code & SIGHT_LONG:
        return 4
    if missile and not code & SIGHT_MISSILE:
        return 5
    return 6 if code & SIGHT_REAR else 0


#: :func:`shot_refusal` of a beam and of a missile, by whether the ship fires short only and
#: by sight code (``SHOT_REFUSALS[short_only][code]``): built at import, immutable
SHOT_REFUSALS: Final = tuple(
    tuple((shot_refusal(code, short_only, False), shot_refusal(code, short_only, True))
          for code in range(2 * SIGHT_REAR))
    for short_only in (False, True))
