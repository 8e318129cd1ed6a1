"""Space Fleet: two fleets on a hex map or a free table (rules: ../shared/rules/space-fleet.txt).

``voidwar.load("space-fleet", scenario="line-of-battle", seed=7)``; see docs/space-fleet.md.
"""

from __future__ import annotations

from ...core.registry import RulesetInfo
from .board import board_view
from .deployment import OPTION_HELP, balance, make_game, scenarios
from .game import SpaceFleetGame
from .golden import GOLDENS
from .options import Options
from .policies import HeuristicPolicy
from .render import piece, render, ships_command
from .search import SEARCH
from .shortcuts import confirm, shorten
from .shortcuts import expand as expand_shortcut

RULESET = RulesetInfo(
    shortcuts=expand_shortcut,
    shorten=shorten,
    confirm=confirm,
    piece=piece,
    options_model=Options,
    search=SEARCH,
    name="space-fleet",
    title="Space Fleet",
    game_class=SpaceFleetGame,
    factory=make_game,
    scenarios=scenarios,
    policies={"heuristic": lambda seed: HeuristicPolicy(seed)},
    render=render,
    aliases=("space_fleet", "spacefleet"),
    description="Two fleets on a hex map or a free table: slowest-first movement, "
    "smallest-first simultaneous "
    "fire, shields, damage table, mines and missiles.",
    commands={"ships": ships_command},
    balance=balance,
    file_options=("file",),
    option_help=OPTION_HELP,
    goldens=lambda: GOLDENS,
    board=board_view,
)

__all__ = ["RULESET", "HeuristicPolicy", "SpaceFleetGame"]
