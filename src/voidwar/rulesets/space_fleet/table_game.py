"""Space Fleet on a free table (Movement: "Ships may either be moved freely on a table surface, or
on a hex grid. Speed is given as units, which may be hexes, or any scale to fit the models used").

:class:`SpaceFleetTableGame` is :class:`~voidwar.rulesets.space_fleet.game.SpaceFleetGame` with
the geometry of :mod:`.table` in place of the hex map; the turn sequence, the class order of fire,
the damage rules are the same. Our readings (docs/space-fleet.md, "The free table"):

* a move names a distance in units, straight ahead (``move BB1 1.5``); speed is in units;
* a ship may turn 60° once it has moved 1 unit since the start of its move or its last turn, so
  at most one turn per unit moved, and not after the last unit of a full move (a Dreadnought, and
  a ship not making its full move, may);
* ranges and the beam-nearby distance are in units, measured centre to centre; a band reaches up
  to its upper figure (4, 8, 12 units); the rear arc is more than 135° off the bow;
* a mine pattern is a circle; a ship is attacked each time its move enters one;
* a ship may not leave the table; ships do not block one another.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ...core.dice import Dice
from ...core.errors import IllegalAction
from ...core.game import Action
from ...core.hexgrid import Hex
from ...core.notation import Notation
from ...core.tabletop import Point, fmt, quantize, within
from .actions import TABLE_NOTATION, Advance, Move
from .battle import R_MOVE
from .data import Band, Scenario, tables
from .game import SpaceFleetGame
from .movement import extras, mine_attack, sweep_refusal
from .state import SIGHT_REAR, Ship, band_code
from .table import Pattern, TableSpec, ahead, entry_along, in_rear_arc_at, inside, turned


def table_turn_block(cls: str, full: int, moved: Fraction, since_turn: Fraction) -> int:
    """Which of :func:`table_turn_refusal`'s reasons stops a turn now (1–3), 0 for none (the
    rule without its message, for the heuristic's search)."""
    if moved == 0:
        return 1
    if since_turn < 1:
        return 2
    if moved >= full and cls != "DN":
        return 3
    return 0


def table_turn_refusal(cls: str, full: int, moved: Fraction, since_turn: Fraction) -> str | None:
    """Why a ship may not turn now on the free table (a message with a ``{ship}`` slot), or
    ``None`` (Space Fleet: Movement): "After moving 1 forward a ship may turn 60 degrees before
    moving again, and may turn once for each 1 moved except for the last (DN only may turn after
    all move completed, as may ships not making a full move)." ``full``: the speed the ship began
    its move with."""
    why = table_turn_block(cls, full, moved, since_turn)
    if why == 1:
        return "{ship} must move 1 unit forward before it may turn"
    if why == 2:
        return ("{ship} has moved " + fmt(since_turn) + " since its last turn: one 60° turn "
                "per unit moved")
    if why == 3:
        return "{ship} made its full move: no turn after the last unit (only a Dreadnought may)"
    return None


