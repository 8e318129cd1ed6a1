"""Games played with real dice (``dice="manual"``): every roll is entered by a person.

Such a game runs in explicit chance (:mod:`voidwar.core.chance`). Its ``dice`` column keeps every
roll entered so far (``values``) and, while an action waits for rolls, that action
(``pending``: its seat and text), so a restarted server asks for the same rolls again.
"""

from __future__ import annotations

from typing import Any

from voidwar.core.chance import CHANCE
from voidwar.core.errors import DiceError, IllegalAction
from voidwar.core.game import Event, Game

from .live import Live, ServiceError
from .store import GameRow


def stored_rolls(row: GameRow) -> list[int]:
    """The rolls stored for the game."""
    return [int(v) for v in row.dice.get("values", [])]


def feed(game: Game, values: list[int]) -> list[Event]:
    """Answer the pending rolls from the stored values not yet used."""
    events: list[Event] = []
    while game.to_act == CHANCE:
        pending = game.pending_roll
        used = len(game.dice.history) + (len(pending.known) if pending is not None else 0)
        if used >= len(values):
            break
        events += game.apply(f"roll {values[used]}")
    return events


def resume_pending(game: Game, row: GameRow, values: list[int]) -> None:
    """Redo the stored action that waits for rolls, with the rolls entered for it so far."""
    pending = row.dice.get("pending")
    if not (isinstance(pending, dict) and game.to_act == pending.get("seat")):
        return
    try:
        game.apply(str(pending.get("action")))
        feed(game, values)
    except (IllegalAction, DiceError) as e:
        raise ServiceError(500, f"stored game {row.id}: the action waiting for rolls "
                                f"{pending.get('action')!r}: {e}") from None


def rolls_entered(live: Live, game: Game) -> list[int]:
    """Every roll entered so far: those used (set-up, finished actions, the pending one's)
    and, after a restart, any stored ones not yet asked for again."""
    used = list(game.dice.history)
    pending = game.pending_roll
    if pending is not None:
        used += list(pending.known)
    stored = stored_rolls(live.row)
    return used + stored[len(used):] if stored[:len(used)] == used else used


def dice_column(live: Live, game: Game) -> dict[str, Any]:
    """The ``dice`` column after a roll or an action: the rolls, and what waits for rolls."""
    dice: dict[str, Any] = {"kind": "manual", "values": rolls_entered(live, game)}
    waiting = game.pending_roll
    if waiting is not None:
        dice["pending"] = {"seat": waiting.seat, "action": str(waiting.action)}
    return dice
