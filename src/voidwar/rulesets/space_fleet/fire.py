"""Space Fleet: Firing — beam and missile fire, by class, each class's fire simultaneous.

:class:`Firing` lists a side's candidate shots, gives the one reason a shot is illegal
(``legal_actions`` and ``check`` both use it, through :mod:`.game`) and records a declared shot;
:func:`resolve_fire_step` rolls a class step's shots and applies their hits (:mod:`.damage`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...core.errors import IllegalAction
from ...core.game import Action, log_event
from ...core.memo import remember
from ...core.native import mypyc_attr
from .actions import EndFire, Fire, fire_of
from .battle import R_FIRE, R_HITS, Battle, Shot
from .damage import apply_hits, check_surrender
from .data import Band, tables
from .state import ACTIVE, FIRING, SHOT_REFUSALS, Ship, other, shot_refusal

#: the one ``end fire`` (actions are values)
END_FIRE: Final = EndFire()


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
    ships, roll = game.ships, game.roll
    missile_die = tables().firing.limits.missile_hit_die
    for fid, tid, missile in shots:
        shooter, target = ships[fid], ships[tid]
        need, mod, why = to_hit(game, shooter, target, missile, beam_firers)
        weapon = "missile" if missile else "beam"
        dist = game.range_text(shooter, target)
        note = f" ({', '.join(why)}: {mod:+d})" if why else ""
        if roll(6, f"{weapon} {fid} at {tid}, range {dist}, needs {need}+{note}") + mod >= need:
            hits = roll(missile_die, f"missile hits on {tid}") if missile else 1
            game.emit_format("fire", "{} {} hits {}: {} hit{}", fid, weapon, tid, hits,
                             "s" * (hits != 1), shooter=fid, target=tid, missile=missile,
                             hits=hits)
            pending.append((tid, hits, missile, fid))
        else:
            game.emit_format("fire", "{} {} misses {}", fid, weapon, tid, shooter=fid,
                             target=tid, missile=missile, hits=0)
    for tid, hits, missile, fid in pending:
        apply_hits(game, ships[tid], hits, missile, source=fid)
    for tid in dict.fromkeys(tid for _, tid, _ in shots):  # each ship fired on, in order
        check_surrender(game, ships[tid])


#: each shot's action (:func:`.actions.fire_of`, interned: one object per shot in every
#: thread), by the shot's tuple; remembered (core/memo.py): one step stores an entry
_FIRES: Final[dict[Shot, Fire]] = {}


def _fire(shot: Shot) -> Fire:
    """The action of ``shot``, kept in :data:`_FIRES`."""
    return remember(_FIRES, shot, fire_of(*shot), 100_000)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
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
                out.append(fire_of(s.id, e.id))
                out.append(fire_of(s.id, e.id, True))
        out.append(EndFire())
        return out

    def _fire_reason(self, a: Fire | EndFire) -> IllegalAction | None:
        """Why the fire action ``a`` is illegal now, or ``None`` (Space Fleet: Firing)."""
        if self.phase is not FIRING:
            return IllegalAction("ships fire only in the fire phase; now is the movement phase",
                                 R_FIRE)
        if isinstance(a, EndFire):
            return None
        ship, err = self._own_ship(a.ship, self.fire_side, R_FIRE)  # the side to act
        if ship is None:
            return err
        code = self._weapon_refusal(ship, a.missile)
        if code:
            return self._weapon_message(ship, code)
        target = self.ships.get(a.target)
        if target is None:
            return IllegalAction(f"there is no ship {a.target}", R_FIRE)
        code = self._target_refusal(ship, target, a.missile)
        return self._target_message(ship, target, code) if code else None

    def _shots(self, side: str, first: bool = False) -> list[Shot]:
        """The shots of :meth:`_fire_candidates` that :meth:`_fire_reason` lets through, as
        (ship, target, missile), in their order (``first``: stop at the first legal shot):
        each ship's weapons judged once (:meth:`_weapon_refusals`), each target's sight once
        per ship (:meth:`sight_of`), and its shots by :func:`.state.shot_refusal` (read in
        :data:`.state.SHOT_REFUSALS`) — the rules :meth:`_target_refusal` asks."""
        out: list[Shot] = []
        firing = tables().firing
        fc = firing.order[self.fire_step]
        no_long = firing.limits.no_long_range
        enemies: list[Ship] | None = None
        for s in self.ships.values():
            if s.cls != fc or s.side != side or s.status is not ACTIVE:
                continue
            beam, missile = self._weapon_refusals(s, fc)
            if beam and missile:
                continue
            if enemies is None:
                enemies = self.fleet(other(side))
            sid, refusals = s.id, SHOT_REFUSALS[s.cls in no_long]
            for e in enemies:
                at_beam, at_missile = refusals[self.sight_of(s, e)]
                if not (beam or at_beam):
                    out.append((sid, e.id, False))
                if not (missile or at_missile):
                    out.append((sid, e.id, True))
                if first and out:
                    return out
        return out

    def _legal_fire(self, side: str) -> list[Action]:
        """Every legal shot of ``side`` (:meth:`_shots`), then ``end fire``."""
        get = _FIRES.get
        out: list[Action] = [get(shot) or _fire(shot) for shot in self._shots(side)]
        out.append(END_FIRE)
        return out

    def _choose_fire(self, side: str, pick: Callable[[int], int]) -> Action:
        """``_legal_fire(side)[pick(n)]``, building only the action picked."""
        shots = self._shots(side)
        i = pick(len(shots) + 1)
        if 0 <= i < len(shots):
            return _FIRES.get(shots[i]) or _fire(shots[i])
        return END_FIRE if i == len(shots) else self._legal_fire(side)[i]

    def _weapon_refusal(self, ship: Ship, missile: bool) -> int:
        """:meth:`_weapon_refusals` of the beams (``missile`` false) or of the launchers."""
        return self._weapon_refusals(ship, self.fire_class)[missile]

    def _weapon_refusals(self, ship: Ship, fire_class: str) -> tuple[int, int]:
        """Smallest class first (``fire_class``: the class whose step it is); each beam and
        each launcher fires once per turn; missiles run out (Space Fleet: Firing, Effect of
        hits): for the beams and for the launchers, 0 when ``ship`` may fire one, else the
        code of :meth:`_weapon_message`."""
        if ship.cls != fire_class:
            return 1, 1
        if not ship.weapons_work:
            return 2, 2
        sid, p = ship.id, ship.profile
        beams = missiles = 0
        for f, _, m in self.declared:
            if f == sid:
                if m:
                    missiles += 1
                else:
                    beams += 1
        beam = 6 if beams >= p.beams else 0
        if p.launchers == 0:
            return beam, 3
        if ship.missiles <= 0:
            return beam, 4
        return beam, 5 if missiles >= p.launchers else 0

    def _weapon_message(self, ship: Ship, code: int) -> IllegalAction:
        """The refusal :meth:`_weapon_refusal` coded as ``code``."""
        if code == 1:
            name = tables().classes[self.fire_class].name
            return IllegalAction(f"smallest ships fire first: now {name}s ({self.fire_class}) "
                                 f"fire, not {ship.id} ({ship.cls})", R_FIRE)
        return IllegalAction({
            2: f"{ship.id}'s weapons are gone",
            3: f"{ship.id} has no missile launchers",
            4: f"{ship.id} has no missiles left",
            5: f"all {ship.id}'s missile launchers have fired",
            6: f"all {ship.profile.beams} of {ship.id}'s beam weapons have fired this turn",
        }[code], R_HITS if code == 2 else R_FIRE)

    def _target_refusal(self, ship: Ship, target: Ship, missile: bool) -> int:
        """An active enemy in range (DD and LC never at long range, missiles at short range
        only) and outside the rear 90° arc (Space Fleet: Firing): 0 when ``ship`` may fire at
        ``target``, else the code of :meth:`_target_message` (:func:`.state.shot_refusal` for
        the range and the arc)."""
        if target.side == ship.side:
            return 1
        if not target.active:
            return 2
        return shot_refusal(self.sight_of(ship, target),
                            ship.cls in tables().firing.limits.no_long_range, missile)

    def _target_message(self, ship: Ship, target: Ship, code: int) -> IllegalAction:
        """The refusal :meth:`_target_refusal` coded as ``code``."""
        tid = target.id
        if code <= 2:
            return IllegalAction(f"{tid} is on your side" if code == 1 else
                                 f"{tid} is {target.status}", R_FIRE)
        dist = self.range_text(ship, target)
        band = self.band_between(ship, target)
        return IllegalAction({
            3: f"{tid} is {dist} {self.unit_word} away; long range ends at "
               f"{tables().firing.bands[-1].max}",
            4: f"{tid} is at long range ({dist}); destroyers and light cruisers cannot fire at "
               "long range",
            5: f"{tid} is at {band.name if band else ''} range ({dist}); missiles fire at short "
               "range only",
            6: f"{tid} is in {ship.id}'s rear 90° arc",
        }[code], R_FIRE)

    def _can_declare(self, side: str) -> bool:
        """Has ``side`` any legal shot in this class step?"""
        if self.phase is not FIRING:
            return False
        saved = self.fire_side
        self.fire_side = side
        try:
            return bool(self._shots(side, first=True))
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
        # the action's text written when the event is read (Event: a template and its values)
        log_event(self, "declare", "{}", (action,),
                  {"shooter": action.ship, "target": action.target})
        side = self.to_act
        if side is None or not self._shots(side, first=True):
            self._side_done(ship.side)
