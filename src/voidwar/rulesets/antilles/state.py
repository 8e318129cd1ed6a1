"""The state of an Antilles battle: phases, outcomes, pieces, and what can be asked of them.

:class:`AntillesState` holds the squadron, the Bolts and the platform's boxes and answers
questions about them (scoring, occupancy). The platform's step (:mod:`.platform`), the Paladins'
attacks (:mod:`.attacks`) and the game's protocol (:mod:`.game`) change it.
"""

from __future__ import annotations

import copy
from enum import StrEnum
from itertools import compress
from typing import Any

from ...core.dice import Dice, SeededDice
from ...core.errors import IllegalAction
from ...core.game import Game, log_event
from ...core.hexgrid import ORIGIN, Hex, HexagonBoard
from ...core.memo import remember
from ...core.native import mypyc_attr
from .fixed import (
    CASTERS,
    DESTROYED_BASE,
    LAST_TURN,
    NOT_MOVED_BONUS,
    PALADINS,
    PER_SURVIVING_PALADIN,
)
from .tables import Tables

__all__ = ["ATTACK", "LAST_TURN", "MOVEMENT", "NOT_MOVED_BONUS", "OVER", "PALADINS", "SETUP",
           "TURN_END", "AntillesState", "Bolt", "Outcome",
           "Paladin", "Phase", "victory_level"]


class Phase(StrEnum):
    """Where a battle stands (the sequence of play, our reading; docs/antilles.md)."""

    SETUP = "setup"  # 3.1
    MOVEMENT = "movement"  # 3.2
    ATTACK = "attack"  # 3.3, 3.4
    END = "end"  # 6.0: continue or abort
    OVER = "over"


class Outcome(StrEnum):
    """The four ways a battle ends (6.0)."""

    ANTILLES_DESTROYED = "antilles-destroyed"  # 5.0
    PALADINS_DESTROYED = "paladins-destroyed"
    MISSION_ABORTED = "mission-aborted"
    END_OF_TURN_NINE = "end-of-turn-nine"


#: the phases and outcomes as module constants for the hot paths: ``Phase.ATTACK`` is read
#: through ``EnumType.__getattr__`` (Python 3.11), some ten times a module global's cost
SETUP, MOVEMENT, ATTACK, TURN_END, OVER = (
    Phase.SETUP, Phase.MOVEMENT, Phase.ATTACK, Phase.END, Phase.OVER)
ANTILLES_DESTROYED, PALADINS_DESTROYED, MISSION_ABORTED, END_OF_TURN_NINE = (
    Outcome.ANTILLES_DESTROYED, Outcome.PALADINS_DESTROYED, Outcome.MISSION_ABORTED,
    Outcome.END_OF_TURN_NINE)

#: 6.1 Victory Levels: (lowest VP, level), highest first.
VICTORY_LEVELS: tuple[tuple[int, str], ...] = (
    (71, "Decisive Paladin Victory"),
    (50, "Solid Paladin Victory"),
    (40, "Marginal Antilles Victory"),
    (20, "Solid Antilles Victory"),
    (-(10**9), "Crushing Paladin Defeat"),
)


def victory_level(vp: int) -> str:
    """6.1: ≤19 Crushing Paladin Defeat … 71+ Decisive Paladin Victory."""
    for low, name in VICTORY_LEVELS:
        if vp >= low:
            return name
    raise AssertionError("unreachable")


