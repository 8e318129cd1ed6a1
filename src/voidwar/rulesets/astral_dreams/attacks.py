"""Astral Dreams attacks: melee (The Round 2b) and ranged (2c), one or two a turn
(Abbreviations, Two Attacks per Round) — who may attack whom, and the d20 roll that settles it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.errors import IllegalAction
from ...core.memo import remember
from ...core.tabletop import MARGIN, Point, within
from .actions import Attack, AttackKind
from .state import R_MELEE, R_RANGE, R_TWO, Battle, Setup, Unit

#: rolls a die: (sides, purpose) → value (``Game.roll``)
Roll = Callable[[int, str], int]
#: records an event: (kind, text, **data) (``Game.emit``)
Emit = Callable[..., None]


def attack_candidates(b: Battle, u: Unit) -> list[Attack]:
    """Every single-target attack ``u`` might make: each enemy, melee then shoot."""
    out: list[Attack] = []
    for t in b.enemies(u):
        out.append(Attack(AttackKind.MELEE, u.id, (t.id,)))
        out.append(Attack(AttackKind.SHOOT, u.id, (t.id,)))
    return out


def attack_options(b: Battle, u: Unit, kind: AttackKind | None = None) -> list[Attack]:
    """The single-target attacks ``u`` can make from where it stands (``kind``: only those),
    in the order of :func:`attack_candidates`: a target in contact (melee), in range with a
    clear line of sight (shoot) (:func:`reach_of`)."""
    s = b.setup
    a = u.pos
    rng = b.range_of(u)
    want = (MELEE_BIT if kind is None or kind == AttackKind.MELEE else 0) | (
        SHOOT_BIT if kind is None or kind == AttackKind.SHOOT else 0)
    out: list[Attack] = []
    side, uid = u.side, u.id
    for t in b.units.values():
        if t.side == side:
            continue
        bits = reach_of(s, rng, a, t.pos, want)
        if bits & MELEE_BIT:
            out.append(attack(AttackKind.MELEE, uid, t.id))
        if bits & SHOOT_BIT:
            out.append(attack(AttackKind.SHOOT, uid, t.id))
    return out


#: :func:`reach_of`'s bits: the target is in contact (melee), in range and sight (shoot)
MELEE_BIT, SHOOT_BIT = 1, 2


def reach_of(s: Setup, rng: int, a: Point, tp: Point, want: int = MELEE_BIT | SHOOT_BIT) -> int:
    """Which single-target attacks (of those in ``want``) a unit of range ``rng`` standing at
    ``a`` can make on a target at ``tp``: :data:`MELEE_BIT` when the bases are in contact
    (The Round 2b), :data:`SHOOT_BIT` when the target is in range with a clear line of sight
    (2c). The tests of :meth:`.state.Battle.in_contact` and
    :func:`~voidwar.core.tabletop.within` on one squared distance, exact near the limits."""
    dx, dy = a.fx - tp.fx, a.fy - tp.fy
    d2 = dx * dx + dy * dy
    bits = 0
    if want & MELEE_BIT:
        fc2 = s.fcontact2
        tol = MARGIN * (fc2 + d2) + 1e-12  # float_le(d2, fc2), exact when too close
        if d2 < fc2 - tol or (d2 <= fc2 + tol and a.dist2(tp) <= s.contact2):
            bits = MELEE_BIT
    if want & SHOOT_BIT and rng >= 0:
        fr = float(rng)
        fr2 = fr * fr
        tol = MARGIN * (fr2 + d2) + 1e-12  # within(a, tp, rng)
        if (d2 < fr2 - tol or (d2 <= fr2 + tol and a.dist2(tp) <= rng * rng)) and (
                not s.table.sight_blockers or s.table.line_of_sight(a, tp) is None):
            bits |= SHOOT_BIT
    return bits


#: the single-target attacks made so far (values nobody changes, shared); remembered
#: (core/memo.py): one object per attack in every thread
_ATTACKS: dict[tuple[AttackKind, str, str], Attack] = {}


def attack(kind: AttackKind, uid: str, target: str) -> Attack:
    """``Attack(kind, uid, (target,))``, one value for every ask."""
    key = (kind, uid, target)
    a = _ATTACKS.get(key)
    if a is None:
        a = remember(_ATTACKS, key, Attack(kind, uid, (target,)), 100_000)
    return a


def attack_reason(b: Battle, a: Attack) -> IllegalAction | None:
    """Why ``a`` is illegal now, or ``None``: the unit may act, both attacks of a turn are of one
    kind, no more targets than attacks left, and each target an enemy in contact (melee) or in
    range with a clear line of sight (shoot)."""
    u, why = b.turn_reason(a.unit)
    if u is None:
        return why
    rule = R_MELEE if a.kind == AttackKind.MELEE else R_RANGE
    going = b.current == u.id and b.attack_kind is not None
    left = b.attacks_left if going else u.profile.attacks
    if going and a.kind != b.attack_kind:
        return IllegalAction(
            f"{u.id} made a {b.attack_kind} attack: both attacks are of one kind "
            f"(never melee and ranged in one turn)", rule,
        )
    if len(a.targets) > left:
        return IllegalAction(
            f"{u.id} has {left} attack{'s' if left != 1 else ''} left"
            + ("" if u.profile.attacks == 2 else " (no Two Attacks per Round)"),
            R_TWO,
        )
    for t in dict.fromkeys(a.targets):
        why = target_reason(b, u, a.kind, t, rule)
        if why is not None:
            return why
    return None


def target_reason(b: Battle, u: Unit, kind: AttackKind, t: str, rule: str) -> IllegalAction | None:
    """Why ``u`` may not attack ``t`` with ``kind`` from where it stands, or ``None``."""
    tgt, why = b.find(t)
    if tgt is None:
        return why
    if tgt.side == u.side:
        return IllegalAction(f"{t} is on your own side", rule)
    if kind == AttackKind.MELEE:
        if not b.in_contact(u, tgt):
            return IllegalAction(
                f"{u.id} is not base to base with {t} "
                f"({b.gap(u, tgt):.2f}\" between the bases)", rule,
            )
        return None
    d = u.pos.dist(tgt.pos)
    if not within(u.pos, tgt.pos, b.range_of(u)):
        return IllegalAction(
            f"{t} is {d:.2f}\" from {u.id}, beyond its range of {b.range_of(u)}\"", rule,
        )
    f = b.setup.table.line_of_sight(u.pos, tgt.pos)
    if f is not None:
        return IllegalAction(f"the {f.name} blocks the line of sight to {t}", rule)
    return None


def strike(b: Battle, u: Unit, t: Unit, kind: AttackKind, roll: Roll, emit: Emit) -> bool:
    """An attack: d20 + MA (or RA) ≥ Armor hits; MD (or RD) comes off Health; at 0 or less
    the target is removed (The Round 2b.i–ii, 2c.i–ii). True when the target was removed."""
    melee = kind == AttackKind.MELEE
    bonus = u.profile.ma if melee else u.profile.ra
    dmg = u.profile.md if melee else u.profile.rd
    word = "melee" if melee else "ranged"
    d = roll(20, f"{u.id} {word} attack on {t.id}")
    total = d + bonus
    data: dict[str, Any] = {"unit": u.id, "target": t.id, "roll": d, "total": total}
    if total < t.profile.armor:
        emit("miss", f"{u.id} misses {t.id}: {d}+{bonus}={total} < {t.profile.armor}", **data)
        return False
    t.health -= dmg
    emit(
        "hit", f"{u.id} hits {t.id}: {d}+{bonus}={total} ≥ {t.profile.armor}; "
        f"{dmg} damage, health {max(0, t.health)}", **data, damage=dmg,
    )
    if t.health > 0:
        return False
    del b.units[t.id]
    b.fallen.append(t.id)
    emit("removed", f"{t.id} ({t.profile.name}) is destroyed", unit=t.id)
    return True
