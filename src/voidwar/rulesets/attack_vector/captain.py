"""The ``heuristic`` computer captain for battles (part 2): power, heat, arcs, fire, surrender.

Per orders step, for each of its ships still fighting, the captain plans in this order and gives
the first planned order that is legal (one action per call; ``done`` when nothing is left):

1. **Fire** (AV:T A5.166, A5.371–A5.372): at the nearest enemy first, every ready weapon whose
   mount bears fires when the shot's exact expected damage (the MRLS table with our "Dn" meaning)
   is at least :data:`FIRE_EXPECTED` points, or at least :data:`FIRE_WHEN_FULL` when the batteries
   are nearly full (power that regeneration would otherwise waste, A5.373).
2. **Bring mounts to bear**: with no mount bearing on the nearest enemy within 20 hexes and no
   facing change under way, pivot the nose to the enemy's AVID window.
3. **Close**: otherwise steer with the ``intercept`` pilot toward the nearest enemy, matching its
   velocity (the rules' own vector arithmetic, :mod:`.policies`).

After segment 8 (A5.39, A5.392): **surrender** (radiators out) when beaten — no working weapon
left, or under a quarter of its structure left while the enemy keeps twice its firepower — and
otherwise run as many reactors as the heat sinks can take next turn (heat ⌈Σ output⌉, A5.39).
"""

from __future__ import annotations

from fractions import Fraction

from voidwar.core.errors import IllegalAction
from voidwar.core.game import Action, Game

from .actions import Done, FireOrder, Order, PivotTo, RadiatorsOrder, ReactorsOrder
from .game import AttackVectorGame
from .policies import InterceptPolicy
from .state import ShipState
from .systems.numbers import ceil_fraction
from .systems.ship import ShipSystems

#: fire a shot whose expected damage is at least this (MRLS: ranges 0–17)
FIRE_EXPECTED = Fraction(2)
#: ... or at least this when the batteries are nearly full (MRLS: ranges 0–22)
FIRE_WHEN_FULL = Fraction(1)
#: turn to face an enemy this close when no mount bears
FACE_RANGE = 20


def _strength(s: ShipSystems) -> Fraction:
    """Working weapons × share of structure left: a rough fighting value."""
    ssd = s.model.ssd
    total = ssd.count("structure")
    left = total - s.damage.lost(ssd, "structure")
    weapons = sum(1 for w in s.weapons.values() if not w.destroyed)
    return Fraction(weapons * left, max(1, total))


