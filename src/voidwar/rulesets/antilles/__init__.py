"""Battle Platform Antilles — solitaire: seven Paladins against a dice-driven battle platform."""

from __future__ import annotations

from typing import Any

from ...core.dice import Dice
from ...core.errors import UnknownName
from ...core.registry import RulesetInfo
from .board import board_view
from .data import load_tables, load_values_option
from .game import AntillesGame
from .golden import GOLDENS
from .options import Options
from .policies import AntillesHeuristic
from .render import piece, render
from .search import SEARCH
from .shortcuts import expand as expand_shortcut
from .shortcuts import shorten
from .state import Outcome, Phase, victory_level
from .tables import Tables
from .values import fit_values

SCENARIOS = {
    "standard": "The battle of the rulebook: 7 Paladins, 9 turns, the shipped (or your) tables.",
}
OPTIONS = {
    "tables": "a TOML table file (or parsed data) replacing the reconstructed tables",
    "position": "a hand-built position to start from (see antilles/position.py)",
    "search_values": "the searching commander's values fitted for these tables (a TOML file "
                     "or parsed data; voidwar dev antilles fit-values --tables ...)",
}


def make_game(dice: Dice, scenario: str | None, options: dict[str, Any]) -> AntillesGame:
    """A battle of ``scenario`` (only ``standard``) with the ``options`` of :data:`OPTIONS`,
    each validated (a bad table or values file is refused with file, field and reason)."""
    if scenario not in (None, *SCENARIOS):
        raise UnknownName(f"unknown Antilles scenario {scenario!r} (known: standard)")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise UnknownName(f"unknown Antilles option(s): {', '.join(unknown)} "
                          f"(known: {', '.join(OPTIONS)})")
    tables = load_tables(options.get("tables"))
    spec = options.get("search_values")
    values = None if spec is None else load_values_option(spec, tables)
    return AntillesGame(dice, scenario or "standard", options, tables, values)


RULESET = RulesetInfo(
    shortcuts=expand_shortcut,
    shorten=shorten,
    piece=piece,
    options_model=Options,
    search=SEARCH,
    name="antilles",
    title="Battle Platform Antilles",
    game_class=AntillesGame,
    factory=make_game,
    scenarios=lambda: dict(SCENARIOS),
    policies={"heuristic": lambda seed: AntillesHeuristic(seed)},
    render=render,
    aliases=("battle-platform-antilles", "bpa"),
    description="Solitaire: 7 Paladin assault ships against a battle platform; d20; 9 turns.",
    file_options=("tables", "search_values"),
    option_help=OPTIONS,
    goldens=lambda: GOLDENS,
    dev_commands={"fit-values": fit_values},
    board=board_view,
)

__all__ = ["RULESET", "AntillesGame", "AntillesHeuristic", "Outcome", "Phase", "Tables",
           "load_tables", "make_game", "victory_level"]