class Paladin:
    """One Paladin Assault Ship (1.0): where it is and what it has done this turn.

    A plain class with the dataclass's ``__init__``, ``__eq__`` and ``__repr__`` written
    out: compiled (mypyc), a dataclass keeps its generated ``__init__`` interpreted, and games
    make Paladins at every start and every copy."""

    id: int
    hex: Hex | None
    alive: bool
    moved: bool
    fired: bool

    def __init__(self, id: int, hex: Hex | None = None, alive: bool = True,
                 moved: bool = False, fired: bool = False) -> None:
        self.id = id
        self.hex = hex
        self.alive = alive
        self.moved = moved
        self.fired = fired

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Paladin)
        return ((self.id, self.hex, self.alive, self.moved, self.fired)
                == (other.id, other.hex, other.alive, other.moved, other.fired))

    def __repr__(self) -> str:
        return (f"Paladin(id={self.id!r}, hex={self.hex!r}, alive={self.alive!r}, "
                f"moved={self.moved!r}, fired={self.fired!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through ``__init__`` (a compiled class is made by it)."""
        return (Paladin, (self.id, self.hex, self.alive, self.moved, self.fired))


class Bolt:
    """A Bolt in play (2.11): its type (2.2: normal, fast, exploding), hex and facing
    (a plain class, as :class:`Paladin`)."""

    id: int
    kind: str  # normal | fast | exploding (2.2)
    hex: Hex
    facing: int  # 0..5 = A..F

    def __init__(self, id: int, kind: str, hex: Hex, facing: int) -> None:
        self.id = id
        self.kind = kind
        self.hex = hex
        self.facing = facing

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Bolt)
        return ((self.id, self.kind, self.hex, self.facing)
                == (other.id, other.kind, other.hex, other.facing))

    def __repr__(self) -> str:
        return (f"Bolt(id={self.id!r}, kind={self.kind!r}, hex={self.hex!r}, "
                f"facing={self.facing!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through ``__init__`` (as :class:`Paladin`)."""
        return (Bolt, (self.id, self.kind, self.hex, self.facing))


#: per map size, what :func:`_map` and the functions below it build (made once per size):
#: plain dicts, not ``lru_cache``, since a dict look-up is a fraction of the cache wrapper's
#: call (the rules ask for these some 80 times a game); remembered (core/memo.py): each value
#: made whole and stored in one step, so every thread gets the same one
_SIZES = 64
_MAPS: dict[int, tuple[tuple[Hex, ...], frozenset[Hex], dict[Hex, int]]] = {}
_OPEN: dict[int, bytes] = {}
_INDICES: dict[int, tuple[int, ...]] = {}
_DISTANCES: dict[int, tuple[tuple[int, ...], ...]] = {}
_GRIDS: dict[int, tuple[int, ...]] = {}


def _map(radius: int) -> tuple[tuple[Hex, ...], frozenset[Hex], dict[Hex, int]]:
    """A map's hexes in board order, as a set, and each hex's place in the order."""
    m = _MAPS.get(radius)
    if m is None:
        hexes = tuple(HexagonBoard(radius))
        m = remember(_MAPS, radius, (hexes, frozenset(hexes), {h: i for i, h in enumerate(hexes)}),
                     _SIZES)
    return m


#: attributes :meth:`AntillesState.clone` shares: immutable values, or read-only data (tables,
#: board, search values) that every copy of a game shares anyway
_SHARED = frozenset({"scenario", "tables", "board", "places", "ranges", "n_shields", "n_armor",
                     "n_casters", "turn", "phase", "next_bolt", "shield_hits", "armor_hits",
                     "casters_destroyed", "outcome", "end_turn", "search_values"})


def _open_mask(radius: int) -> bytes:
    """One byte per board place: 1, but 0 at the Antilles' hex (no Paladin enters it)."""
    made = _OPEN.get(radius)
    if made is None:
        mask = bytearray(b"\x01") * len(_map(radius)[0])
        mask[_map(radius)[2][ORIGIN]] = 0
        made = remember(_OPEN, radius, bytes(mask), _SIZES)
    return made


def _indices(radius: int) -> tuple[int, ...]:
    """The board places ``0 .. n - 1``."""
    made = _INDICES.get(radius)
    if made is None:
        made = remember(_INDICES, radius, tuple(range(len(_map(radius)[0]))), _SIZES)
    return made


def distances(radius: int) -> tuple[tuple[int, ...], ...]:
    """Per board place, the distance (:meth:`Hex.distance`) to every board place: range
    questions of the rules become two look-ups (built once per map size)."""
    made = _DISTANCES.get(radius)
    if made is None:
        qr = [(h.q, h.r) for h in _map(radius)[0]]
        made = remember(_DISTANCES, radius, tuple(
            tuple((abs(q - a) + abs(r - b) + abs(q - a + r - b)) // 2 for a, b in qr)
            for q, r in qr), _SIZES)
    return made


def place_grid(radius: int) -> tuple[int, ...]:
    """Every hex (q, r) with ``|q|, |r| <= radius`` → its board place (-1: off the map), at
    ``(q + radius) * (2 * radius + 1) + r + radius``: :func:`place_at` finds a place from
    coordinates without building the hex and hashing it."""
    made = _GRIDS.get(radius)
    if made is None:
        width = 2 * radius + 1
        grid = [-1] * (width * width)
        for i, h in enumerate(_map(radius)[0]):
            grid[(h.q + radius) * width + h.r + radius] = i
        made = remember(_GRIDS, radius, tuple(grid), _SIZES)
    return made


def place_at(grid: tuple[int, ...], radius: int, q: int, r: int) -> int:
    """The board place of hex (q, r) in ``grid`` (:func:`place_grid` of ``radius``), -1 when
    it is off the map."""
    if -radius <= q <= radius and -radius <= r <= radius:
        return grid[(q + radius) * (2 * radius + 1) + r + radius]
    return -1


def board_hexes(radius: int) -> tuple[Hex, ...]:
    """The hexes of a map of ``radius`` in board order (built once per size)."""
    return _map(radius)[0]


def board_places(radius: int) -> dict[Hex, int]:
    """Each hex's place in :func:`board_hexes` order."""
    return _map(radius)[2]


def nth_free(taken: list[int], k: int) -> int:
    """``free_places()[k]`` without the list, from the :meth:`AntillesState.taken_places`
    sorted: ``k`` stepped past each taken place at or before it, in board order."""
    for t in taken:
        if t > k:
            break
        k += 1
    return k


@mypyc_attr(native_class=False)
class AntillesState(Game):
    """The pieces and boxes of one battle, and the questions the rules ask of them."""

    SEAT = "commander"

    def clone(self, reseed: int | None = None) -> AntillesState:
        """An independent copy (:meth:`Game.clone`), written out: the Paladins and Bolts are
        copied, the immutable values and read-only data shared, the logs copied as lists of
        their (frozen) events; anything else (an attribute a tool set) is deep-copied."""
        new = object.__new__(type(self))
        d = new.__dict__
        memo: dict[int, Any] = {}
        for key, value in self.__dict__.items():
            if key in _SHARED:
                d[key] = value
            elif key == "paladins":
                d[key] = [Paladin(p.id, p.hex, p.alive, p.moved, p.fired) for p in value]
            elif key == "bolts":
                d[key] = {i: Bolt(b.id, b.kind, b.hex, b.facing) for i, b in value.items()}
            elif key in ("actions", "log"):
                d[key] = list(value)
            elif key == "dice":
                d[key] = SeededDice(reseed) if reseed is not None else value.clone()
            elif key == "options":
                d[key] = copy.deepcopy(value, memo) if value else {}
            else:
                d[key] = copy.deepcopy(value, memo)
        return new

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any],
                 tables: Tables) -> None:
        super().__init__(dice, scenario, options)
        self.tables = tables
        self.board = HexagonBoard(tables.model.board.radius)
        #: the map's tables, read-only and shared by every game on a map of this size: each
        #: hex's board place, and the range between two places (3.3: :func:`distances`)
        self.places = board_places(self.board.radius)
        self.ranges = distances(self.board.radius)
        plat = tables.model.platform
        #: 5.0 fixes the Casters (four); the Shield and Armor boxes are table values
        self.n_shields, self.n_armor, self.n_casters = plat.shields, plat.armor, CASTERS
        self.turn = 0
        self.phase = SETUP
        self.paladins = [Paladin(i) for i in range(1, PALADINS + 1)]
        self.bolts: dict[int, Bolt] = {}
        self.next_bolt = 1
        self.shield_hits = 0
        self.armor_hits = 0
        self.casters_destroyed = 0
        self.outcome: Outcome | None = None
        self.end_turn: int | None = None

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The map's hexes in board order (shared by every game on a map of this size)."""
        return _map(self.board.radius)[0]

    @property
    def on_map(self) -> frozenset[Hex]:
        """The map's hexes as a set (``h in board``, asked a thousand times a step)."""
        return _map(self.board.radius)[1]

    def living(self) -> list[Paladin]:
        """The Paladins on the map and not destroyed."""
        return [p for p in self.paladins if p.alive and p.hex is not None]

    def boxes_destroyed(self) -> int:
        """6.0 "box destroyed" / "component destroyed": we count Shield, Armor and Caster boxes."""
        return self.shield_hits + self.armor_hits + self.casters_destroyed

    def victory_points(self) -> int:
        """6.0 Victory Points for the outcome so far (or as if the game ended now)."""
        alive = len([p for p in self.paladins if p.alive])
        if self.outcome == ANTILLES_DESTROYED:
            turns_left = max(0, LAST_TURN - self.turn)
            return DESTROYED_BASE + PER_SURVIVING_PALADIN * alive + (
                self.tables.model.scoring.early_bonus_per_turn * turns_left
            )
        if self.outcome == PALADINS_DESTROYED:
            return self.boxes_destroyed()
        return self.boxes_destroyed() + PER_SURVIVING_PALADIN * alive

    def bolt_at(self, h: Hex) -> Bolt | None:
        """The Bolt in hex ``h``, if any."""
        for b in self.bolts.values():
            if b.hex == h:
                return b
        return None

    def paladin_at(self, h: Hex) -> Paladin | None:
        """The living Paladin in hex ``h``, if any."""
        for p in self.paladins:
            if p.alive and p.hex == h:
                return p
        return None

    def find_paladin(self, pid: int) -> Paladin | IllegalAction:
        """Paladin ``pid``, or why there is no such Paladin to act (1.0, 2.16)."""
        if not 1 <= pid <= PALADINS:
            return IllegalAction(f"there is no Paladin P{pid} (P1..P{PALADINS})", "Antilles 1.0")
        p = self.paladins[pid - 1]
        if not p.alive:
            return IllegalAction(f"P{pid} has been destroyed", "Antilles 2.16")
        return p

    def attack_bonus(self, p: Paladin) -> int:
        """3.2: +3 to attack rolls for a Paladin that did not move this turn."""
        return 0 if p.moved else NOT_MOVED_BONUS

    def taken_hexes(self) -> set[Hex]:
        """3.2: hexes no Paladin may enter — the Antilles', a living Paladin's, a Bolt's."""
        taken = {p.hex for p in self.paladins if p.alive and p.hex is not None}
        taken.update(b.hex for b in self.bolts.values())
        taken.add(ORIGIN)
        return taken

    def taken_places(self) -> set[int]:
        """3.2: the board places of the :meth:`taken_hexes` on the map (the Antilles' among
        them): every place not in it is free (:func:`taken_places`)."""
        return taken_places(self)

    def free_places(self) -> list[int]:
        """3.2: the board-order places of the hexes a Paladin may enter
        (:func:`free_places`)."""
        return free_places(self)

    def free_hexes(self) -> list[Hex]:
        """3.2: hexes a Paladin may enter, in board order."""
        hexes = _map(self.board.radius)[0]
        return [hexes[i] for i in free_places(self)]

    def is_taken(self, h: Hex) -> bool:
        """``h in taken_hexes()``, without building the set (:func:`hex_taken`)."""
        return hex_taken(self, h)

    def finish(self, outcome: Outcome) -> None:
        """End the battle at once with ``outcome`` (5.0, 6.0) and log its VP and level
        (:func:`finish`)."""
        finish(self, outcome)


