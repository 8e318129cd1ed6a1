"""Part 2 in play: combat orders, power regeneration, heat, reactors, radiators, victory.

The game (:mod:`.game`) calls this module from its part-2 hooks; everything about ship systems
lives here, in :mod:`.fire` (the fire step and damage) and in :mod:`.systems`. Rules and designs:

* **Fire orders** (AV:T A5.212: fire orders are written in the Orders step, revealed first) —
  ``fire A1 at red-1`` — one weapon per order, checked when given (ready, in arc, in range, power
  for every shot the ship has ordered this segment) and resolved in the fire step (:mod:`.fire`).
* **Targets** (the chocolates, A5.166): fired upon like ships; all the damage adds up and kills
  the target at its toughness (ours, :data:`.scenario.TOUGHNESS`).
* **Regeneration** (A5.373) at the end of each segment; **heat** (A5.39) after segment 8; then an
  orders step for **reactors** (``reactors on off``), **flex points** (``flex ecm 1 eccm 0``,
  A5.312; their use is ours: target ECM beyond the shooter's ECCM lengthens the range) and
  **radiators** (``radiators out``), applied for the whole next turn (A5.392).
* **Surrender** (A5.314, A5.391): ordering radiators out is surrender, and final (our design): the
  ship may no longer fire or thrust, may not be fired upon, and drifts.
* **Victory** (our design; the H1–H2 scenario rules are missing): a side is beaten when none of its
  ships is still fighting (destroyed, surrendered, or disengaged off the map edge); the game ends
  when at most one side is left; at the scenario's turn limit the side with more points wins.
  Points: every SSD box marked on an enemy ship, plus 20 for each enemy ship destroyed or
  surrendered.

Which systems are in play is the scenario's ``systems`` (:class:`.scenario.SystemsMode`): by
default all of them in a battle (ships of two or more seats) and none with one seat; Sample Game
One plays ``lasers`` (A5.167: no power, no cycle time, ready again next turn), Sample Game Three
``full``. Victory and points belong to battles.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Any

from voidwar.core.errors import DataFileError, IllegalAction
from voidwar.core.game import Result

from .actions import (
    COMBAT_ORDERS,
    FireOrder,
    FlexOrder,
    Order,
    RadiatorsOrder,
    ReactorsOrder,
    SetThrust,
)
from .data import load_weapon_rules, systems_model
from .fire import POINTS_PER_KILL, FireControl, ShipStatus
from .orders import OrderedGame
from .scenario import SystemsMode
from .sequence import ORDERS_STEP, Step
from .state import ShipState
from .systems.arcs import ShipWindow
from .systems.numbers import show
from .systems.ship import RULE_FLEX, ShipSystems

R_FIRE = "AV:T A5.12, A5.212, A5.37"
R_END = "AV:T A5.39, A5.392"


class BattleOutcome(StrEnum):
    """How a battle ends (our design, module docstring)."""

    VICTORY = "victory"
    NO_SIDE_LEFT = "no-side-left"
    TURN_LIMIT = "turn-limit"
    DRAW = "draw"


def _systems(game: OrderedGame, mode: SystemsMode) -> dict[str, ShipSystems]:
    """Every ship's systems from its class's ``[systems]`` table (AV:T A2.4, spec §9–§13)."""
    rules = load_weapon_rules(game.options.get("weapon_tables") or None,
                         game.options.get("d_results") or None)
    out: dict[str, ShipSystems] = {}
    for sid, ship in game.ships.items():
        file = f"ship class {ship.cls.name}"
        model = systems_model(ship.cls, file)
        if model is None:
            raise DataFileError(file, "systems",
                                "a battle needs ship systems (power, heat, weapons, SSD)")
        sys_ = ShipSystems.build(model, rules, file=file)
        sys_.free_lasers = mode == SystemsMode.LASERS
        cells = len(ship.cls.thrust_matrix[0])
        if model.ssd.count("thrust") > cells:
            raise DataFileError(file, "systems.ssd",
                                f"more thrust boxes than the thrust matrix's {cells}")
        out[sid] = sys_
    return out


class Combat(FireControl):
    """Per-ship systems and the combat record of one game (module docstring)."""

    def __init__(self, game: OrderedGame) -> None:
        self.mode = game.sc.systems_mode
        super().__init__(_systems(game, self.mode), game.sc.seats)
        #: a battle (ships of two or more seats) has victory, points and surrender's points;
        #: a tutorial (A5.166, A5.31–A5.39) plays the systems against targets only
        self.battle = len({s.seat for s in game.ships.values()}) >= 2
        self.sync_all(game)

    @staticmethod
    def wanted(game: OrderedGame) -> bool:
        """Systems are in play unless the scenario says ``off`` (by default: in a battle)."""
        return game.sc.systems_mode != SystemsMode.OFF

    @property
    def full(self) -> bool:
        """Power, heat and the end-of-turn orders are in play (not Game One's lasers)."""
        return self.mode == SystemsMode.FULL

    def committed(self, game: OrderedGame, seat: str, sid: str) -> Fraction:
        """Power for every shot ``seat`` has ordered ``sid`` to fire this segment (A5.372)."""
        return sum(
            (
                self.systems[sid].weapon(o.weapon).code.power
                for s, o in game.pending[seat]
                if s == sid and isinstance(o, FireOrder)
            ),
            Fraction(0),
        )

    # -- checking orders ----------------------------------------------------------------------
    def check_order(
        self, game: OrderedGame, seat: str, ship: ShipState, order: Order, step: Step
    ) -> None:
        """Whether ``ship`` may be given ``order`` in a battle's orders step ``step`` (raises
        :class:`IllegalAction`): fire orders in a segment, reactor and radiator orders after
        segment 8 (A5.212, A5.392), motion orders as in the motion layer."""
        sys_ = self.systems[ship.id]
        end = step.name != ORDERS_STEP
        if self.status.get(ship.id) == ShipStatus.DESTROYED:
            raise IllegalAction(f"{ship.id} is destroyed", rule="AV:T A2.4 (SSD)")
        if not isinstance(order, COMBAT_ORDERS) and end:
            raise IllegalAction(
                f"{order.body()!r}: after segment 8 only reactor, flex and radiator orders are "
                "given",
                rule=R_END,
            )
        if isinstance(order, FireOrder):
            if end:
                raise IllegalAction(
                    "fire orders are given in a segment's orders step", rule="AV:T A5.212"
                )
            self._check_fire(game, seat, ship, order)
        elif isinstance(order, ReactorsOrder | RadiatorsOrder | FlexOrder):
            if not end:
                raise IllegalAction(
                    f"{order.body()!r}: reactor and radiator status changes only between "
                    "segment 8 and segment 1 (give it in the end-of-turn orders)",
                    rule=R_END,
                )
            if game.given(seat, ship, (type(order),)):
                raise IllegalAction(
                    f"{ship.id} already has a {order.body().split()[0]} order this turn", rule=R_END
                )
            if isinstance(order, ReactorsOrder):
                self._check_reactors(ship, sys_, order)
            elif isinstance(order, FlexOrder):
                self._check_flex(ship, sys_, order)
            else:
                self._check_radiators(ship, sys_, order)
        else:
            self._check_motion(game, seat, ship, sys_, order)

    def _check_motion(self, game: OrderedGame, seat: str, ship: ShipState, sys_: ShipSystems,
                      order: Order) -> None:
        """A motion order in a segment: no thrust once surrendered (A5.391), then the motion
        layer's rules."""
        if sys_.surrendered and isinstance(order, SetThrust) and order.value:
            raise IllegalAction(
                f"{ship.id} cannot thrust: its radiators are out", rule="AV:T A5.391"
            )
        game.check_order(seat, ship, order)

    def _check_reactors(self, ship: ShipState, sys_: ShipSystems, order: ReactorsOrder) -> None:
        """One setting per reactor, a change, and no destroyed reactor on (A5.39, A5.392)."""
        n = len(sys_.power.outputs)
        if len(order.on) != n:
            raise IllegalAction(
                f"{ship.id} has {n} reactors: give {n} settings "
                f"(like 'reactors {' '.join(['on'] * n)}')",
                rule=R_END,
            )
        if list(order.on) == sys_.power.on:
            raise IllegalAction(f"{ship.id}'s reactors are already so", rule=R_END)
        dead = [i + 1 for i, x in enumerate(order.on) if x and i in sys_.power.destroyed]
        if dead:
            raise IllegalAction(
                f"reactor {dead[0]} of {ship.id} is destroyed", rule="AV:T A2.4 (SSD)"
            )

    def _check_flex(self, ship: ShipState, sys_: ShipSystems, order: FlexOrder) -> None:
        """Flex points on ECM and ECCM (A5.312; our design): no more than the ship has, and a
        change."""
        n = sys_.flex_points
        if order.ecm + order.eccm > n:
            raise IllegalAction(
                f"{ship.id} has {n} flex point(s): ECM {order.ecm} + ECCM {order.eccm} is more",
                rule=RULE_FLEX,
            )
        if (order.ecm, order.eccm) == (sys_.ecm, sys_.eccm):
            raise IllegalAction(f"{ship.id}'s flex points are already so", rule=RULE_FLEX)

    def _check_radiators(self, ship: ShipState, sys_: ShipSystems, order: RadiatorsOrder) -> None:
        """Radiators go out (surrender), once and for good (A5.391, our design)."""
        if not order.extend:
            raise IllegalAction(
                f"{ship.id}'s radiators are not out"
                if not sys_.surrendered
                else f"{ship.id} has surrendered; surrender is final (our design)",
                rule="AV:T A5.391",
            )
        if sys_.surrendered:
            raise IllegalAction(f"{ship.id}'s radiators are already out", rule="AV:T A5.391")

    def _check_fire(
        self, game: OrderedGame, seat: str, ship: ShipState, order: FireOrder
    ) -> None:
        """A fire order: an enemy still fighting, one order per weapon, and the weapon ready,
        in arc, in range and paid for (AV:T A5.37–A5.372)."""
        tid = order.target
        self._check_fire_target(game, seat, tid)
        if any(
            s == ship.id and isinstance(o, FireOrder) and o.weapon == order.weapon
            for s, o in game.pending[seat]
        ):
            raise IllegalAction(
                f"{order.weapon} is already ordered to fire this segment", rule="AV:T A5.371"
            )
        rng, w, _mounts = self.target_info(game, ship.id, tid)
        rng = self.jammed_range(ship.id, tid, rng)
        window = w if w is not None else ShipWindow(0, 0)
        sys_ = self.systems[ship.id]
        if w is None:  # same hex and level: in every arc (our design)
            window = next(iter(sys_.arcs[sys_.weapon(order.weapon).mount].windows))
        sys_.check_fire(
            [order.weapon],
            game.turn,
            game.segment,
            window,
            rng,
            committed=self.committed(game, seat, ship.id),
        )

    def _check_fire_target(self, game: OrderedGame, seat: str, tid: str) -> None:
        """A shot's target: an enemy ship still fighting, or a target (chocolate) still on the
        map (A5.166)."""
        if tid in game.targets:
            t = game.targets[tid]
            if not t.present:
                how = f"killed by {t.killed_by}" if t.killed_by else f"eaten by {t.eaten_by}"
                raise IllegalAction(f"{tid} is {how}; there is nothing to fire at",
                                    rule="AV:T A5.166")
            return
        if tid not in game.ships:
            known = ", ".join([s for s in game.ships if game.ships[s].seat != seat]
                              + [t for t in game.targets if game.targets[t].present])
            raise IllegalAction(
                f"there is nothing called {tid!r} to fire at (enemies and targets: "
                f"{known or 'none'})", rule=R_FIRE
            )
        tgt = game.ships[tid]
        if tgt.seat == seat:
            raise IllegalAction(f"{tid} is on your own side", rule=R_FIRE)
        if not self.fighting(game, tid):
            why = self.status.get(tid, "out of the battle")
            raise IllegalAction(f"{tid} is {why}; it may not be fired upon", rule=R_FIRE)

    def candidates(
        self, game: OrderedGame, ship: ShipState, name: str | None, step: Step
    ) -> list[Order]:
        """Fire orders at every enemy still fighting in a segment; after segment 8 every
        reactor setting and ``radiators out``."""
        sys_ = self.systems[ship.id]
        if step.name != ORDERS_STEP:
            n = len(sys_.power.outputs)
            out: list[Order] = [
                ReactorsOrder(name, tuple(bool(m >> i & 1) for i in range(n))) for m in range(2**n)
            ]
            out.append(RadiatorsOrder(name, True))
            f = sys_.flex_points
            out += [FlexOrder(name, e, c) for e in range(f + 1) for c in range(f + 1 - e)]
            return out
        out = []
        for tid, tgt in game.ships.items():
            if tgt.seat == ship.seat or not self.fighting(game, tid):
                continue
            for wid in sys_.weapons:
                out.append(FireOrder(name, wid, tid))
        for tid, t in game.targets.items():
            if t.present:
                out += [FireOrder(name, wid, tid) for wid in sys_.weapons]
        return out

    # -- steps ------------------------------------------------------------------------------
    def step_regeneration(self, game: OrderedGame) -> None:
        """Reactors refill batteries at the end of each segment (A5.373; not in Game One)."""
        if not self.full:
            return
        for sid, sys_ in self.systems.items():
            if not game.ships[sid].out:
                gained = sys_.regenerate()
                if gained:
                    game.emit("power", f"{sid}: +{show(gained)} power → "
                              f"{show(sys_.power.stored)} of {show(sys_.power.capacity)}",
                              ship=sid)
        self.sync_all(game)

    def end_turn_heat(self, game: OrderedGame) -> None:
        """Reactor heat into the heat sinks, radiators dissipate, excess heat damages (A5.39;
        not in Game One)."""
        if not self.full:
            return
        for sid, sys_ in self.systems.items():
            if game.ships[sid].out:
                continue
            before = len(sys_.damage_log)
            r = sys_.end_turn_heat(game.roll, who=sid)
            game.emit(
                "heat",
                f"{sid}: +{r.generated} heat, -{show(r.dissipated)} radiated → "
                f"{show(r.stored)} of {sys_.heat.capacity}"
                + (f", {r.excess} excess" if r.excess else ""),
                ship=sid,
            )
            for line in sys_.damage_log[before:]:
                game.emit("damage", f"{sid} {line}", ship=sid)
            if sys_.destroyed and sid not in self.status:
                self.status[sid] = ShipStatus.DESTROYED
                game.ships[sid].out = True
                game.emit("destroyed", f"{sid} is destroyed by its own heat", ship=sid)
        self.sync_all(game)

    def _end_orders(self, game: OrderedGame, kind: type) -> list[tuple[str, str, Order]]:
        return [
            (seat, sid, o)
            for seat in game.sc.seats
            for sid, o in game.pending[seat]
            if isinstance(o, kind)
        ]

    def end_turn_reactors(self, game: OrderedGame) -> None:
        """Reactor settings for the whole next turn (A5.39, A5.392)."""
        for seat, sid, o in self._end_orders(game, ReactorsOrder):
            if not isinstance(o, ReactorsOrder):  # pragma: no cover - filtered above
                continue
            self.systems[sid].set_reactors(list(o.on), at_turn_boundary=True)
            game.emit(
                "order", f"{seat} orders {sid}: {o.body()}", seat=seat, ship=sid, order=str(o)
            )
        self.sync_all(game)

    def end_turn_flex(self, game: OrderedGame) -> None:
        """Flex points on ECM and ECCM for the whole next turn (A5.312, A5.392; our design)."""
        for seat, sid, o in self._end_orders(game, FlexOrder):
            if not isinstance(o, FlexOrder):  # pragma: no cover - filtered above
                continue
            self.systems[sid].set_flex(o.ecm, o.eccm)
            game.emit(
                "order", f"{seat} orders {sid}: {o.body()}", seat=seat, ship=sid, order=str(o)
            )
        self.sync_all(game)

    def end_turn_radiators(self, game: OrderedGame) -> None:
        """Radiators out: the ship surrenders (A5.314, A5.391); then the orders are spent."""
        for seat, sid, o in self._end_orders(game, RadiatorsOrder):
            if not isinstance(o, RadiatorsOrder):  # pragma: no cover - filtered above
                continue
            self.systems[sid].order_radiators(o.extend, at_turn_boundary=True)
            game.emit(
                "order", f"{seat} orders {sid}: {o.body()}", seat=seat, ship=sid, order=str(o)
            )
            if o.extend:
                self._surrender(game, seat, sid)
        game.pending = {seat: [] for seat in game.sc.seats}
        self.sync_all(game)

    def _surrender(self, game: OrderedGame, seat: str, sid: str) -> None:
        ship = game.ships[sid]
        self.status[sid] = ShipStatus.SURRENDERED
        ship.thrust = Fraction(0)  # no thrust unless retracted (A5.391)
        game.emit("surrender", f"{sid} extends its radiators: it has surrendered", ship=sid)
        for other in game.sc.seats:
            if other != seat:
                self.points[other] += POINTS_PER_KILL

    # -- the end ---------------------------------------------------------------------------
    def sides_left(self, game: OrderedGame) -> list[str]:
        """The seats with a ship still fighting."""
        self.sync_all(game)
        return [
            seat
            for seat in game.sc.seats
            if any(s.seat == seat and self.fighting(game, sid) for sid, s in game.ships.items())
        ]

    def decided(self, game: OrderedGame) -> bool:
        """Whether at most one side of a battle is still fighting (a tutorial runs its turns)."""
        return self.battle and len(self.sides_left(game)) <= 1

    def result(self, game: OrderedGame) -> Result:
        """Victory for the last side fighting; at the turn limit, the side with more points."""
        left = self.sides_left(game)
        scores = {seat: float(p) for seat, p in self.points.items()}
        if len(left) == 1:
            winner: str | None = left[0]
            outcome = BattleOutcome.VICTORY
        elif not left:
            winner, outcome = None, BattleOutcome.NO_SIDE_LEFT
        else:
            best = max(scores.values())
            leaders = [s for s, v in scores.items() if v == best]
            winner = leaders[0] if len(leaders) == 1 else None
            outcome = BattleOutcome.TURN_LIMIT if winner else BattleOutcome.DRAW
        counts = {
            k.value: sum(1 for v in self.status.values() if v == k)
            for k in (ShipStatus.DESTROYED, ShipStatus.SURRENDERED, ShipStatus.DISENGAGED)
        }
        details: dict[str, Any] = {
            "turns": game.turn,
            "shots": self.shots,
            "boxes_marked": self.damage_done,
            **{f"ships_{k}": v for k, v in counts.items()},
        }
        # a plain string: records and golden files print the result's repr
        return Result(outcome=outcome.value, scores=scores, winner=winner, details=details)


__all__ = ["R_END", "R_FIRE", "BattleOutcome", "Combat"]
