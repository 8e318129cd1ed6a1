"""The Paladins' attacks (3.3, 3.4, 4.0): who may fire at what, and what a shot does.

A shot at the platform rolls a d20 on the Paladin Attacks chart (:mod:`.tables`, one column per
range) and places a hit at once (4.0 overflow, 5.0 the last Caster ends the battle); a shot at a
Bolt destroys it on Effect B.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.hexgrid import ORIGIN
from .actions import Fire
from .state import AntillesState, Outcome, Paladin, Phase


def legal_shots(game: AntillesState) -> list[Fire]:
    """Every shot :func:`fire_reason` accepts, in legal-action order: per Paladin by number,
    the platform, then each Bolt in play. Each Paladin's half of the reason is asked once."""
    out: list[Fire] = []
    for pal in game.paladins:
        p = shooter(game, pal.id)
        if isinstance(p, IllegalAction):
            continue
        out.extend(Fire(p.id, t) for t in (None, *game.bolts) if target_reason(game, p, t) is None)
    return out


def fire_reason(game: AntillesState, action: Fire) -> IllegalAction | None:
    """Why ``action`` may not be fired now (3.3, 3.4), or ``None``: the Paladin's reason,
    else the target's."""
    p = shooter(game, action.paladin)
    if isinstance(p, IllegalAction):
        return p
    return target_reason(game, p, action.target)


def shooter(game: AntillesState, pid: int) -> Paladin | IllegalAction:
    """Paladin ``pid`` if it may fire now (3.3: each once in the attack step), else why not."""
    if game.phase != Phase.ATTACK:
        return IllegalAction("Paladins fire only in the attack step", "Antilles 3.3")
    p = game.find_paladin(pid)
    if isinstance(p, IllegalAction):
        return p
    if p.fired:
        return IllegalAction(f"P{p.id} has already fired this turn", "Antilles 3.3")
    return p


def target_reason(game: AntillesState, p: Paladin, target: int | None) -> IllegalAction | None:
    """Why ``p`` may not fire at ``target`` (``None``: the platform, 3.3; else a Bolt, 3.4):
    out of the chart's range, or no such Bolt."""
    assert p.hex is not None  # a living Paladin in the attack step stands on the map
    reach = game.tables.max_range
    if target is None:
        rng = p.hex.distance(ORIGIN)
        if rng > reach:
            return IllegalAction(f"the Antilles is {rng} hexes from P{p.id}; fusion guns reach "
                                 f"{reach}", "Antilles 3.3")
        return None
    b = game.bolts.get(target)
    if b is None:
        return IllegalAction(f"there is no Bolt B{target} in play", "Antilles 3.4")
    rng = p.hex.distance(b.hex)
    if rng > reach:
        return IllegalAction(f"B{b.id} is {rng} hexes from P{p.id}; the chart reaches {reach}",
                             "Antilles 3.4")
    return None


def fire(game: AntillesState, action: Fire) -> None:
    """Resolve a checked shot: 3.3 at the platform, 3.4 (Effect B) at a Bolt."""
    p = game.paladins[action.paladin - 1]
    assert p.hex is not None
    p.fired = True
    bonus = game.attack_bonus(p)
    if action.target is None:
        rng = p.hex.distance(ORIGIN)
        roll = game.roll(20, f"Paladin Attacks, P{p.id} at range {rng}")
        total = roll + bonus
        col = game.tables.column(rng)
        if total >= col.caster:
            hit(game, "caster", p, total)
        elif total >= col.armor:
            hit(game, "armor", p, total)
        elif total >= col.shield:
            hit(game, "shield", p, total)
        else:
            game.emit("miss", f"P{p.id} ({roll}+{bonus}={total}) misses the Antilles")
        return
    b = game.bolts[action.target]
    rng = p.hex.distance(b.hex)
    roll = game.roll(20, f"Paladin Attacks (Effect B), P{p.id} at B{b.id}, range {rng}")
    total = roll + bonus
    if total >= game.tables.column(rng).bolt:
        del game.bolts[b.id]
        game.emit("bolt-destroyed", f"P{p.id} ({roll}+{bonus}={total}) destroys B{b.id}")
    else:
        game.emit("miss", f"P{p.id} ({roll}+{bonus}={total}) misses B{b.id}")


def hit(game: AntillesState, layer: str, p: Paladin, total: int) -> None:
    """4.0: place a hit; full Shields overflow to Armor, full Armor to the Casters; 5.0 the
    last Caster's destruction ends the battle at once."""
    if layer == "shield" and game.shield_hits >= game.n_shields:
        layer = "armor"
    if layer == "armor" and game.armor_hits >= game.n_armor:
        layer = "caster"
    if layer == "shield":
        game.shield_hits += 1
        what = "REDUCE SHIELD"
    elif layer == "armor":
        game.armor_hits += 1
        what = "REDUCE ARMOR"
    else:
        game.casters_destroyed += 1
        what = "DESTROY BOLT CASTER"
    game.emit("hit", f"P{p.id} ({total}): {what}", layer=layer)
    if game.casters_destroyed >= game.n_casters:
        game.finish(Outcome.ANTILLES_DESTROYED)  # 5.0: the game ends immediately
