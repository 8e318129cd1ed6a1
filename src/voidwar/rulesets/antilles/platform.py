"""The platform's step of a turn (2.1x, 2.2): Bolts in play move, then each Caster acts.

Everything here is automatic: the d20 rolls on the Active Bolt Caster table and the Path table
(:mod:`.tables`) decide it, and it ends the battle at once when the last Paladin falls (6.0).

The hot path of every game (a third of a simulated game's time): each function reads the
game's fields it needs once, into locals, and the rolls' purposes are made once per Caster and
per Bolt number (:func:`_path_purposes`), not formatted per roll (the same texts: keyed dice
derive their streams from them).
"""

from __future__ import annotations

from ...core.game import log_event
from ...core.game import roll as roll_die
from ...core.hexgrid import ORIGIN, Hex, direction_letter
from ...core.memo import remember
from .fixed import CASTERS
from .state import PALADINS_DESTROYED, AntillesState, Bolt, Paladin, board_hexes, finish

#: per hex of a map: its neighbour in each direction 0..5, ``None`` off the map (2.18)
Steps = dict[Hex, tuple[Hex | None, ...]]

#: the purposes of the Caster table's rolls (2.11, 2.14), by Caster
_ACTIVE = {c: f"Active Bolt Caster {c}" for c in range(1, CASTERS + 1)}
_AGAIN = {c: f"Bolt for Caster {c}" for c in range(1, CASTERS + 1)}
#: Bolt number → the purposes of its first and (fast, 2.2) second Path roll (2.12);
#: remembered (core/memo.py)
_PATHS: dict[int, tuple[str, str]] = {}


def _path_purposes(bid: int) -> tuple[str, str]:
    """The purposes of Bolt ``bid``'s Path rolls (2.12; 2.2 a Fast Bolt's second), made once."""
    labels = _PATHS.get(bid)
    if labels is None:
        first = f"Path of B{bid}"
        labels = remember(_PATHS, bid, (first, first + " (second, fast)"), 10_000)
    return labels


#: :func:`steps_of` by map size (a dict: its look-up costs a fraction of ``lru_cache``'s call);
#: remembered (core/memo.py): a table made whole, never changed, stored in one step
_STEPS: dict[int, Steps] = {}


def steps_of(radius: int) -> Steps:
    """Where a Bolt on each hex of a map of ``radius`` enters, by facing (``None``: it leaves
    the map, 2.18): the table a step reads instead of building and looking up the hex. The
    neighbours are the board's own hex values (:func:`.state.board_hexes`)."""
    table = _STEPS.get(radius)
    if table is None:
        hexes = board_hexes(radius)
        own = {h: h for h in hexes}
        table = remember(_STEPS, radius, {
            h: tuple(own.get(n) for n in h.neighbors()) for h in hexes}, 64)
    return table


