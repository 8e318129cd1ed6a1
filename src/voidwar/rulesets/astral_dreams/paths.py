"""Astral Dreams straight paths (The Round 2a): the one reason a path is refused — up to
speed, on the table, never through another base, never into impassable terrain."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.tabletop import BaseLimit, Point, path_clear_of_limits
from .state import R_MOVE, Battle, Unit


def other_bases(b: Battle, u: Unit) -> list[BaseLimit]:
    """The bases ``u`` must not move through (every other miniature's), prepared once for
    the many paths a unit's legal moves try."""
    r = b.setup.radius
    fr = b.setup.fradius
    fs2 = (fr + fr) ** 2  # base_limits' limit, the same for every base of this radius
    return [(o.id, o.pos, r, fs2) for o in b.units.values() if o.id != u.id]


def path_reason(
    b: Battle, u: Unit, path: list[Point], others: list[BaseLimit] | None = None
) -> IllegalAction | None:
    """Movement (The Round 2a): up to speed, on the table, never through or onto a base,
    never into impassable terrain (our reading of the terrain advice). ``None``: allowed.
    ``others``: :func:`other_bases` when the caller has it already."""
    s = b.setup
    for p in path[1:]:
        if not s.table.base_on_table(p, s.radius):
            return IllegalAction(f"{p} would put {u.id}'s base off the table", R_MOVE)
    if not s.table.path_fits(path, u.profile.speed):
        cost = s.table.path_cost(path)
        shown = f"{cost:.2f}"
        if float(shown) <= u.profile.speed:  # over by less than a hundredth: say by how much
            shown = f"{cost:.5f}".rstrip("0")
        return IllegalAction(
            f"{u.id} moves up to {u.profile.speed}\"; that path costs {shown}\"", R_MOVE
        )
    if others is None:
        others = other_bases(b, u)
    hit = path_clear_of_limits(path, s.radius, others)
    if hit is not None:
        return IllegalAction(
            f"{u.id}'s base would pass through or onto {hit}'s base (bases never overlap)",
            R_MOVE,
        )
    f = s.table.impassable_on(path, s.radius)
    if f is not None:
        return IllegalAction(f"{u.id} cannot enter the {f.name} (impassable)", R_MOVE)
    return None
