"""The Astral Dreams golden playthrough (``voidwar dev golden astral-dreams`` regenerates it;
tests/astral_dreams/test_play.py diffs it).

A readable trace of a seeded game on the ruins (terrain) scenario, cut to 6 rounds, heuristic
Scouts against heuristic Robots: each action with the number of legal actions, every roll and
event, the units at the end of each round, the result. Any change to the rules, the profiles,
the scenario or the move candidates shows up.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.dice import SeededDice
from ...core.game import Game
from ...core.playthrough import playthrough as trace
from .game import AstralDreams, make_game
from .policies import HeuristicPolicy

#: the file the playthrough is kept in, under tests/astral_dreams/golden/
RUINS = "ruins_seed7_heuristic.txt"


def _units(g: Game) -> str:
    assert isinstance(g, AstralDreams)
    return "  units: " + ", ".join(
        f"{u['id']}@{u['at']} h{u['health']}" for u in g.state_dict()["units"])


def ruins_playthrough(seed: int = 7) -> str:
    """Heuristic against heuristic on the ruins, 6 rounds, seed ``seed``; a snapshot of the
    units after each round."""
    game = make_game(SeededDice(seed), "ruins", {"round_limit": 6})
    bots = {"scouts": HeuristicPolicy(seed), "robots": HeuristicPolicy(seed + 1)}
    rounds = [game.round]

    def new_round(g: Game, action: str) -> bool:
        assert isinstance(g, AstralDreams)
        changed = g.round != rounds[-1]
        rounds.append(g.round)
        return changed

    return trace(game, bots,
                 f"Astral Dreams, ruins (6 rounds), seed {seed}, heuristic scouts vs robots",
                 snapshot=_units, snapshot_after=new_round)


#: golden file name → the function that writes its text
GOLDENS: dict[str, Callable[[], str]] = {RUINS: ruins_playthrough}
