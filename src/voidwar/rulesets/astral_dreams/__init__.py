"""Astral Dreams (C. Gerard Luft): Imperial Scouts against Ladek Marine Robots, a d20 skirmish
on a tabletop measured in inches. See docs/astral-dreams.md."""

from __future__ import annotations

from ...core.registry import RulesetInfo
from .balance import matchups
from .board import board_view
from .data import scenarios
from .game import AstralDreams, make_game
from .golden import GOLDENS
from .options import Options
from .policies import HeuristicPolicy
from .render import COMMANDS, piece, render
from .search import SEARCH
from .shortcuts import expand as expand_shortcut
from .shortcuts import shorten
from .tools import TOOLS


def _scenarios() -> dict[str, str]:
    return {name: f"{sc.title}: {sc.description}" for name, sc in scenarios().items()}


RULESET = RulesetInfo(
    tools=TOOLS,
    shortcuts=expand_shortcut,
    shorten=shorten,
    piece=piece,
    options_model=Options,
    search=SEARCH,
    name="astral-dreams",
    title="Astral Dreams",
    game_class=AstralDreams,
    factory=make_game,
    scenarios=_scenarios,
    policies={"heuristic": lambda seed: HeuristicPolicy(seed)},
    render=render,
    aliases=("astral_dreams", "astraldreams"),
    description="Imperial Scouts vs Ladek Marine Robots: a d20 miniatures skirmish in inches",
    commands=COMMANDS,
    balance=matchups,
    file_options=("army_a", "army_b"),
    option_help={
        "army_a": "the Scouts' army list (a TOML/JSON file, or inline data)",
        "army_b": "the Robots' army list (a TOML/JSON file, or inline data)",
        "points": "the points allowance of each side (default: the scenario's)",
        "scout_range": "the Scouts' range in inches (the text gives none; default 12)",
        "round_limit": "end after this many rounds, more surviving points wins (0: none)",
        "free_deploy": "true: an army's 'at' positions may be anywhere on the table",
    },
    goldens=lambda: GOLDENS,
    board=board_view,
)

__all__ = ["RULESET", "AstralDreams", "make_game"]
