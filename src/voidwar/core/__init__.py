"""The ruleset-agnostic engine core: dice, geometry, the Game protocol, records, registry."""

from .dice import Dice, ManualDice, Roll, ScriptedDice, SeededDice, derive_seed
from .errors import DataFileError, DiceError, IllegalAction, RecordError, UnknownName, VoidwarError
from .game import Action, Event, Game, Result
from .record import replay, undo
from .registry import RulesetInfo, get_ruleset, load, rulesets

__all__ = [
    "Action", "DataFileError", "Dice", "DiceError", "Event", "Game", "IllegalAction", "ManualDice",
    "RecordError", "Result", "Roll", "RulesetInfo", "ScriptedDice", "SeededDice", "UnknownName",
    "VoidwarError", "derive_seed", "get_ruleset", "load", "replay", "rulesets", "undo",
]
