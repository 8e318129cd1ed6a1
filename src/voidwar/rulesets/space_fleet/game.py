"""Space Fleet: two fleets on a hex map (rules: ../shared/rules/space-fleet.txt).

A turn is a movement phase (ships move one at a time, slowest class first, the players
alternating inside a sliding class window), a fire phase (classes fire smallest first, each
class's fire simultaneous) and the end of the turn (regeneration, repairs, victory check).
Legality has one source, :meth:`SpaceFleetGame._reason`; ``legal_actions`` filters candidates
through it and ``check`` raises what it returns.
"""

from __future__ import annotations

from typing import Any

from ...core.dice import Dice
from ...core.errors import IllegalAction
from ...core.game import Action, Game, Result
from ...core.hexgrid import Hex, RectBoard, direction_letter
from . import rules
from .actions import EndFire, EndMove, Fire, LayMine, Move, Sweep, Turn, parse
from .data import SEATS, Scenario, hexid, parse_hexid, tables
from .state import ACTIVE, Damage, Ship, band_for, in_rear_arc

MOVEMENT, FIRING, OVER = "movement", "fire", "over"
R_TYPES, R_MOVE, R_FIRE = "Space Fleet: Ship Types", "Space Fleet: Movement", "Space Fleet: Firing"
R_MINES, R_HITS = "Space Fleet: Mines", "Space Fleet: Effect of hits"


def other(side: str) -> str:
    return SEATS[1] if side == SEATS[0] else SEATS[0]


