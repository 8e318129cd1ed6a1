"""Space Fleet: a ship's stats after customisation (Ship Types), made by
:meth:`.designs.ShipTypes.customise`.

A module of its own so that the compiled build (``build_compiled.py``) makes it a native frozen
dataclass: the rules read a ship's speed and weapons as a C struct's fields
(:func:`.battle.movers`, the fire rules), where :mod:`.designs`' pydantic tables stay
interpreted.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Profile:
    """A ship's stats after customisation (Space Fleet: Ship Types)."""

    cls: str
    shields: int
    speed: int
    shots: int
    mines: int
    launchers: int
    missiles: int

    @property
    def beams(self) -> int:
        """Beam weapons: the shots not turned into missile launchers (Space Fleet: Firing)."""
        return self.shots - self.launchers

    def __reduce__(self) -> tuple[type[Profile], tuple[object, ...]]:
        """Copied and pickled through the constructor (a compiled frozen dataclass is set up
        by it, not by ``__setstate__``)."""
        return Profile, tuple([getattr(self, f.name) for f in fields(self)])

    @property
    def cost(self) -> int:
        """Half-point cost: shields + 2×(speed + shots) + mine patterns at their trade price."""
        return self.shields + 2 * (self.speed + self.shots) + self.mines


__all__ = ["Profile"]
