"""Astral Dreams movement (The Round 2a): the rule a path must pass, and the moves a unit is
offered (:mod:`.destinations`, where a miniature may move: defined once, cached by value)."""

from __future__ import annotations

from collections.abc import Callable

from ...core.errors import IllegalAction
from ...core.tabletop import BaseLimit, Point, path_clear_of_limits
from .actions import Attack, AttackKind, Move
from .attacks import (
    MELEE_BIT,
    SHOOT_BIT,
    attack,
    attack_candidates,
    attack_options,
    attack_reason,
)
from .destinations import Selection, selection
from .legs import reach_point
from .state import R_MOVE, R_TURN, Battle, Unit


def path_reason(b: Battle, u: Unit, path: list[Point]) -> IllegalAction | None:
    """Movement (The Round 2a): up to speed on the terrain, on the table, never through or onto
    another base, never into impassable terrain (our reading of the terrain advice). ``None``:
    allowed. For one straight leg these are :func:`.legs.leg_open` and
    :func:`.destinations.blocked`'s tests, with the reason named."""
    s = b.setup
    t = s.table
    for p in path[1:]:
        if not s.area.contains(p):
            return IllegalAction(f"{p} would put {u.id}'s base off the table", R_MOVE)
    if not t.path_fits(path, u.profile.speed):
        cost = t.path_cost(path)
        shown = f"{cost:.2f}"
        if float(shown) <= u.profile.speed:  # over by less than a hundredth: say by how much
            shown = f"{cost:.5f}".rstrip("0")
        return IllegalAction(
            f"{u.id} moves up to {u.profile.speed}\"; that path costs {shown}\"", R_MOVE
        )
    hit = path_clear_of_limits(path, s.radius, other_bases(b, u))
    if hit is not None:
        return IllegalAction(
            f"{u.id}'s base would pass through or onto {hit}'s base (bases never overlap)",
            R_MOVE,
        )
    f = t.impassable_on(path, s.radius)
    if f is not None:
        return IllegalAction(f"{u.id} cannot enter the {f.name} (impassable)", R_MOVE)
    return None


def other_bases(b: Battle, u: Unit) -> list[BaseLimit]:
    """The bases ``u`` must not move through: every other miniature's."""
    s = b.setup
    return [(o.id, o.pos, s.radius, s.fpass2) for o in b.units.values() if o.id != u.id]


def move_reason(b: Battle, a: Move) -> IllegalAction | None:
    """Why ``a`` is illegal now (The Round 2, 2a: move once, before attacking), or ``None``."""
    u, why = b.turn_reason(a.unit)
    if u is None:
        return why
    if b.current == u.id:
        if b.attack_kind is not None:
            return IllegalAction(f"{u.id} has attacked; it moves before attacking", R_TURN)
        return IllegalAction(f"{u.id} has already moved this turn", R_MOVE)
    path = a.path_from(u.pos)
    if all(p == u.pos for p in path[1:]):
        return IllegalAction(
            f"{u.id} is already at {u.pos}: attack or 'end {u.id}' to stay", R_MOVE
        )
    return path_reason(b, u, path)


def reach(b: Battle, u: Unit, target: Point, want: float) -> Point | None:
    """The farthest grid point up to ``want`` inches toward ``target`` (negative: away) that
    ``u``'s speed pays for on the terrain, clamped to the table
    (:func:`.legs.reach_point`)."""
    return reach_point(b.setup, u.profile.speed, u.pos, target, want)


def where(b: Battle, u: Unit) -> tuple[Selection, list[str]]:
    """``u``'s destinations (:func:`.destinations.selection` of the setup, its speed and range,
    its position, and the positions of the enemies and of its friends, in the game's order)
    and the enemies' ids in that order."""
    enemies: list[Point] = []
    ids: list[str] = []
    friends: list[Point] = []
    side = u.side
    for o in b.units.values():
        if o.side != side:
            enemies.append(o.pos)
            ids.append(o.id)
        elif o is not u:
            friends.append(o.pos)
    sel = selection(b.setup, u.profile.speed, b.range_of(u), u.pos, tuple(enemies),
                    tuple(friends))
    return sel, ids


def move_candidates(b: Battle, u: Unit) -> list[Point]:
    """The destinations ``u`` is offered (:mod:`.destinations`): the useful points a straight
    move may reach. Any other point is accepted by notation and checked alike."""
    return where(b, u)[0].points()


def can_move(b: Battle, u: Unit) -> bool:
    """Whether ``u`` may move now: it may act, and is not mid-turn (The Round 2)."""
    return b.turn_reason(u.id)[1] is None and b.current != u.id


def legal_moves(b: Battle, u: Unit) -> list[Move]:
    """The moves ``u`` is offered now: none when it may not act or is mid-turn, else a move to
    each of its destinations."""
    if not can_move(b, u):
        return []
    return where(b, u)[0].moves(u.id)


def ready_actions(b: Battle, u: Unit) -> tuple[list[Attack], list[Move]]:
    """A ready unit's single-target attacks (:func:`ready_attacks`) and moves
    (:func:`legal_moves`), from one look at the table."""
    if not can_move(b, u) or u.profile.attacks < 1:
        return ready_attacks(b, u), legal_moves(b, u)
    sel, ids = where(b, u)
    return _attacks(u.id, sel, ids), sel.moves(u.id)


def ready_attacks(b: Battle, u: Unit) -> list[Attack]:
    """The single-target attacks that pass :func:`.attacks.attack_reason` for a unit that may
    act and has not attacked (:func:`.attacks.attack_options`): the caller's list."""
    if u.profile.attacks < 1:
        return [a for a in attack_candidates(b, u) if attack_reason(b, a) is None]
    return attack_options(b, u)


def ready_choice(b: Battle, u: Unit) -> tuple[list[Attack], int, Callable[[int], Move]]:
    """What a ready unit's block of the legal actions holds: its single-target attacks
    (:func:`ready_attacks`), how many moves and the ``i``-th of them, made only when asked
    for (a random pick makes one)."""
    if not can_move(b, u):
        return ready_attacks(b, u), 0, _no_move
    sel, ids = where(b, u)
    uid = u.id
    attacks = _attacks(uid, sel, ids) if u.profile.attacks >= 1 else ready_attacks(b, u)
    return attacks, sel.count, lambda i: Move(uid, sel.nth(i))


def _attacks(uid: str, sel: Selection, ids: list[str]) -> list[Attack]:
    """:func:`.attacks.attack_options` of a unit that may attack, from its enemies' chunks
    (the same :func:`.attacks.reach_of`, for the same positions)."""
    out: list[Attack] = []
    for tid, ch in zip(ids, sel.foes, strict=True):
        bits = ch.foe
        if bits & MELEE_BIT:
            out.append(attack(AttackKind.MELEE, uid, tid))
        if bits & SHOOT_BIT:
            out.append(attack(AttackKind.SHOOT, uid, tid))
    return out


def _no_move(i: int) -> Move:
    raise IndexError(f"no move {i}")
