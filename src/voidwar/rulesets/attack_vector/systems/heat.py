"""Heat: reactor heat, heat sinks, radiators and their state machine (spec §10; AV:T A5.39x).

GIVEN (A5.39, A5.391, A5.392):
* at the end of each turn every reactor that was on adds heat equal to its power output per
  segment; fractional heat is rounded **up** before dissipation — DERIVED (spec §10.1): the ship's
  total is rounded (2 × 1.5 = 3, not 2 × ⌈1.5⌉ = 4);
* heat is stored in heat sinks; each extended radiator dumps 0.4 heat per turn; heat left
  fractional is rounded up when the radiators are retracted;
* extending and retracting each take a full turn and are ordered only between segment 8 and
  segment 1; a ship may thrust only with radiators retracted; extended radiators = surrender.

DERIVED/PROPOSAL state machine (spec §10.3)::

    IN --order at end of turn N--> EXTENDING (turn N+1) --end of N+1--> OUT
    OUT --order--> RETRACTING (one turn) --end of that turn--> IN (stored heat rounded up)

Dissipation happens at an end of turn only if the radiators were OUT for that whole turn
(PROPOSAL: none while EXTENDING or RETRACTING).

Excess heat (spec §10.4, MISSING) — OUR DESIGN, documented in docs/attack-vector.md: stored heat
above the heat sinks' capacity is *excess*. At each end of turn, after dissipation, the crew makes
one check per whole point of excess (d10 ≥ crew rate passes, the book's crew rate 2+..10+, A2.4);
every failed check is one point of internal damage at a hit location rolled on the SSD (see
``damage.py``). Excess heat stays stored until radiated; it is not lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from ....core.errors import IllegalAction
from .numbers import ceil_fraction, show

RULE_HEAT = "AV:T A5.39"
RULE_RADIATORS = "AV:T A5.391"
RULE_BOUNDARY = "AV:T A5.392"
#: GIVEN (A5.391): each extended radiator dumps 0.4 heat per turn
RADIATOR_DUMP = Fraction(2, 5)


class Radiators(Enum):
    """Radiator status (spec §10.3)."""

    IN = "in"
    EXTENDING = "extending"
    OUT = "out"
    RETRACTING = "retracting"


@dataclass(frozen=True)
class HeatReport:
    """What one end-of-turn heat step did (for the log)."""

    generated: int
    dissipated: Fraction
    stored: Fraction
    excess: int
    radiators: Radiators


@dataclass
class HeatState:
    """A ship's heat board: stored heat, sink capacity, radiators."""

    #: heat-sink capacity now (falls as heat-sink boxes are destroyed)
    capacity: int
    #: number of radiators the ship carries
    radiators: int
    stored: Fraction = Fraction(0)
    status: Radiators = Radiators.IN
    #: radiators destroyed (indices 0..radiators-1)
    destroyed: set[int] = field(default_factory=set)
    dump_per_radiator: Fraction = RADIATOR_DUMP

    # -- reading --------------------------------------------------------------------------------
    @property
    def working_radiators(self) -> int:
        """Radiators not destroyed."""
        return self.radiators - len(self.destroyed)

    @property
    def radiator_output(self) -> Fraction:
        """Heat dumped per turn while OUT (Rafik: 3 × 0.4 = 1.2, A5.314)."""
        return self.dump_per_radiator * self.working_radiators

    @property
    def thrust_allowed(self) -> bool:
        """A ship may thrust only while its radiators are retracted (A5.391)."""
        return self.status is Radiators.IN

    @property
    def surrendered(self) -> bool:
        """Extending radiators is the surrender signal (A5.314, A5.391): from the order on."""
        return self.status in (Radiators.EXTENDING, Radiators.OUT)

    @property
    def radiators_exposed(self) -> bool:
        """Radiators can be hit only when not retracted (A5.391 'vulnerable'; our reading)."""
        return self.status is not Radiators.IN

    @property
    def excess(self) -> int:
        """Whole points of heat above the sinks' capacity (our design, spec §10.4)."""
        return max(0, ceil_fraction(self.stored) - self.capacity)

    # -- the end-of-turn step -------------------------------------------------------------------
    def end_of_turn(self, reactor_heat: Fraction) -> HeatReport:
        """A5.39 step 1 and the radiator transitions of spec §10.3.

        ``reactor_heat`` is the Σ per-segment output of the reactors that were on this turn.
        """
        if reactor_heat < 0:
            raise ValueError("reactor heat is never negative")
        generated = ceil_fraction(reactor_heat)  # A5.39: rounded up before dissipation
        self.stored += generated
        dissipated = Fraction(0)
        if self.status is Radiators.OUT:  # out for the whole turn (A5.391)
            dissipated = min(self.stored, self.radiator_output)
            self.stored -= dissipated
        if self.status is Radiators.EXTENDING:
            self.status = Radiators.OUT
        elif self.status is Radiators.RETRACTING:
            self.status = Radiators.IN
            self.stored = Fraction(ceil_fraction(self.stored))  # A5.391: rounded up on retract
        return HeatReport(generated, dissipated, self.stored, self.excess, self.status)

    def order(self, extend: bool, *, at_turn_boundary: bool) -> None:
        """Order radiators out (``extend``) or in, for the whole next turn (A5.391–A5.392)."""
        if not at_turn_boundary:
            raise IllegalAction(
                "radiators are extended or retracted only at the end of a turn", rule=RULE_BOUNDARY
            )
        if extend:
            if self.status is not Radiators.IN:
                raise IllegalAction(
                    f"radiators cannot be extended: they are {self.status.value}",
                    rule=RULE_RADIATORS,
                )
            self.status = Radiators.EXTENDING
        else:
            if self.status is not Radiators.OUT:
                raise IllegalAction(
                    f"radiators cannot be retracted: they are {self.status.value}",
                    rule=RULE_RADIATORS,
                )
            self.status = Radiators.RETRACTING

    def set_capacity(self, capacity: int) -> None:
        """Set the heat sinks' capacity (after damage; never below 0)."""
        self.capacity = max(0, capacity)

    def destroy_radiator(self, i: int) -> None:
        """Radiator ``i`` is destroyed (SSD damage)."""
        self.destroyed.add(i)

    def excess_heat_damage(self, crew_rate: int, roll: Callable[[int, str], int]) -> int:
        """Our design (spec §10.4): one crew check per excess point; failures = damage points."""
        failures = 0
        for i in range(self.excess):
            if roll(10, f"crew check {i + 1} against excess heat ({crew_rate}+)") < crew_rate:
                failures += 1
        return failures

    def copy(self) -> HeatState:
        """An independent copy (its numbers and status are immutable and shared)."""
        new = object.__new__(HeatState)
        new.__dict__.update(self.__dict__)
        new.destroyed = set(self.destroyed)
        return new

    def to_dict(self) -> dict[str, Any]:
        """The heat board as JSON-ready data."""
        return {
            "stored": show(self.stored),
            "capacity": self.capacity,
            "excess": self.excess,
            "radiators": self.status.value,
            "radiators_destroyed": sorted(self.destroyed),
            "radiator_output": show(self.radiator_output),
        }
