"""Short forms of Space Fleet actions at the terminal (docs/terminal.md), each expanded to the
full notation before the rules see it (so the rules still judge it).

m dd1 3 → move DD1 3 (on the free table also m dd1 2.5) · t dd1 l / r → turn DD1 left / right ·
f dd1 dd4 → fire DD1 at DD4 · e dd1 → end move DD1 · e → end move (the ship moving) / end fire.
A short form that ends the move of a ship that has not moved asks first (:func:`confirm`).
"""

from __future__ import annotations

import re
from typing import Any

from ...core.game import Game

PATTERNS: tuple[tuple[str, str], ...] = (
    (r"m\s+(\w+)\s+(\d+(?:\.\d+)?|\.\d+)", "move {0} {1}"),
    (r"t\s+(\w+)\s+l(?:eft)?", "turn {0} left"),
    (r"t\s+(\w+)\s+r(?:ight)?", "turn {0} right"),
    (r"f\s+(\w+)\s+(?:at\s+)?(\w+)", "fire {0} at {1}"),
    (r"e\s+(\w+)", "end move {0}"),
)


def expand(game: Game, text: str) -> str | None:
    """m dd1 3 → move DD1 3 (free table: m dd1 2.5) · t dd1 l / r → turn DD1 left / right ·
    f dd1 dd4 → fire DD1 at DD4 · e dd1 → end move DD1 · e → end move (the ship moving) / end
    fire
    """
    t = " ".join(text.strip().split())
    if t.lower() in ("e", "end"):
        ends = [a for a in game.legal_notations() if a.startswith("end ")]
        return ends[0] if len(ends) == 1 else None
    for pattern, template in PATTERNS:
        m = re.fullmatch(pattern, t, flags=re.IGNORECASE)
        if m:
            return template.format(*(g.upper() for g in m.groups()))
    return None


def confirm(game: Game, action: str) -> str | None:
    """The question to ask before ``end move X`` from a short form when ``X`` has not moved this
    turn (Movement: a ship may stay where it is, but ``e dd1`` is one letter away from ``m``)."""
    m = re.fullmatch(r"end move (\w+)", action)
    g: Any = getattr(game, "inner", game)
    ship = getattr(g, "ships", {}).get(m[1]) if m else None
    if ship is None or ship.speed <= 0:
        return None
    if g.moving == ship.id and (g.laid or getattr(g, "moved_units", g.moved_hexes) > 0):
        return None
    one, many = ("unit", "units") if hasattr(g, "moved_units") else ("hex", "hexes")
    return (f"{ship.id} has not moved this turn (up to {ship.speed} "
            f"{one if ship.speed == 1 else many}): end its move where it stands? [y/N] ")



def shorten(game: Game, action: str) -> str | None:
    """The short form of ``action`` (the inverse of :func:`expand`), or ``None``."""
    for pattern, short in ((r"move (\w+) (\d+(?:\.\d+)?)", "m {0} {1}"),
                           (r"turn (\w+) (l|r)\w*", "t {0} {1}"),
                           (r"fire (\w+) at (\w+)", "f {0} {1}"),
                           (r"end move (\w+)", "e {0}"), (r"end \w+", "e")):
        m = re.fullmatch(pattern, action)
        if m:
            return short.format(*m.groups()).lower()
    return None
