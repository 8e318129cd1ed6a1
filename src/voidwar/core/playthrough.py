"""Golden playthroughs: a readable trace of a seeded game (OpenSpiel's playthrough files).

Each action with its seat and the number of legal actions, every event indented under it (rolls
one level deeper), optional board snapshots, then the result and the final digest. Tests keep
such a trace per ruleset and diff it, so that any change to the rules or the data shows up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from .game import Event, Game
from .policy import Policy


def _event_line(ev: Event) -> str:
    return ("    " if ev.kind == "roll" else "  ") + ev.text


def playthrough(
    game: Game,
    bots: Mapping[str, Policy],
    title: str,
    *,
    snapshot: Callable[[Game], str] | None = None,
    snapshot_after: Callable[[Game, str], bool] | None = None,
    heading: Callable[[Game], str] | None = None,
) -> str:
    """Play ``game`` to the end with ``bots`` (seat → policy) and return the trace.

    ``snapshot(game)`` is written after each action for which ``snapshot_after(game, action)``
    holds, and at the end; ``heading(game)`` prefixes each action line (e.g. turn and phase).
    """
    lines = [f"# {title}"]
    lines += [_event_line(e) for e in game.log]
    while not game.over:
        seat = game.to_act
        assert seat is not None
        n_legal = len(game.legal_actions())
        action = bots[seat].choose(game)
        head = heading(game) if heading else ""
        events = game.apply(action)
        lines.append(f"> {head}{seat}: {action}    ({n_legal} legal)")
        lines += [_event_line(e) for e in events]
        if snapshot and (game.over or (snapshot_after and snapshot_after(game, str(action)))):
            lines.append(snapshot(game))
    result = game.result
    lines.append("result: " + json.dumps(result.to_dict() if result else None, sort_keys=True))
    lines.append(f"digest: {game.digest()}")
    return "\n".join(line.rstrip() for block in lines for line in block.split("\n")) + "\n"
