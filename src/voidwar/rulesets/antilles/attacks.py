"""The Paladins' attacks (3.3, 3.4, 4.0): who may fire at what, and what a shot does.

A shot at the platform rolls a d20 on the Paladin Attacks chart (:mod:`.tables`, one column per
range) and places a hit at once (4.0 overflow, 5.0 the last Caster ends the battle); a shot at a
Bolt destroys it on Effect B.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.errors import IllegalAction
from ...core.game import Action, log_event
from ...core.game import roll as roll_die
from ...core.hexgrid import ORIGIN, Hex
from ...core.memo import remember
from .actions import EndAttacks, Fire
from .state import (
    ANTILLES_DESTROYED,
    ATTACK,
    NOT_MOVED_BONUS,
    PALADINS,
    AntillesState,
    Paladin,
    finish,
)

END_ATTACKS = EndAttacks()


#: (Paladin, target) → its shot, made once per process (:func:`shot`); remembered
#: (core/memo.py): one object per pair in every thread
_SHOTS: dict[tuple[int, int | None], Fire] = {}


def shot(pid: int, target: int | None) -> Fire:
    """The shot value ``Fire(pid, target)``, one object per pair: legal-action lists hand out
    the same (immutable) values rather than build them again."""
    key = (pid, target)
    a = _SHOTS.get(key)
    if a is None:
        a = remember(_SHOTS, key, Fire(pid, target), 100_000)
    return a


# -- who may fire at what (3.3, 3.4) ---------------------------------------------------------------
def shot_range(game: AntillesState, h: Hex, target: int | None) -> int:
    """3.3, 3.4: the range of a shot from hex ``h`` at ``target`` — the hexes counted to the
    Antilles' hex (``None``) or to Bolt ``target``'s (one in play), ``h`` not counted: the
    map's range table (:attr:`AntillesState.ranges`, :meth:`Hex.distance` between places).
    Every piece in play stands on the map: blips are checked, a Bolt that leaves it is gone
    (2.18)."""
    places = game.places
    where = ORIGIN if target is None else game.bolts[target].hex
    return game.ranges[places[h]][places[where]]


def shots_by_paladin(game: AntillesState, pid: int | None = None
                     ) -> list[tuple[int, list[int | None]]]:
    """The shots that may be fired now, and the one place that decides it: per Paladin that
    may fire (by number: living, and not yet fired in the attack step, :func:`shooter_code`),
    the targets in legal-action order — the Antilles (``None``), then each Bolt in play by
    number — whose range (:func:`shot_range`, read from the same table) the Paladin Attacks
    chart reaches (3.3, 3.4). ``pid``: Paladin ``pid``'s shots only (``check``)."""
    out: list[tuple[int, list[int | None]]] = []
    if game.phase != ATTACK:  # shooter_code 1 for every Paladin
        return out
    reach = game.tables.max_range
    places, ranges = game.places, game.ranges
    targets: list[tuple[int | None, int]] = [(None, places[ORIGIN])]
    for bid, b in game.bolts.items():
        targets.append((bid, places[b.hex]))
    paladins = game.paladins
    if pid is not None:
        paladins = paladins[pid - 1:pid] if 1 <= pid <= PALADINS else []
    for p in paladins:
        if not p.alive or p.fired:  # shooter_code 2, 3
            continue
        row = ranges[places[p.hex]]  # type: ignore[index]  # living: on the map
        ok: list[int | None] = []
        for t, j in targets:
            if row[j] <= reach:
                ok.append(t)
        if ok:
            out.append((p.id, ok))
    return out


def legal_shots(game: AntillesState) -> list[Fire]:
    """Every shot :func:`fire_reason` accepts, in legal-action order: per Paladin by number,
    the platform, then each Bolt in play (:func:`shots_by_paladin`)."""
    return [shot(pid, t) for pid, targets in shots_by_paladin(game) for t in targets]


def choose_shot(game: AntillesState, pick: Callable[[int], int]) -> Action:
    """``[*legal_shots(game), EndAttacks()][pick(n)]``, building only the action picked."""
    shots = shots_by_paladin(game)
    n = 1  # the shots and ``end attacks``
    for _, targets in shots:
        n += len(targets)
    k = pick(n)
    for pid, targets in shots:
        if k < len(targets):
            return shot(pid, targets[k])
        k -= len(targets)
    return END_ATTACKS


