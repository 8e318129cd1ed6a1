"""The platform's step of a turn (2.1x, 2.2): Bolts in play move, then each Caster acts.

Everything here is automatic: the d20 rolls on the Active Bolt Caster table and the Path table
(:mod:`.tables`) decide it, and it ends the battle at once when the last Paladin falls (6.0).
"""

from __future__ import annotations

from functools import lru_cache

from ...core.hexgrid import ORIGIN, Hex, direction_letter
from .state import AntillesState, Bolt, Outcome, Paladin, board_hexes

#: per hex of a map: its neighbour in each direction 0..5, ``None`` off the map (2.18)
Steps = dict[Hex, tuple[Hex | None, ...]]


@lru_cache(maxsize=8)
def steps_of(radius: int) -> Steps:
    """Where a Bolt on each hex of a map of ``radius`` enters, by facing (``None``: it leaves
    the map, 2.18): the table a step reads instead of building and looking up the hex."""
    hexes = board_hexes(radius)
    on_map = frozenset(hexes)
    return {h: tuple(n if n in on_map else None for n in h.neighbors()) for h in hexes}


def platform_acts(game: AntillesState) -> None:
    """The platform's step: Bolts in play fly (2.15), then each operational Caster acts in
    track order (2.11–2.14)."""
    # 2.15 Existing Bolts: farthest from the Antilles first; equal range by Bolt number
    # (the text allows any order; we fix one so that replays are exact).
    order = sorted(game.bolts.values(), key=lambda b: (-b.hex.distance(ORIGIN), b.id))
    for bolt in order:
        if game.outcome:
            return
        if bolt.id in game.bolts:
            fly(game, bolt)
    for caster in range(1, game.n_casters - game.casters_destroyed + 1):
        caster_acts(game, caster)
        if game.outcome:
            return


def caster_acts(game: AntillesState, caster: int) -> None:
    """2.11/2.13/2.14: roll on the Active Bolt Caster table until the Caster is done."""
    again = True
    while again and not game.outcome:
        again = False
        entry = game.tables.caster[game.roll(20, f"Active Bolt Caster {caster}") - 1]
        if entry.action == "recharge":
            # 2.14 Recharge: remove one hit from a Shield box; none hit → no action.
            if game.shield_hits:
                game.shield_hits -= 1
                game.emit_format("recharge", "Caster {} recharges a Shield box", caster)
            else:
                game.emit_format("recharge", "Caster {}: recharge, but no Shield is hit", caster)
        elif entry.action == "launch":
            launch(game, caster, entry.bolt or "normal", entry.facing or 0)
        else:
            # 2.14 Launch and roll again — our reading of "launch a Bolt as normal": roll
            # again for the Bolt (re-rolling non-launch entries), then roll another action.
            game.emit_format("again", "Caster {}: launch and roll again", caster)
            while True:
                sub = game.tables.caster[game.roll(20, f"Bolt for Caster {caster}") - 1]
                if sub.action == "launch":
                    break
            launch(game, caster, sub.bolt or "normal", sub.facing or 0)
            again = True


def launch(game: AntillesState, caster: int, kind: str, facing: int) -> None:
    """2.11: a Bolt starts in the Antilles' hex facing the table's direction, then flies
    its whole Path before the next Caster acts (2.12)."""
    bolt = Bolt(game.next_bolt, kind, ORIGIN, facing)
    game.next_bolt += 1
    game.emit_format("launch", "Caster {} launches {} Bolt B{} facing {}", caster, kind, bolt.id,
                     direction_letter(facing), bolt=bolt.id, type=kind, facing=facing)
    other = game.bolt_at(ORIGIN)
    if other is not None:
        # 2.17: a newly launched Bolt meets a Bolt that ended its movement in the Antilles hex.
        del game.bolts[other.id]
        game.emit("collision", f"B{bolt.id} meets B{other.id} in the Antilles hex: both "
                  "destroyed (2.17)")
        return
    game.bolts[bolt.id] = bolt
    fly(game, bolt)


