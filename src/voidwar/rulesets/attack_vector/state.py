"""A ship's motion state and the per-ship procedures of a segment (spec §4, §7, §8).

The game (:mod:`.game`) calls these in the order its sequence of play declares; each one names its
rule. Everything is exact: integer hexes, integer dots, Fractions for thrust and carried
displacement.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from voidwar.core.hexgrid import DIRECTION_LETTERS, Hex3

from .avid import FacingStep, Orientation, Window
from .data import movement_grid
from .movement_grid import MovementGrid
from .ships import ShipClass, max_thrust, thrust_table
from .thrust import CELLS, Column, ThrustChart, format_thrust, orth_disp_cum
from .vectors import ARROWS, SEGMENTS, ZERO, Vec3, from_components, shift, unit

ORIGIN3 = Hex3(0, 0, 0)


@dataclass
class Burn:
    """A burn in progress (AV:T A5.243): the chart column, cells used, grey dots per arrow."""

    thrust: Fraction
    cells: int = 0
    dots: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ARROWS, 0))
    #: thrust key ("A", "A/B", "+", …) of every cell so far and whether displacement applied
    keys: list[str] = field(default_factory=list)
    displaced: list[bool] = field(default_factory=list)
    orthogonal: list[bool] = field(default_factory=list)
    #: the fraction of a hex carried over from the whole-turn burn just before (AV:T A2.4),
    #: folded into this burn's running displacement
    carry: Fraction = Fraction(0)
    #: displacement arrows applied so far (hexes)
    arrows: int = 0

    def copy(self) -> Burn:
        """An independent copy (for :meth:`ShipState.copy`)."""
        return Burn(self.thrust, self.cells, dict(self.dots), list(self.keys),
                    list(self.displaced), list(self.orthogonal), self.carry, self.arrows)

    def to_dict(self) -> dict[str, Any]:
        """The burn as JSON-ready data."""
        d: dict[str, Any] = {"thrust": format_thrust(self.thrust), "cells": self.cells,
                             "dots": {k: v for k, v in self.dots.items() if v}}
        if self.carry:
            d["carry"] = str(self.carry)
        return d


@dataclass
class FacingChange:
    """A pivot or roll in progress (AV:T A5.222–A5.224): each step's segment offset and result."""

    kind: str  # "pivot" or "roll"
    label: str  # "to C+" / "90 starboard"
    start: int  # absolute segment in which it began
    steps: list[tuple[int, Orientation]]
    applied: int = 0

    @property
    def end(self) -> int:
        """Absolute segment in which it completes (the boxed number on the AVID, A5.222)."""
        return self.start + self.steps[-1][0]

    def to_dict(self) -> dict[str, Any]:
        """The facing change as JSON-ready data."""
        return {
            "kind": self.kind, "label": self.label, "start": self.start, "end": self.end,
            "path": [[self.start + off, str(o.nose)] for off, o in self.steps],
            "applied": self.applied,
        }