def finish(game: AntillesState, outcome: Outcome) -> None:
    """:meth:`AntillesState.finish`: end the battle at once with ``outcome`` (5.0, 6.0) and
    log its VP and level (a function: the rules' hot paths call it directly)."""
    game.outcome = outcome
    game.end_turn = game.turn
    game.phase = OVER
    vp = game.victory_points()
    log_event(game, "end", "{}: {} VP, {}", (outcome, vp, victory_level(vp)),
              {"outcome": outcome, "vp": vp})


def hex_taken(game: AntillesState, h: Hex) -> bool:
    """3.2: ``h in game.taken_hexes()`` without building the set: the Antilles' hex, a
    living Paladin's or a Bolt's (a function: the rules' hot paths call it directly)."""
    q, r = h[0], h[1]  # compared by coordinates (compiled: no tuple comparison)
    if q == 0 and r == 0:  # ORIGIN
        return True
    for p in game.paladins:
        ph = p.hex
        if ph is not None and ph[0] == q and ph[1] == r and p.alive:
            return True
    for b in game.bolts.values():
        bh = b.hex
        if bh[0] == q and bh[1] == r:
            return True
    return False


def taken_places(game: AntillesState) -> set[int]:
    """3.2: the board places of the :meth:`AntillesState.taken_hexes` on the map (the
    Antilles' among them): every place not in it is free (:func:`free_places`)."""
    return set(_taken(game))


