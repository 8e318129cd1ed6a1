"""Short forms of Attack Vector orders at the terminal (docs/terminal.md), each expanded to
the full notation before the rules see it (so the rules still judge it).

t 2 → thrust 2 · p a+ → pivot to A+ · r 30 s / p → roll 30 starboard / port ·
b c → bias C · d (or .) → done
"""

from __future__ import annotations

import re

from ...core.game import Game

PATTERNS: tuple[tuple[str, str], ...] = (
    (r"t\s*(\d+(?:\.\d+)?)", "thrust {0}"),
    (r"p\s*([a-f/+\-]+)", "pivot to {0}"),
    (r"r\s*(\d+)\s+s(?:tarboard)?", "roll {0} starboard"),
    (r"r\s*(\d+)\s+p(?:ort)?", "roll {0} port"),
    (r"b\s*([a-f])", "bias {0}"),
    (r"d", "done"),
)


def expand(game: Game, text: str) -> str | None:
    """t 2 → thrust 2 · p a+ → pivot to A+ · r 30 s / p → roll 30 starboard / port ·
    b c → bias C · d (or .) → done
    """
    t = " ".join(text.strip().lower().split())
    for pattern, template in PATTERNS:
        m = re.fullmatch(pattern, t)
        if m:
            return template.format(*(g.upper() for g in m.groups()))
    return None



def shorten(game: Game, action: str) -> str | None:
    """The short form of ``action`` (the inverse of :func:`expand`), or ``None``."""
    for pattern, short in ((r"thrust (\S+)", "t {0}"), (r"pivot to (\S+)", "p {0}"),
                           (r"roll (\d+) (s|p)\w*", "r {0} {1}"), (r"bias (\w)", "b {0}"),
                           (r"done", "d")):
        m = re.fullmatch(pattern, action)
        if m:
            return short.format(*m.groups()).lower()
    return None
