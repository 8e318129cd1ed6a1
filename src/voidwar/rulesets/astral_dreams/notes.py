"""What an Astral Dreams player must be told (:meth:`~voidwar.core.game.Game.notes`): the values
the text does not give and we decide (specs/astral-dreams.md, "Missing — we decide").

The text gives the profiles, the round and the attacks; the table, bases and deployment, the
Scouts' range, how two attacks combine, every terrain rule and a round limit are our reading.
"""

from __future__ import annotations

from ...core.tabletop import fmt
from .state import Battle

DOCS = "(docs/astral-dreams.md)"


def notes(b: Battle) -> list[str]:
    """The sentences for ``b``: always the table and the Scouts' range; two attacks, terrain
    and a round limit where this game has them."""
    s = b.setup
    t = s.table
    out = [
        f'The {fmt(t.width)}" × {fmt(t.height)}" table, {fmt(2 * s.radius)}" bases (base to base '
        f'within {fmt(s.tolerance)}") and deployment within {fmt(s.deploy_depth)}" of each '
        f"side's edge are our reading: the text gives none {DOCS}.",
        f'Scout ranged attacks reach {s.scout_range}": the text gives the Scouts no range; '
        f"ours {DOCS}.",
    ]
    if any(u.profile.attacks == 2 for u in b.units.values()):
        out.append('"Two Attacks per Round": both attacks are of one kind (two melee or two '
                   f"ranged), at one target or two: our reading {DOCS}.")
    if t.features:
        slope = (": on a hill the cost of each leg depends on whether it goes up, down or "
                 "across the slope") if any(f.slope is not None for f in t.features) else ""
        out.append("The terrain rules are ours, after the text's advice \"use common sense to "
                   "make appropriate terrain rules (e.g., half movement up a hill, double "
                   f'movement down it)"{slope} {DOCS}.')
    if s.round_limit:
        out.append(f"The game ends after round {s.round_limit}, the side with more surviving "
                   f"points winning: our stalemate rule, not the text's {DOCS}.")
    return out
