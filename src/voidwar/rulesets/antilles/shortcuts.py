"""Short forms of Antilles actions at the terminal (docs/terminal.md), each expanded to the
full notation before the rules see it (so the rules still judge it).

p 3 2,-1 → place P3 at 2,-1 · m 3 2,-1 → move P3 to 2,-1 · f 2 ant → fire P2 at platform ·
f 2 b3 → fire P2 at B3 · e → end movement / end attacks · c → continue
"""

from __future__ import annotations

import re

from ...core.game import Game

_HEX = r"(-?\d+)\s*,\s*(-?\d+)"
PATTERNS: tuple[tuple[str, str], ...] = (
    (rf"p\s*(\d+)\s+{_HEX}", "place P{0} at {1},{2}"),
    (rf"m\s*(\d+)\s+{_HEX}", "move P{0} to {1},{2}"),
    (r"f\s*(\d+)\s+(?:a|ant|antilles|plat|platform)", "fire P{0} at platform"),
    (r"f\s*(\d+)\s+b?\s*(\d+)", "fire P{0} at B{1}"),
    (r"c", "continue"),
)


def expand(game: Game, text: str) -> str | None:
    """p 3 2,-1 → place P3 at 2,-1 · m 3 2,-1 → move P3 to 2,-1 · f 2 ant → fire P2 at platform ·
    f 2 b3 → fire P2 at B3 · e → end movement / end attacks · c → continue
    """
    t = " ".join(text.strip().lower().split())
    if t in ("e", "end"):
        ends = [a for a in game.legal_notations() if a.startswith("end ")]
        return ends[0] if len(ends) == 1 else None
    for pattern, template in PATTERNS:
        m = re.fullmatch(pattern, t)
        if m:
            return template.format(*m.groups())
    return None



def shorten(game: Game, action: str) -> str | None:
    """The short form of ``action`` (the inverse of :func:`expand`), or ``None``."""
    for pattern, short in ((r"place P(\d+) at (\S+)", "p {0} {1}"),
                           (r"move P(\d+) to (\S+)", "m {0} {1}"),
                           (r"fire P(\d+) at platform", "f {0} a"),
                           (r"fire P(\d+) at B(\d+)", "f {0} b{1}"), (r"continue", "c"),
                           (r"end \w+", "e")):
        m = re.fullmatch(pattern, action)
        if m:
            return short.format(*m.groups())
    return None
