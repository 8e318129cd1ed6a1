"""Part 2 in play: fire orders, power regeneration, heat, reactors, radiators, damage, victory.

The game (:mod:`.game`) calls this module from its part-2 hooks; everything about ship systems
lives here and in :mod:`.systems`. Rules and designs:

* **Fire orders** (AV:T A5.212: fire orders are written in the Orders step, revealed first) —
  ``fire A1 at red-1`` — one weapon per order, checked when given (ready, in arc, in range, power
  for every shot the ship has ordered this segment) and resolved in the fire step, after the
  reveal and before movement, from the ships' current positions (spec §2.2 step 4, §6.4).
  All shots of a segment are simultaneous: every shot is paid, timed and rolled, then the damage
  is applied (a ship destroyed in this step still fires; spec §2.2 PROPOSAL). Each shot is its own
  hit with its own d10 hit location (our design for the "restrictions on adding damage", A5.167).
* **Arcs**: the target's AVID window is turned into the shooter's ship frame exactly (Q(√3)
  arithmetic) and looked up in each mount's arc (spec §11.6); a target in the same hex and level
  is in every arc (our design).
* **Regeneration** (A5.373) at the end of each segment; **heat** (A5.39) after segment 8; then an
  orders step for **reactors** (``reactors on off``) and **radiators** (``radiators out``),
  applied for the whole next turn (A5.392).
* **Surrender** (A5.314, A5.391): ordering radiators out is surrender, and final (our design): the
  ship may no longer fire or thrust, may not be fired upon, and drifts.
* **Victory** (our design; the H1–H2 scenario rules are missing): a side is beaten when none of its
  ships is still fighting (destroyed, surrendered, or disengaged off the map edge); the game ends
  when at most one side is left; at the scenario's turn limit the side with more points wins.
  Points: every SSD box marked on an enemy ship, plus 20 for each enemy ship destroyed or
  surrendered.

Ship systems are in play in a scenario with ships of two or more seats (a battle); the one-seat
tutorials play the motion layer alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from voidwar.core.datafile import package_file, validate
from voidwar.core.errors import DataFileError, IllegalAction
from voidwar.core.game import Action, Result

from .actions import Order, SetThrust
from .avid import Orientation, Window
from .exact import Q3, cos30, dot, sin30
from .ships import ShipClass
from .state import ShipState
from .systems.arcs import ShipWindow
from .systems.damage import describe_hits
from .systems.numbers import show
from .systems.ship import ShipSystems, SystemsModel, load_systems
from .systems.weapons import load_weapon_rules

if TYPE_CHECKING:
    from .game import AttackVectorGame, Step

R_FIRE = "AV:T A5.12, A5.212, A5.37"
R_END = "AV:T A5.39, A5.392"
POINTS_PER_KILL = 20
SYSTEMS_DATA = "voidwar.rulesets.attack_vector.systems.data"


# -- orders --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FireOrder(Order):
    """``fire A1 at red-1``: weapon A1 fires at a ship in the fire step (AV:T A5.37)."""

    weapon: str = "A1"
    target: str = ""
    kind: ClassVar[str] = "fire"

    def body(self) -> str:
        return f"fire {self.weapon} at {self.target}"


@dataclass(frozen=True, slots=True)
class ReactorsOrder(Order):
    """``reactors on off``: each reactor on or off for the whole next turn (A5.39, A5.392)."""

    on: tuple[bool, ...] = (True,)
    kind: ClassVar[str] = "end"

    def body(self) -> str:
        return "reactors " + " ".join("on" if x else "off" for x in self.on)


@dataclass(frozen=True, slots=True)
class RadiatorsOrder(Order):
    """``radiators out`` (surrender, A5.314) or ``radiators in`` (A5.391)."""

    extend: bool = True
    kind: ClassVar[str] = "end"

    def body(self) -> str:
        return f"radiators {'out' if self.extend else 'in'}"


COMBAT_ORDERS = (FireOrder, ReactorsOrder, RadiatorsOrder)
_PREFIX = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)$")
_WEAPON = re.compile(r"^[A-Za-z]\d+$")
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def parse_combat_order(text: str) -> Action | None:
    """Fire, reactor and radiator orders; ``None`` for text that is none of them."""
    t = " ".join(text.strip().split())
    ship: str | None = None
    m = _PREFIX.match(t)
    if m:
        ship, t = m.group(1), m.group(2)
    words = t.split(" ")
    head = words[0].lower() if words and words[0] else ""
    if head == "fire":
        if len(words) != 4 or words[2].lower() != "at":
            raise IllegalAction(f"{text!r}: write a fire order as 'fire A1 at SHIP'", rule=R_FIRE)
        if not _WEAPON.match(words[1]):
            raise IllegalAction(
                f"{text!r}: {words[1]!r} is no weapon (mount letter and row, like A1)",
                rule="AV:T A5.371",
            )
        if not _NAME.match(words[3]):
            raise IllegalAction(f"{text!r}: {words[3]!r} is no ship name", rule=R_FIRE)
        return FireOrder(ship, words[1].upper(), words[3])
    if head == "reactors":
        vals = [w.lower() for w in words[1:]]
        if not vals or any(v not in ("on", "off") for v in vals):
            raise IllegalAction(
                f"{text!r}: write 'reactors on off' (one word per reactor)", rule=R_END
            )
        return ReactorsOrder(ship, tuple(v == "on" for v in vals))
    if head == "radiators":
        if len(words) != 2 or words[1].lower() not in ("out", "in"):
            raise IllegalAction(
                f"{text!r}: write 'radiators out' or 'radiators in'", rule="AV:T A5.391"
            )
        return RadiatorsOrder(ship, words[1].lower() == "out")
    return None


# -- ship systems from ship classes ------------------------------------------------------------
@lru_cache(maxsize=32)
def _systems_file(path: str) -> SystemsModel:
    return load_systems(path)[0]


def systems_model(cls: ShipClass, ship_file: str = "(ship file)") -> SystemsModel | None:
    """The ship class's ``[systems]`` table: inline, or ``file = "NAME.toml"`` naming a shipped
    systems file (or a path)."""
    table = cls.systems
    if table is None:
        return None
    if set(table) == {"file"}:
        name = str(table["file"])
        p = Path(name)
        if not p.is_absolute() and not p.exists():
            p = package_file(SYSTEMS_DATA, name)
        if not p.exists():
            raise DataFileError(ship_file, "systems.file", f"no such systems file {name!r}")
        return _systems_file(str(p))
    return validate(SystemsModel, table, ship_file)


# -- exact ship-frame windows (spec §11.6) -------------------------------------------------------
_SHIP_WINDOWS: tuple[ShipWindow, ...] = tuple(
    [ShipWindow(0, 3)]
    + [ShipWindow(a, e) for e in (2, 1, 0, -1, -2) for a in range(12)]
    + [ShipWindow(0, -3)]
)


def _ship_window_vector(w: ShipWindow) -> tuple[Q3, Q3, Q3]:
    """Unit vector of a ship-frame window in (forward, starboard, up) components."""
    ce = cos30(w.el)
    return (ce * cos30(w.az), ce * sin30(w.az), sin30(w.el))


_BY_VECTOR: dict[tuple[Q3, Q3, Q3], ShipWindow] = {_ship_window_vector(w): w for w in _SHIP_WINDOWS}


@lru_cache(maxsize=8192)
def ship_window(orient: Orientation, target: Window) -> ShipWindow:
    """The ship-frame window of a target seen in AVID window ``target`` (exact; nearest window
    when the frame is not aligned with the window lattice, ties to the first in a fixed order)."""
    n, s, t = orient.frame()
    d = target.vector()
    comp = (dot(d, n), dot(d, s), dot(d, t))
    exact = _BY_VECTOR.get(comp)
    if exact is not None:
        return exact
    best = _SHIP_WINDOWS[0]
    best_dot: Q3 | None = None
    for w in _SHIP_WINDOWS:
        u = _ship_window_vector(w)
        x = comp[0] * u[0] + comp[1] * u[1] + comp[2] * u[2]
        if best_dot is None or x > best_dot:
            best, best_dot = w, x
    return best


# -- the combat layer ----------------------------------------------------------------------------
class Combat:
    """Per-ship systems and the combat record of one game."""

    def __init__(self, game: AttackVectorGame) -> None:
        self.systems: dict[str, ShipSystems] = {}
        tables = game.options.get("weapon_tables")
        dres = game.options.get("d_results")
        rules = load_weapon_rules(tables or None, dres or None)
        for sid, ship in game.ships.items():
            model = systems_model(ship.cls, f"ship class {ship.cls.name}")
            if model is None:
                raise DataFileError(
                    f"ship class {ship.cls.name}",
                    "systems",
                    "a battle needs ship systems (power, heat, weapons, SSD)",
                )
            sys_ = ShipSystems.build(model, rules, file=f"ship class {ship.cls.name}")
            cells = len(ship.cls.thrust_matrix[0])
            if model.ssd.count("thrust") > cells:
                raise DataFileError(
                    f"ship class {ship.cls.name}",
                    "systems.ssd",
                    f"more thrust boxes than the thrust matrix's {cells}",
                )
            self.systems[sid] = sys_
        #: why a ship stopped fighting: "destroyed", "surrendered", "disengaged"
        self.status: dict[str, str] = {}
        self.points: dict[str, int] = {seat: 0 for seat in game.sc.seats}
        self.shots = 0
        self.damage_done = 0
        for sid in game.ships:
            self._sync(game, sid)

    @staticmethod
    def wanted(game: AttackVectorGame) -> bool:
        """Systems are in play in a battle: ships of at least two seats."""
        return len({s.seat for s in game.ships.values()}) >= 2

    # -- reading ----------------------------------------------------------------------------
    def fighting(self, game: AttackVectorGame, sid: str) -> bool:
        s = game.ships[sid]
        return not s.out and sid not in self.status

    def _sync(self, game: AttackVectorGame, sid: str) -> None:
        ship = game.ships[sid]
        sys_ = self.systems[sid]
        ship.engine_boxes_lost = sys_.thrust_boxes_lost
        if ship.out and sid not in self.status and not sys_.destroyed:
            self.status[sid] = "disengaged"
        d = sys_.to_dict()
        d["status"] = self.status.get(sid, "fighting")
        ship.systems = d

    def sync_all(self, game: AttackVectorGame) -> None:
        for sid in game.ships:
            self._sync(game, sid)

    def target_info(
        self, game: AttackVectorGame, sid: str, tid: str
    ) -> tuple[int, ShipWindow | None, list[str]]:
        """(range, ship-frame window or None for the same hex, mounts that bear) for a target."""
        b = game.bearing(sid, tid)
        ship = game.ships[sid]
        sys_ = self.systems[sid]
        if b.window is None:
            return b.range, None, list(sys_.arcs)
        w = ship_window(ship.orient, b.window)
        return b.range, w, sys_.mounts_bearing(w)

    def committed(self, game: AttackVectorGame, seat: str, sid: str) -> Fraction:
        return sum(
            (
                self.systems[sid].weapon(o.weapon).code.power
                for s, o in game.pending[seat]
                if s == sid and isinstance(o, FireOrder)
            ),
            Fraction(0),
        )

    # -- checking orders ----------------------------------------------------------------------
    def check_order(
        self, game: AttackVectorGame, seat: str, ship: ShipState, order: Order, step: Step
    ) -> None:
        sys_ = self.systems[ship.id]
        end = step.name != "orders"
        if self.status.get(ship.id) == "destroyed":
            raise IllegalAction(f"{ship.id} is destroyed", rule="AV:T A2.4 (SSD)")
        if isinstance(order, FireOrder):
            if end:
                raise IllegalAction(
                    "fire orders are given in a segment's orders step", rule="AV:T A5.212"
                )
            self._check_fire(game, seat, ship, order)
            return
        if isinstance(order, ReactorsOrder | RadiatorsOrder):
            if not end:
                raise IllegalAction(
                    f"{order.body()!r}: reactor and radiator status changes only between "
                    "segment 8 and segment 1 (give it in the end-of-turn orders)",
                    rule=R_END,
                )
            if game._given(seat, ship, (type(order),)):
                raise IllegalAction(
                    f"{ship.id} already has a {order.body().split()[0]} order this turn", rule=R_END
                )
            if isinstance(order, ReactorsOrder):
                n = len(sys_.power.outputs)
                if len(order.on) != n:
                    raise IllegalAction(
                        f"{ship.id} has {n} reactors: give {n} settings "
                        f"(like 'reactors {' '.join(['on'] * n)}')",
                        rule=R_END,
                    )
                if list(order.on) == sys_.power.on:
                    raise IllegalAction(f"{ship.id}'s reactors are already so", rule=R_END)
                dead = [i + 1 for i, x in enumerate(order.on) if x and i in sys_.power.destroyed]
                if dead:
                    raise IllegalAction(
                        f"reactor {dead[0]} of {ship.id} is destroyed", rule="AV:T A2.4 (SSD)"
                    )
            else:
                if not order.extend:
                    raise IllegalAction(
                        f"{ship.id}'s radiators are not out"
                        if not sys_.surrendered
                        else f"{ship.id} has surrendered; surrender is final (our design)",
                        rule="AV:T A5.391",
                    )
                if sys_.surrendered:
                    raise IllegalAction(
                        f"{ship.id}'s radiators are already out", rule="AV:T A5.391"
                    )
            return
        # a motion order
        if end:
            raise IllegalAction(
                f"{order.body()!r}: after segment 8 only reactor and radiator orders are given",
                rule=R_END,
            )
        if sys_.surrendered and isinstance(order, SetThrust) and order.value != 0:
            raise IllegalAction(
                f"{ship.id} cannot thrust: its radiators are out", rule="AV:T A5.391"
            )
        game.check_order(seat, ship, order)

    def _check_fire(
        self, game: AttackVectorGame, seat: str, ship: ShipState, order: FireOrder
    ) -> None:
        tid = order.target
        if tid not in game.ships:
            known = ", ".join(s for s in game.ships if game.ships[s].seat != seat)
            raise IllegalAction(
                f"there is no ship {tid!r} to fire at (enemies: {known})", rule=R_FIRE
            )
        tgt = game.ships[tid]
        if tgt.seat == seat:
            raise IllegalAction(f"{tid} is on your own side", rule=R_FIRE)
        if not self.fighting(game, tid):
            why = self.status.get(tid, "out of the battle")
            raise IllegalAction(f"{tid} is {why}; it may not be fired upon", rule=R_FIRE)
        if any(
            s == ship.id and isinstance(o, FireOrder) and o.weapon == order.weapon
            for s, o in game.pending[seat]
        ):
            raise IllegalAction(
                f"{order.weapon} is already ordered to fire this segment", rule="AV:T A5.371"
            )
        rng, w, _mounts = self.target_info(game, ship.id, tid)
        window = w if w is not None else ShipWindow(0, 0)
        sys_ = self.systems[ship.id]
        if w is None:  # same hex and level: in every arc (our design)
            window = next(iter(sys_.arcs[sys_.weapon(order.weapon).mount].windows))
        sys_.check_fire(
            [order.weapon],
            game.turn,
            game.segment,
            window,
            rng,
            committed=self.committed(game, seat, ship.id),
        )

    def candidates(
        self, game: AttackVectorGame, ship: ShipState, name: str | None, step: Step
    ) -> list[Order]:
        sys_ = self.systems[ship.id]
        if step.name != "orders":
            n = len(sys_.power.outputs)
            out: list[Order] = [
                ReactorsOrder(name, tuple(bool(m >> i & 1) for i in range(n))) for m in range(2**n)
            ]
            out.append(RadiatorsOrder(name, True))
            return out
        out = []
        for tid, tgt in game.ships.items():
            if tgt.seat == ship.seat or not self.fighting(game, tid):
                continue
            for wid in sys_.weapons:
                out.append(FireOrder(name, wid, tid))
        return out

    # -- steps ------------------------------------------------------------------------------
    def step_fire(self, game: AttackVectorGame) -> None:
        """Weapons fire: every shot paid, timed, rolled; then the damage (spec §2.2 step 4)."""
        hits: list[tuple[str, str, str, int]] = []
        for _seat, sid, order in game.revealed:
            if not isinstance(order, FireOrder):
                continue
            sys_ = self.systems[sid]
            tid = order.target
            if not self.fighting(game, tid):
                game.emit(
                    "fire", f"{sid} {order.weapon}: {tid} is out of the battle; no shot", ship=sid
                )
                continue
            rng, _w, _mounts = self.target_info(game, sid, tid)
            w = sys_.fire(order.weapon, game.turn, game.segment)
            self.shots += 1
            shot = sys_.rules.resolve(w.code, rng, game.roll, who=f"{sid} {w.id} at {tid}")
            if shot is None:  # pragma: no cover - range was checked when ordered
                continue
            game.emit(
                "fire",
                f"{sid} fires {w.id} ({w.code}) at {tid}: {shot.describe()} "
                f"damage; power {show(sys_.power.stored)} left",
                ship=sid,
                target=tid,
                weapon=w.id,
                damage=shot.damage,
                range=rng,
            )
            if shot.damage > 0:
                hits.append((sid, w.id, tid, shot.damage))
        for sid, wid, tid, dmg in hits:
            self.damage(game, tid, dmg, f"{sid} {wid}", by=game.ships[sid].seat)
        self.sync_all(game)

    def damage(
        self, game: AttackVectorGame, tid: str, points: int, cause: str, by: str | None
    ) -> None:
        tsys = self.systems[tid]
        was_destroyed = tsys.destroyed
        hits = tsys.take_damage(points, game.roll, who=f"{cause} on {tid}", cause=cause)
        if by is not None:
            self.points[by] += len(hits)
        self.damage_done += len(hits)
        game.emit(
            "damage",
            f"{tid} takes {points} from {cause}: {describe_hits(hits)}",
            ship=tid,
            points=points,
            boxes=len(hits),
        )
        if tsys.destroyed and not was_destroyed:
            self.status[tid] = "destroyed"
            if by is not None and by != game.ships[tid].seat:
                self.points[by] += POINTS_PER_KILL
            game.ships[tid].out = True
            game.ships[tid].burn = None
            game.emit("destroyed", f"{tid} is destroyed", ship=tid)

    def step_regeneration(self, game: AttackVectorGame) -> None:
        for sid, sys_ in self.systems.items():
            if not game.ships[sid].out:
                sys_.regenerate()
        self.sync_all(game)

    def end_turn_heat(self, game: AttackVectorGame) -> None:
        for sid, sys_ in self.systems.items():
            if game.ships[sid].out:
                continue
            before = len(sys_.damage_log)
            r = sys_.end_turn_heat(game.roll, who=sid)
            game.emit(
                "heat",
                f"{sid}: +{r.generated} heat, -{show(r.dissipated)} radiated → "
                f"{show(r.stored)} of {sys_.heat.capacity}"
                + (f", {r.excess} excess" if r.excess else ""),
                ship=sid,
            )
            for line in sys_.damage_log[before:]:
                game.emit("damage", f"{sid} {line}", ship=sid)
            if sys_.destroyed and sid not in self.status:
                self.status[sid] = "destroyed"
                game.ships[sid].out = True
                game.emit("destroyed", f"{sid} is destroyed by its own heat", ship=sid)
        self.sync_all(game)

    def _end_orders(self, game: AttackVectorGame, kind: type) -> list[tuple[str, str, Order]]:
        return [
            (seat, sid, o)
            for seat in game.sc.seats
            for sid, o in game.pending[seat]
            if isinstance(o, kind)
        ]

    def end_turn_reactors(self, game: AttackVectorGame) -> None:
        for seat, sid, o in self._end_orders(game, ReactorsOrder):
            if not isinstance(o, ReactorsOrder):  # pragma: no cover - filtered above
                continue
            self.systems[sid].set_reactors(list(o.on), at_turn_boundary=True)
            game.emit(
                "order", f"{seat} orders {sid}: {o.body()}", seat=seat, ship=sid, order=str(o)
            )
        self.sync_all(game)

    def end_turn_radiators(self, game: AttackVectorGame) -> None:
        for seat, sid, o in self._end_orders(game, RadiatorsOrder):
            if not isinstance(o, RadiatorsOrder):  # pragma: no cover - filtered above
                continue
            self.systems[sid].order_radiators(o.extend, at_turn_boundary=True)
            game.emit(
                "order", f"{seat} orders {sid}: {o.body()}", seat=seat, ship=sid, order=str(o)
            )
            if o.extend:
                ship = game.ships[sid]
                self.status[sid] = "surrendered"
                ship.thrust = Fraction(0)  # no thrust unless retracted (A5.391)
                game.emit("surrender", f"{sid} extends its radiators: it has surrendered", ship=sid)
                for other in game.sc.seats:
                    if other != seat:
                        self.points[other] += POINTS_PER_KILL
        game.pending = {seat: [] for seat in game.sc.seats}
        self.sync_all(game)

    # -- the end ---------------------------------------------------------------------------
    def sides_left(self, game: AttackVectorGame) -> list[str]:
        self.sync_all(game)
        return [
            seat
            for seat in game.sc.seats
            if any(s.seat == seat and self.fighting(game, sid) for sid, s in game.ships.items())
        ]

    def decided(self, game: AttackVectorGame) -> bool:
        return len(self.sides_left(game)) <= 1

    def result(self, game: AttackVectorGame) -> Result:
        left = self.sides_left(game)
        scores = {seat: float(p) for seat, p in self.points.items()}
        if len(left) == 1:
            winner: str | None = left[0]
            outcome = "victory"
        elif not left:
            winner, outcome = None, "no-side-left"
        else:
            best = max(scores.values())
            leaders = [s for s, v in scores.items() if v == best]
            winner = leaders[0] if len(leaders) == 1 else None
            outcome = "turn-limit" if winner else "draw"
        counts = {
            k: sum(1 for v in self.status.values() if v == k)
            for k in ("destroyed", "surrendered", "disengaged")
        }
        details: dict[str, Any] = {
            "turns": game.turn,
            "shots": self.shots,
            "boxes_marked": self.damage_done,
            **{f"ships_{k}": v for k, v in counts.items()},
        }
        return Result(outcome=outcome, scores=scores, winner=winner, details=details)


__all__ = [
    "COMBAT_ORDERS",
    "Combat",
    "FireOrder",
    "RadiatorsOrder",
    "ReactorsOrder",
    "parse_combat_order",
    "ship_window",
    "systems_model",
]