class HeuristicCaptain:
    """Manages power and heat, pivots to bring mounts to bear, fires when it pays, surrenders
    when beaten; moves with the intercept pilot."""

    name = "heuristic"

    def __init__(self, seed: int = 0, fire_expected: Fraction = FIRE_EXPECTED,
                 fire_when_full: Fraction = FIRE_WHEN_FULL, face_range: int = FACE_RANGE,
                 surrender: bool = True) -> None:
        self.seed = seed
        self.pilot = InterceptPolicy(seed)
        #: the thresholds (module docstring); the defaults are the shipped captain's
        self.fire_expected = Fraction(fire_expected)
        self.fire_when_full = Fraction(fire_when_full)
        self.face_range = face_range
        #: False: never strike (``radiators out``), however beaten
        self.surrender = surrender

    def choose(self, game: Game) -> Action:
        """The first legal planned order of the seat's first ship with one; ``done`` otherwise."""
        if not isinstance(game, AttackVectorGame):
            raise TypeError("the heuristic captain plays Attack Vector only")
        seat = game.to_act
        step = game.current_step
        if seat is None or step is None or step.kind != "orders":
            return Done()
        if game.combat is None or not game.combat.battle:  # a tutorial: just pilot
            return self.pilot.choose(game)
        mine = [s for s in game.ships.values() if s.seat == seat and not s.out]
        for ship in mine:
            name = ship.id if len(mine) > 1 else None
            plan = (
                self.end_of_turn(game, ship, name)
                if step.name != "orders"
                else self.segment(game, ship, name)
            )
            for order in plan:
                # the rules' own check, order by order: the same verdict as looking the order
                # up in legal_actions() (which runs this check on ~90 candidates), far cheaper
                try:
                    game.check(order)
                except IllegalAction:
                    continue
                return order
        return Done()

    # -- after segment 8 --------------------------------------------------------------------
    def end_of_turn(self, game: AttackVectorGame, ship: ShipState, name: str | None) -> list[Order]:
        """After segment 8: surrender when beaten, else the reactors the heat sinks can take
        (A5.39, A5.392)."""
        combat = game.combat
        if combat is None:  # pragma: no cover - choose() checked
            return []
        me = combat.systems[ship.id]
        if not combat.fighting(game, ship.id):
            return []
        enemies = [
            combat.systems[sid]
            for sid, s in game.ships.items()
            if s.seat != ship.seat and combat.fighting(game, sid)
        ]
        mine = _strength(me)
        theirs = max((_strength(e) for e in enemies), default=Fraction(0))
        ssd = me.model.ssd
        structure_left = Fraction(
            ssd.count("structure") - me.damage.lost(ssd, "structure"), ssd.count("structure")
        )
        weapons = sum(1 for w in me.weapons.values() if not w.destroyed)
        beaten = weapons == 0 or (structure_left < Fraction(1, 4) and theirs >= 2 * mine)
        if enemies and beaten and self.surrender:
            return [RadiatorsOrder(name, True)]
        # heat (A5.39): the most reactor output whose rounded-up heat still fits the sinks
        outputs = me.power.outputs
        room = me.heat.capacity - me.heat.stored
        best: tuple[Fraction, tuple[bool, ...]] | None = None
        for m in range(2 ** len(outputs)):
            on = tuple(bool(m >> i & 1) for i in range(len(outputs)))
            if any(x and i in me.power.destroyed for i, x in enumerate(on)):
                continue
            out = sum((o for o, x in zip(outputs, on, strict=True) if x), Fraction(0))
            if ceil_fraction(out) <= room and (best is None or out > best[0]):
                best = (out, on)
        want = best[1] if best is not None else tuple(False for _ in outputs)
        if list(want) != me.power.on:
            return [ReactorsOrder(name, want)]
        return []

    # -- a segment's orders -----------------------------------------------------------------
    def segment(self, game: AttackVectorGame, ship: ShipState, name: str | None) -> list[Order]:
        """A segment's plan for ``ship``: shots worth firing, a pivot to bring mounts to bear,
        then the pilot's orders."""
        combat = game.combat
        if combat is None:  # pragma: no cover - choose() checked
            return []
        me = combat.systems[ship.id]
        if not combat.fighting(game, ship.id):
            return []
        enemies = sorted(
            (game.bearing(ship.id, sid).range, sid)
            for sid, s in game.ships.items()
            if s.seat != ship.seat and combat.fighting(game, sid)
        )
        orders: list[Order] = []
        full = me.power.stored + 3 >= me.power.capacity
        for rng, tid in enemies:
            _r, _w, bearing = combat.target_info(game, ship.id, tid)
            for wid, w in me.weapons.items():
                if w.destroyed or w.mount not in bearing:
                    continue
                e = me.rules.expected_damage(w.code, rng)
                if e >= self.fire_expected or (full and e >= self.fire_when_full):
                    orders.append(FireOrder(name, wid, tid))
        if enemies:
            rng, tid = enemies[0]
            _r, window, bearing = combat.target_info(game, ship.id, tid)
            b = game.bearing(ship.id, tid)
            if (
                not bearing
                and rng <= self.face_range
                and ship.facing is None
                and b.window is not None
                and window is not None
            ):
                orders.append(PivotTo(name, b.window))
        if not me.surrendered:
            orders += self.pilot.plan(game, ship, name)
        return orders


__all__ = ["FACE_RANGE", "FIRE_EXPECTED", "FIRE_WHEN_FULL", "HeuristicCaptain"]
