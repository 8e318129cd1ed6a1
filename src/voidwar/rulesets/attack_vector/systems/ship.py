"""A ship's systems in play: the live record sheet of its ``[systems]`` table (the table itself,
validated, is :class:`.model.SystemsModel`: power A5.312, heat A5.314, weapon mounts with their
codes A5.371 and firing arcs spec §11.6, the crew rate A2.4 and the SSD spec §12).
:class:`ShipSystems` is the Energy Board, the heat board, the timer track and the marked SSD
boxes, with the checks a fire order must pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ....core.errors import DataFileError, IllegalAction
from .arcs import RULE_ARCS, Arc, ShipWindow
from .damage import BoxHit, DamageState, apply_damage, describe_hits, roll_location
from .heat import HeatReport, HeatState, Radiators
from .model import SystemsModel
from .numbers import show
from .power import PowerState
from .weapons import RULE_CODE, WeaponCode, WeaponCodeError, WeaponRules, WeaponState

RULE_COOLING = "AV:T A5.371"
RULE_FLEX = "AV:T A5.312 (flex points; their use is our design)"
SEGMENTS = 8
RULE_RANGE = "spec §11.3 (maximum range, our PROPOSAL)"


@dataclass(frozen=True)
class Shot:
    """A validated shot: weapon, its mount, the cost (for the log and the policy)."""

    weapon: str
    mount: str
    cost: Fraction


@dataclass
class ShipSystems:
    """The live systems of one ship (power, heat, weapons, SSD damage)."""

    model: SystemsModel
    rules: WeaponRules
    power: PowerState
    heat: HeatState
    weapons: dict[str, WeaponState]
    arcs: dict[str, Arc]
    damage: DamageState = field(default_factory=DamageState)
    damage_log: list[str] = field(default_factory=list)
    #: reactors destroyed during the current turn (they still make this turn's heat, A5.39)
    destroyed_this_turn: set[int] = field(default_factory=set)
    #: Sample Game One's lasers (A5.167): no power cost, no cycle time, "the lasers won't be
    #: ready again until next turn"
    free_lasers: bool = False
    #: flex points on ECM and ECCM this turn (our design, module :mod:`..combat`)
    ecm: int = 0
    eccm: int = 0

    @classmethod
    def build(
        cls, model: SystemsModel, rules: WeaponRules, file: str = "(systems)"
    ) -> ShipSystems:
        """The live systems of a ship from its ``[systems]`` table, cross-checked against
        ``rules``."""
        weapons: dict[str, WeaponState] = {}
        for mi, m in enumerate(model.mounts):
            for wi, text in enumerate(m.weapons):
                code = WeaponCode.parse(text)
                try:
                    rules.table_for(code)
                except WeaponCodeError as e:
                    raise DataFileError(file, f"mounts.{mi}.weapons.{wi}", str(e)) from None
                wid = f"{m.id}{wi + 1}"
                weapons[wid] = WeaponState(wid, m.id, code)
        p = model.power
        power = PowerState(tuple(p.reactors), p.battery, p.battery if p.start is None else p.start)
        heat = HeatState(
            model.heat.heat_sinks, model.heat.radiators, dump_per_radiator=model.heat.radiator_dump
        )
        arcs = {m.id: Arc.from_blocks(m.arc) for m in model.mounts}
        return cls(model, rules, power, heat, weapons, arcs)

    def copy(self) -> ShipSystems:
        """An independent copy for a game clone, written out: the table, the rules and the arcs
        are read-only and shared, the live boards copied."""
        new = object.__new__(ShipSystems)
        new.__dict__.update(self.__dict__)
        new.power = self.power.copy()
        new.heat = self.heat.copy()
        new.weapons = {wid: w.copy() for wid, w in self.weapons.items()}
        new.damage = self.damage.copy()
        new.damage_log = list(self.damage_log)
        new.destroyed_this_turn = set(self.destroyed_this_turn)
        return new

    # -- reading --------------------------------------------------------------------------------
    @property
    def crew_rate(self) -> int:
        """The crew rate: a d10 target number (A2.4)."""
        return self.model.crew_rate

    @property
    def destroyed(self) -> bool:
        """Whether the ship is destroyed (no structure box left, spec §12)."""
        return self.damage.destroyed(self.model.ssd)

    @property
    def surrendered(self) -> bool:
        """Whether the ship has struck (radiators out, A5.314)."""
        return self.heat.surrendered

    @property
    def thrust_allowed(self) -> bool:
        """Whether the ship may thrust (radiators retracted, A5.391)."""
        return self.heat.thrust_allowed and not self.destroyed

    @property
    def thrust_boxes_lost(self) -> int:
        """Thrust-matrix boxes marked off (from the left, A2.4): one per SSD thrust box hit."""
        return self.damage.lost(self.model.ssd, "thrust")

    def max_thrust(self, row: list[Fraction] | None = None) -> Fraction:
        """First unmarked box of a thrust-matrix row (default: this table's ``thrust_row``)."""
        row = row if row is not None else self.model.thrust_row
        if row is None:
            raise ValueError("no thrust-matrix row to read")
        lost = self.thrust_boxes_lost
        return row[lost] if lost < len(row) else Fraction(0)

    def mounts_bearing(self, window: ShipWindow) -> list[str]:
        """Mounts whose arc holds the target's ship-frame window (spec §11.6)."""
        return [m for m, arc in self.arcs.items() if window in arc]

    def weapon(self, wid: str) -> WeaponState:
        """Weapon ``wid`` (``A1``); raises :class:`IllegalAction` for a weapon the ship lacks."""
        w = self.weapons.get(wid.upper())
        if w is None:
            raise IllegalAction(
                f"no weapon {wid!r} on this ship (weapons: {', '.join(self.weapons)})",
                rule=RULE_CODE,
            )
        return w

    # -- fire -----------------------------------------------------------------------------------
    def check_fire(
        self,
        weapon_ids: Iterable[str],
        turn: int,
        segment: int,
        window: ShipWindow,
        rng: int,
        *,
        committed: Fraction = Fraction(0),
    ) -> list[Shot]:
        """Every reason a set of weapons may not fire at one target now; changes nothing.

        ``committed`` is power already promised to other shots this segment.
        """
        if self.destroyed:
            raise IllegalAction("a destroyed ship does not fire", rule="AV:T A2.4")
        if self.surrendered:
            raise IllegalAction("a ship with radiators out has surrendered", rule="AV:T A5.391")
        shots: list[Shot] = []
        seen: set[str] = set()
        total = committed
        for wid in weapon_ids:
            w = self.weapon(wid)
            if w.id in seen:
                raise IllegalAction(f"{w.id} is ordered to fire twice", rule=RULE_COOLING)
            seen.add(w.id)
            if w.destroyed:
                raise IllegalAction(f"{w.id} is destroyed", rule="AV:T A2.4 (SSD)")
            if not w.is_ready(turn, segment):
                raise IllegalAction(
                    f"{w.id} is still cooling ({w.timer_text(turn, segment)})", rule=RULE_COOLING
                )
            if window not in self.arcs[w.mount]:
                raise IllegalAction(
                    f"target is out of arc of mount {w.mount} (seen {window})", rule=RULE_ARCS
                )
            if self.rules.bracket(w.code, rng) is None:
                raise IllegalAction(
                    f"range {rng} is beyond {w.id}'s maximum range {self.rules.max_range(w.code)}",
                    rule=RULE_RANGE,
                )
            total += w.code.power
            shots.append(Shot(w.id, w.mount, w.code.power))
        if total > self.power.stored and not self.free_lasers:
            raise IllegalAction(
                f"not enough power: the shots need {show(total)}, batteries hold "
                f"{show(self.power.stored)}",
                rule="AV:T A5.372",
            )
        return shots

    def fire(self, wid: str, turn: int, segment: int) -> WeaponState:
        """Pay for a checked shot and start its cooling timer (A5.371–A5.372)."""
        w = self.weapon(wid)
        if w.destroyed:
            raise IllegalAction(f"{w.id} is destroyed", rule="AV:T A2.4 (SSD)")
        if self.free_lasers:  # A5.167: free, and "won't be ready again until next turn"
            w.ready_abs = SEGMENTS * turn + 1
            return w
        self.power.pay(w.code.power, f"{w.id}")
        w.fired(turn, segment)
        return w

    # -- flex points ----------------------------------------------------------------------------
    @property
    def flex_points(self) -> int:
        """The Energy Board's flex points (A5.312)."""
        return self.model.power.flex_points

    def set_flex(self, ecm: int, eccm: int) -> None:
        """Put flex points on ECM and ECCM for the next turn (A5.312; our design)."""
        if ecm < 0 or eccm < 0 or ecm + eccm > self.flex_points:
            raise IllegalAction(
                f"ECM {ecm} + ECCM {eccm} is more than the ship's {self.flex_points} flex "
                "point(s)", rule=RULE_FLEX)
        self.ecm, self.eccm = ecm, eccm

    # -- damage ---------------------------------------------------------------------------------
    def take_damage(
        self, points: int, roll: Callable[[int, str], int], who: str = "hit", cause: str = ""
    ) -> list[BoxHit]:
        """Roll the location (d10) and mark ``points`` boxes there, then apply the effects."""
        if points <= 0:
            return []
        loc = roll_location(self.model.ssd, roll, who)
        return self.damage_at(loc, points, cause or who)

    def damage_at(self, location: str, points: int, cause: str = "hit") -> list[BoxHit]:
        """Mark ``points`` of damage from ``location`` onward (spec §12)."""
        hits = apply_damage(
            self.model.ssd,
            self.damage,
            location,
            points,
            radiators_exposed=self.heat.radiators_exposed,
        )
        self.damage_log.append(f"{cause}: {points} at {location} → {describe_hits(hits)}")
        self._effects()
        return hits

    def _effects(self) -> None:
        """Destroyed boxes lower capabilities (A2.4): batteries, sinks, units."""
        ssd = self.model.ssd
        nb = ssd.count("battery")
        if nb:
            left = nb - self.damage.lost(ssd, "battery")
            self.power.set_capacity(self.model.power.battery * left / nb)
        nh = ssd.count("heat_sink")
        if nh:
            per = self.model.heat.heat_sinks // nh
            self.heat.set_capacity(per * (nh - self.damage.lost(ssd, "heat_sink")))
        for r in self.damage.units_out(ssd, "reactor"):
            i = int(r) - 1
            if i not in self.power.destroyed:
                self.power.destroy_reactor(i)
                self.destroyed_this_turn.add(i)
        for r in self.damage.units_out(ssd, "radiator"):
            self.heat.destroy_radiator(int(r) - 1)
        for wid in self.damage.units_out(ssd, "weapon"):
            self.weapons[wid].destroyed = True

    # -- segment and turn steps -----------------------------------------------------------------
    def regenerate(self) -> Fraction:
        """The Regeneration step at the end of each segment (A5.373)."""
        if self.destroyed:
            return Fraction(0)
        return self.power.regenerate()

    def end_turn_heat(self, roll: Callable[[int, str], int], who: str = "ship") -> HeatReport:
        """Post-segment 8, step 1 (A5.39): reactor heat, dissipation, radiator transitions;
        then our excess-heat crew checks (spec §10.4 design)."""
        heat = sum(
            (
                o
                for i, o in enumerate(self.power.outputs)
                if self.power.on[i]
                and (i not in self.power.destroyed or i in self.destroyed_this_turn)
            ),
            Fraction(0),
        )
        self.destroyed_this_turn.clear()
        report = self.heat.end_of_turn(heat)
        if report.excess and not self.destroyed:
            failures = self.heat.excess_heat_damage(self.crew_rate, roll)
            for _ in range(failures):
                self.take_damage(1, roll, f"{who} excess heat", cause="excess heat")
        return report

    def set_reactors(self, on: list[bool], *, at_turn_boundary: bool) -> None:
        """Reactor settings (A5.392: only at the turn boundary)."""
        self.power.set_reactors(on, at_turn_boundary=at_turn_boundary)

    def order_radiators(self, extend: bool, *, at_turn_boundary: bool) -> None:
        """Radiators out or in (A5.391–A5.392: only at the turn boundary)."""
        self.heat.order(extend, at_turn_boundary=at_turn_boundary)

    def to_dict(self) -> dict[str, Any]:
        """The ship's systems as JSON-ready data."""
        return {
            "power": self.power.to_dict(),
            "heat": self.heat.to_dict(),
            "thrust_boxes_lost": self.thrust_boxes_lost,
            "flex": {"points": self.flex_points, "ecm": self.ecm, "eccm": self.eccm},
            "weapons": [w.to_dict() for w in self.weapons.values()],
            "damage": self.damage.to_dict(),
            "destroyed": self.destroyed,
            "surrendered": self.surrendered,
            "damage_log": list(self.damage_log),
        }


__all__ = [
    "RULE_FLEX",
    "HeatReport",
    "Radiators",
    "ShipSystems",
    "Shot",
    "SystemsModel",
]
