"""Going back and going on at the terminal: undo takes back the last action with its rolls, and
a saved game goes on the way it was played (a manual-dice game asks for each roll again)."""

from __future__ import annotations

from typing import Any

from ..core.chance import ExplicitChanceGame
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.record import replay, replay_explicit, undo


def take_back(g: Game) -> tuple[Game, str]:
    """The game before its last action and its rolls, and what was taken back; with a roll
    pending, the game before the action that waits for it. :class:`IllegalAction` when nothing
    was played."""
    if isinstance(g, ExplicitChanceGame):
        if g.pending_roll is not None:
            return (replay_explicit(g.record(), upto=len(g.actions)),
                    f"took back {g.pending_roll.action} (it was waiting for a roll)")
        if not g.actions:
            raise IllegalAction("nothing to undo (0 actions so far)")
        return replay_explicit(g.record(), upto=len(g.actions) - 1), "took back the last action"
    return undo(g), "took back the last action"


def load_game_record(rec: dict[str, Any], manual: bool) -> Game:
    """A saved game: a manual-dice record goes on in explicit chance (the terminal asks for
    each roll); others replay inline."""
    kind = rec.get("dice", {}).get("kind")
    if kind == "manual" or (manual and kind == "scripted"):
        return replay_explicit(rec)
    return replay(rec)