@dataclass
class ShipState:
    """One ship's motion state in play (spec §4, §7, §8)."""
    id: str
    seat: str
    cls: ShipClass
    pos: Hex3
    velocity: Vec3
    orient: Orientation
    start: Hex3
    fp: Hex3 = ORIGIN3
    plotted: Vec3 = ZERO
    thrust: Fraction = Fraction(0)
    burn: Burn | None = None
    bias: str | None = None
    #: corner alternation counters since the nose came to its window: (window, dots, arrows)
    corner: tuple[Window, int, int] | None = None
    facing: FacingChange | None = None
    completed_facing: bool = False
    fuel_used: int = 0
    #: fractional displacement a whole-turn burn left, by thrust key, for the burn that starts
    #: in the very next segment (AV:T A2.4); emptied at every Resolve Thrust step
    carry: dict[str, Fraction] = field(default_factory=dict)
    moved: Vec3 = ZERO
    displaced: Vec3 = ZERO
    #: the movement grid's remainder table the ship moves by (AV:T A2.1; the game's, shared
    #: read-only)
    grid: MovementGrid = field(default_factory=movement_grid)
    out: bool = False
    engine_boxes_lost: int = 0
    #: part 2 keeps its per-ship state here (JSON-ready; replaced whole, never edited in place)
    systems: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> ShipState:
        """An independent copy: the mutable parts copied, the immutable values (class, hexes,
        vectors, orientation, Fractions) shared (``AttackVectorGame.clone``); so is the systems
        dict, which part 2 replaces whole at every change and never edits in place
        (:meth:`.fire.FireControl.sync_all`)."""
        # field by field (a native class in the compiled build has no ``__dict__``); a test
        # gives every field a value of its own and checks the copy equals the original
        return ShipState(
            self.id, self.seat, self.cls, self.pos, self.velocity, self.orient, self.start,
            self.fp, self.plotted, self.thrust,
            None if self.burn is None else self.burn.copy(), self.bias, self.corner,
            None if self.facing is None else replace(self.facing, steps=list(self.facing.steps)),
            self.completed_facing, self.fuel_used, dict(self.carry), self.moved, self.displaced,
            self.grid, self.out, self.engine_boxes_lost, self.systems)

    # -- derived -----------------------------------------------------------------------------
    @property
    def fuel_left(self) -> int:
        """Fuel units left (AV:T A2.4)."""
        return thrust_table(self.cls).capacity - self.fuel_used

    @property
    def max_thrust(self) -> Fraction:
        """The thrust matrix's first unmarked box of the current row (AV:T A2.4, A5.24)."""
        return max_thrust(self.cls, self.fuel_used, self.engine_boxes_lost)

    @property
    def pivoting(self) -> bool:
        """Whether a pivot is under way (no displacement while pivoting, A5.275)."""
        return self.facing is not None and self.facing.kind == "pivot"

    def move_in(self, seg: int) -> Vec3:
        """This segment's move from the movement grid (AV:T A2.1; spec §4.6: after a thrust
        break, the new velocity's grid from the next segment on)."""
        return self.grid.move(self.velocity, seg)

    def eot(self, seg: int) -> Hex3:
        """The end-of-turn marker: the FP marker plus the rest of this turn's grid (spec §4.4)."""
        return shift(self.fp, self.grid.rest_of_turn(self.velocity, seg))

    def to_dict(self, seg: int) -> dict[str, Any]:
        """The ship as JSON-ready data, with its end-of-turn marker for segment ``seg``."""
        return {
            "id": self.id, "seat": self.seat, "class": self.cls.name,
            "position": [self.pos.q, self.pos.r, self.pos.z],
            "fp": [self.fp.q, self.fp.r, self.fp.z],
            "eot": list(_xyz(self.eot(seg))),
            "velocity": self.velocity.components(),
            "orientation": self.orient.to_dict(),
            "thrust": format_thrust(self.thrust),
            "max_thrust": format_thrust(self.max_thrust),
            "burn": self.burn.to_dict() if self.burn else None,
            "bias": self.bias,
            "facing_change": self.facing.to_dict() if self.facing else None,
            "fuel_used": self.fuel_used, "fuel_left": self.fuel_left,
            "carry": {k: str(v) for k, v in sorted(self.carry.items()) if v},
            "start": list(_xyz(self.start)),
            "moved": self.moved.to_list(), "displaced": self.displaced.to_list(),
            "out": self.out,
            "systems": self.systems,
        }


def _xyz(h: Hex3) -> tuple[int, int, int]:
    return h.q, h.r, h.z


# -- thrust (AV:T A5.243–A5.275; spec §7) ------------------------------------------------------


def thrust_key(nose: Window) -> tuple[str | None, str | None, bool]:
    """(horizontal key, vertical key, orthogonal?) for the nose's window (spec §7.6–7.7).

    The horizontal key is a side ``"A"`` or a corner ``"A/B"``; the vertical key ``"+"``/``"-"``.
    Level nose: horizontal only; pole: vertical only (orthogonal column); inclined: both (slanted
    column; major horizontal at 30°, major vertical at 60°).
    """
    vert = "+" if nose.e > 0 else "-" if nose.e < 0 else None
    if nose.is_pole:
        return None, vert, True
    return nose.azimuth, vert, nose.e == 0


def _corner_split(ship: ShipState, key: str, n: int, which: int, emit: list[str]) -> dict[str, int]:
    """Share ``n`` dots (which=1) or arrows (which=2) of a corner between its two sides: the 1st,
    3rd, 5th … since the nose came to this corner go to the bias direction (AV:T A5.272–A5.273;
    arrows alternate the same way, spec §7.4 DERIVED)."""
    x, y = key.split("/")
    bias = ship.bias if ship.bias in (x, y) else None
    if bias is None:
        bias = x
        ship.bias = x
        emit.append(f"{ship.id}: no bias chosen at corner {key}; "
                    f"bias {x} (the clockwise-first side)")
    other = y if bias == x else x
    nose = ship.orient.nose
    if ship.corner is None or ship.corner[0] != nose:
        ship.corner = (nose, 0, 0)
    w, cd, ca = ship.corner
    count = cd if which == 1 else ca
    out = {bias: 0, other: 0}
    for _ in range(n):
        count += 1
        out[bias if count % 2 == 1 else other] += 1
    ship.corner = (w, count, ca) if which == 1 else (w, cd, count)
    return out


