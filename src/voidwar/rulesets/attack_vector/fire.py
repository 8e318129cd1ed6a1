"""Fire resolution (part 2): ship-frame windows, the fire step and damage (AV:T A5.37, A5.16x).

Fire orders are resolved in the fire step, after the reveal and before movement, from the ships'
current positions (spec §2.2 step 4, §6.4). All shots of a segment are simultaneous: every shot is
paid, timed and rolled, then the damage is applied (a ship destroyed in this step still fires;
spec §2.2 PROPOSAL). Each shot is its own hit with its own d10 hit location (our design for the
"restrictions on adding damage", A5.167). Arcs: the target's AVID window is turned into the
shooter's ship frame exactly (Q(√3) arithmetic) and looked up in each mount's arc (spec §11.6); a
target in the same hex and level is in every arc (our design).
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from .actions import FireOrder
from .avid import Orientation, Window
from .exact import Q3, cos30, dot, sin30
from .orders import OrderedGame
from .systems.arcs import ShipWindow
from .systems.damage import describe_hits
from .systems.numbers import show
from .systems.ship import ShipSystems

POINTS_PER_KILL = 20


class ShipStatus(StrEnum):
    """Whether a ship still fights, and why it stopped (our design, module :mod:`.combat`)."""

    FIGHTING = "fighting"
    DESTROYED = "destroyed"
    SURRENDERED = "surrendered"
    DISENGAGED = "disengaged"


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


class FireControl:
    """Per-ship systems, who still fights, the points, and the fire step (module docstring)."""

    def __init__(self, systems: dict[str, ShipSystems], seats: list[str]) -> None:
        self.systems = systems
        #: why a ship stopped fighting: "destroyed", "surrendered", "disengaged"
        self.status: dict[str, ShipStatus] = {}
        self.points: dict[str, int] = {seat: 0 for seat in seats}
        self.shots = 0
        self.damage_done = 0

    def __deepcopy__(self, memo: dict[int, object]) -> FireControl:
        """An independent copy for a game clone, written out (a deep copy walked every box):
        each ship's systems copied by :meth:`ShipSystems.copy`, the records as new dicts, the
        rest (numbers, flags, the mode) immutable and shared."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.systems = {sid: s.copy() for sid, s in self.systems.items()}
        new.status = dict(self.status)
        new.points = dict(self.points)
        return new

    # -- reading ----------------------------------------------------------------------------
    def fighting(self, game: OrderedGame, sid: str) -> bool:
        """Whether ship ``sid`` is still in the battle (not off the map, destroyed or struck)."""
        s = game.ships[sid]
        return not s.out and sid not in self.status

    def fireable(self, game: OrderedGame, tid: str) -> bool:
        """Whether ``tid`` may be fired upon: a ship still fighting, or a target still on the map
        (A5.166: the tutorial's lasers fire at chocolates)."""
        if tid in game.targets:
            return game.targets[tid].present
        return tid in game.ships and self.fighting(game, tid)

    def _sync(self, game: OrderedGame, sid: str) -> None:
        ship = game.ships[sid]
        sys_ = self.systems[sid]
        ship.engine_boxes_lost = sys_.thrust_boxes_lost
        if ship.out and sid not in self.status and not sys_.destroyed:
            self.status[sid] = ShipStatus.DISENGAGED
        d = sys_.to_dict()
        d["status"] = self.status.get(sid, ShipStatus.FIGHTING).value
        ship.systems = d

    def sync_all(self, game: OrderedGame) -> None:
        """Copy every ship's systems into its JSON-ready state (and engine damage into motion)."""
        for sid in game.ships:
            self._sync(game, sid)

    def jammed_range(self, sid: str, tid: str, rng: int) -> int:
        """The range a shot at ``tid`` is rolled at: the RAL range plus the target's ECM points
        beyond the shooter's ECCM points (our design for flex points, A5.312; D6.1 is lost)."""
        tsys = self.systems.get(tid)
        if tsys is None:
            return rng
        return rng + max(0, tsys.ecm - self.systems[sid].eccm)

    def target_info(
        self, game: OrderedGame, sid: str, tid: str
    ) -> tuple[int, ShipWindow | None, list[str]]:
        """(range, ship-frame window or None for the same hex, mounts that bear) for a target."""
        b = game.bearing(sid, tid)
        ship = game.ships[sid]
        sys_ = self.systems[sid]
        if b.window is None:
            return b.range, None, list(sys_.arcs)
        w = ship_window(ship.orient, b.window)
        return b.range, w, sys_.mounts_bearing(w)

    # -- the fire step ----------------------------------------------------------------------
    def step_fire(self, game: OrderedGame) -> None:
        """Weapons fire: every shot paid, timed, rolled; then the damage (spec §2.2 step 4)."""
        hits: list[tuple[str, str, str, int]] = []
        for _seat, sid, order in game.revealed:
            if isinstance(order, FireOrder):
                hit = self._shot(game, sid, order)
                if hit is not None:
                    hits.append(hit)
        for sid, wid, tid, dmg in hits:
            if tid in game.targets:
                self.damage_target(game, tid, dmg, f"{sid} {wid}", sid)
            else:
                self.damage(game, tid, dmg, f"{sid} {wid}", by=game.ships[sid].seat)
        self.sync_all(game)

    def damage_target(self, game: OrderedGame, tid: str, points: int, cause: str,
                      sid: str) -> None:
        """A5.166: "All lasers fired at chocolates add their damage together"; the target is
        killed when its total reaches its toughness (A5.372 "the minimum needed to kill the
        chocolate"; the figure is ours)."""
        t = game.targets[tid]
        t.damage += points
        game.emit("damage", f"{tid} takes {points} from {cause}: {t.damage} of {t.toughness}",
                  ship=sid, target=tid, points=points)
        if t.killed_by is None and t.damage >= t.toughness:
            t.killed_by = sid
            game.emit("killed", f"{tid} is killed", ship=sid, target=tid)

    def _shot(self, game: OrderedGame, sid: str, order: FireOrder
              ) -> tuple[str, str, str, int] | None:
        """One revealed fire order: pay, time and roll the shot (AV:T A5.37, A2.2)."""
        sys_ = self.systems[sid]
        tid = order.target
        if not self.fireable(game, tid):
            game.emit("fire", f"{sid} {order.weapon}: {tid} is out of the battle; no shot",
                      ship=sid)
            return None
        rng, _w, _mounts = self.target_info(game, sid, tid)
        rng = self.jammed_range(sid, tid, rng)
        w = sys_.fire(order.weapon, game.turn, game.segment)
        self.shots += 1
        shot = sys_.rules.resolve(w.code, rng, game.roll, who=f"{sid} {w.id} at {tid}")
        if shot is None:  # pragma: no cover - range was checked when ordered
            return None
        game.emit(
            "fire",
            f"{sid} fires {w.id} ({w.code}) at {tid}: {shot.describe()} damage"
            + ("" if sys_.free_lasers else f"; power {show(sys_.power.stored)} left"),
            ship=sid, target=tid, weapon=w.id, damage=shot.damage, range=rng,
        )
        return (sid, w.id, tid, shot.damage) if shot.damage > 0 else None

    def damage(
        self, game: OrderedGame, tid: str, points: int, cause: str, by: str | None
    ) -> None:
        """Mark ``points`` of damage on ``tid`` (AV:T A5.16x; a box marked scores 1 for ``by``,
        a ship destroyed 20 more: our design)."""
        tsys = self.systems[tid]
        was_destroyed = tsys.destroyed
        hits = tsys.take_damage(points, game.roll, who=f"{cause} on {tid}", cause=cause)
        if by is not None:
            self.points[by] += len(hits)
        self.damage_done += len(hits)
        game.emit(
            "damage",
            f"{tid} takes {points} from {cause}: {describe_hits(hits)}",
            ship=tid, points=points, boxes=len(hits),
        )
        if tsys.destroyed and not was_destroyed:
            self.status[tid] = ShipStatus.DESTROYED
            if by is not None and by != game.ships[tid].seat:
                self.points[by] += POINTS_PER_KILL
            game.ships[tid].out = True
            game.ships[tid].burn = None
            game.emit("destroyed", f"{tid} is destroyed", ship=tid)


__all__ = ["POINTS_PER_KILL", "FireControl", "ShipStatus", "ship_window"]
