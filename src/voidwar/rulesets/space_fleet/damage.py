"""Space Fleet: Effect of hits — shields, the damage table, surrender, regeneration, repairs.

Each function names the section of the rules text it implements. They change a
:class:`~voidwar.rulesets.space_fleet.battle.Battle` and roll through its dice; fire
(:mod:`.fire`) and mines (:mod:`.movement`) deal the hits.
"""

from __future__ import annotations

from .battle import Battle
from .data import tables
from .state import ACTIVE, Damage, Ship, Status


def apply_hits(game: Battle, ship: Ship, hits: int, missile: bool, source: str) -> None:
    """Space Fleet: Effect of hits — each hit destroys one shield; with the shields gone, each
    further hit rolls on the damage table (−2 destroyer, −1 light cruiser, −1 missile hit,
    +1 battleship/dreadnought)."""
    d = tables().damage
    for _ in range(hits):
        if ship.status is not ACTIVE:
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


def destroy(game: Battle, ship: Ship, why: str) -> None:
    """The ship is destroyed (the damage table's "destroyed", or 4 damage points)."""
    ship.status = Status.DESTROYED
    game.emit("destroyed", f"{ship.id} destroyed: {why}", ship=ship.id)


def check_surrender(game: Battle, ship: Ship) -> None:
    """Space Fleet: Effect of hits — "Crippled ships (shields down, no weapons able to fire)
    surrender on 5,6 if fired on"."""
    if ship.status is not ACTIVE or not ship.crippled:
        return
    roll = game.roll(6, f"surrender of crippled {ship.id}")
    if roll >= tables().damage.surrender_on:
        ship.status = Status.SURRENDERED
        game.emit("surrender", f"{ship.id} surrenders", ship=ship.id)
    else:
        game.emit("surrender", f"{ship.id} fights on", ship=ship.id)


def end_of_turn(game: Battle) -> None:
    """Regeneration, then repairs (Space Fleet: Effect of hits).

    "shields may regenerate at one per move, but only if ship does not fire" (never after major
    damage); "Damage may be repaired (i.e. regain engines/weapons) by rolling a 6 on a D6. Major
    damage is not repairable." One repair roll per unrepaired damage result per turn (our reading).
    """
    d = tables().damage
    for ship in game.ships.values():
        if ship.status is not ACTIVE:
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