def fly(game: AntillesState, bolt: Bolt) -> None:
    """2.12 one Path; 2.2 Fast Bolts roll a second Path once the first is done."""
    paths = 2 if bolt.kind == "fast" else 1
    for n in range(paths):
        if bolt.id not in game.bolts or game.outcome:
            return
        label = f"Path of B{bolt.id}" + (" (second, fast)" if n else "")
        steps = game.tables.paths[game.roll(20, label) - 1]
        table = steps_of(game.board.radius)
        for veer in steps:
            if not step(game, bolt, veer, table):
                return


def step(game: AntillesState, bolt: Bolt, veer: int, table: Steps | None = None) -> bool:
    """Move a Bolt one hex; resolve 2.18, 2.17, 2.16 and 2.2 (exploding). False: it is gone.
    ``table``: :func:`steps_of` the game's map, where the caller has it."""
    facing = bolt.facing = (bolt.facing + veer) % 6
    row = (steps_of(game.board.radius) if table is None else table).get(bolt.hex)
    if row is not None:
        nxt: Hex | None = row[facing]
    else:  # a hex off the table (a set position): the rule itself
        nxt = bolt.hex.neighbor(facing)
        nxt = nxt if nxt in game.on_map else None
    if nxt is None:  # 2.18 Exiting the Map
        del game.bolts[bolt.id]
        game.emit_format("exit", "B{} leaves the map", bolt.id, bolt=bolt.id)
        return False
    bolt.hex = nxt
    bolts = game.bolts
    if len(bolts) > 1 or bolt.id not in bolts:  # else it is the only Bolt in play
        other = None
        for b in bolts.values():  # the first other Bolt in ``nxt`` (a loop: no generator)
            if b.hex == nxt and b.id != bolt.id:
                other = b
                break
        if other is not None:  # 2.17 Entering a Hex Occupied by Another Bolt
            del bolts[bolt.id]
            del bolts[other.id]
            game.emit("collision", f"B{bolt.id} hits B{other.id} at {nxt}: both destroyed "
                      "(2.17)")
            return False
    pal = None
    for p in game.paladins:  # :meth:`AntillesState.paladin_at`
        if p.hex == nxt and p.alive:
            pal = p
            break
    if bolt.kind == "exploding":
        return not _explodes(game, bolt, pal)
    if pal is not None:  # 2.16 Entering a Hex Occupied by a Paladin
        del game.bolts[bolt.id]
        destroy_paladin(game, pal, f"destroyed by B{bolt.id}, which is destroyed too (2.16)")
        return False
    return True


def _explodes(game: AntillesState, bolt: Bolt, pal: Paladin | None) -> bool:
    """2.2 Exploding Bolts explode on entering a hex adjacent to a Paladin (or its hex),
    destroying every Paladin adjacent; True when this one did."""
    adjacent = [p for p in game.living() if p.hex is not None and p.hex.distance(bolt.hex) == 1]
    if pal is None and not adjacent:
        return False
    del game.bolts[bolt.id]
    victims = ([pal] if pal else []) + adjacent
    game.emit("explosion", f"Exploding B{bolt.id} detonates at {bolt.hex}", bolt=bolt.id)
    for p in victims:
        destroy_paladin(game, p, f"destroyed by the explosion of B{bolt.id} (2.2)")
    return True


def destroy_paladin(game: AntillesState, p: Paladin, how: str) -> None:
    """A Bolt destroys Paladin ``p``; the last one's loss ends the battle (6.0)."""
    p.alive = False
    game.emit_format("paladin-lost", "P{} {}", p.id, how, paladin=p.id)
    if not any(q.alive for q in game.paladins):
        game.finish(Outcome.PALADINS_DESTROYED)  # 6.0 Paladins Destroyed
