"""The Astral Dreams golden playthroughs (``voidwar dev golden astral-dreams`` regenerates them;
tests/astral_dreams/test_play.py diffs them).

Readable traces of seeded games on the terrain scenarios (the ruins; the twin ridges, hills with
a slope), cut to 6 rounds, heuristic Scouts against heuristic Robots: each action with the number
of legal actions, every roll and event, the units at the end of each round, the result. Any
change to the rules, the profiles, the scenario or the move candidates shows up.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.dice import SeededDice
from ...core.game import Game
from ...core.playthrough import playthrough as trace
from .game import AstralDreams, make_game
from .policies import HeuristicPolicy

#: the files the playthroughs are kept in, under tests/astral_dreams/golden/
RUINS = "ruins_seed7_heuristic.txt"
RIDGES = "ridges_seed3_heuristic.txt"


def _units(g: Game) -> str:
    assert isinstance(g, AstralDreams)
    return "  units: " + ", ".join(
        f"{u['id']}@{u['at']} h{u['health']}" for u in g.state_dict()["units"])


def scenario_playthrough(scenario: str, seed: int) -> str:
    """Heuristic against heuristic on ``scenario``, 6 rounds, seed ``seed``; a snapshot of the
    units after each round."""
    game = make_game(SeededDice(seed), scenario, {"round_limit": 6})
    bots = {"scouts": HeuristicPolicy(seed), "robots": HeuristicPolicy(seed + 1)}
    rounds = [game.round]

    def new_round(g: Game, action: str) -> bool:
        assert isinstance(g, AstralDreams)
        changed = g.round != rounds[-1]
        rounds.append(g.round)
        return changed

    return trace(game, bots,
                 f"Astral Dreams, {scenario} (6 rounds), seed {seed}, heuristic scouts vs robots",
                 snapshot=_units, snapshot_after=new_round)


def ruins_playthrough(seed: int = 7) -> str:
    """The ruins (buildings, rubble, a hill, a road), seed 7."""
    return scenario_playthrough("ruins", seed)


def ridges_playthrough(seed: int = 3) -> str:
    """The twin ridges (hills with a slope: up, down and across cost differently), seed 3."""
    return scenario_playthrough("ridges", seed)


#: golden file name → the function that writes its text
GOLDENS: dict[str, Callable[[], str]] = {RUINS: ruins_playthrough, RIDGES: ridges_playthrough}
