"""What a seat may see of a game: its view, its log, its legal actions, a replay step.

Another seat's action text and the events it caused are withheld from a seat until the next
moment that seat's view is the whole state again (``view(seat) == state_dict()``: the secret
orders have been revealed, the simultaneous fire resolved) or the game is over. A ruleset may
also mark an event public with ``emit(..., public=True)``.
"""

from __future__ import annotations

from typing import Any

from voidwar.core.chance import CHANCE
from voidwar.core.game import Event

from .live import Live, ServiceError, has_hidden_information
from .loading import build


def is_public(live: Live) -> bool:
    """Whether every seat may read everything (the game is over, or hides nothing)."""
    return live.over or not has_hidden_information(live.game)


def entry_for(live: Live, idx: int, events: list[Event], seat: str | None,
              public: bool | None = None) -> dict[str, Any]:
    """Log entry ``idx`` (-1: the set-up) as ``seat`` may read it."""
    if public is None:
        public = is_public(live)
    actor = live.action_seats[idx] if idx >= 0 else None
    mine = (public or idx < 0 or (actor is not None and actor == seat)
            or idx < live.public_upto.get(seat, 0))
    evs = [e for e in events if mine or e.data.get("public") is True]
    return {
        "index": idx,
        "seat": actor,
        "action": (live.game.actions[idx] if mine else None) if idx >= 0 else None,
        "events": [{"kind": e.kind, "text": e.text} for e in evs],
    }


def log_for(live: Live, seat: str | None) -> list[dict[str, Any]]:
    """The action history and roll log as ``seat`` may see it (see the module docstring)."""
    public = is_public(live)
    return [entry_for(live, i - 1, events, seat, public) for i, events in enumerate(live.entries)]


def legal_for(live: Live, seat: str | None) -> list[str]:
    """The legal notations of ``seat``: when it is to act, or a human seat at a manual roll."""
    with live.lock:
        if (seat is not None and not live.over and live.game.to_act == CHANCE
                and live.seats[seat].kind == "human"):
            return live.game.legal_notations()
        if seat is None or live.over or live.game.to_act != seat:
            return []
        return live.game.legal_notations()


def seats_public(live: Live) -> dict[str, dict[str, Any]]:
    """Who sits where (kind and policy), which anyone may know."""
    return {n: {"kind": s.kind, "policy": s.policy} for n, s in live.seats.items()}


def view_for(live: Live, seat: str | None) -> dict[str, Any]:
    """The game as ``seat`` may see it, with its log, legal actions and undo requests."""
    with live.lock:
        game = live.game
        result = live.result()
        view = game.state_dict() if live.over else game.view(seat)
        return {
            "id": live.id,
            "ruleset": live.row.ruleset,
            "scenario": live.row.scenario,
            "seat": seat,
            "seats": seats_public(live),
            "to_act": live.to_act,
            "status": live.status,
            "over": live.over,
            "result": result.to_dict() if result else None,
            "n_actions": len(game.actions),
            "version": live.version,
            "view": view,
            "log": log_for(live, seat),
            "legal": legal_for(live, seat),
            "undo_requested": sorted(
                n for n, s in live.seats.items() if s.undo_at == len(game.actions)),
        }


def replay_step(live: Live, step: int, seat: str | None) -> dict[str, Any]:
    """The game after its first ``step`` actions, as ``seat`` may see it."""
    with live.lock:
        n = len(live.game.actions)
        if not 0 <= step <= n:
            raise ServiceError(422, f"step must be between 0 and {n}")
        texts = list(live.game.actions[:step])
        public = is_public(live)
        entry = entry_for(live, step - 1, live.entries[step], seat, public)
    game = build(live.row, explicit=False)
    for t in texts:
        game.apply(t)
    return {
        "id": live.id,
        "step": step,
        "n_actions": n,
        "to_act": game.to_act,
        "over": game.over,
        "result": game.result.to_dict() if game.result else None,
        "view": game.state_dict() if public else game.view(seat),
        "entry": entry,
    }


def record_for(live: Live) -> dict[str, Any]:
    """The game's record; refused while a game with hidden information is being played."""
    with live.lock:
        if not live.over and has_hidden_information(live.game):
            raise ServiceError(
                403, "the record of a game with hidden information is given once it is over")
        rec = live.game.record()
        if live.row.status == "resigned":
            rec = {**rec, "resigned_by": live.row.resigned_by}
        return rec
