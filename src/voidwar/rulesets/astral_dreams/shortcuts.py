"""Short forms of Astral Dreams actions at the terminal (docs/terminal.md), each expanded to
the full notation before the rules see it (so the rules still judge it). A bare number is a
miniature of the side to act.

m 1 24,12 → move S1 to 24,12 · m 1 +0,+3 → move S1 3" north (relative, no sums to do) ·
s 1 2 → shoot S1 at R2 · e 1 → end S1
"""

from __future__ import annotations

import re

from ...core.game import Game
from .game import AstralDreams

_NUM = r"[+-]?\d+(?:\.\d+)?"


def _unit(g: AstralDreams, token: str, own: bool) -> str:
    """``3`` → S3 or R3 (own side or the enemy), ``s3`` → S3."""
    tok = token.upper()
    if tok[:1].isalpha():
        return tok
    side = g.to_act or ""
    mine = "S" if side == "scouts" else "R"
    return (mine if own else ("R" if mine == "S" else "S")) + tok


def _fmt(v: float) -> str:
    return f"{round(v, 2):g}"


def expand(game: Game, text: str) -> str | None:
    """m 1 24,12 → move S1 to 24,12 · m 1 +0,+3 → move S1 3" north (relative, no sums to do) ·
    s 1 2 → shoot S1 at R2 · e 1 → end S1
    """
    if not isinstance(game, AstralDreams):
        return None
    t = " ".join(text.strip().lower().split())
    m = re.fullmatch(rf"m\s*([sr]?\d+)\s+({_NUM})\s*,\s*({_NUM})", t)
    if m:
        uid = _unit(game, m.group(1), own=True)
        x, y = m.group(2), m.group(3)
        if x[0] in "+-" and y[0] in "+-" and uid in game.units:
            px, py = game.units[uid].pos.as_floats()
            return f"move {uid} to {_fmt(px + float(x))},{_fmt(py + float(y))}"
        return f"move {uid} to {x},{y}"
    m = re.fullmatch(r"s\s*([sr]?\d+)\s+(?:at\s+)?([sr]?\d+)", t)
    if m:
        return f"shoot {_unit(game, m.group(1), True)} at {_unit(game, m.group(2), False)}"
    m = re.fullmatch(r"e\s*([sr]?\d+)", t)
    if m:
        return f"end {_unit(game, m.group(1), True)}"
    return None



def shorten(game: Game, action: str) -> str | None:
    """The short form of ``action`` (the inverse of :func:`expand`; a miniature of the side to
    act by its number alone), or ``None``."""
    if not isinstance(game, AstralDreams):
        return None
    own = "S" if game.to_act == "scouts" else "R"

    def unit(uid: str) -> str:
        return uid[1:] if uid[:1] == own else uid.lower()

    def enemy(uid: str) -> str:
        return uid[1:] if uid[:1] != own else uid.lower()

    m = re.fullmatch(r"move (\w+) to (\S+)", action)
    if m:
        return f"m {unit(m.group(1))} {m.group(2)}"
    m = re.fullmatch(r"shoot (\w+) at (\w+)", action)
    if m:
        return f"s {unit(m.group(1))} {enemy(m.group(2))}"
    m = re.fullmatch(r"end (\w+)", action)
    return f"e {unit(m.group(1))}" if m else None