class SpaceFleetGame(Game):
    ruleset = "space-fleet"
    rules_version = 1
    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any],
                 setup: Scenario) -> None:
        super().__init__(dice, scenario, options)
        self.title = setup.title
        self.board = RectBoard(setup.board.cols, setup.board.rows)
        self.turn_limit = setup.turn_limit
        self.initiative = setup.initiative
        self.ships: dict[str, Ship] = {}
        for side in SEATS:
            for e in getattr(setup, side).ships:
                p = setup.profile_of(e)
                ship = Ship(
                    id=e.id, side=side, cls=p.cls, name=e.name, hex=parse_hexid(e.at),
                    facing="ABCDEF".index(e.facing), profile=p,
                    shields=p.shields if e.shields is None else e.shields,
                    missiles=p.missiles, mines=p.mines,
                )
                ship.damage = [Damage(k) for k in e.damage]
                self.ships[e.id] = ship
        self.mines: set[Hex] = {parse_hexid(m) for m in setup.mines}
        self.turn = 1
        self.phase = MOVEMENT
        self.first = SEATS[0]
        self.step_side: str | None = None
        self.moves_made = 0
        self.moving: str | None = None  # the ship in the middle of its move
        self.moved_hexes = 0
        self.turned = False  # turned since the last hex moved
        self.laid = False
        self.fire_step = 0
        self.fire_side: str | None = None
        self.fire_done: list[str] = []
        self.declared: list[rules.Shot] = []
        self._result: Result | None = None
        self._start_turn()

    # ------------------------------------------------------------------ protocol
    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    @property
    def to_act(self) -> str | None:
        if self.phase == OVER:
            return None
        return self.step_side if self.phase == MOVEMENT else self.fire_side

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> Result | None:
        return self._result

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def check(self, action: Action) -> None:
        err = self._reason(action)
        if err is not None:
            raise err

    def legal_actions(self) -> list[Action]:
        return [a for a in self._candidates() if self._reason(a) is None]

    # ------------------------------------------------------------------ helpers
    def fleet(self, side: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.side == side and s.status == ACTIVE]

    def occupant(self, h: Hex) -> Ship | None:
        for s in self.ships.values():
            if s.status == ACTIVE and s.hex == h:
                return s
        return None

    def move_window(self) -> set[str]:
        """Classes that may move now (Space Fleet: Movement).

        "Slowest ships move first ... The first player moves any DN, the second then moves any DN
        or BB, the first player then moves any BB or HC, and so on." Our reading for fleets of any
        size: the window is the slowest class that still has an unmoved ship (of either side) plus
        the next class up the ladder (DN, BB, HC, LC, DD); the very first move of the phase is the
        slowest class only. A player with no ship in the window is passed over.
        """
        sizes = [s.size for s in self.ships.values() if s.active and not s.moved]
        if not sizes:
            return set()
        slowest = max(sizes)
        codes = {r.size: c for c, r in tables().classes.items()}
        keep = [slowest] if self.moves_made == 0 else [slowest, slowest - 1]
        return {codes[z] for z in keep if z in codes}

    @property
    def fire_class(self) -> str:
        return tables().firing.order[self.fire_step]

    def _own_ship(self, sid: str, rule: str) -> tuple[Ship | None, IllegalAction | None]:
        ship = self.ships.get(sid)
        if ship is None:
            return None, IllegalAction(f"there is no ship {sid}", rule)
        if ship.side != self.to_act:
            return None, IllegalAction(f"{sid} is not one of {self.to_act}'s ships", rule)
        if not ship.active:
            return None, IllegalAction(f"{sid} is {ship.status}", rule)
        return ship, None

    # ------------------------------------------------------------------ legality
    def _candidates(self) -> list[Action]:
        side = self.to_act
        if side is None:
            return []
        out: list[Action] = []
        if self.phase == MOVEMENT:
            if self.moving is not None:
                ships = [self.ships[self.moving]]
            else:
                window = self.move_window()
                ships = [s for s in self.fleet(side) if not s.moved and s.cls in window]
            for s in ships:
                out.extend(Move(s.id, k) for k in range(1, s.speed - self.moved_hexes + 1))
                if self.moving is not None:
                    out += [Turn(s.id, False), Turn(s.id, True)]
                out += [LayMine(s.id), Sweep(s.id), EndMove(s.id)]
            return out
        enemies = self.fleet(other(side))
        for s in self.fleet(side):
            if s.cls != self.fire_class:
                continue
            for e in enemies:
                out.append(Fire(s.id, e.id))
                out.append(Fire(s.id, e.id, missile=True))
        out.append(EndFire())
        return out

    def _reason(self, a: Action) -> IllegalAction | None:
        if self.phase == OVER:
            return IllegalAction("the game is over")
        if isinstance(a, (Move, Turn, LayMine, Sweep, EndMove)):
            return self._move_reason(a)
        if isinstance(a, (Fire, EndFire)):
            return self._fire_reason(a)
        return IllegalAction(f"not a Space Fleet action: {a!r}")

    def _move_reason(self, a: Move | Turn | LayMine | Sweep | EndMove) -> IllegalAction | None:
        if self.phase != MOVEMENT:
            return IllegalAction("ships move only in the movement phase; now is the fire phase "
                                 f"({self.fire_class} firing)", R_MOVE)
        ship, err = self._own_ship(a.ship, R_MOVE)
        if ship is None:
            return err
        if self.moving is not None and a.ship != self.moving:
            return IllegalAction(f"finish {self.moving}'s move first (end move {self.moving})",
                                 R_MOVE)
        if self.moving is None:
            if ship.moved:
                return IllegalAction(f"{ship.id} has already moved this turn", R_MOVE)
            window = self.move_window()
            if ship.cls not in window:
                return IllegalAction(
                    f"slowest ships move first: only {' or '.join(sorted(window))} may move now, "
                    f"not {ship.id} ({ship.cls})", R_MOVE)
        if isinstance(a, Move):
            left = ship.speed - self.moved_hexes
            if a.hexes < 1 or a.hexes > left:
                return IllegalAction(
                    f"{ship.id} has speed {ship.speed} and has moved {self.moved_hexes}: it can "
                    f"move 1 to {left} hexes more" if left else
                    f"{ship.id} has no movement left (speed {ship.speed})", R_MOVE)
            h = ship.hex
            for _ in range(a.hexes):
                h = h.neighbor(ship.facing)
                if h not in self.board:
                    return IllegalAction(f"{ship.id} would leave the map", R_MOVE)
                occ = self.occupant(h)
                if occ is not None:
                    return IllegalAction(f"hex {hexid(h)} is occupied by {occ.id} "
                                         "(our reading: one ship per hex)", R_MOVE)
            return None
        if isinstance(a, Turn):
            # "After moving 1 forward a ship may turn 60 degrees before moving again, and may turn
            # once for each 1 moved except for the last (DN only may turn after all move
            # completed, as may ships not making a full move)."
            if self.moving is None or self.moved_hexes == 0:
                return IllegalAction(f"{ship.id} must move 1 hex forward before it may turn",
                                     R_MOVE)
            if self.turned:
                return IllegalAction(f"{ship.id} has already turned since its last hex: one 60° "
                                     "turn per hex moved", R_MOVE)
            if self.moved_hexes >= ship.speed and ship.cls != "DN":
                return IllegalAction(f"{ship.id} made its full move: no turn after the last hex "
                                     "(only a Dreadnought may)", R_MOVE)
            return None
        if isinstance(a, LayMine):
            if ship.mines <= 0:
                return IllegalAction(f"{ship.id} carries no mine patterns", R_MINES)
            if self.laid and self.moving == ship.id:
                return IllegalAction(f"{ship.id} has laid its pattern this move (one per move)",
                                     R_MINES)
            if ship.hex in self.mines:
                return IllegalAction(f"hex {hexid(ship.hex)} is already mined", R_MINES)
            return None
        if isinstance(a, Sweep):
            if ship.hex not in self.mines:
                return IllegalAction(f"{ship.id} is not in a mine pattern", R_MINES)
            if self.moving is not None and (self.moved_hexes > 0 or self.laid):
                return IllegalAction(f"{ship.id} must stop in the pattern for its whole move to "
                                     "sweep it", R_MINES)
            if ship.beams <= 0:
                return IllegalAction(f"only a beam-armed ship may sweep; {ship.id} has no "
                                     "working beam", R_MINES)
            return None
        return None  # EndMove: a ship need not use its full move

    def _fire_reason(self, a: Fire | EndFire) -> IllegalAction | None:
        if self.phase != FIRING:
            return IllegalAction("ships fire only in the fire phase; now is the movement phase",
                                 R_FIRE)
        if isinstance(a, EndFire):
            return None
        ship, err = self._own_ship(a.ship, R_FIRE)
        if ship is None:
            return err
        if ship.cls != self.fire_class:
            name = tables().classes[self.fire_class].name
            return IllegalAction(f"smallest ships fire first: now {name}s ({self.fire_class}) "
                                 f"fire, not {ship.id} ({ship.cls})", R_FIRE)
        if not ship.weapons_work:
            return IllegalAction(f"{ship.id}'s weapons are gone", R_HITS)
        used_beams = sum(1 for f, _, m in self.declared if f == ship.id and not m)
        used_launchers = sum(1 for f, _, m in self.declared if f == ship.id and m)
        if a.missile:
            if ship.profile.launchers == 0:
                return IllegalAction(f"{ship.id} has no missile launchers", R_FIRE)
            if ship.missiles <= 0:
                return IllegalAction(f"{ship.id} has no missiles left", R_FIRE)
            if used_launchers >= ship.profile.launchers:
                return IllegalAction(f"all {ship.id}'s missile launchers have fired", R_FIRE)
        elif used_beams >= ship.profile.beams:
            return IllegalAction(f"all {ship.profile.beams} of {ship.id}'s beam weapons have "
                                 "fired this turn", R_FIRE)
        target = self.ships.get(a.target)
        if target is None:
            return IllegalAction(f"there is no ship {a.target}", R_FIRE)
        if target.side == ship.side:
            return IllegalAction(f"{a.target} is on your side", R_FIRE)
        if not target.active:
            return IllegalAction(f"{a.target} is {target.status}", R_FIRE)
        dist = ship.hex.distance(target.hex)
        band = band_for(dist)
        if band is None:
            return IllegalAction(f"{a.target} is {dist} hexes away; long range ends at 12",
                                 R_FIRE)
        if band.name == "long" and ship.cls in tables().firing.limits.no_long_range:
            return IllegalAction(f"{a.target} is at long range ({dist}); destroyers and light "
                                 "cruisers cannot fire at long range", R_FIRE)
        if a.missile and band.missile is None:
            return IllegalAction(f"{a.target} is at {band.name} range ({dist}); missiles fire at "
                                 "short range only", R_FIRE)
        if in_rear_arc(ship.hex, ship.facing, target.hex):
            return IllegalAction(f"{a.target} is in {ship.id}'s rear 90° arc", R_FIRE)
        return None

    # ------------------------------------------------------------------ execution
    def execute(self, action: Action) -> None:
        if isinstance(action, (Move, Turn, LayMine, Sweep, EndMove)):
            self._execute_move(action)
        elif isinstance(action, Fire):
            ship = self.ships[action.ship]
            self.declared.append((action.ship, action.target, action.missile))
            ship.fired = True
            if action.missile:
                ship.missiles -= 1
            self.emit("declare", f"{action}", shooter=action.ship, target=action.target)
            side = ship.side
            if not any(isinstance(a, Fire) for a in self.legal_actions()):
                self._side_done(side)
        elif isinstance(action, EndFire) and self.fire_side is not None:
            self._side_done(self.fire_side)
        self._check_over()

    def _execute_move(self, a: Move | Turn | LayMine | Sweep | EndMove) -> None:
        ship = self.ships[a.ship]
        if self.moving is None:
            self.moving, self.moved_hexes, self.turned, self.laid = ship.id, 0, False, False
        if isinstance(a, Move):
            for _ in range(a.hexes):
                ship.hex = ship.hex.neighbor(ship.facing)
                self.moved_hexes += 1
                self.turned = False
                self.emit("move", f"{ship.id} moves to {hexid(ship.hex)}", ship=ship.id)
                if ship.hex in self.mines:
                    rules.mine_attack(self, ship)
                    if not ship.active:
                        self._end_move(ship)
                        return
        elif isinstance(a, Turn):
            ship.facing = (ship.facing + (1 if a.right else -1)) % 6
            self.turned = True
            self.emit("move", f"{ship.id} turns to face {direction_letter(ship.facing)}",
                      ship=ship.id)
        elif isinstance(a, LayMine):
            # "Minelayers may lay one pattern (hex) per move."
            ship.mines -= 1
            self.mines.add(ship.hex)
            self.laid = True
            self.emit("mine", f"{ship.id} lays a mine pattern in {hexid(ship.hex)}", ship=ship.id)
        elif isinstance(a, Sweep):
            # "a beam armed ship may sweep the field by stopping in the pattern for a move (it is
            # still attacked)"
            rules.mine_attack(self, ship)
            if ship.active:
                self.mines.discard(ship.hex)
                self.emit("mine", f"{ship.id} sweeps the pattern in {hexid(ship.hex)}",
                          ship=ship.id)
            self._end_move(ship)
        else:
            self._end_move(ship)

    def _end_move(self, ship: Ship) -> None:
        ship.moved = True
        self.moving = None
        self.moved_hexes, self.turned, self.laid = 0, False, False
        self.moves_made += 1
        self._check_over()
        if self.phase != OVER:
            self._next_mover(ship.side)

    # ------------------------------------------------------------------ sequencing
    def _start_turn(self) -> None:
        for s in self.ships.values():
            s.fired = s.moved = False
        # "Slowest ships move first, either roll for initiative or alternate first move."
        if self.initiative == "alternate":
            self.first = SEATS[(self.turn - 1) % 2]
        else:
            while True:
                a = self.roll(6, f"initiative {SEATS[0]}")
                b = self.roll(6, f"initiative {SEATS[1]}")
                if a != b:
                    break
            self.first = SEATS[0] if a > b else SEATS[1]
        self.emit("turn", f"turn {self.turn}: {self.first} moves first", turn=self.turn)
        self.phase = MOVEMENT
        self.moves_made = 0
        self.fire_step = 0
        self._next_mover(other(self.first))

    def _next_mover(self, last: str) -> None:
        """The players alternate; a player with no ship in the window is passed over."""
        window = self.move_window()
        for side in (other(last), last):
            if any(not s.moved and s.cls in window for s in self.fleet(side)):
                self.step_side = side
                return
        self.step_side = None
        self._start_fire()

    def _start_fire(self) -> None:
        self.phase = FIRING
        self.fire_step = 0
        self._open_fire_step()

    def _open_fire_step(self) -> None:
        while self.fire_step < len(tables().firing.order):
            self.declared = []
            self.fire_done = []
            if self._next_firer():
                return
            self.fire_step += 1
        self._end_turn()

    def _can_declare(self, side: str) -> bool:
        saved = self.fire_side
        self.fire_side = side
        try:
            return any(isinstance(a, Fire) for a in self.legal_actions())
        finally:
            self.fire_side = saved

    def _next_firer(self) -> bool:
        for side in (self.first, other(self.first)):
            if side not in self.fire_done and self._can_declare(side):
                self.fire_side = side
                return True
            if side not in self.fire_done:
                self.fire_done.append(side)
        return False

    def _side_done(self, side: str) -> None:
        if side not in self.fire_done:
            self.fire_done.append(side)
        if self._next_firer():
            return
        if self.declared:
            self.emit("volley", f"{tables().classes[self.fire_class].name} fire resolves",
                      cls=self.fire_class)
            rules.resolve_fire_step(self, self.declared)
        self.declared = []
        self.fire_side = None
        self._check_over()
        if self.phase == OVER:
            return
        self.fire_step += 1
        self._open_fire_step()

    def _end_turn(self) -> None:
        self.fire_side = None
        rules.end_of_turn(self)
        self._check_over()
        if self.phase == OVER:
            return
        if self.turn >= self.turn_limit:
            self._finish("turn-limit")
            return
        self.turn += 1
        self._start_turn()

    # ------------------------------------------------------------------ victory
    def score(self, side: str) -> int:
        """Cost (half-points) of the enemy ships this side destroyed or forced to surrender."""
        return sum(s.profile.cost for s in self.ships.values()
                   if s.side != side and s.status != ACTIVE)

    def search_period(self) -> int:
        """Search horizons count game turns."""
        return self.turn

    def _check_over(self) -> None:
        if self.phase == OVER:
            return
        alive = [side for side in SEATS if self.fleet(side)]
        if len(alive) < 2:
            self._finish("annihilation")

    def _finish(self, how: str) -> None:
        scores = {side: float(self.score(side)) for side in SEATS}
        alive = [side for side in SEATS if self.fleet(side)]
        winner: str | None
        if how == "annihilation":
            winner = alive[0] if alive else None
            level = "decisive" if winner else None
            outcome = "annihilation" if winner else "mutual-destruction"
        else:
            a, b = scores[SEATS[0]], scores[SEATS[1]]
            winner = SEATS[0] if a > b else SEATS[1] if b > a else None
            level = "on points" if winner else None
            outcome = "turn-limit" if winner else "draw"
        details: dict[str, Any] = {"turns": self.turn}
        for side in SEATS:
            details[f"{side}_lost"] = sum(1 for s in self.ships.values()
                                          if s.side == side and s.status != ACTIVE)
        self._result = Result(outcome=outcome, scores=scores, winner=winner, level=level,
                              details=details)
        self.phase = OVER
        self.step_side = self.fire_side = None
        self.moving = None
        self.emit("over", f"game over: {outcome}" + (f", {winner} wins" if winner else ""))

    # ------------------------------------------------------------------ state
    def state_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "board": {"cols": self.board.cols, "rows": self.board.rows},
            "turn": self.turn, "turn_limit": self.turn_limit, "phase": self.phase,
            "first": self.first, "to_act": self.to_act,
            "moving": self.moving, "moved_hexes": self.moved_hexes, "turned": self.turned,
            "laid": self.laid, "moves_made": self.moves_made,
            "fire_class": self.fire_class if self.phase == FIRING else None,
            "fire_done": list(self.fire_done),
            "declared": [list(s) for s in self.declared],
            "ships": [s.to_dict() for s in self.ships.values()],
            "mines": sorted(hexid(h) for h in self.mines),
            "result": self._result.to_dict() if self._result else None,
        }

    def is_secret(self, action: Action) -> bool:
        """Firing: "all fire from one class is simultaneous" — a side's declarations (and its
        hand-over to the other side) stay hidden until the class step resolves."""
        if isinstance(action, Fire):
            return True
        if isinstance(action, EndFire) and self.fire_side is not None:
            rival = other(self.fire_side)
            return rival not in self.fire_done and self._can_declare(rival)
        return False

    def view(self, seat: str | None) -> dict[str, Any]:
        """Fire within a class is simultaneous: a seat does not see the other side's
        declarations of the current class step before they resolve."""
        d = self.state_dict()
        d["declared"] = [s for s in d["declared"] if self.ships[s[0]].side == seat]
        return d
