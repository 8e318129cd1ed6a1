"""What a seat may see of a game: its view, its log, its legal actions, a replay step.

Everything here derives from the seat's view of the rules: the view itself, the board (built
from the same state as ``view(seat)``) and the log, where another seat's action taken in a
secret step — its text, and the events it caused — is withheld until that step ends
(:class:`~.live.Reveal`, moved only by :meth:`Game.secret_step`, which every seat sees) or the
game is over. A ruleset may mark an event public with ``emit(..., public=True)``. So two games
a seat cannot tell apart give that seat the same answers, byte for byte (the log, the board's
last action, a replay step, a websocket message).
"""

from __future__ import annotations

from typing import Any

from voidwar.core.board import LastAction, chance_actions, notes_of, pending_partial
from voidwar.core.chance import CHANCE
from voidwar.core.errors import IllegalAction, UnknownName
from voidwar.core.game import Action, Event, Game
from voidwar.core.notation import is_declared
from voidwar.core.registry import get_ruleset

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
            or idx < live.reveal.upto)
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


#: structured forms already made (actions are frozen values; the same moves recur position
#: after position); emptied when it reaches :data:`MEMO_LIMIT` entries
_MEMO: dict[Action, dict[str, Any]] = {}
MEMO_LIMIT = 50_000


def action_dict(action: Action) -> dict[str, Any]:
    """An action's structured form (``{"text", "kind", "actor", ...}``, core/notation.py); an
    undeclared action (a die entered by hand, a test toy) gives its text and first word.
    The answer is shared: callers must not change it."""
    try:
        known = _MEMO.get(action)
    except TypeError:  # an action with an unhashable field
        return _action_dict(action)
    if known is None:
        known = _action_dict(action)
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[action] = known
    return known


def _action_dict(action: Action) -> dict[str, Any]:
    if is_declared(type(action)):
        return action.to_dict()
    text = str(action)
    out: dict[str, Any] = {"text": text, "kind": text.split()[0] if text else ""}
    value = getattr(action, "value", None)
    if isinstance(value, int):
        out["value"] = value
    return out


def legal_for(live: Live, seat: str | None) -> list[dict[str, Any]]:
    """The legal actions of ``seat``, structured: when it is to act, or a human seat at a
    manual roll."""
    with live.lock:
        game = live.game
        if seat is None or live.over:
            return []
        at_roll = game.to_act == CHANCE and live.seats[seat].kind == "human"
        if not at_roll and game.to_act != seat:
            return []
        key = (live.version, seat)
        cached = live.legal_cache.get(key)
        if cached is None:  # a new position (every change bumps the version): forget the old
            live.legal_cache = {k: v for k, v in live.legal_cache.items() if k[0] == key[0]}
            cached = live.legal_cache[key] = [action_dict(a) for a in game.legal_actions()]
        return cached


def _last(game: Game, entry: dict[str, Any]) -> LastAction | None:
    """The last action ``entry`` shows, with where it acted (highlighted on the board)."""
    text = entry.get("action")
    if not text:
        return None
    out = LastAction(text=text, seat=entry.get("seat"),
                     events=[e["text"] for e in entry["events"]])
    try:
        d = action_dict(game.parse_action(text))
    except IllegalAction:
        return out
    if isinstance(d.get("actor"), str):
        out.actor = d["actor"]
    for key in ("target", "targets"):
        v = d.get(key)
        out.target = v[0] if isinstance(v, list) and v else v if isinstance(v, str) else None
        if out.target:
            break
    for key in ("hex", "to"):
        v = d.get(key)
        if isinstance(v, list) and len(v) >= 2:
            if key == "hex":
                out.hex = f"{v[0]},{v[1]}"
            else:
                out.point = (float(v[0]), float(v[1]))
    return out


def board_for(game: Game, seat: str | None, human_at_roll: bool,
              last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The ruleset's board for ``seat`` (``None`` for a ruleset without one). With real dice the
    board shows the state after the rolls entered so far, and the seat's roll choices."""
    try:
        info = get_ruleset(game.ruleset)
    except UnknownName:
        return None
    if info.board is None:
        return None
    shown, events, rolls = pending_partial(game, seat)
    board = info.board(shown, seat)
    board.notes = notes_of(game)
    if game.to_act == CHANCE:
        board.rolls = rolls
        roll = game.view(seat).get("chance") or {}
        board.prompt = (f"Roll a {roll.get('die', 'die')} for {roll.get('purpose', 'the rules')}"
                        " and enter it." if human_at_roll else
                        f"Waiting for a {roll.get('die', 'die')} roll.")
        board.actions = {"": chance_actions(game)} if human_at_roll else {}
        # the rules' step is the one before the action that waits for this roll: say the roll
        doing = f"rolling a {roll.get('die', 'die')} for {roll.get('purpose', 'the rules')}"
        for panel in board.panels[:1]:
            rows = [(k, doing if k == "step" else v) for k, v in panel.rows]
            panel.rows = rows if any(k == "step" for k, _ in rows) else [*rows, ("step", doing)]
    if last is not None:
        board.last = _last(game, last)
        if board.last is not None and events:
            board.last.events += [e.text for e in events]
    return board.model_dump(mode="json")


def seats_public(live: Live) -> dict[str, dict[str, Any]]:
    """Who sits where (kind and policy), which anyone may know."""
    return {n: {"kind": s.kind, "policy": s.policy} for n, s in live.seats.items()}


def view_for(live: Live, seat: str | None) -> dict[str, Any]:
    """The game as ``seat`` may see it, with its log, legal actions and undo requests."""
    with live.lock:
        game = live.game
        result = live.result()
        view = game.state_dict() if live.over else game.view(seat)
        log = log_for(live, seat)
        human_at_roll = (seat is not None and not live.over and game.to_act == CHANCE
                         and live.seats[seat].kind == "human")
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
            "board": board_for(game, seat, human_at_roll, _last_visible(log)),
            "log": log,
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
        entries = [entry_for(live, i - 1, live.entries[i], seat, public)
                   for i in range(step + 1)]
        result = live.result() if step == n and live.over else None
    game = build(live.row, explicit=False)
    for t in texts:
        game.apply(t)
    if result is None and game.result is not None:
        result = game.result
    return {
        "id": live.id,
        "step": step,
        "n_actions": n,
        "to_act": game.to_act,
        "over": game.over or result is not None,
        "result": result.to_dict() if result else None,
        "view": game.state_dict() if public else game.view(seat),
        "board": board_for(game, None if public else seat, False, _last_visible(entries)),
        "entry": entries[-1],
        "log": entries,
    }


def _last_visible(log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The newest log entry whose action the reader may see."""
    return next((e for e in reversed(log) if e.get("action")), None)


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
