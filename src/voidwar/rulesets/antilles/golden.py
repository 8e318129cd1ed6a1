"""The Antilles golden playthrough: a readable trace of a seeded game.

Each action with the seat and the number of legal actions, every event indented under it (rolls
one level deeper), the board after each turn, then the result and the final digest.
``tests/antilles/test_play.py`` diffs it with ``tests/antilles/golden/``, so that any change to
the rules or the tables shows up; ``voidwar dev golden antilles`` writes it again.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ...core.game import Event
from ...core.registry import load
from .game import AntillesGame
from .policies import AntillesHeuristic
from .render import board_text


def _event_line(ev: Event) -> str:
    return ("    " if ev.kind == "roll" else "  ") + ev.text


def heuristic_playthrough(seed: int = 7) -> str:
    """The heuristic commander's battle on ``seed``, board drawn after each turn's attacks."""
    game = load("antilles", seed=seed)
    assert isinstance(game, AntillesGame)
    bot = AntillesHeuristic(seed)
    lines = [f"# Battle Platform Antilles, seed {seed}, heuristic commander"]
    lines += [_event_line(e) for e in game.log]
    while not game.over:
        n_legal = len(game.legal_actions())
        action = bot.choose(game)
        events = game.apply(action)
        lines.append(f"> {game.SEAT}: {action}    ({n_legal} legal)")
        lines += [_event_line(e) for e in events]
        if game.over or str(action) in ("end attacks", "continue"):
            lines.append(board_text(game).plain)
    result = game.result
    lines.append("result: " + json.dumps(result.to_dict() if result else None, sort_keys=True))
    lines.append(f"digest: {game.digest()}")
    return "\n".join(line.rstrip() for block in lines for line in block.split("\n")) + "\n"


#: golden file name → the function writing its text
GOLDENS: dict[str, Callable[[], str]] = {"seed7_heuristic.txt": heuristic_playthrough}
