"""Space Fleet: Ship Types — the class table, the trade rates, and customisation.

:meth:`ShipTypes.customise` (the trade validator) turns a class plus a list of trades such as
``"2 shields -> 1 speed"`` into a :class:`Profile`, naming the exact trade that breaks the rules
when one does. The tables themselves are loaded by :mod:`.data`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from ...core.datafile import StrictModel
from .profile import Profile

CLASS_CODES = ("DD", "LC", "HC", "BB", "DN")


class ClassRow(StrictModel):
    """One row of the class table: DN 15/1/8 … DD 2/5/1 (Space Fleet: Ship Types)."""

    name: str
    shields: int = Field(ge=0, le=100)
    speed: int = Field(ge=0, le=100)
    shots: int = Field(ge=0, le=100)
    size: int = Field(ge=1, le=100)


class TradeRate(StrictModel):
    """A legal customisation rate: ``give_amount give`` for ``get_amount get`` (Ship Types)."""

    give: Literal["shields", "speed", "shots"]
    give_amount: int = Field(ge=1)
    get: Literal["shields", "speed", "shots", "mines"]
    get_amount: int = Field(ge=1)


_TRADE_RE = re.compile(r"\s*(\d+)\s+([a-z]+)\s*->\s*(\d+)\s+([a-z]+)\s*")
_UNIT_ALIASES = {
    "shield": "shields", "shields": "shields", "speed": "speed", "shot": "shots",
    "shots": "shots", "mine": "mines", "mines": "mines",
}


class TradeError(ValueError):
    """An illegal customisation; the message names the trade and the rule."""


@dataclass(frozen=True)
class ShipTypes:
    """What a customisation needs from the tables (Space Fleet: Ship Types): the class table,
    the trade rates, the lowest speed a trade may leave and the missiles per launcher."""

    classes: Mapping[str, ClassRow]
    rates: Sequence[TradeRate]
    min_speed: int
    missile_ammo: int

    def customise(self, cls: str, trades: Sequence[str], launchers: int = 0) -> Profile:
        """Apply ``trades`` to class ``cls`` or raise :class:`TradeError`.

        Ships may exchange 2 shields for one speed or shot (and back), trade shots and speed one
        for one, and buy mine patterns for 1 shield or half a shot/speed each. Missile launchers
        replace beam weapons, so there may be no more launchers than shots.
        """
        if cls not in self.classes:
            raise TradeError(f"unknown class {cls!r} (use {', '.join(CLASS_CODES)})")
        row = self.classes[cls]
        stats = {"shields": row.shields, "speed": row.speed, "shots": row.shots, "mines": 0}
        for i, text in enumerate(trades):
            self._apply_trade(stats, f"trade #{i + 1} {text!r}", text)
        if launchers < 0 or launchers > stats["shots"]:
            raise TradeError(
                f"missile_launchers = {launchers}: missiles replace beam weapons, and the ship "
                f"has {stats['shots']} shots (Space Fleet: Firing)"
            )
        return Profile(
            cls=cls, shields=stats["shields"], speed=stats["speed"], shots=stats["shots"],
            mines=stats["mines"], launchers=launchers, missiles=launchers * self.missile_ammo,
        )

    def _apply_trade(self, stats: dict[str, int], where: str, text: str) -> None:
        """Apply one trade to ``stats`` at a legal rate (Space Fleet: Ship Types)."""
        give_n, give, get_n, get = _read_trade(where, text)
        rates = [r for r in self.rates if r.give == give and r.get == get]
        if not rates:
            allowed = ", ".join(
                f"{r.give_amount} {r.give} -> {r.get_amount} {r.get}" for r in self.rates)
            raise TradeError(
                f"{where}: {give} cannot be traded for {get} (Space Fleet: Ship Types allows: "
                f"{allowed})"
            )
        rate = rates[0]
        if (
            give_n == 0 or give_n % rate.give_amount
            or get_n * rate.give_amount != give_n * rate.get_amount
        ):
            raise TradeError(
                f"{where}: the rate is {rate.give_amount} {rate.give} for {rate.get_amount} "
                f"{rate.get} (Space Fleet: Ship Types)"
            )
        if stats[give] < give_n:
            raise TradeError(
                f"{where}: the ship has only {stats[give]} {give} left to give "
                "(Space Fleet: Ship Types)"
            )
        stats[give] -= give_n
        stats[get] += get_n
        if give == "speed" and stats["speed"] < self.min_speed:
            raise TradeError(
                f"{where}: leaves speed {stats['speed']}, below the minimum {self.min_speed} "
                "(our reading: a ship must be able to move)"
            )


def _read_trade(where: str, text: str) -> tuple[int, str, int, str]:
    """``"2 shields -> 1 speed"`` → (2, "shields", 1, "speed"), or :class:`TradeError`."""
    m = _TRADE_RE.fullmatch(text.lower())
    if not m:
        raise TradeError(
            f"{where} is not written 'N unit -> M unit' (e.g. '2 shields -> 1 speed')")
    give_n, give_u, get_n, get_u = int(m[1]), m[2], int(m[3]), m[4]
    if give_u not in _UNIT_ALIASES or get_u not in _UNIT_ALIASES:
        bad = give_u if give_u not in _UNIT_ALIASES else get_u
        raise TradeError(f"{where}: unknown stat {bad!r} (shields, speed, shots, mines)")
    return give_n, _UNIT_ALIASES[give_u], get_n, _UNIT_ALIASES[get_u]