def _taken(game: AntillesState) -> list[int]:
    """:func:`taken_places` as a list: the Antilles' place first, then the living Paladins'
    and the Bolts' on the map (a piece off the map, in a set position, is skipped; a Bolt in
    the Antilles' hex repeats its place). A list, not a set: no set built, and sorted in place
    (:func:`taken_sorted`). (Finding the places from the coordinates on :func:`place_grid`
    instead of by hash saved the compiled build some 3% a random game but cost the interpreted
    one 6%.)"""
    place = game.places
    taken = [place[ORIGIN]]  # the Antilles' hex is on every map (radius >= 4)
    for p in game.paladins:
        h = p.hex
        if h is not None and p.alive:
            i = place.get(h)
            if i is not None:
                taken.append(i)
    for b in game.bolts.values():
        i = place.get(b.hex)
        if i is not None:
            taken.append(i)
    return taken


def taken_sorted(game: AntillesState) -> list[int]:
    """:func:`taken_places` in board order (each place once): what :func:`nth_free` reads."""
    taken = _taken(game)
    taken.sort()
    last = -1
    for t in taken:  # a place twice: a Bolt in the Antilles' hex, or a set position's stack
        if t == last:
            return sorted(set(taken))
        last = t
    return taken


def free_places(game: AntillesState) -> list[int]:
    """3.2: the board-order places (indices into :attr:`AntillesState.hexes`) of the hexes a
    Paladin may enter: every hex but the :meth:`AntillesState.taken_hexes`."""
    radius = game.board.radius
    free = bytearray(_open_mask(radius))  # a mask in board order
    for i in _taken(game):
        free[i] = 0
    return list(compress(_indices(radius), free))