def _flight_order(b: Bolt) -> tuple[int, int]:
    """2.15's order of the Bolts in play: farthest from the Antilles first, then by number."""
    q, r = b.hex
    return (-((abs(q) + abs(r) + abs(q + r)) // 2), b.id)  # -b.hex.distance(ORIGIN)


def platform_acts(game: AntillesState) -> None:
    """The platform's step: Bolts in play fly (2.15), then each operational Caster acts in
    track order (2.11–2.14)."""
    # 2.15 Existing Bolts: farthest from the Antilles first; equal range by Bolt number
    # (the text allows any order; we fix one so that replays are exact).
    bolts = game.bolts
    if bolts:
        table = steps_of(game.board.radius)
        for bolt in sorted(bolts.values(), key=_flight_order) if len(bolts) > 1 else [
                *bolts.values()]:
            if game.outcome:
                return
            if bolt.id in bolts:
                fly(game, bolt, table)
    for caster in range(1, game.n_casters - game.casters_destroyed + 1):
        caster_acts(game, caster)
        if game.outcome:
            return


def caster_acts(game: AntillesState, caster: int) -> None:
    """2.11/2.13/2.14: roll on the Active Bolt Caster table until the Caster is done."""
    entries = game.tables.caster
    purpose = _ACTIVE.get(caster) or f"Active Bolt Caster {caster}"
    again = True
    while again and not game.outcome:
        again = False
        entry = entries[roll_die(game, 20, purpose) - 1]
        action = entry.action
        if action == "launch":
            launch(game, caster, entry.bolt or "normal", entry.facing or 0)
        elif action == "recharge":
            # 2.14 Recharge: remove one hit from a Shield box; none hit → no action.
            if game.shield_hits:
                game.shield_hits -= 1
                log_event(game, "recharge", "Caster {} recharges a Shield box", (caster,), {})
            else:
                log_event(game, "recharge", "Caster {}: recharge, but no Shield is hit",
                          (caster,), {})
        else:
            # 2.14 Launch and roll again — our reading of "launch a Bolt as normal": roll
            # again for the Bolt (re-rolling non-launch entries), then roll another action.
            log_event(game, "again", "Caster {}: launch and roll again", (caster,), {})
            sub_purpose = _AGAIN.get(caster) or f"Bolt for Caster {caster}"
            while True:
                sub = entries[roll_die(game, 20, sub_purpose) - 1]
                if sub.action == "launch":
                    break
            launch(game, caster, sub.bolt or "normal", sub.facing or 0)
            again = True


def launch(game: AntillesState, caster: int, kind: str, facing: int) -> None:
    """2.11: a Bolt starts in the Antilles' hex facing the table's direction, then flies
    its whole Path before the next Caster acts (2.12)."""
    bid = game.next_bolt
    bolt = Bolt(bid, kind, ORIGIN, facing)
    game.next_bolt = bid + 1
    log_event(game, "launch", "Caster {} launches {} Bolt B{} facing {}",
              (caster, kind, bid, direction_letter(facing)),
              {"bolt": bid, "type": kind, "facing": facing})
    bolts = game.bolts
    for other in bolts.values():  # :meth:`AntillesState.bolt_at` the Antilles' hex
        oh = other.hex
        if oh[0] == 0 and oh[1] == 0:  # == ORIGIN
            # 2.17: a newly launched Bolt meets a Bolt that ended its movement in the
            # Antilles hex.
            del bolts[other.id]
            log_event(game, "collision",
                      "B{} meets B{} in the Antilles hex: both destroyed (2.17)",
                      (bid, other.id), {})
            return
    bolts[bid] = bolt
    fly(game, bolt)


def fly(game: AntillesState, bolt: Bolt, table: Steps | None = None) -> None:
    """2.12 one Path; 2.2 Fast Bolts roll a second Path once the first is done. ``table``:
    :func:`steps_of` the game's map, where the caller has it."""
    bolts, paladins = game.bolts, game.paladins
    paths = game.tables.paths
    if table is None:
        table = steps_of(game.board.radius)
    labels = _path_purposes(bolt.id)
    for n in range(2 if bolt.kind == "fast" else 1):
        if bolt.id not in bolts or game.outcome:
            return
        for veer in paths[roll_die(game, 20, labels[n]) - 1]:
            if not step(game, bolt, veer, table, bolts, paladins):
                return


def step(game: AntillesState, bolt: Bolt, veer: int, table: Steps,
         bolts: dict[int, Bolt], paladins: list[Paladin]) -> bool:
    """Move a Bolt one hex; resolve 2.18, 2.17, 2.16 and 2.2 (exploding). False: it is gone.
    ``table`` is :func:`steps_of` the game's map, ``bolts`` and ``paladins`` the game's (read
    once per Path by :func:`fly`)."""
    facing = bolt.facing = (bolt.facing + veer) % 6
    row = table.get(bolt.hex)
    if row is not None:
        nxt: Hex | None = row[facing]
    else:  # a hex off the table (a set position): the rule itself
        nxt = bolt.hex.neighbor(facing)
        nxt = nxt if nxt in game.on_map else None
    bid = bolt.id
    if nxt is None:  # 2.18 Exiting the Map
        del bolts[bid]
        log_event(game, "exit", "B{} leaves the map", (bid,), {"bolt": bid})
        return False
    bolt.hex = nxt
    # hexes compared by coordinates (compiled: two item reads, not a tuple comparison)
    q, r = nxt[0], nxt[1]
    if len(bolts) > 1 or bid not in bolts:  # else it is the only Bolt in play
        # 2.17 Entering a Hex Occupied by Another Bolt: the first other Bolt in ``nxt``
        for b in bolts.values():
            bh = b.hex
            if bh[0] == q and bh[1] == r and b.id != bid:
                del bolts[bid]
                del bolts[b.id]
                log_event(game, "collision", "B{} hits B{} at {}: both destroyed (2.17)",
                          (bid, b.id, nxt), {})
                return False
    pal = None
    for p in paladins:  # :meth:`AntillesState.paladin_at`
        ph = p.hex
        if ph is not None and ph[0] == q and ph[1] == r and p.alive:
            pal = p
            break
    if bolt.kind == "exploding":
        return not _explodes(game, bolt, pal)
    if pal is not None:  # 2.16 Entering a Hex Occupied by a Paladin
        del bolts[bid]
        destroy_paladin(game, pal, f"destroyed by B{bid}, which is destroyed too (2.16)")
        return False
    return True


def _explodes(game: AntillesState, bolt: Bolt, pal: Paladin | None) -> bool:
    """2.2 Exploding Bolts explode on entering a hex adjacent to a Paladin (or its hex),
    destroying every Paladin adjacent; True when this one did."""
    q, r = bolt.hex
    adjacent = []  # the living Paladins 1 hex away (:meth:`Hex.distance`)
    for p in game.paladins:
        ph = p.hex
        if ph is not None and p.alive:
            dq, dr = ph[0] - q, ph[1] - r
            if abs(dq) + abs(dr) + abs(dq + dr) == 2:
                adjacent.append(p)
    if pal is None and not adjacent:
        return False
    del game.bolts[bolt.id]
    victims = ([pal] if pal else []) + adjacent
    log_event(game, "explosion", "Exploding B{} detonates at {}", (bolt.id, bolt.hex),
              {"bolt": bolt.id})
    for p in victims:
        destroy_paladin(game, p, f"destroyed by the explosion of B{bolt.id} (2.2)")
    return True


def destroy_paladin(game: AntillesState, p: Paladin, how: str) -> None:
    """A Bolt destroys Paladin ``p``; the last one's loss ends the battle (6.0)."""
    p.alive = False
    log_event(game, "paladin-lost", "P{} {}", (p.id, how), {"paladin": p.id})
    for q in game.paladins:
        if q.alive:
            return
    finish(game, PALADINS_DESTROYED)  # 6.0 Paladins Destroyed
