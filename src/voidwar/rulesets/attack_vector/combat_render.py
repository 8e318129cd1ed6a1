"""Terminal rendering of part 2 (ship systems): for people only, never parsed.

Per ship: the Energy Board (stored power, capacity, reactors), the heat board (stored heat, sinks,
radiators), the timer track (each weapon's readiness, A5.371), target markers with ranges, the
ship-frame window and the mounts that bear (spec §11.6), the SSD boxes left and the damage log.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from .game import AttackVectorGame
from .state import ShipState
from .systems.damage import COUNTED, summary
from .systems.numbers import show

LOG_LINES = 6


def systems_parts(game: AttackVectorGame, ship: ShipState) -> list[Any]:
    """Renderables for one ship's systems (empty when systems are not in play)."""
    combat = game.combat
    if combat is None or ship.id not in combat.systems:
        return []
    s = combat.systems[ship.id]
    p, h = s.power, s.heat
    reactors = ", ".join(
        f"R{i + 1} {'destroyed' if i in p.destroyed else ('on' if p.on[i] else 'off')} ({show(o)})"
        for i, o in enumerate(p.outputs)
    )
    status = combat.status.get(ship.id, "fighting")
    lines = Text()
    lines.append(f"status: {status.upper()}\n", style="bold red" if status != "fighting" else "")
    if not combat.full:
        lines.append("lasers only: no power, heat or cycle time; a laser that fired is ready "
                     "again next turn (A5.167)\n")
    lines.append(
        f"power {show(p.stored)}/{show(p.capacity)} (+{show(p.output)} per segment; {reactors})\n"
    )
    lines.append(
        f"heat {show(h.stored)}/{h.capacity}"
        + (f" EXCESS {h.excess}" if h.excess else "")
        + f"; radiators {h.status.value.upper()} ({h.working_radiators} working, "
        f"{show(h.radiator_output)} per turn when out); crew {s.crew_rate}+\n"
    )
    left = summary(s.model.ssd, s.damage)["left"]
    lines.append(
        "SSD boxes left: "
        + ", ".join(f"{k} {left[k]}/{s.model.ssd.count(k)}" for k in COUNTED)
        + f"; max thrust now {show(ship.max_thrust)}\n"
    )
    if s.flex_points:
        lines.append(f"flex points {s.flex_points}: ECM {s.ecm}, ECCM {s.eccm}\n")
    weapons = Table(title="weapons (timer track)", box=None)
    for col in ("id", "mount", "code", "timer"):
        weapons.add_column(col)
    for w in s.weapons.values():
        weapons.add_row(w.id, w.mount, str(w.code), w.timer_text(game.turn, game.segment))
    targets = Table(title="targets", box=None)
    for col in ("target", "range", "seen (ship frame)", "mounts bearing", "exp. dmg/shot"):
        targets.add_column(col)
    aims = [tid for tid, o in game.ships.items()
            if o.seat != ship.seat and combat.fighting(game, tid)]
    aims += [tid for tid, t in game.targets.items() if t.present]  # the chocolates (A5.166)
    for tid in aims:
        if ship.out:
            break
        rng, win, mounts = combat.target_info(game, ship.id, tid)
        rng = combat.jammed_range(ship.id, tid, rng)
        code = next(iter(s.weapons.values())).code
        exp = s.rules.expected_damage(code, rng)
        targets.add_row(
            tid,
            str(rng),
            str(win) if win is not None else "same hex",
            " ".join(mounts) or "none",
            show(exp.limit_denominator(100)) if exp else "0 (out of range)",
        )
    log = Text("damage log:\n" + ("\n".join(s.damage_log[-LOG_LINES:]) or "(none)"), style="dim")
    return [lines, weapons, targets, log]


def points_line(game: AttackVectorGame) -> Text | None:
    """Each side's points so far (part 2), or ``None`` outside a battle."""
    if game.combat is None:
        return None
    pts = ", ".join(f"{seat} {p}" for seat, p in game.combat.points.items())
    return Text(f"points: {pts}", style="bold")
