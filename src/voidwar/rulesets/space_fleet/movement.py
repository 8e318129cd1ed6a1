"""Space Fleet: Movement and Mines — moving, turning, laying and sweeping mine patterns.

:class:`Movement` lists a side's candidate movement actions, gives the one reason an action is
illegal (``legal_actions`` and ``check`` both use it, through :mod:`.game`) and carries a legal
action out. Each rule about a ship (may it move now, turn, lay a pattern, sweep) is one method
answering a message template or ``None`` (``_..._why``): ``check`` writes the template out as
its refusal, and a ship's menu of legal actions asks the same methods, without writing
messages. :func:`turn_refusal` is the turning rule alone, shared with the heuristic's path
search.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ...core.errors import IllegalAction
from ...core.game import Action, log_event
from ...core.hexgrid import Hex, direction_letter
from ...core.native import mypyc_attr
from .actions import (
    Advance,
    EndMove,
    LayMine,
    Move,
    Sweep,
    Turn,
    end_move_of,
    lay_of,
    move_of,
    sweep_of,
    turn_of,
)
from .battle import R_MINES, R_MOVE, Battle, check_over, movers
from .damage import apply_hits
from .data import hexid, tables
from .state import ACTIVE, MOVEMENT, OVER, Ship

#: the movement actions
MoveAction = Move | Advance | Turn | LayMine | Sweep | EndMove


def sweep_refusal(battle: Battle, ship: Ship, in_pattern: bool, moved: bool) -> str | None:
    """Mines: "a beam armed ship may sweep the field by stopping in the pattern for a move".
    The rule for hexes and for the free table alike (``in_pattern``: the ship is in a pattern;
    ``moved``: it has moved this move): a message template with a ``{ship}`` slot, or
    ``None`` when it may."""
    if not in_pattern:
        return "{ship} is not in a mine pattern"
    if battle.moving is not None and (moved or battle.laid):
        return "{ship} must stop in the pattern for its whole move to sweep it"
    if ship.beams <= 0:
        return "only a beam-armed ship may sweep; {ship} has no working beam"
    return None


def turn_refusal(cls: str, full: int, moved: int, turned: bool) -> str | None:
    """Why a ship of class ``cls`` that has moved ``moved`` hexes of a full move of ``full``
    (the speed it began its move with; ``turned`` since its last hex) may not turn now — a
    message with a ``{ship}`` slot — or ``None`` when it may (Space Fleet: Movement).

    "After moving 1 forward a ship may turn 60 degrees before moving again, and may turn once for
    each 1 moved except for the last (DN only may turn after all move completed, as may ships not
    making a full move)." A ship that a mine slows down mid-move does not make its full move, so
    it may still turn after its last hex.
    """
    if moved == 0:
        return "{ship} must move 1 hex forward before it may turn"
    if turned:
        return "{ship} has already turned since its last hex: one 60° turn per hex moved"
    if moved >= full and cls != "DN":
        return "{ship} made its full move: no turn after the last hex (only a Dreadnought may)"
    return None


def mine_attack(game: Battle, ship: Ship, where: str | None = None) -> None:
    """Space Fleet: Mines — "Roll 1d6 when move into area of effect, 4,5,6 indicates 1d3 hits."
    ``where`` names the pattern (default: the ship's hex)."""
    m = tables().mines
    at = hexid(ship.hex) if where is None else where
    roll = game.roll(6, f"mine at {at} attacks {ship.id}")
    if roll >= m.attack_on:
        hits = game.roll(m.hit_die, f"mine hits on {ship.id}")
        plural = "s" * (hits != 1)
        game.emit("mine", f"mine at {at} hits {ship.id}: {hits} hit{plural}",
                  ship=ship.id, hits=hits)
        apply_hits(game, ship, hits, missile=False, source="mine")
    else:
        game.emit("mine", f"mine at {at} misses {ship.id}", ship=ship.id, hits=0)


def extras(sid: str, turn: bool, lay: bool, sweep: bool) -> tuple[Action, ...]:
    """The turns (when ``turn``), lay a mine, sweep (when legal) and end move of ship ``sid``."""
    out: list[Action] = [turn_of(sid, False), turn_of(sid, True)] if turn else []
    if lay:
        out.append(lay_of(sid))
    if sweep:
        out.append(sweep_of(sid))
    out.append(end_move_of(sid))
    return tuple(out)


@lru_cache(maxsize=4096)
def menu_of(sid: str, steps: int, turn: bool, lay: bool, sweep: bool) -> tuple[Action, ...]:
    """Ship ``sid``'s legal movement actions in their order: ``move SID 1`` to ``move SID
    steps``, then :func:`extras` (interned values; a pure function, cached)."""
    return (*(move_of(sid, k) for k in range(1, steps + 1)), *extras(sid, turn, lay, sweep))


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class Movement(Battle):
    """The movement phase's rules (Space Fleet: Movement, Mines); see the module docstring."""

    # ------------------------------------------------------------------ legality
    def _move_candidates(self, side: str) -> list[Action]:
        """Every movement action worth checking for ``side``, in the order legal_actions lists
        them: the moving ship's (or each of the side's active ships') moves, turns, mine,
        sweep, end move."""
        ships = [self.ships[self.moving]] if self.moving is not None else self.fleet(side)
        out: list[Action] = []
        for s in ships:
            out.extend(self._step_candidates(s))
            if self.moving is not None:
                out += [turn_of(s.id, False), turn_of(s.id, True)]
            out += [lay_of(s.id), sweep_of(s.id), end_move_of(s.id)]
        return out

    def _move_menus(self, side: str) -> tuple[tuple[Action, ...], ...]:
        """What :meth:`_move_reason` lets through of :meth:`_move_candidates`, one tuple per
        ship in their order: the moving ship's menu (:meth:`_menu`), or that of each of the
        acting side's :func:`.battle.movers` (``side``: :attr:`to_act`)."""
        moving = self.moving
        if moving is not None:
            s = self.ships[moving]
            if s.side != side or s.status is not ACTIVE:
                return ()
            return (self._menu(s, None, self._turn_why(s) is None, s.speed),)
        taken = {s.hex for s in self.ships.values() if s.status is ACTIVE}
        return tuple([self._menu(s, taken, False, v) for s, v in movers(self)
                      if s.side == side])

    def _menu(self, s: Ship, taken: set[Hex] | None, turn: bool,
              speed: int) -> tuple[Action, ...]:
        """Ship ``s``'s legal movement actions (``speed``: its speed): its steps, the two turns
        when ``turn``, laying and sweeping when :meth:`_lay_why` and :meth:`_sweep_why` let
        them, ending its move (:func:`menu_of`). The steps are counted: a move of k hexes is
        legal (:meth:`_step_reason`) while the first k hexes ahead are clear
        (:func:`clear_run`), so they are ``move SHIP 1`` to ``move SHIP n``."""
        left = speed - self.moved_hexes
        return menu_of(s.id, clear_run(self, s, left, taken) if left > 0 else 0, turn,
                       self._lay_why(s) is None, self._sweep_why(s) is None)

    def _legal_moves(self, side: str) -> list[Action]:
        """The legal movement actions of ``side`` (:meth:`_move_menus`), in their order."""
        menus = self._move_menus(side)
        if len(menus) == 1:
            return list(menus[0])
        return [a for m in menus for a in m]

    def _choose_move(self, side: str, pick: Callable[[int], int]) -> Action:
        """``_legal_moves(side)[pick(n)]``, building only the action picked."""
        menus = self._move_menus(side)
        if len(menus) == 1:
            only = menus[0]
            return only[pick(len(only))]
        i = j = pick(sum(map(len, menus)))
        if i >= 0:
            for m in menus:
                if i < len(m):
                    return m[i]
                i -= len(m)
        return self._legal_moves(side)[j]

    def _refusal(self, why: str | None, ship: Ship, rule: str) -> IllegalAction | None:
        """The refusal a rule's message template stands for, written for ``ship``."""
        if why is None:
            return None
        speeds = " or ".join(str(v) for v in sorted(self.move_window()))
        return IllegalAction(why.format(ship=ship.id, cls=ship.cls, speed=ship.speed,
                                        where=self.where(ship), moving=self.moving,
                                        speeds=speeds), rule)

    def _move_reason(self, a: MoveAction) -> IllegalAction | None:
        """Why the movement action ``a`` is illegal now, or ``None`` (Movement, Mines)."""
        if self.phase is not MOVEMENT:
            return IllegalAction("ships move only in the movement phase; now is the fire phase "
                                 f"({self.fire_class} firing)", R_MOVE)
        ship = self.ships.get(a.ship)
        if (ship is None or ship.id != self.moving or ship.side != self.step_side
                or ship.status is not ACTIVE):  # (else: the moving ship, which may go on)
            ship, err = self._own_ship(a.ship, self.step_side, R_MOVE)  # the side to act
            if ship is None:
                return err
            why = self._mover_why(ship)
            if why is not None:
                return self._refusal(why, ship, R_MOVE)
        if isinstance(a, (Move, Advance)):
            return self._step_reason(ship, a)
        if isinstance(a, EndMove):
            return None  # a ship need not use its full move
        if isinstance(a, Turn):
            why, rule = self._turn_why(ship), R_MOVE
        elif isinstance(a, LayMine):
            why, rule = self._lay_why(ship), R_MINES
        else:
            why, rule = self._sweep_why(ship), R_MINES
        return None if why is None else self._refusal(why, ship, rule)

    def _mover_why(self, ship: Ship) -> str | None:
        """One ship at a time, slowest first: may ``ship`` act in the movement phase now? The
        moving ship goes on; else it must be one of :func:`.battle.movers`."""
        moving = self.moving
        if moving is not None:
            return None if ship.id == moving else "finish {moving}'s move first (end move {moving})"
        for s, _v in movers(self):
            if s is ship:
                return None
        if ship.moved:
            return "{ship} has already moved this turn"
        return ("slowest ships move first: only ships of speed {speeds} may move now, not {ship} "
                "({cls}, speed {speed})")

    # -- the geometry of a move: hexes here, a free table in .table_game --------------------
    def _step_candidates(self, ship: Ship) -> list[Action]:
        """The forward moves worth listing: 1 hex up to the hexes left."""
        return [move_of(ship.id, k) for k in range(1, ship.speed - self.moved_hexes + 1)]

    def _turn_why(self, ship: Ship) -> str | None:
        """The turning rule (:func:`turn_refusal`) for the ship to act."""
        moved = 0 if self.moving is None else self.moved_hexes
        full = ship.speed if self.move_speed is None else self.move_speed
        return turn_refusal(ship.cls, full, moved, self.turned)

    def _step_reason(self, ship: Ship, a: Move | Advance) -> IllegalAction | None:
        """Speed in hexes, straight ahead; one ship per hex and no leaving the map (our
        reading)."""
        if not isinstance(a, Move):
            return IllegalAction("on a hex map a move names whole hexes: move SHIP N", R_MOVE)
        hexes = a.hexes
        left = ship.speed - self.moved_hexes
        if hexes < 1 or hexes > left:
            return IllegalAction(
                f"{ship.id} has speed {ship.speed} and has moved {self.moved_hexes}: it can "
                f"move 1 to {left} hexes more" if left > 0 else
                f"{ship.id} has no movement left (speed {ship.speed})", R_MOVE)
        clear = clear_run(self, ship, hexes)
        if clear == hexes:
            return None
        h = ship.hex
        for _ in range(clear + 1):
            h = h.neighbor(ship.facing)
        occ = self.occupant(h)
        if occ is None:
            return IllegalAction(f"{ship.id} would leave the map", R_MOVE)
        return IllegalAction(f"hex {hexid(h)} is occupied by {occ.id} "
                             "(our reading: one ship per hex)", R_MOVE)

    def _lay_why(self, ship: Ship) -> str | None:
        """"Minelayers may lay one pattern (hex) per move" (Space Fleet: Mines)."""
        if ship.mines <= 0:
            return "{ship} carries no mine patterns"
        if self.laid and self.moving == ship.id:
            return "{ship} has laid its pattern this move (one per move)"
        if ship.hex in self.mines:
            return "hex {where} is already mined"
        return None

    def _sweep_why(self, ship: Ship) -> str | None:
        """A beam-armed ship sweeps by stopping in the pattern for its whole move (Mines)."""
        return sweep_refusal(self, ship, ship.hex in self.mines, self.moved_hexes > 0)

    # ------------------------------------------------------------------ execution
    def _execute_move(self, a: MoveAction) -> None:
        """Carry out a legal movement action (the first one starts the ship's move)."""
        ship = self.ships[a.ship]
        if self.moving is None:
            self.moving, self.moved_hexes, self.turned, self.laid = ship.id, 0, False, False
            self.move_speed = ship.speed
            if self.ahead is None:  # the free table's bookkeeping (a hex map has none)
                self._start_move()
        if type(a) is Move or isinstance(a, (Move, Advance)):  # the commonest first, exactly
            self._advance(ship, a)
        elif isinstance(a, EndMove):
            self._end_move(ship)
        elif isinstance(a, Turn):
            self._turn(ship, a.right)
        elif isinstance(a, LayMine):
            # "Minelayers may lay one pattern (hex) per move."
            ship.mines -= 1
            self.laid = True
            self._lay(ship)
        elif isinstance(a, Sweep):
            self._sweep(ship)
        else:
            self._end_move(ship)

    def _start_move(self) -> None:
        """Bookkeeping of a new move (the free table keeps distances)."""

    def _turn(self, ship: Ship, right: bool) -> None:
        """One 60° turn: the next hex side."""
        ship.facing = (ship.facing + (1 if right else -1)) % 6
        self.turned = True
        log_event(self, "move", "{} turns to face {}", (ship.id, direction_letter(ship.facing)),
                  {"ship": ship.id})

    def _lay(self, ship: Ship) -> None:
        """A pattern in the ship's hex."""
        self.mines.add(ship.hex)
        self.emit("mine", f"{ship.id} lays a mine pattern in {hexid(ship.hex)}", ship=ship.id)

    def _advance(self, ship: Ship, a: Move | Advance) -> None:
        """Move hex by hex; each mined hex entered attacks the ship (Space Fleet: Mines). A mine
        that halves the ship's speed stops it once the new speed is used up (our reading)."""
        assert isinstance(a, Move)
        ahead, mines, sid = self.ahead, self.mines, ship.id
        for i in range(a.hexes):
            row = ahead.get(ship.hex) if ahead is not None else None
            n = row[ship.facing] if row is not None else None
            ship.hex = n if n is not None else ship.hex.neighbor(ship.facing)
            self.moved_hexes += 1
            self.turned = False
            log_event(self, "move", "{} moves to {}", (sid, hexid(ship.hex)), {"ship": sid})
            if ship.hex in mines:
                mine_attack(self, ship)
                if not ship.active:
                    self._end_move(ship)
                    return
                if self.moved_hexes >= ship.speed and i + 1 < a.hexes:
                    self.emit("move", f"{ship.id} is slowed to speed {ship.speed}: it stops in "
                              f"{hexid(ship.hex)}", ship=ship.id)
                    return

    def _sweep(self, ship: Ship) -> None:
        """"a beam armed ship may sweep the field by stopping in the pattern for a move (it is
        still attacked)" (Space Fleet: Mines); the sweep is the ship's whole move."""
        mine_attack(self, ship)
        if ship.active:
            self.mines.discard(ship.hex)
            self.emit("mine", f"{ship.id} sweeps the pattern in {hexid(ship.hex)}",
                      ship=ship.id)
        self._end_move(ship)

    def _end_move(self, ship: Ship) -> None:
        """The ship's move is over; the next side in the window moves."""
        ship.moved = True
        self.moving = self.move_speed = None
        self.moved_hexes, self.turned, self.laid = 0, False, False
        self.moves_made += 1
        check_over(self)
        if self.phase is not OVER:
            self._next_mover(ship.side)


def clear_run(b: Movement, ship: Ship, hexes: int, taken: set[Hex] | None = None) -> int:
    """How many of the ``hexes`` hexes straight ahead of ``ship`` it may enter in a row:
    on battle ``b``'s map and empty (our reading: one ship per hex; ``taken``: the active
    ships' hexes, when the caller has them). A module function (as :func:`.battle.movers`):
    compiled, called directly."""
    if hexes <= 0:
        return 0
    ahead = b.ahead
    if ahead is None:  # pragma: no cover - a free table counts no hexes
        raise TypeError("a free-table game has no hex map")
    if taken is None:
        taken = {s.hex for s in b.ships.values() if s.status is ACTIVE}
    h, facing = ship.hex, ship.facing % 6
    for k in range(hexes):
        row = ahead.get(h)
        if row is not None:
            n = row[facing]
        else:  # pragma: no cover - a ship off the map
            n = h.neighbor(facing)
            n = n if n in b.board else None
        if n is None or n in taken:
            return k
        h = n
    return hexes
