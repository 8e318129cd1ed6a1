"""Space Fleet: Firing — beam and missile fire, by class, each class's fire simultaneous.

:class:`Firing` lists a side's candidate shots, gives the one reason a shot is illegal
(``legal_actions`` and ``check`` both use it, through :mod:`.game`) and records a declared shot;
:func:`resolve_fire_step` rolls a class step's shots and applies their hits (:mod:`.damage`).
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.game import Action
from .actions import EndFire, Fire
from .battle import R_FIRE, R_HITS, Battle, Shot
from .damage import apply_hits, check_surrender
from .data import Band, tables
from .state import FIRING, Ship, other


def hit_chance(shooter_cls: str, target_cls: str, band: Band | None,
               missile: bool = False) -> float:
    """The chance of a hit in ``band``, ignoring the beam-nearby modifier (Space Fleet: Firing);
    for the heuristics."""
    if band is None:
        return 0.0
    t = tables().firing
    if band.name == "long" and shooter_cls in t.limits.no_long_range:
        return 0.0
    need = band.missile if missile else band.beam
    if need is None:
        return 0.0
    if band.name == "long" and target_cls == "DD" and shooter_cls != "DD":
        need += 1
    if missile and target_cls in t.modifiers.missile_small_targets:
        need += 1
    return max(0, 7 - need) / 6


def to_hit(game: Battle, shooter: Ship, target: Ship, missile: bool,
           beam_firers: set[str]) -> tuple[int, int, list[str]]:
    """(score needed on the d6, total modifier, modifier reasons) — Space Fleet: Firing."""
    t = tables().firing
    band = game.band_between(shooter, target)
    if band is None:  # pragma: no cover - check() refuses such a shot
        raise ValueError("target out of range")
    need = band.missile if missile else band.beam
    if need is None:  # pragma: no cover - check() refuses such a shot
        raise ValueError("missiles fire at short range only")
    mod = 0
    why: list[str] = []
    # "-1 for non destroyer firing at D at long range"
    if band.name == "long" and target.cls == "DD" and shooter.cls != "DD":
        mod += t.modifiers.destroyer_at_long
        why.append("destroyer at long range")
    # "-1 if other ship firing beam weapon within 1 hex of firer"
    near = t.modifiers.beam_nearby_distance
    if any(
        fid != shooter.id and game.close_to(shooter, game.ships[fid], near)
        for fid in beam_firers
    ):
        mod += t.modifiers.beam_nearby
        why.append(f"beam fire within {near} {game.unit_name}")
    # "-1 Missile at D or Lt Cr."
    if missile and target.cls in t.modifiers.missile_small_targets:
        mod += t.modifiers.missile_at_small
        why.append("missile at DD/LC")
    return need, mod, why


def resolve_fire_step(game: Battle, shots: list[Shot]) -> None:
    """Resolve one class's fire, all of it simultaneous (Space Fleet: Firing).

    Every shot of the class is rolled first; only then are the hits applied, so a ship destroyed
    by this class's fire still fires in this class step. Afterwards each crippled ship that was
    fired on checks for surrender (Space Fleet: Effect of hits).
    """
    beam_firers = {fid for fid, _, missile in shots if not missile}
    pending: list[tuple[str, int, bool, str]] = []
    for fid, tid, missile in shots:
        shooter, target = game.ships[fid], game.ships[tid]
        need, mod, why = to_hit(game, shooter, target, missile, beam_firers)
        weapon = "missile" if missile else "beam"
        dist = game.range_text(shooter, target)
        note = f" ({', '.join(why)}: {mod:+d})" if why else ""
        roll = game.roll(6, f"{weapon} {fid} at {tid}, range {dist}, needs {need}+{note}")
        if roll + mod >= need:
            hits = game.roll(tables().firing.limits.missile_hit_die, f"missile hits on {tid}") \
                if missile else 1
            game.emit("fire", f"{fid} {weapon} hits {tid}: {hits} hit{'s' * (hits != 1)}",
                      shooter=fid, target=tid, missile=missile, hits=hits)
            pending.append((tid, hits, missile, fid))
        else:
            game.emit("fire", f"{fid} {weapon} misses {tid}", shooter=fid, target=tid,
                      missile=missile, hits=0)
    for tid, hits, missile, fid in pending:
        apply_hits(game, game.ships[tid], hits, missile, source=fid)
    fired_on: list[str] = []
    for _, tid, _ in shots:
        if tid not in fired_on:
            fired_on.append(tid)
    for tid in fired_on:
        check_surrender(game, game.ships[tid])


class Firing(Battle):
    """The fire phase's rules (Space Fleet: Firing); see the module docstring."""

    # ------------------------------------------------------------------ legality
    def _fire_candidates(self, side: str) -> list[Action]:
        """Every shot worth checking for ``side`` in the firing class (a beam, then a missile,
        at each enemy), then ``end fire``: the order legal_actions lists them."""
        out: list[Action] = []
        enemies = self.fleet(other(side))
        for s in self.fleet(side):
            if s.cls != self.fire_class:
                continue
            for e in enemies:
                out.append(Fire(s.id, e.id))
                out.append(Fire(s.id, e.id, missile=True))
        out.append(EndFire())
        return out

    def _fire_reason(self, a: Fire | EndFire) -> IllegalAction | None:
        """Why the fire action ``a`` is illegal now, or ``None`` (Space Fleet: Firing)."""
        if self.phase != FIRING:
            return IllegalAction("ships fire only in the fire phase; now is the movement phase",
                                 R_FIRE)
        if isinstance(a, EndFire):
            return None
        ship, err = self._own_ship(a.ship, R_FIRE)
        if ship is None:
            return err
        err = self._weapon_reason(ship, a.missile)
        if err is not None:
            return err
        return self._target_reason(ship, a.target, a.missile)

    def _weapon_reason(self, ship: Ship, missile: bool) -> IllegalAction | None:
        """Smallest class first; each beam and each launcher fires once per turn; missiles run
        out (Space Fleet: Firing, Effect of hits)."""
        if ship.cls != self.fire_class:
            name = tables().classes[self.fire_class].name
            return IllegalAction(f"smallest ships fire first: now {name}s ({self.fire_class}) "
                                 f"fire, not {ship.id} ({ship.cls})", R_FIRE)
        if not ship.weapons_work:
            return IllegalAction(f"{ship.id}'s weapons are gone", R_HITS)
        used_beams = sum(1 for f, _, m in self.declared if f == ship.id and not m)
        used_launchers = sum(1 for f, _, m in self.declared if f == ship.id and m)
        if missile:
            if ship.profile.launchers == 0:
                return IllegalAction(f"{ship.id} has no missile launchers", R_FIRE)
            if ship.missiles <= 0:
                return IllegalAction(f"{ship.id} has no missiles left", R_FIRE)
            if used_launchers >= ship.profile.launchers:
                return IllegalAction(f"all {ship.id}'s missile launchers have fired", R_FIRE)
        elif used_beams >= ship.profile.beams:
            return IllegalAction(f"all {ship.profile.beams} of {ship.id}'s beam weapons have "
                                 "fired this turn", R_FIRE)
        return None

    def _target_reason(self, ship: Ship, tid: str, missile: bool) -> IllegalAction | None:
        """An active enemy in range (DD and LC never at long range, missiles at short range
        only) and outside the rear 90° arc (Space Fleet: Firing)."""
        target = self.ships.get(tid)
        if target is None:
            return IllegalAction(f"there is no ship {tid}", R_FIRE)
        if target.side == ship.side:
            return IllegalAction(f"{tid} is on your side", R_FIRE)
        if not target.active:
            return IllegalAction(f"{tid} is {target.status}", R_FIRE)
        dist = self.range_text(ship, target)
        band = self.band_between(ship, target)
        if band is None:
            return IllegalAction(f"{tid} is {dist} {self.unit_word} away; long range ends at "
                                 f"{tables().firing.bands[-1].max}", R_FIRE)
        if band.name == "long" and ship.cls in tables().firing.limits.no_long_range:
            return IllegalAction(f"{tid} is at long range ({dist}); destroyers and light "
                                 "cruisers cannot fire at long range", R_FIRE)
        if missile and band.missile is None:
            return IllegalAction(f"{tid} is at {band.name} range ({dist}); missiles fire at "
                                 "short range only", R_FIRE)
        if self.rear(ship, target):
            return IllegalAction(f"{tid} is in {ship.id}'s rear 90° arc", R_FIRE)
        return None

    def _can_declare(self, side: str) -> bool:
        """Has ``side`` any legal shot in this class step?"""
        saved = self.fire_side
        self.fire_side = side
        try:
            return any(isinstance(a, Fire) for a in self.legal_actions())
        finally:
            self.fire_side = saved

    # ------------------------------------------------------------------ execution
    def _declare(self, action: Fire) -> None:
        """Record a legal shot (rolled when the class step resolves); a side with no shot left
        is done for the step."""
        ship = self.ships[action.ship]
        self.declared.append((action.ship, action.target, action.missile))
        ship.fired = True
        if action.missile:
            ship.missiles -= 1
        self.emit("declare", f"{action}", shooter=action.ship, target=action.target)
        if not any(isinstance(a, Fire) for a in self.legal_actions()):
            self._side_done(ship.side)
