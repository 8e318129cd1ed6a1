"""The position of a Space Fleet game: fleets, mines, the phase and its bookkeeping.

:class:`Battle` is the base that the movement rules (:mod:`.movement`), the fire rules
(:mod:`.fire`) and the turn sequence (:mod:`.game`) build on: the state, the queries they share
(whose ship, the class window, the firing class), victory and the state as data.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from ...core.dice import Dice, SeededDice
from ...core.errors import IllegalAction
from ...core.game import Game, Result
from ...core.hexgrid import Hex, RectBoard
from ...core.native import mypyc_attr
from ...core.tabletop import Circle, Point
from .data import SEATS, Band, Scenario, hexid, parse_hexid, tables
from .state import (
    ACTIVE,
    FIRING,
    MOVEMENT,
    OVER,
    SIGHT_CODES,
    SIGHT_REACH,
    SIGHT_WIDTH,
    Damage,
    Level,
    Outcome,
    Ship,
    StepTable,
    band_for,
    board_steps,
    in_rear_arc,
)
from .table import MineArea, Pattern, TableSpec, parse_heading

R_TYPES: Final = "Space Fleet: Ship Types"
R_MOVE: Final = "Space Fleet: Movement"
R_FIRE: Final = "Space Fleet: Firing"
R_MINES: Final = "Space Fleet: Mines"
R_HITS: Final = "Space Fleet: Effect of hits"

#: A declared shot: (firer id, target id, is a missile).
Shot = tuple[str, str, bool]

#: attribute values a clone shares with its original (immutable)
_IMMUTABLE: Final = (str, int, float, type(None), Fraction, tuple, frozenset, RectBoard, TableSpec,
              StepTable)
#: the mutable attributes :meth:`Battle.clone` copies by hand
_BY_HAND: Final = frozenset({"dice", "options", "actions", "log", "ships", "mines",
                      "patterns", "fire_done", "declared", "_result"})


@lru_cache(maxsize=32)
def _fleets(setup: Scenario) -> tuple[Ship, ...]:
    """The ships of ``setup`` as the game starts them (Space Fleet: Ship Types: each ship's
    profile after its trades): a pure function of the (frozen) scenario, cached; every game
    copies them (:meth:`Ship.copy`) and never changes these."""
    ships: list[Ship] = []
    for side in SEATS:
        for e in getattr(setup, side).ships:
            p = setup.profile_of(e)
            ship = Ship(
                id=e.id, side=side, cls=p.cls, name=e.name, hex=Hex(0, 0), facing=0,
                profile=p, shields=p.shields if e.shields is None else e.shields,
                missiles=p.missiles, mines=p.mines,
            )
            if setup.table is None:
                ship.hex, ship.facing = parse_hexid(e.at), "ABCDEF".index(e.facing)
            else:
                ship.pos, ship.heading = Point.parse(e.at), parse_heading(e.facing)
            ship.damage = [Damage(k) for k in e.damage]
            ships.append(ship)
    return tuple(ships)


def check_over(game: Battle) -> None:
    """A side with no ship left loses at once (our reading of victory): :meth:`Battle.finish`.
    A function, so that the rules' hot paths call it directly."""
    if game.phase is OVER:
        return
    seen = None
    for s in game.ships.values():
        if s.status is ACTIVE:
            if seen is None:
                seen = s.side
            elif s.side != seen:
                return  # both sides still have a ship
    game.finish(Outcome.ANNIHILATION)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class Battle(Game):
    """A Space Fleet position; see the module docstring. The turn sequence is the subclass's."""

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any],
                 setup: Scenario) -> None:
        super().__init__(dice, scenario, options)
        self.title = setup.title
        #: the hex map (``None`` on a free table, :attr:`table`)
        self.hexmap = (RectBoard(setup.board.cols, setup.board.rows)
                       if setup.board is not None else None)
        #: the hex ahead of each hex of the map in each direction (shared, read-only)
        self.ahead: StepTable | None = (board_steps(self.hexmap.cols, self.hexmap.rows)
                                        if self.hexmap is not None else None)
        #: the free table (``None`` on a hex map)
        self.table = TableSpec.of(setup.table) if setup.table is not None else None
        self.turn_limit = setup.turn_limit
        self.initiative = setup.initiative
        self.ships = {s.id: s.copy() for s in _fleets(setup)}
        self.mines: set[Hex] = {parse_hexid(m) for m in setup.mines if isinstance(m, str)}
        #: mine patterns on a free table, by id (``M1``…)
        self.patterns: dict[str, Pattern] = {}
        if self.table is not None:
            for m in setup.mines:
                if isinstance(m, MineArea):
                    self.add_pattern(Point.parse(m.at), m.radius)
        self.turn = 1
        self.phase = MOVEMENT
        self.first = SEATS[0]
        self.step_side: str | None = None
        self.moves_made = 0
        self.moving: str | None = None  # the ship in the middle of its move
        self.moved_hexes = 0
        #: the speed the moving ship began its move with: a ship a mine slows down mid-move
        #: does not make a full move (Movement: "as may ships not making a full move")
        self.move_speed: int | None = None
        self.turned = False  # turned since the last hex moved
        self.laid = False
        self.fire_step = 0
        self.fire_side: str | None = None
        self.fire_done: list[str] = []
        self.declared: list[Shot] = []
        self._result: Result | None = None

    def clone(self, reseed: int | None = None) -> Battle:
        """An independent copy (:meth:`Game.clone`) copied by hand: ships, mines, the phase's
        lists and the dice; immutable values (ids, hexes, profiles, frozen events) are shared,
        anything else not named here is deep-copied. It plays exactly as the original would."""
        d = self.__dict__.copy()
        for k, v in d.items():
            if k not in _BY_HAND and not isinstance(v, _IMMUTABLE):
                d[k] = copy.deepcopy(v)
        d["dice"] = SeededDice(reseed) if reseed is not None else self.dice.clone()
        d["options"] = copy.deepcopy(self.options) if self.options else {}
        d["actions"], d["log"] = self.actions.copy(), self.log.copy()
        d["ships"] = {k: s.copy() for k, s in self.ships.items()}
        d["mines"], d["patterns"] = set(self.mines), dict(self.patterns)
        d["fire_done"], d["declared"] = self.fire_done.copy(), self.declared.copy()
        d["_result"] = copy.deepcopy(self._result) if self._result is not None else None
        new = object.__new__(type(self))
        new.__dict__.update(d)
        return new

    @property
    def board(self) -> RectBoard:
        """The hex map; a free-table game has none (:class:`TypeError`)."""
        if self.hexmap is None:
            raise TypeError("a free-table game has no hex map")
        return self.hexmap

    def add_pattern(self, centre: Point, radius: Fraction | None = None) -> Pattern:
        """A new mine pattern on the free table (``radius`` in units; default the table's)."""
        assert self.table is not None
        pid = f"M{len(self.patterns) + 1}"
        while pid in self.patterns:
            pid += "'"
        r = (self.table.mine_radius if radius is None else radius) * self.table.unit
        self.patterns[pid] = Pattern(pid, Circle(centre, r))
        return self.patterns[pid]

    # ------------------------------------------------------------------ protocol
    @property
    def seats(self) -> tuple[str, ...]:
        """``blue`` (bottom edge, first seat) and ``red`` (top edge)."""
        return SEATS

    @property
    def to_act(self) -> str | None:
        """The side whose ship moves (movement) or who declares fire (fire phase)."""
        if self.phase is OVER:
            return None
        return self.step_side if self.phase is MOVEMENT else self.fire_side

    @property
    def over(self) -> bool:
        """True once a side has no ship left or the turn limit is played."""
        return self.phase is OVER

    @property
    def result(self) -> Result | None:
        """How the game ended, ``None`` while it goes on."""
        return self._result

    # ------------------------------------------------------------------ shared queries
    def fleet(self, side: str) -> list[Ship]:
        """The active (not destroyed, not surrendered) ships of ``side``."""
        return [s for s in self.ships.values() if s.side == side and s.status is ACTIVE]

    def occupant(self, h: Hex) -> Ship | None:
        """The active ship in hex ``h``, if any (our reading: one ship per hex)."""
        for s in self.ships.values():
            if s.status is ACTIVE and s.hex == h:
                return s
        return None

    def move_window(self) -> set[int]:
        """The current speeds that may move now (:func:`movers`)."""
        return {v for _s, v in movers(self)}

    # ------------------------------------------------------------------ geometry (hex map)
    #: what a distance is counted in (messages)
    unit_word = "hexes"
    #: the same, one of them
    unit_name = "hex"

    def gap(self, a: Ship, b: Ship) -> float:
        """The distance between two ships in hexes (units on a free table)."""
        return a.hex.distance(b.hex)

    def range_text(self, a: Ship, b: Ship) -> str:
        """The distance between two ships as written in messages."""
        return str(a.hex.distance(b.hex))

    def band_between(self, a: Ship, b: Ship) -> Band | None:
        """The range band from ``a`` to ``b`` (short 0-4, medium 5-8, long 9-12) or ``None``
        (Space Fleet: Firing)."""
        dq, dr = a.hex.q - b.hex.q, a.hex.r - b.hex.r
        return band_for((abs(dq) + abs(dr) + abs(dq + dr)) // 2)

    def sight_of(self, ship: Ship, target: Ship) -> int:
        """``target``'s range band and rear arc from ``ship`` as the bits of
        :func:`.state.sight_code`: on a hex map they go by the offset alone, read in the table
        built at import (:data:`.state.SIGHT_CODES`; an offset beyond it is beyond long
        range)."""
        sq, sr = ship.hex
        dq, dr = target.hex.q - sq + SIGHT_REACH, target.hex.r - sr + SIGHT_REACH
        if 0 <= dq < SIGHT_WIDTH and 0 <= dr < SIGHT_WIDTH:
            return SIGHT_CODES[(dq * SIGHT_WIDTH + dr) * 6 + ship.facing % 6]
        return 0

    def rear(self, ship: Ship, target: Ship) -> bool:
        """``target`` is in ``ship``'s rear 90° arc (Space Fleet: Firing)."""
        return in_rear_arc(ship.hex, ship.facing, target.hex)

    def close_to(self, a: Ship, b: Ship, units: int) -> bool:
        """``b`` is within ``units`` of ``a`` (the beam-nearby modifier)."""
        return a.hex.distance(b.hex) <= units

    def where(self, ship: Ship) -> str:
        """Where ``ship`` is, as written in messages (``0712``)."""
        return hexid(ship.hex)

    @property
    def fire_class(self) -> str:
        """The class whose fire step it is: smallest first (Space Fleet: Firing)."""
        return tables().firing.order[self.fire_step]

    def _own_ship(self, sid: str, side: str | None,
                  rule: str) -> tuple[Ship | None, IllegalAction | None]:
        """The active ship ``sid`` of ``side`` (the side to act: :attr:`to_act`, which the
        caller has read), or why it may not act."""
        ship = self.ships.get(sid)
        if ship is None:
            return None, IllegalAction(f"there is no ship {sid}", rule)
        if ship.side != side:
            return None, IllegalAction(f"{sid} is not one of {side}'s ships", rule)
        if ship.status is not ACTIVE:
            return None, IllegalAction(f"{sid} is {ship.status}", rule)
        return ship, None

    # ------------------------------------------------------------------ the turn sequence
    @abstractmethod
    def _next_mover(self, last: str) -> None:
        """Hand the move to the next side after ``last`` moved (or open the fire phase)."""

    @abstractmethod
    def _side_done(self, side: str) -> None:
        """``side`` has declared all its fire for this class step."""

    # ------------------------------------------------------------------ victory
    def score(self, side: str) -> int:
        """Cost (half-points) of the enemy ships this side destroyed or forced to surrender."""
        return sum(s.profile.cost for s in self.ships.values()
                   if s.side != side and s.status is not ACTIVE)

    def finish(self, how: Outcome) -> None:
        """End the game by annihilation or at the turn limit (higher score wins)."""
        scores = {side: float(self.score(side)) for side in SEATS}
        alive = [side for side in SEATS if self.fleet(side)]
        winner: str | None
        if how == Outcome.ANNIHILATION:
            winner = alive[0] if alive else None
            level = Level.DECISIVE if winner else None
            outcome = Outcome.ANNIHILATION if winner else Outcome.MUTUAL_DESTRUCTION
        else:
            a, b = scores[SEATS[0]], scores[SEATS[1]]
            winner = SEATS[0] if a > b else SEATS[1] if b > a else None
            level = Level.ON_POINTS if winner else None
            outcome = Outcome.TURN_LIMIT if winner else Outcome.DRAW
        details: dict[str, Any] = {"turns": self.turn}
        for side in SEATS:
            details[f"{side}_lost"] = sum(1 for s in self.ships.values()
                                          if s.side == side and s.status is not ACTIVE)
        self._result = Result(outcome=outcome, scores=scores, winner=winner, level=level,
                              details=details)
        self.phase = OVER
        self.step_side = self.fire_side = None
        self.moving = None
        self.emit("over", f"game over: {outcome}" + (f", {winner} wins" if winner else ""))

    # ------------------------------------------------------------------ state
    def state_dict(self) -> dict[str, Any]:
        """The whole position as data (records, digests, views)."""
        return self._state([s.to_dict() for s in self.ships.values()])

    def _state(self, ships: Any) -> dict[str, Any]:
        """The position as data with ``ships`` as its list of ships."""
        return {
            "title": self.title,
            "board": ({"cols": self.hexmap.cols, "rows": self.hexmap.rows}
                      if self.hexmap is not None else None),
            "turn": self.turn, "turn_limit": self.turn_limit, "phase": self.phase,
            "first": self.first, "to_act": self.to_act,
            "moving": self.moving, "moved_hexes": self.moved_hexes, "turned": self.turned,
            **({"move_speed": self.move_speed} if self.moving is not None else {}),
            "laid": self.laid, "moves_made": self.moves_made,
            "fire_class": self.fire_class if self.phase is FIRING else None,
            "fire_done": list(self.fire_done),
            "declared": [list(s) for s in self.declared],
            "ships": ships,
            "mines": sorted(hexid(h) for h in self.mines),
            "result": self._result.to_dict() if self._result else None,
        }


def movers(b: Battle) -> list[tuple[Ship, int]]:
    """The ships of battle ``b`` that may start their move now, with their current speeds
    (Space Fleet: Movement: "Slowest ships move first").

    "Slowest ships move first ... The first player moves any DN, the second then moves any DN
    or BB, the first player then moves any BB or HC, and so on." The text's principle is
    speed, its example the basic classes, whose speeds are 1 to 5 (DN 1 … DD 5). Our reading
    for fleets of any make-up: a ship moves by its current speed (after trades and ½-speed
    damage), so a half-speed battleship moves with the dreadnoughts and a speed-4 destroyer
    with the light cruisers. The window is the slowest speed that still has an unmoved ship
    (of either side) plus the next speed up; the very first move of the phase is the slowest
    speed only. A player with no ship in the window is passed over.

    A function of the battle, not a method: the rules ask it several times an action, and the
    compiled build calls a module function directly, where a method of a game class (which
    interpreted subclasses may override) is looked up at every call.
    """
    unmoved: list[tuple[Ship, int]] = []
    slowest = 1 << 30
    for s in b.ships.values():
        if s.status is ACTIVE and not s.moved:
            v = s.profile.speed if not s.damage else s.speed  # undamaged: its class's
            unmoved.append((s, v))
            if v < slowest:
                slowest = v
    top = slowest if b.moves_made == 0 else slowest + 1
    for _s, v in unmoved:
        if v > top:
            return [(s, v) for s, v in unmoved if v <= top]
    return unmoved  # every unmoved ship is in the window
