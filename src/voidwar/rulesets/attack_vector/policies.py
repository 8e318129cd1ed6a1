"""Computer pilots: ``drift`` (never gives an order) and ``intercept`` (plans burns to a point).

The intercept pilot works only with the rules' own arithmetic: hex-lattice vectors and their
normal form, the RAL range, the book's bearing windows and the thrust chart's dots (one dot =
one hex/turn of Δv). Each orders step it compares the velocity it wants — toward the goal, no
faster than it can still shed at full thrust (v ≤ √(a·d) in hexes and turns), plus the goal's
velocity — with its velocity including the burn's grey dots. If the difference Δ is more than one
hex/turn it points the nose at Δ's bearing window (pivoting first, engine off while pivoting) and
burns at full thrust; otherwise it shuts the engine down so the burn resolves.
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from voidwar.core.game import Action, Game
from voidwar.core.hexgrid import Hex3

from .actions import BiasOrder, Done, Order, PivotTo, SetThrust
from .bearings import bearing_of
from .game import AttackVectorGame
from .state import ShipState
from .vectors import ZERO, Vec3, from_components, normal_form


class DriftPolicy:
    """Gives no orders: every ship keeps its vector, thrust and facing (AV:T A2.4)."""

    name = "drift"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game) -> Action:
        """Always ``done``: no orders."""
        return Done()


def _size(v: Vec3) -> int:
    """RAL length of a vector (⌊√(h² + v²)⌋, spec §6.3)."""
    return isqrt(v.horizontal ** 2 + v.dz ** 2)


def _round_div(a: int, b: int) -> int:
    """``round(Fraction(a, b))`` for ``b > 0`` in integers: the nearest whole number, a half to
    the even one (Python's rounding, as ``Fraction.__round__``)."""
    q, r = divmod(a, b)
    twice = 2 * r
    if twice < b:
        return q
    if twice > b:
        return q + 1
    return q + (q & 1)


class InterceptPolicy:
    """Reach each ship's goal (scenario ``goal``; else the nearest uneaten target at rest; else the
    nearest enemy ship, matching its velocity)."""

    name = "intercept"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def goal(self, game: AttackVectorGame, ship: ShipState) -> tuple[Hex3, Vec3] | None:
        """Where ``ship`` is headed and the velocity to match there, or ``None`` with no goal."""
        setup = next(s for s in game.sc.ships if s.id == ship.id)
        if setup.goal is not None:
            g = setup.goal.position
            return Hex3(g.dq, g.dr, g.dz), setup.goal.velocity
        cands: list[tuple[int, str, Hex3, Vec3]] = []
        for t in game.targets.values():
            if t.present:
                cands.append((game.bearing(ship.id, t.id).range, t.id, t.pos, ZERO))
        if not cands:
            for o in game.ships.values():
                if o.seat != ship.seat and not o.out:
                    cands.append((game.bearing(ship.id, o.id).range, o.id, o.pos, o.velocity))
        if not cands:
            return None
        _, _, pos, vel = min(cands)
        return pos, vel

    def plan(self, game: AttackVectorGame, ship: ShipState, name: str | None) -> list[Order]:
        """The orders that steer ``ship`` toward its goal now (module docstring), best first."""
        g = self.goal(game, ship)
        if g is None:
            return [SetThrust(name, Fraction(0))] if ship.thrust else []
        pos, vel = g
        err = Vec3(pos.q - ship.fp.q, pos.r - ship.fp.r, pos.z - ship.fp.z)
        grey = from_components(ship.burn.dots) if ship.burn else ZERO
        rel = ship.velocity + grey - vel
        tmax = ship.max_thrust
        d = _size(err)
        if d == 0:
            want = ZERO
        else:
            # dots per full turn of burn (spec §7.3): ⌊2·T⌋ (T ≥ 0)
            accel = max(1, 2 * tmax.numerator // tmax.denominator)
            speed = min(d, isqrt(accel * d))
            want = Vec3(_round_div(err.dq * speed, d), _round_div(err.dr * speed, d),
                        _round_div(err.dz * speed, d))
        delta = want - rel
        if not game.three_d:
            delta = Vec3(delta.dq, delta.dr, 0)
        orders: list[Order] = []
        if _size(delta) <= 1 or ship.fuel_left <= 0 or tmax == 0:
            if ship.thrust:
                orders.append(SetThrust(name, Fraction(0)))
            return orders
        b = bearing_of(delta, game.bearing_method, game.three_d)
        assert b.window is not None
        if b.window != ship.orient.nose:
            if ship.thrust:
                orders.append(SetThrust(name, Fraction(0)))
            if ship.facing is None:
                orders.append(PivotTo(name, b.window))
            return orders
        if ship.thrust != tmax and ship.facing is None:
            orders.append(SetThrust(name, tmax))
        if ship.orient.nose.is_corner:
            x, y = ship.orient.nose.azimuth.split("/")
            nf = normal_form(delta)
            want_bias = x if nf.get(x, 0) >= nf.get(y, 0) else y
            if ship.bias != want_bias:
                orders.append(BiasOrder(name, want_bias))
        return orders

    def choose(self, game: Game) -> Action:
        """The first planned order of the seat's ships that is legal (the rules' own
        :meth:`~.orders.OrderedGame.reason` lets it through); ``done`` otherwise."""
        assert isinstance(game, AttackVectorGame)
        seat = game.to_act
        if seat is None:
            return Done()
        mine = [s for s in game.ships.values() if s.seat == seat and not s.out]
        for ship in mine:
            name = ship.id if len(mine) > 1 else None
            for order in self.plan(game, ship, name):
                if game.reason(order) is None:
                    return order
        return Done()
