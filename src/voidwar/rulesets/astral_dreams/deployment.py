"""Astral Dreams setup: the scenario and options read into a :class:`~.state.Setup`, both armies
checked ("Miniatures": forces are purchased by points; each side begins with the same number),
and the miniatures deployed — at the positions an army list gives (inside its deployment zone
unless ``free_deploy``), the rest in rows along the side's own edge (our reading)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.errors import DataFileError, UnknownName
from ...core.tabletop import Point, overlaps
from .data import Army, Scenario, parse_army, read_army_file, scenarios, units
from .state import PREFIX, Setup, Unit
from .terrain import Table

#: the options a game accepts (the registry's ``option_help`` describes them)
OPTIONS = ("army_a", "army_b", "points", "scout_range", "round_limit", "free_deploy")


# -- deployment ----------------------------------------------------------------------------------
def zone_ok(s: Setup, side: str, p: Point) -> bool:
    """``p`` lies within the deployment depth of ``side``'s own edge (our reading)."""
    if side == "scouts":
        return p.y <= s.deploy_depth
    return p.y >= s.table.height - s.deploy_depth


def placeable(s: Setup, p: Point, placed: list[Point]) -> str | None:
    """Why a base cannot stand at ``p`` (off the table, overlapping a placed base, in
    impassable terrain), or ``None``."""
    if not s.table.base_on_table(p, s.radius):
        return "the base is not wholly on the table"
    for q in placed:
        if overlaps(p, s.radius, q, s.radius):
            return f"the base overlaps another at {q}"
    f = s.table.impassable_on([p], s.radius)
    if f is not None:
        return f"the base stands in impassable terrain ({f.name})"
    return None


def slots(s: Setup, side: str, placed: list[Point]) -> list[Point]:
    """Automatic deployment (our reading): rows 2" apart inside the zone, 2" spacing,
    filled from the middle of the edge outward."""
    return list(iter_slots(s, side, placed))


def iter_slots(s: Setup, side: str, placed: list[Point]) -> Iterator[Point]:
    """:func:`slots` one at a time (deployment takes only as many as it needs)."""
    two = Fraction(2)
    mid_depth = s.deploy_depth / 2
    rows = [mid_depth]
    k = 1
    while mid_depth - k * two >= s.radius or mid_depth + k * two <= s.deploy_depth:
        for y in (mid_depth + k * two, mid_depth - k * two):
            if s.radius <= y <= s.deploy_depth:
                rows.append(y)
        k += 1
    xs = [s.table.width / 2]
    j = 1
    while s.table.width / 2 - j * two >= s.radius:
        xs += [s.table.width / 2 - j * two, s.table.width / 2 + j * two]
        j += 1
    taken = list(placed)
    for y in rows:
        yy = y if side == "scouts" else s.table.height - y
        for x in xs:
            p = Point(x, yy)
            if placeable(s, p, taken) is None:
                taken.append(p)
                yield p


def _given_positions(
    s: Setup, side: str, army: Army, placed: list[Point]
) -> tuple[list[str], list[Point | None]]:
    """Each miniature's type, and its position where the army list gives one (checked; added
    to ``placed``)."""
    explicit: list[Point | None] = []
    types: list[str] = []
    for i, e in enumerate(army.units):
        for j in range(e.count):
            types.append(e.type)
            if e.at is None:
                explicit.append(None)
                continue
            p = Point.parse(e.at[j])
            why = placeable(s, p, placed)
            if why is None and not s.free_deploy and not zone_ok(s, side, p):
                why = f"{p} is outside the {side}' deployment zone"
            if why is not None:
                raise DataFileError(f"{side} army", f"units.{i}.at.{j}", why)
            placed.append(p)
            explicit.append(p)
    return types, explicit