def fire_reason(game: AntillesState, action: Fire) -> IllegalAction | None:
    """Why ``action`` may not be fired now (3.3, 3.4), or ``None`` when it is one of the
    :func:`shots_by_paladin`: the Paladin's reason, else the target's."""
    pid, target = action.paladin, action.target
    for _, targets in shots_by_paladin(game, pid):
        if target in targets:
            return None
    p = shooter(game, pid)
    if isinstance(p, IllegalAction):
        return p
    return target_reason(game, p, target)


def shooter_code(game: AntillesState, pid: int) -> int:
    """Why Paladin ``pid`` may not fire now, as a code (0: it may): 1 not the attack step,
    2 no such living Paladin, 3 it has fired (3.3: each once in the attack step)."""
    if game.phase != ATTACK:
        return 1
    if not 1 <= pid <= PALADINS or not game.paladins[pid - 1].alive:
        return 2
    return 3 if game.paladins[pid - 1].fired else 0


def shooter(game: AntillesState, pid: int) -> Paladin | IllegalAction:
    """Paladin ``pid`` if it may fire now (:func:`shooter_code`), else why not."""
    code = shooter_code(game, pid)
    if code == 1:
        return IllegalAction("Paladins fire only in the attack step", "Antilles 3.3")
    if code == 2:
        return game.find_paladin(pid)
    if code == 3:
        return IllegalAction(f"P{pid} has already fired this turn", "Antilles 3.3")
    return game.paladins[pid - 1]


def target_reason(game: AntillesState, p: Paladin, target: int | None) -> IllegalAction:
    """Why ``p``, which may fire, may not fire at ``target`` (not among its
    :func:`shots_by_paladin`): no such Bolt, or out of the chart's reach."""
    if target is not None and target not in game.bolts:
        return IllegalAction(f"there is no Bolt B{target} in play", "Antilles 3.4")
    assert p.hex is not None  # a Paladin that may fire stands on the map
    rng = shot_range(game, p.hex, target)
    reach = game.tables.max_range
    if target is None:
        return IllegalAction(f"the Antilles is {rng} hexes from P{p.id}; fusion guns reach "
                             f"{reach}", "Antilles 3.3")
    return IllegalAction(f"B{target} is {rng} hexes from P{p.id}; the chart reaches {reach}",
                         "Antilles 3.4")


#: (Paladin, range) → the purpose of its shot's roll at the platform (3.3), made once;
#: remembered (core/memo.py)
_AT_PLATFORM: dict[tuple[int, int], str] = {}


def _platform_purpose(pid: int, rng: int) -> str:
    """``f"Paladin Attacks, P{pid} at range {rng}"``, made once per Paladin and range."""
    key = (pid, rng)
    text = _AT_PLATFORM.get(key)
    if text is None:
        text = remember(_AT_PLATFORM, key, f"Paladin Attacks, P{pid} at range {rng}", 10_000)
    return text


def fire(game: AntillesState, action: Fire) -> None:
    """Resolve a checked shot: 3.3 at the platform, 3.4 (Effect B) at a Bolt."""
    p = game.paladins[action.paladin - 1]
    h = p.hex
    assert h is not None
    p.fired = True
    bonus = 0 if p.moved else NOT_MOVED_BONUS  # :meth:`AntillesState.attack_bonus` (3.2)
    pid = p.id
    rng = shot_range(game, h, action.target)
    if action.target is None:
        roll = roll_die(game, 20, _platform_purpose(pid, rng))
        total = roll + bonus
        col = game.tables.column(rng)
        if total >= col.caster:
            hit(game, "caster", p, total)
        elif total >= col.armor:
            hit(game, "armor", p, total)
        elif total >= col.shield:
            hit(game, "shield", p, total)
        else:
            log_event(game, "miss", "P{} ({}+{}={}) misses the Antilles",
                      (pid, roll, bonus, total), {})
        return
    bolts = game.bolts
    b = bolts[action.target]
    roll = roll_die(game, 20, f"Paladin Attacks (Effect B), P{pid} at B{b.id}, range {rng}")
    total = roll + bonus
    if total >= game.tables.column(rng).bolt:
        del bolts[b.id]
        log_event(game, "bolt-destroyed", "P{} ({}+{}={}) destroys B{}",
                  (pid, roll, bonus, total, b.id), {})
    else:
        log_event(game, "miss", "P{} ({}+{}={}) misses B{}", (pid, roll, bonus, total, b.id), {})


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
    log_event(game, "hit", "P{} ({}): {}", (p.id, total, what), {"layer": layer})
    if game.casters_destroyed >= game.n_casters:
        finish(game, ANTILLES_DESTROYED)  # 5.0: the game ends immediately
