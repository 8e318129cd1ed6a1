"""voidwar — an engine for tabletop space-combat wargames.

>>> import voidwar
>>> game = voidwar.load("antilles", seed=7)
>>> game.to_act
'commander'
"""

from __future__ import annotations

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
    undo,
)
from .core import rulesets as list_rulesets
from .core.version import __version__

# ``voidwar.rulesets`` is the package of rulesets; the registry listing is ``list_rulesets()``
# (a function of that name would be replaced by the subpackage as soon as it is imported).

__all__ = [
    "Action", "Event", "Game", "IllegalAction", "RecordError", "Result", "__version__",
    "get_ruleset", "list_rulesets", "load", "policies", "replay", "undo",
]
