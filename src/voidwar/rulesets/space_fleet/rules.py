"""Space Fleet resolution: fire, hits, the damage table, mines, regeneration, repairs, surrender.

Each function names the section of the rules text it implements. They change a
:class:`~voidwar.rulesets.space_fleet.game.SpaceFleetGame` and roll through its dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import hexid, tables
from .state import ACTIVE, DESTROYED, SURRENDERED, Damage, Ship, band_for

if TYPE_CHECKING:
    from .game import SpaceFleetGame

#: A declared shot: (firer id, target id, is a missile).
Shot = tuple[str, str, bool]


def to_hit(game: SpaceFleetGame, shooter: Ship, target: Ship, missile: bool,
           beam_firers: set[str]) -> tuple[int, int, list[str]]:
    """(score needed on the d6, total modifier, modifier reasons) — Space Fleet: Firing."""
    t = tables().firing
    band = band_for(shooter.hex.distance(target.hex))
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
        fid != shooter.id and game.ships[fid].hex.distance(shooter.hex) <= near
        for fid in beam_firers
    ):
        mod += t.modifiers.beam_nearby
        why.append("beam fire within 1 hex")
    # "-1 Missile at D or Lt Cr."
    if missile and target.cls in t.modifiers.missile_small_targets:
        mod += t.modifiers.missile_at_small
        why.append("missile at DD/LC")
    return need, mod, why


def resolve_fire_step(game: SpaceFleetGame, shots: list[Shot]) -> None:
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
        dist = shooter.hex.distance(target.hex)
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


def apply_hits(game: SpaceFleetGame, ship: Ship, hits: int, missile: bool, source: str) -> None:
    """Space Fleet: Effect of hits — each hit destroys one shield; with the shields gone, each
    further hit rolls on the damage table (−2 destroyer, −1 light cruiser, −1 missile hit,
    +1 battleship/dreadnought)."""
    d = tables().damage
    for _ in range(hits):
        if ship.status != ACTIVE:
            return
        if ship.shields > 0:
            ship.shields -= 1
            game.emit("shield", f"{ship.id} loses a shield ({ship.shields} left)", ship=ship.id)
            continue
        mod = d.class_modifiers.get(ship.cls, 0) + (d.missile_modifier if missile else 0)
        roll = game.roll(6, f"damage to {ship.id} ({mod:+d})")
        row = d.result_for(roll + mod)
        if row.effect == "destroyed":
            destroy(game, ship, f"{row.text} (score {roll + mod})")
            return
        if row.points == 0 and row.effect == "minor":
            game.emit("damage", f"{ship.id}: {row.text}", ship=ship.id, effect=row.effect)
            continue
        ship.damage.append(Damage(row.effect))
        game.emit("damage", f"{ship.id}: {row.text} ({ship.points} damage points)",
                  ship=ship.id, effect=row.effect, points=ship.points)
        # "Ships can take 4 points before being destroyed."
        if ship.points >= d.destroyed_at_points:
            destroy(game, ship, f"{ship.points} damage points")
            return


def destroy(game: SpaceFleetGame, ship: Ship, why: str) -> None:
    ship.status = DESTROYED
    game.emit("destroyed", f"{ship.id} destroyed: {why}", ship=ship.id)


def check_surrender(game: SpaceFleetGame, ship: Ship) -> None:
    """Space Fleet: Effect of hits — "Crippled ships (shields down, no weapons able to fire)
    surrender on 5,6 if fired on"."""
    if ship.status != ACTIVE or not ship.crippled:
        return
    roll = game.roll(6, f"surrender of crippled {ship.id}")
    if roll >= tables().damage.surrender_on:
        ship.status = SURRENDERED
        game.emit("surrender", f"{ship.id} surrenders", ship=ship.id)
    else:
        game.emit("surrender", f"{ship.id} fights on", ship=ship.id)


def mine_attack(game: SpaceFleetGame, ship: Ship) -> None:
    """Space Fleet: Mines — "Roll 1d6 when move into area of effect, 4,5,6 indicates 1d3 hits."
    """
    m = tables().mines
    roll = game.roll(6, f"mine at {hexid(ship.hex)} attacks {ship.id}")
    if roll >= m.attack_on:
        hits = game.roll(m.hit_die, f"mine hits on {ship.id}")
        plural = "s" * (hits != 1)
        game.emit("mine", f"mine at {hexid(ship.hex)} hits {ship.id}: {hits} hit{plural}",
                  ship=ship.id, hits=hits)
        apply_hits(game, ship, hits, missile=False, source="mine")
    else:
        game.emit("mine", f"mine at {hexid(ship.hex)} misses {ship.id}", ship=ship.id, hits=0)


def end_of_turn(game: SpaceFleetGame) -> None:
    """Regeneration, then repairs (Space Fleet: Effect of hits).

    "shields may regenerate at one per move, but only if ship does not fire" (never after major
    damage); "Damage may be repaired (i.e. regain engines/weapons) by rolling a 6 on a D6. Major
    damage is not repairable." One repair roll per unrepaired damage result per turn (our reading).
    """
    d = tables().damage
    for ship in game.ships.values():
        if ship.status != ACTIVE:
            continue
        if not ship.fired and ship.can_regenerate and ship.shields < ship.profile.shields:
            ship.shields = min(ship.profile.shields, ship.shields + d.regeneration)
            game.emit("regen", f"{ship.id} regenerates a shield ({ship.shields})", ship=ship.id)
        for dmg in ship.damage:
            if dmg.repaired or dmg.kind == "major":
                continue
            roll = game.roll(6, f"repair {dmg.kind} of {ship.id}")
            if roll >= d.repair_on:
                dmg.repaired = True
                game.emit("repair", f"{ship.id} repairs its {dmg.kind}", ship=ship.id)


__all__ = [
    "DESTROYED", "SURRENDERED", "Shot", "apply_hits", "check_surrender", "end_of_turn",
    "mine_attack", "resolve_fire_step", "to_hit",
]
