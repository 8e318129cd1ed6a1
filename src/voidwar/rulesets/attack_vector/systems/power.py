"""Power: reactors, batteries, regeneration, paying for shots (spec §9; AV:T A5.312–A5.373).

GIVEN: reactors make power every segment into the batteries (A5.373); stored power never exceeds
the battery capacity "BTTY" (A5.373); a shot costs its power figure from the batteries (A5.372);
reactors are switched on or off only between segment 8 and segment 1, and stay so for the whole
next turn (A5.392). DERIVED: a Rafik reactor makes 1.5 power a segment, so every quantity here is
an exact :class:`~fractions.Fraction`. PROPOSAL (ours, spec §9.1): a shot needs stored ≥ its cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ....core.errors import IllegalAction
from .numbers import show

RULE_POWER = "AV:T A5.372"
RULE_REGEN = "AV:T A5.373"
RULE_BOUNDARY = "AV:T A5.392"


@dataclass
class PowerState:
    """A ship's power plant: per-reactor output per segment, on/off, batteries."""

    #: output per segment of each reactor (Rafik: 3/2, 3/2)
    outputs: tuple[Fraction, ...]
    #: battery capacity now (BTTY; falls as battery boxes are destroyed)
    capacity: Fraction
    #: power stored now
    stored: Fraction
    #: which reactors are on this turn
    on: list[bool] = field(default_factory=list)
    #: reactors destroyed by damage (indices into ``outputs``)
    destroyed: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.on:
            self.on = [True] * len(self.outputs)
        if len(self.on) != len(self.outputs):
            raise ValueError("one on/off flag per reactor")
        self.stored = max(Fraction(0), min(self.stored, self.capacity))

    # -- reading --------------------------------------------------------------------------------
    def working(self, i: int) -> bool:
        """Whether reactor ``i`` is on and not destroyed."""
        return self.on[i] and i not in self.destroyed

    @property
    def output(self) -> Fraction:
        """Power added at each segment's Regeneration step (A5.373): Σ of working reactors."""
        return sum((o for i, o in enumerate(self.outputs) if self.working(i)), Fraction(0))

    @property
    def heat_output(self) -> Fraction:
        """Heat these reactors make in a turn, before rounding (A5.39: power per segment)."""
        return self.output

    def can_pay(self, cost: Fraction) -> bool:
        """Whether the batteries hold ``cost`` (A5.372)."""
        return self.stored >= cost

    # -- changing -------------------------------------------------------------------------------
    def regenerate(self) -> Fraction:
        """Regeneration step (A5.373): add the working reactors' output, capped at capacity.
        Returns what was actually added."""
        new = max(self.stored, min(self.capacity, self.stored + self.output))
        gained = new - self.stored
        self.stored = new
        return gained

    def pay(self, cost: Fraction, what: str = "the shot") -> None:
        """Take ``cost`` from the batteries (A5.372); refuse if they hold less (our PROPOSAL)."""
        if cost < 0:
            raise ValueError("a cost is never negative")
        if self.stored < cost:
            raise IllegalAction(
                f"not enough power for {what}: needs {show(cost)}, "
                f"batteries hold {show(self.stored)}",
                rule=RULE_POWER,
            )
        self.stored -= cost

    def set_reactors(self, on: Sequence[bool], *, at_turn_boundary: bool) -> None:
        """Switch reactors for the next turn; only between segment 8 and segment 1 (A5.392)."""
        if not at_turn_boundary:
            raise IllegalAction(
                "reactors are switched on or off only at the end of a turn", rule=RULE_BOUNDARY
            )
        if len(on) != len(self.outputs):
            raise IllegalAction(
                f"the ship has {len(self.outputs)} reactors, {len(on)} settings given",
                rule=RULE_BOUNDARY,
            )
        self.on = list(on)

    def set_capacity(self, capacity: Fraction) -> Fraction:
        """Battery damage lowers the capacity; power above it is lost. Returns the power lost."""
        self.capacity = max(Fraction(0), capacity)
        lost = max(Fraction(0), self.stored - self.capacity)
        self.stored -= lost
        return lost

    def destroy_reactor(self, i: int) -> None:
        """Reactor ``i`` is destroyed (SSD damage)."""
        self.destroyed.add(i)

    def copy(self) -> PowerState:
        """An independent copy (outputs and Fractions are immutable and shared)."""
        new = object.__new__(PowerState)
        new.__dict__.update(self.__dict__)
        new.on = list(self.on)
        new.destroyed = set(self.destroyed)
        return new

    def to_dict(self) -> dict[str, Any]:
        """The Energy Board as JSON-ready data."""
        return {
            "stored": show(self.stored),
            "capacity": show(self.capacity),
            "reactors": [
                {
                    "output": show(o),
                    "on": self.on[i],
                    "destroyed": i in self.destroyed,
                }
                for i, o in enumerate(self.outputs)
            ],
        }