class SpaceFleetTableGame(SpaceFleetGame):
    """A game of Space Fleet on a free table; see the module docstring."""

    notation: ClassVar[Notation | None] = TABLE_NOTATION
    #: a ship may stop anywhere within its move: the legal list offers whole units
    lists_every_action: ClassVar[bool] = False
    unit_word = "units"
    unit_name = "unit"

    def notes(self) -> list[str]:
        """The hex game's notes, and what the free table adds of our reading."""
        return [*super().notes(),
                f"On the free table 1 unit is {fmt(self.spec.unit)} inch"
                f"{'es' if self.spec.unit != 1 else ''}; the rear 90° arc is a "
                "bearing more than 135° off the bow, mines are circles, and ships do not block "
                "each other: our reading of 'moved freely on a table surface', "
                "docs/space-fleet.md."]

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any],
                 setup: Scenario) -> None:
        self.moved_units = Fraction(0)  # distance moved by the moving ship, in units
        self.since_turn = Fraction(0)  # moved since its last turn (or the start of its move)
        super().__init__(dice, scenario, options, setup)

    @property
    def spec(self) -> TableSpec:
        """The table (always present in this game)."""
        assert self.table is not None
        return self.table

    @staticmethod
    def at(ship: Ship) -> Point:
        """A ship's position on the table."""
        assert ship.pos is not None
        return ship.pos

    # ------------------------------------------------------------------ geometry
    def gap(self, a: Ship, b: Ship) -> float:
        """The distance between two ships in units (a float)."""
        return self.spec.units(self.at(a), self.at(b))

    def range_text(self, a: Ship, b: Ship) -> str:
        """The distance in units to 0.01, as written in messages."""
        return fmt(quantize(self.gap(a, b)))

    def band_between(self, a: Ship, b: Ship) -> Band | None:
        """The first band whose upper figure (units) the distance does not exceed (exact)."""
        for band in tables().firing.bands:
            if within(self.at(a), self.at(b), band.max * self.spec.unit):
                return band
        return None

    def rear(self, ship: Ship, target: Ship) -> bool:
        """``target`` is more than 135° off ``ship``'s bow (Space Fleet: Firing)."""
        return in_rear_arc_at(self.at(ship), ship.heading, self.at(target))

    def sight_of(self, ship: Ship, target: Ship) -> int:
        """``target``'s range band (:meth:`band_between`) and rear arc (:meth:`rear`) from
        ``ship`` as the bits of :func:`.state.sight_code`."""
        rear = SIGHT_REAR if self.rear(ship, target) else 0
        return band_code(self.band_between(ship, target)) | rear

    def close_to(self, a: Ship, b: Ship, units: int) -> bool:
        """``b`` is within ``units`` units of ``a`` (exact)."""
        return within(self.at(a), self.at(b), units * self.spec.unit)

    def where(self, ship: Ship) -> str:
        """``x,y`` in inches."""
        return str(self.at(ship))

    def patterns_at(self, p: Point) -> list[Pattern]:
        """The mine patterns whose circle holds ``p``, nearest centre first."""
        hit = [m for m in self.patterns.values() if inside(m.area, p)]
        return sorted(hit, key=lambda m: (m.area.centre.dist2(p), m.id))

    # ------------------------------------------------------------------ movement
    def _start_move(self) -> None:
        self.moved_units = self.since_turn = Fraction(0)

    def _left(self, ship: Ship) -> Fraction:
        return max(Fraction(0), ship.speed - self.moved_units)

    def _step_candidates(self, ship: Ship) -> list[Action]:
        """Whole units up to what is left, and what is left when it is not whole."""
        left = self._left(ship)
        out: list[Action] = [Advance(ship.id, Fraction(k)) for k in range(1, int(left) + 1)]
        if left.denominator != 1:
            out.append(Advance(ship.id, left))
        return out

    def _menu(self, s: Ship, taken: set[Hex] | None, turn: bool,
              speed: int) -> tuple[Action, ...]:
        """Ship ``s``'s legal movement actions: the step candidates that :meth:`_step_reason`
        lets through (ships do not block a move on a free table: ``taken`` is unused), then
        the turns, laying, sweeping and ending its move (:func:`.movement.extras`)."""
        steps = [a for a in self._step_candidates(s)
                 if isinstance(a, Advance) and self._step_reason(s, a) is None]
        return (*steps, *extras(s.id, turn, self._lay_why(s) is None,
                                self._sweep_why(s) is None))

    def _step_reason(self, ship: Ship, a: Move | Advance) -> IllegalAction | None:
        """Speed in units, straight ahead, staying on the table (our reading)."""
        if not isinstance(a, Advance):
            return IllegalAction("on a free table a move names a distance in units: "
                                 "move SHIP 2.5", R_MOVE)
        left = self._left(ship)
        if a.distance <= 0 or a.distance > left:
            return IllegalAction(
                f"{ship.id} has speed {ship.speed} and has moved {fmt(self.moved_units)}: it can "
                f"move up to {fmt(left)} units more" if left else
                f"{ship.id} has no movement left (speed {ship.speed})", R_MOVE)
        end = ahead(self.at(ship), ship.heading, float(a.distance * self.spec.unit))
        if not self.spec.on_table(end):
            return IllegalAction(f"{ship.id} would leave the table (at {end})", R_MOVE)
        return None

    def _turn_why(self, ship: Ship) -> str | None:
        """The free table's turning rule (:func:`table_turn_refusal`) for the ship to act."""
        moving = self.moving is not None
        full = ship.speed if self.move_speed is None else self.move_speed
        return table_turn_refusal(ship.cls, full, self.moved_units if moving else Fraction(0),
                                  self.since_turn if moving else Fraction(0))

    def _turn(self, ship: Ship, right: bool) -> None:
        ship.heading = turned(ship.heading, right)
        self.turned, self.since_turn = True, Fraction(0)
        self.emit("move", f"{ship.id} turns to face {ship.heading}°", ship=ship.id)

    def _advance(self, ship: Ship, a: Move | Advance) -> None:
        """Straight ahead; each mine pattern the move enters attacks, in the order entered
        (Space Fleet: Mines). A mine that halves the ship's speed stops it once the new speed is
        used up; a ship destroyed stops where it entered the pattern."""
        assert isinstance(a, Advance)
        start, unit = self.at(ship), self.spec.unit
        goal = ahead(start, ship.heading, float(a.distance * unit))
        entries = sorted((e / float(unit), m.id) for m in self.patterns.values()
                         if (e := entry_along(start, goal, m.area)) is not None)
        run = a.distance
        for e, pid in entries:
            if e > run:
                break
            mine_attack(self, ship, f"{pid} ({self.patterns[pid].area.centre})")
            if not ship.active:
                run = quantize(e)
                break
            left = ship.speed - self.moved_units
            if left < run:
                run = max(quantize(e), left)
                self.emit("move", f"{ship.id} is slowed to speed {ship.speed}: it stops after "
                          f"{fmt(self.moved_units + run)} units", ship=ship.id)
        ship.pos = goal if run == a.distance else ahead(start, ship.heading, float(run * unit))
        self.moved_units += run
        self.since_turn += run
        self.turned = False
        self.emit("move", f"{ship.id} moves {fmt(run)} to {ship.pos}", ship=ship.id)
        if not ship.active:
            self._end_move(ship)

    def _lay_why(self, ship: Ship) -> str | None:
        """One pattern per move, centred on the ship, not inside another (Space Fleet: Mines)."""
        if ship.mines <= 0:
            return "{ship} carries no mine patterns"
        if self.laid and self.moving == ship.id:
            return "{ship} has laid its pattern this move (one per move)"
        inside = self.patterns_at(self.at(ship))
        if inside:
            return "{ship} is already in mine pattern " + inside[0].id.replace("{", "{{")
        return None

    def _lay(self, ship: Ship) -> None:
        p = self.add_pattern(self.at(ship))
        self.emit("mine", f"{ship.id} lays mine pattern {p.id} at {ship.pos}", ship=ship.id)

    def _sweep_why(self, ship: Ship) -> str | None:
        """A beam-armed ship sweeps by stopping in the pattern for its whole move (Mines)."""
        return sweep_refusal(self, ship, bool(self.patterns_at(self.at(ship))),
                             self.moved_units > 0)

    def _sweep(self, ship: Ship) -> None:
        """The pattern nearest the ship's centre attacks once more, then is gone (Mines)."""
        pattern = self.patterns_at(self.at(ship))[0]
        mine_attack(self, ship, f"{pattern.id} ({pattern.area.centre})")
        if ship.active:
            del self.patterns[pattern.id]
            self.emit("mine", f"{ship.id} sweeps mine pattern {pattern.id}", ship=ship.id)
        self._end_move(ship)

    def _end_move(self, ship: Ship) -> None:
        self.moved_units = self.since_turn = Fraction(0)
        super()._end_move(ship)

    # ------------------------------------------------------------------ state
    def _state(self, ships: Any) -> dict[str, Any]:
        """The position as data: ``table`` in place of ``board``, mine patterns as circles."""
        d = super()._state(ships)
        del d["board"], d["moved_hexes"]
        unit = self.spec.unit
        d.update(table=self.spec.to_dict(), moved=fmt(self.moved_units),
                 since_turn=fmt(self.since_turn),
                 mines=[m.to_dict(unit) for m in self.patterns.values()])
        return d
