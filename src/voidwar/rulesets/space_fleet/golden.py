"""Space Fleet's golden playthroughs (``voidwar dev golden space-fleet`` rewrites them).

Seeded games between two seeded random policies — "minefield-run" on the hex map and
"table-minefield" on the free table — written as readable traces: each action with the seat,
turn, phase and number of legal actions, the events it caused (every die roll included), then the
result and the final digest. The tests play the same games and diff them against
``tests/space_fleet/golden/*.txt``.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.dice import SeededDice
from ...core.game import Game
from ...core.playthrough import playthrough
from ...core.policy import RandomPolicy
from .deployment import make_game
from .game import SpaceFleetGame

SCENARIO, SEED = "minefield-run", 7


def _heading(game: Game) -> str:
    """``[T3 fire] ``: the turn and phase before each action."""
    assert isinstance(game, SpaceFleetGame)
    return f"[T{game.turn} {game.phase}] "


def minefield_run() -> str:
    """The minefield-run game, dice seed 7, random (seed 101) vs random (seed 202)."""
    game = make_game(SeededDice(SEED), SCENARIO, {})
    bots = {"blue": RandomPolicy(101), "red": RandomPolicy(202)}
    return playthrough(game, bots, f"Space Fleet golden playthrough: {SCENARIO}, dice seed "
                       f"{SEED}, random (seed 101) vs random (seed 202)", heading=_heading)


def table_minefield() -> str:
    """The free-table "table-minefield" game, dice seed 7, random (101) vs random (202)."""
    game = make_game(SeededDice(SEED), "table-minefield", {})
    bots = {"blue": RandomPolicy(101), "red": RandomPolicy(202)}
    return playthrough(game, bots, f"Space Fleet golden playthrough: table-minefield, dice seed "
                       f"{SEED}, random (seed 101) vs random (seed 202)", heading=_heading)


#: golden file name → the function that writes its text
GOLDENS: dict[str, Callable[[], str]] = {"minefield-run-seed7.txt": minefield_run,
                                         "table-minefield-seed7.txt": table_minefield}
