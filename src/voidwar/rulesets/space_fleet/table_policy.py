"""The heuristic's movement on a free table (the hex version is in :mod:`.policies`).

It walks every way through the rest of the move in whole units (the last step shorter when the
speed left is not whole), with a 60° turn wherever the turning rule allows one
(:func:`~voidwar.rulesets.space_fleet.table_game.table_turn_refusal`), and scores each end point
and heading like the hex heuristic: its own expected hits, minus the fire it draws, minus mine
patterns entered on the way, friends crowding it and the distance to the nearest enemy, minus a
heavy penalty for a heavy ship showing its rear arc. It returns the first step of the best path.
"""

from __future__ import annotations

from fractions import Fraction

from ...core.game import Action
from ...core.tabletop import Point
from .actions import Advance, EndMove, Turn
from .data import Band, tables
from .fire import hit_chance
from .state import Ship, other
from .table import ahead, entry_along, in_rear_arc_at, turned
from .table_game import SpaceFleetTableGame, table_turn_refusal

HEAVY = ("HC", "BB", "DN")
#: the score a mine pattern entered on the way costs
MINE_COST = 1.5


def band_at(units: float) -> Band | None:
    """The range band a distance in units falls in (a float: heuristics only)."""
    for b in tables().firing.bands:
        if units <= b.max:
            return b
    return None


class _Walk:
    """One planning search for the ship to move (see the module docstring)."""

    def __init__(self, g: SpaceFleetTableGame, ship: Ship, caution: float, spread: float):
        self.g, self.ship = g, ship
        self.caution, self.spread = caution, spread
        self.unit = float(g.spec.unit)
        self.enemies = g.fleet(other(ship.side))
        self.friends = [s for s in g.fleet(ship.side) if s.id != ship.id]
        self.full = ship.speed if g.move_speed is None else g.move_speed
        self.seen: set[tuple[Point, int, Fraction, bool]] = set()
        self.best: tuple[float, Action] = (self.score(g.at(ship), ship.heading), EndMove(ship.id))

    def walk(self, p: Point, h: int, moved: Fraction, since: Fraction, first: Action | None,
             mines: float, turned_here: bool) -> None:
        """Every continuation from ``p`` facing ``h``; keeps the best end's first step."""
        key = (p, h, moved, since >= 1)
        if key in self.seen:
            return
        self.seen.add(key)
        if first is not None:
            sc = self.score(p, h) - mines
            if sc > self.best[0]:
                self.best = (sc, first)
        left = self.ship.speed - moved
        if left > 0:
            step = min(Fraction(1), left)
            q = ahead(p, h, float(step) * self.unit)
            if self.g.spec.on_table(q):
                cost = sum(MINE_COST for m in self.g.patterns.values()
                           if entry_along(p, q, m.area) is not None)
                self.walk(q, h, moved + step, since + step,
                          first or Advance(self.ship.id, step), mines + cost, False)
        why = table_turn_refusal(self.ship.cls, self.full, moved, since)
        if why is None and not turned_here:
            for right in (False, True):
                self.walk(p, turned(h, right), moved, Fraction(0),
                          first or Turn(self.ship.id, right), mines, True)

    def score(self, p: Point, h: int) -> float:
        """The hex heuristic's score of ending the move at ``p`` facing ``h``."""
        ship, g = self.ship, self.g
        shots = ship.beams + ship.launchers
        offense = threat = 0.0
        rear_exposed = 0
        nearest = 99.0
        for e in self.enemies:
            ep = g.at(e)
            d = p.dist(ep) / self.unit
            nearest = min(nearest, d)
            if not in_rear_arc_at(p, h, ep):
                gain = shots * hit_chance(ship.cls, e.cls, band_at(d))
                offense += gain * (2.0 if e.shields == 0 else 1.0)
            elif d <= 12:
                rear_exposed += 1
            if not in_rear_arc_at(ep, e.heading, p) or not e.moved:
                threat += (e.beams + e.launchers) * hit_chance(e.cls, ship.cls, band_at(d))
        frail = 1.0 + 2.0 * (1 - ship.shields / max(1, ship.profile.shields))
        crowd = sum(1 for fr in self.friends if p.dist(g.at(fr)) <= self.unit)
        score = (offense - self.caution * frail * threat - 0.15 * nearest
                 - self.spread * crowd)
        if ship.cls in HEAVY:
            score -= 3.0 * rear_exposed
            covered = any(in_rear_arc_at(p, h, g.at(fr)) and p.dist(g.at(fr)) <= 2 * self.unit
                          for fr in self.friends)
            score += 0.5 if covered else 0.0
        return score


def plan_table_move(g: SpaceFleetTableGame, ship: Ship, caution: float, spread: float) -> Action:
    """The heuristic's next movement action for ``ship`` on the free table."""
    w = _Walk(g, ship, caution, spread)
    moving = g.moving == ship.id
    w.walk(g.at(ship), ship.heading, g.moved_units if moving else Fraction(0),
           g.since_turn if moving else Fraction(0), None, 0.0, False)
    return w.best[1]