def _split(ship: ShipState, key: str, n: int, which: int, emit: list[str]) -> dict[str, int]:
    if n == 0:
        return {}
    if "/" in key:
        return _corner_split(ship, key, n, which, emit)
    return {key: n}


def _carried_arrow(t: Fraction, carry: Fraction, c: int) -> int:
    """The extra arrow in cell ``c`` when ``carry`` is folded into the running displacement
    (AV:T A2.4 "carrying fractional hexes of movement over to your next turn"; spec §7.4): the
    chart's arrows count ⌊T·c²/64⌋, the folded burn's ⌊carry + T·c²/64⌋, so the extra hex falls in
    the cell where the carry and the column's own fraction first make a whole hex."""
    def bump(k: int) -> int:
        d = orth_disp_cum(t, k)
        return int((carry + d - int(d)) // 1)
    return bump(c) - bump(c - 1)


def _cell(ship: ShipState, col: Column, c: int, emit: list[str]
          ) -> tuple[dict[str, int], dict[str, int], str, bool]:
    """Dots and arrows of cell ``c`` of ``col`` by direction, the cell's thrust key, and whether
    it is orthogonal (AV:T A5.243, A5.272–A5.274, C2.24; spec §7.4, §7.7)."""
    nose = ship.orient.nose
    hkey, vkey, orth = thrust_key(nose)
    if orth:
        key = hkey if hkey is not None else vkey
        assert key is not None
        dots = _split(ship, key, col.dots[c - 1], 1, emit)
        arrows_n = col.arrows[c - 1]
        burn = ship.burn
        if burn is not None and burn.carry and not ship.pivoting:
            arrows_n += _carried_arrow(burn.thrust, burn.carry, c)
        arrows = _split(ship, key, arrows_n, 2, emit)
    else:
        assert hkey is not None and vkey is not None
        major_h = abs(nose.e) == 1  # 30°: major horizontal; 60°: major vertical (spec §7.7)
        hd = col.major_dots[c - 1] if major_h else col.minor_dots[c - 1]
        vd = col.minor_dots[c - 1] if major_h else col.major_dots[c - 1]
        ha = col.major_arrows[c - 1] if major_h else col.minor_arrows[c - 1]
        va = col.minor_arrows[c - 1] if major_h else col.major_arrows[c - 1]
        dots = _split(ship, hkey, hd, 1, emit)
        if vd:
            dots[vkey] = vd
        arrows = _split(ship, hkey, ha, 2, emit)
        if va:
            arrows[vkey] = va
        key = hkey
    return dots, arrows, key, orth


def resolve_thrust(ship: ShipState, chart: ThrustChart, emit: list[str]) -> Vec3:
    """Resolve Thrust for one ship (AV:T A5.243, A5.251, A5.274). Returns the displacement applied.

    Marks the next cell of the burn's column (the first segment of a burn uses the top cell,
    A5.2431), adds its dots to the arrows of the nose's direction, pays one fuel unit per
    orthogonal dot, and — unless the ship is pivoting (A5.275) — moves the FP marker by the cell's
    arrows. With too little fuel for the cell the engine stops instead (spec §7.9 PROPOSAL).
    """
    carried, ship.carry = ship.carry, {}
    if not ship.thrust or ship.out:
        drop_carry(ship, carried, emit)
        return ZERO
    if ship.burn is None:
        ship.burn = Burn(ship.thrust)
        hkey, vkey, orth = thrust_key(ship.orient.nose)
        key = hkey if hkey is not None else vkey
        if orth and key in carried:
            ship.burn.carry = carried.pop(key)
            emit.append(f"{ship.id}: {ship.burn.carry} hex of displacement in {key} carried "
                        "over from the last burn (A2.4)")
    drop_carry(ship, carried, emit)
    burn = ship.burn
    c = burn.cells + 1
    col = chart[burn.thrust]
    cost = col.dots[c - 1]
    if cost > ship.fuel_left:
        emit.append(f"{ship.id}: out of fuel ({ship.fuel_left} FU left, the cell needs {cost}); "
                    "thrust 0")
        ship.thrust = Fraction(0)
        return ZERO
    dots, arrows, key, orth = _cell(ship, col, c, emit)
    for arrow, n in dots.items():
        burn.dots[arrow] += n
    ship.fuel_used += cost
    burn.cells = c
    burn.keys.append(key)
    burn.orthogonal.append(orth)
    disp = ZERO
    if ship.pivoting:
        burn.displaced.append(False)  # "No displacements while pivoting" (chart header, A5.275)
    else:
        burn.displaced.append(True)
        disp = from_components(arrows)
        burn.arrows += sum(arrows.values())
        ship.fp = shift(ship.fp, disp)
        ship.displaced = ship.displaced + disp
    got = ", ".join(f"{n}{a}" for a, n in dots.items() if n) or "no dots"
    emit.append(f"{ship.id}: thrust {format_thrust(burn.thrust)} cell {c}: {got}"
                + (f"; displaced {disp}" if not disp.is_zero() else ""))
    return disp


def drop_carry(ship: ShipState, carried: dict[str, Fraction], emit: list[str]) -> None:
    """A carry not taken by a burn starting in the very next segment in the same direction is
    lost: fractions carry "over to your next turn" of continuous thrust, not forever (AV:T A2.4;
    our reading)."""
    for key, frac in sorted(carried.items()):
        emit.append(f"{ship.id}: the carried {frac} hex of displacement in {key} is lost "
                    "(no burn in that direction follows)")


def break_reasons(ship: ShipState) -> list[int]:
    """The thrust break conditions that hold (AV:T A5.245): 1 off the chart, 2 a facing change
    completed, 3 thrust set to zero. Only a burn that has used a cell can break."""
    if ship.burn is None or ship.burn.cells == 0:
        return []
    out = []
    if ship.burn.cells >= SEGMENTS:
        out.append(1)
    if ship.completed_facing:
        out.append(2)
    if not ship.thrust:
        out.append(3)
    return out


def resolve_burn(ship: ShipState, chart: ThrustChart, emit: list[str]) -> None:
    """Resolve the accumulated dots into the vector (spec §7.8 PROPOSAL; A5.28 is lost): add each
    arrow's grey dots to the velocity, normalise, clear the grey dots. The movement grid follows
    from the new velocity from the next segment on (spec §4.6).

    Carry (AV:T A2.4: "If you apply thrust for a whole turn ..., without changing direction, your
    ship will move ... half of the amount you changed your vector by, carrying fractional hexes of
    movement over to your next turn"): a burn of all 8 cells in one orthogonal direction, displaced
    throughout, keeps what it did not displace (its own carry + T·64/64 − arrows) for a burn in the
    same direction that starts in the very next segment (:func:`resolve_thrust`)."""
    burn = ship.burn
    if burn is None:
        return
    dv = from_components(burn.dots)
    if not dv.is_zero():
        ship.velocity = ship.velocity + dv
    c = burn.cells
    emit.append(f"{ship.id}: burn resolved after {c} cell(s): +{dv} → velocity {ship.velocity}")
    if c == CELLS and len(set(burn.keys)) == 1 and all(burn.displaced) and all(burn.orthogonal):
        rem = burn.carry + orth_disp_cum(burn.thrust, c) - burn.arrows
        if rem > 0:
            k = burn.keys[0]
            ship.carry = {k: rem}
            emit.append(f"{ship.id}: {rem} hex of displacement in {k} carries over to the next "
                        "burn (A2.4)")
    ship.burn = None


# -- facing changes (AV:T A5.222–A5.224, A5.261, A5.331; spec §8) ------------------------------


def start_facing_change(ship: ShipState, kind: str, label: str, path: list[FacingStep],
                        abs_seg: int) -> FacingChange:
    """Time a path by the ship's caterpillar chart: each step completes at the offset of its
    last wedge (a diagonal window step's nose moves when both wedges are done, A5.322/A5.331)."""
    chart = ship.cls.caterpillar.pivot if kind == "pivot" else ship.cls.caterpillar.roll
    n = sum(s.wedges for s in path)
    offsets = chart[n]
    steps: list[tuple[int, Orientation]] = []
    w = 0
    for s in path:
        w += s.wedges
        steps.append((offsets[w - 1], s.after))
    fc = FacingChange(kind, label, abs_seg, steps)
    ship.facing = fc
    return fc


def advance_facing(ship: ShipState, abs_seg: int, emit: list[str]) -> None:
    """Movement step: the nose traverses the wedges due this segment, after the ship has moved
    (A5.331). Completion sets break condition 2 (A5.245)."""
    fc = ship.facing
    if fc is None:
        return
    while fc.applied < len(fc.steps) and fc.start + fc.steps[fc.applied][0] <= abs_seg:
        before = ship.orient.nose
        ship.orient = fc.steps[fc.applied][1]
        fc.applied += 1
        if ship.orient.nose != before:
            ship.corner = None  # alternation counts restart at a new window (A5.272)
            ship.bias = None  # a bias holds only while the nose stays on its corner
    if fc.applied == len(fc.steps):
        ship.facing = None
        ship.completed_facing = True
        emit.append(f"{ship.id}: {fc.kind} {fc.label} complete; nose {ship.orient.nose}")


def direction_letters() -> str:
    return DIRECTION_LETTERS


__all__ = ["Burn", "FacingChange", "ShipState", "advance_facing", "break_reasons",
           "resolve_burn", "resolve_thrust", "start_facing_change", "thrust_key", "unit"]
