"""voidwar — an engine for tabletop space-combat wargames.

>>> import voidwar
>>> game = voidwar.load("antilles", seed=7)
>>> game.to_act
'commander'
"""

from __future__ import annotations

__version__ = "0.1.0"

from . import policies
from .core import (
    Action,
    Event,
    Game,
    IllegalAction,
    RecordError,
    Result,
    get_ruleset,
    load,
    replay,
    rulesets,
    undo,
)

__all__ = [
    "Action", "Event", "Game", "IllegalAction", "RecordError", "Result", "__version__",
    "get_ruleset", "load", "policies", "replay", "rulesets", "undo",
]