def deploy(s: Setup, side: str, army: Army, units_now: dict[str, Unit]) -> None:
    """Place an army into ``units_now``: given positions first (checked), then the scenario's
    rows; ids S1, S2… or R1, R2… in list order."""
    table = units().side(side).units
    placed = [u.pos for u in units_now.values()]
    types, explicit = _given_positions(s, side, army, placed)
    free = iter_slots(s, side, placed)
    for n, (t, given) in enumerate(zip(types, explicit, strict=True), 1):
        if given is not None:
            p = given
        else:
            try:
                p = next(free)
            except StopIteration:
                raise DataFileError(
                    f"{side} army", "units", "too many miniatures for the deployment zone"
                ) from None
        uid = f"{PREFIX[side]}{n}"
        prof = table[t]
        units_now[uid] = Unit(uid, side, t, prof, p, prof.health)


# -- options -------------------------------------------------------------------------------------
def int_option(options: dict[str, Any], key: str, default: int, low: int) -> int:
    """A whole-number option (text allowed) of at least ``low``."""
    v = options.get(key, default)
    if isinstance(v, str):
        try:
            v = int(v.strip())
        except ValueError:
            raise UnknownName(f"option {key} must be a whole number, not {v!r}") from None
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise UnknownName(f"option {key} must be a whole number ≥ {low}, not {v!r}")
    return v


def bool_option(options: dict[str, Any], key: str) -> bool:
    """A true/false option (``true``/``yes``/``1`` and their opposites allowed as text)."""
    v = options.get(key, False)
    if isinstance(v, str) and v.strip().lower() in ("true", "false", "yes", "no", "1", "0"):
        return v.strip().lower() in ("true", "yes", "1")
    if not isinstance(v, bool):
        raise UnknownName(f"option {key} must be true or false, not {v!r}")
    return v


def army_option(value: Any, side: str, allowance: int) -> Army:
    """``army_a``/``army_b``: a path to a TOML/JSON army list, or the list's data inline."""
    if isinstance(value, Army):
        data: Any = value.to_data()
        name = "(inline army)"
    elif isinstance(value, dict):
        data, name = value, "(inline army)"
    elif isinstance(value, str):
        data, name = read_army_file(value), value
    else:
        raise UnknownName(f"an army is a file path or a table, not {type(value).__name__}")
    army = parse_army(data, name, allowance)
    if army.side != side:
        raise DataFileError(
            name, "side", f"this is a {army.side} army; the {side} seat needs a {side} army"
        )
    return army


@lru_cache(maxsize=256)
def one_setup(table: Table, radius: Fraction, tolerance: Fraction, deploy_depth: Fraction,
              scout_range: int, round_limit: int, points: int, free_deploy: bool) -> Setup:
    """The :class:`~.state.Setup` of these values, one object for every game that asks (a
    pure function cached): the caches keyed by a setup then find it by identity before
    comparing field by field."""
    return Setup(table, radius, tolerance, deploy_depth, scout_range, round_limit, points,
                 free_deploy)


def read_setup(
    scenario: str | None, options: dict[str, Any]
) -> tuple[str, Setup, dict[str, Army]]:
    """The scenario's name, the setup and both armies; every option validated."""
    name = scenario or "open-table"
    table = scenarios()
    if name not in table:
        raise UnknownName(f"unknown Astral Dreams scenario {name!r} (known: {', '.join(table)})")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise UnknownName(
            f"unknown Astral Dreams option(s) {', '.join(unknown)} (known: {', '.join(OPTIONS)})"
        )
    sc: Scenario = table[name]
    points = int_option(options, "points", sc.points, 1)
    setup = one_setup(
        sc.table(), sc.base_diameter / 2, sc.contact_tolerance, sc.deploy_depth,
        int_option(options, "scout_range", sc.scout_range, 1),
        int_option(options, "round_limit", sc.round_limit, 0), points,
        bool_option(options, "free_deploy"),
    )
    armies = {
        "scouts": army_option(options.get("army_a", sc.scouts), "scouts", points),
        "robots": army_option(options.get("army_b", sc.robots), "robots", points),
    }
    return name, setup, armies


__all__ = ["OPTIONS", "deploy", "iter_slots", "placeable", "read_setup", "slots", "zone_ok"]
