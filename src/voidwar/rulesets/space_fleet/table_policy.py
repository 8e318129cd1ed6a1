"""The heuristic's movement on a free table (the hex version is in :mod:`.policies`).

It walks every way through the rest of the move in whole units (the last step shorter when the
speed left is not whole), with a 60° turn wherever the turning rule allows one
(:func:`~voidwar.rulesets.space_fleet.table_game.table_turn_block`), and scores each end point
and heading like the hex heuristic: its own expected hits, minus the fire it draws, minus mine
patterns entered on the way, friends crowding it and the distance to the nearest enemy, minus a
heavy penalty for a heavy ship showing its rear arc. It returns the first step of the best path.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ...core.game import Action
from ...core.tabletop import Point, fl
from .actions import Advance, EndMove, Turn
from .data import Band, tables
from .fire import hit_chance
from .state import Ship, other
from .table import ARC_EPS, ahead, bow, entry_along, turned
from .table_game import SpaceFleetTableGame, table_turn_block

HEAVY = ("HC", "BB", "DN")
#: the score a mine pattern entered on the way costs
MINE_COST = 1.5


def band_at(units: float) -> Band | None:
    """The range band a distance in units falls in (a float: heuristics only)."""
    for b in tables().firing.bands:
        if units <= b.max:
            return b
    return None


#: the rear-arc limit of :func:`~voidwar.rulesets.space_fleet.table.in_rear_arc_at` (the same
#: float expression)
_REAR_COS = -math.sqrt(0.5) - ARC_EPS


def _rear(px: float, py: float, ux: float, uy: float, tx: float, ty: float) -> bool:
    """:func:`~voidwar.rulesets.space_fleet.table.in_rear_arc_at` on float coordinates, with
    the bow ``ux, uy`` given (the same operations in the same order)."""
    vx, vy = tx - px, ty - py
    d = math.hypot(vx, vy)
    if d == 0:
        return False
    return (ux * vx + uy * vy) / d < _REAR_COS


class _Walk:
    """One planning search for the ship to move (see the module docstring).

    What does not depend on the end point — each enemy's gain and threat by band, its bow and
    position in floats, the ship's frailty — is worked out once per plan; a score is a function
    of the end point's float coordinates and the heading, so it is kept by them. Each score is
    the same sum, term for term, as the score written out directly from the game (a test
    checks it)."""

    def __init__(self, g: SpaceFleetTableGame, ship: Ship, caution: float, spread: float):
        self.g, self.ship = g, ship
        self.caution, self.spread = caution, spread
        self.unit = fl(g.spec.unit)
        bands = tables().firing.bands
        self.band_max = tuple(float(b.max) for b in bands)
        levels: list[Band | None] = [*bands, None]
        shots = ship.beams + ship.launchers
        self.foes = []
        for e in g.fleet(other(ship.side)):
            mult = 2.0 if e.shields == 0 else 1.0
            guns = e.beams + e.launchers
            ep = g.at(e)
            self.foes.append((
                ep.fx, ep.fy, *bow(e.heading), e.moved,
                tuple(shots * hit_chance(ship.cls, e.cls, b) * mult for b in levels),
                tuple(guns * hit_chance(e.cls, ship.cls, b) for b in levels)))
        self.friends = [g.at(s).as_floats() for s in g.fleet(ship.side) if s.id != ship.id]
        self.cf = caution * (1.0 + 2.0 * (1 - ship.shields / max(1, ship.profile.shields)))
        self.heavy = ship.cls in HEAVY
        self.full = ship.speed if g.move_speed is None else g.move_speed
        self.seen: set[tuple[float, float, int, Fraction, bool]] = set()
        self.scores: dict[tuple[float, float, int], float] = {}
        self.steps: dict[Fraction, tuple[Fraction, float, Action, Fraction] | None] = {}
        self.sums: dict[tuple[Fraction, Fraction], Fraction] = {}
        #: each mine pattern's circle, and its centre and radius in floats (the pre-filter)
        self.mines = [(m.area, m.area.centre.fx, m.area.centre.fy, fl(m.area.radius))
                      for m in g.patterns.values()]
        self.best: tuple[float, Action] = (self.score(g.at(ship), ship.heading), EndMove(ship.id))

    def _step(self, moved: Fraction) -> tuple[Fraction, float, Action, Fraction] | None:
        """The next step after ``moved`` units: whole units, the last one shorter (its length,
        inches, the action and the units moved after it); ``None`` with no speed left."""
        if moved in self.steps:
            return self.steps[moved]
        left = self.ship.speed - moved
        out = None
        if left > 0:
            step = min(Fraction(1), left)
            out = (step, fl(step) * self.unit, Advance(self.ship.id, step), moved + step)
        self.steps[moved] = out
        return out

    def _plus(self, since: Fraction, step: Fraction) -> Fraction:
        """``since + step``, each sum worked out once."""
        s = self.sums.get((since, step))
        if s is None:
            s = self.sums[(since, step)] = since + step
        return s

    def _mine_cost(self, p: Point, q: Point, inches: float) -> float:
        """:data:`MINE_COST` for each pattern the step ``p``→``q`` enters (Mines): a pattern
        whose circle is farther from ``p`` than the step's length (``q`` is rounded to the
        0.01-inch grid: 0.02 more, and a wide relative margin) cannot be entered and is not
        asked."""
        cost = 0.0
        px, py = p.fx, p.fy
        for area, cx, cy, r in self.mines:
            dx, dy = px - cx, py - cy
            reach = r + inches + 0.02
            if dx * dx + dy * dy > reach * reach * (1 + 1e-6) + 1e-6:
                continue
            if entry_along(p, q, area) is not None:
                cost += MINE_COST
        return cost

    def walk(self, p: Point, h: int, moved: Fraction, since: Fraction, first: Action | None,
             mines: float, turned_here: bool) -> None:
        """Every continuation from ``p`` facing ``h``; keeps the best end's first step."""
        key = (p.fx, p.fy, h, moved, since >= 1)
        if key in self.seen:
            return
        self.seen.add(key)
        if first is not None:
            sc = self.score(p, h) - mines
            if sc > self.best[0]:
                self.best = (sc, first)
        nxt = self._step(moved)
        if nxt is not None:
            step, inches, advance, after = nxt
            q = ahead(p, h, inches)
            if self.g.spec.on_table(q):
                self.walk(q, h, after, self._plus(since, step), first or advance,
                          mines + self._mine_cost(p, q, inches), False)
        if not turned_here and table_turn_block(self.ship.cls, self.full, moved, since) == 0:
            for right in (False, True):
                self.walk(p, turned(h, right), moved, Fraction(0),
                          first or Turn(self.ship.id, right), mines, True)

    def score(self, p: Point, h: int) -> float:
        """The hex heuristic's score of ending the move at ``p`` facing ``h`` (kept by the
        point's float coordinates and ``h``, all it depends on)."""
        px, py = p.fx, p.fy
        key = (px, py, h)
        sc = self.scores.get(key)
        if sc is None:
            sc = self.scores[key] = self._score(px, py, h)
        return sc

    def _score(self, px: float, py: float, h: int) -> float:
        ux, uy = bow(h)
        unit, band_max = self.unit, self.band_max
        offense = threat = 0.0
        rear_exposed = 0
        nearest = 99.0
        for ex, ey, bx, by, moved, gains, dangers in self.foes:
            dx, dy = px - ex, py - ey
            d = math.sqrt(dx * dx + dy * dy) / unit
            nearest = min(nearest, d)
            k = 0
            for mx in band_max:
                if d <= mx:
                    break
                k += 1
            if not _rear(px, py, ux, uy, ex, ey):
                offense += gains[k]
            elif d <= 12:
                rear_exposed += 1
            if not _rear(ex, ey, bx, by, px, py) or not moved:
                threat += dangers[k]
        crowd = 0
        covered = False
        for fx, fy in self.friends:
            dx, dy = px - fx, py - fy
            d = math.sqrt(dx * dx + dy * dy)
            crowd += d <= unit
            covered = covered or (_rear(px, py, ux, uy, fx, fy) and d <= 2 * unit)
        score = offense - self.cf * threat - 0.15 * nearest - self.spread * crowd
        if self.heavy:
            score -= 3.0 * rear_exposed
            score += 0.5 if covered else 0.0
        return score


def plan_table_move(g: SpaceFleetTableGame, ship: Ship, caution: float, spread: float) -> Action:
    """The heuristic's next movement action for ``ship`` on the free table."""
    w = _Walk(g, ship, caution, spread)
    moving = g.moving == ship.id
    w.walk(g.at(ship), ship.heading, g.moved_units if moving else Fraction(0),
           g.since_turn if moving else Fraction(0), None, 0.0, False)
    return w.best[1]
