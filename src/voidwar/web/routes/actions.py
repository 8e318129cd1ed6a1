"""Playing a game: a seat's view and legal actions, submitting, undo, resigning, replays."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Path as PathParam

from voidwar.core.record import audit

from ..models import (
    REFUSALS,
    Acted,
    AsciiJSON,
    GameId,
    SubmitAction,
    Token,
    UndoAnswer,
    action_text,
)
from . import Service

router = APIRouter()


@router.get("/api/games/{gid}/view", tags=["play"], responses=REFUSALS,
            response_model=dict[str, Any])
def get_view(gid: GameId, service: Service, x_seat_token: Token = None) -> AsciiJSON:
    """The game as the token's seat may see it (no token: as a spectator), with its log and,
    when that seat is to act, its legal actions."""
    live = service.get(gid)
    return AsciiJSON(service.view_for(live, service.seat_of(live, x_seat_token)))


@router.get("/api/games/{gid}/legal", tags=["play"], responses=REFUSALS,
            response_model=dict[str, Any])
def legal_actions(gid: GameId, service: Service, x_seat_token: Token = None) -> AsciiJSON:
    """The legal actions of the token's seat (empty when it is not that seat's turn)."""
    live = service.get(gid)
    seat = service.require_seat(live, x_seat_token)
    return AsciiJSON({"seat": seat, "to_act": live.to_act, "actions": service.legal(live, seat)})


@router.post("/api/games/{gid}/actions", tags=["play"], responses=REFUSALS,
             response_model=Acted)
def submit_action(gid: GameId, body: SubmitAction, service: Service,
                  x_seat_token: Token = None) -> AsciiJSON:
    """Submit an action in text notation. It is stored (committed) before this answers."""
    live, idx, events = service.act(gid, x_seat_token, action_text(body.action), body.index)
    with live.lock:
        res = live.result()
        return AsciiJSON({"index": idx, "action": live.game.actions[idx],
                          "events": [e.to_dict() for e in events], "to_act": live.to_act,
                          "over": live.over, "status": live.status,
                          "result": res.to_dict() if res else None})


@router.post("/api/games/{gid}/undo", tags=["play"], responses=REFUSALS)
def undo(gid: GameId, service: Service, x_seat_token: Token = None) -> UndoAnswer:
    """Ask to take back the last human action (and the bot actions after it); it happens
    when every human seat has asked at the same position."""
    done, waiting, n = service.request_undo(gid, x_seat_token)
    return UndoAnswer(done=done, waiting_for=waiting, n_actions=n)


@router.post("/api/games/{gid}/resign", tags=["play"], responses=REFUSALS)
def resign(gid: GameId, service: Service, x_seat_token: Token = None) -> dict[str, Any]:
    """Resign the token's seat: the game ends."""
    live = service.resign(gid, x_seat_token)
    res = live.result()
    return {"status": live.status, "result": res.to_dict() if res else None}


@router.get("/api/games/{gid}/replay/{step}", tags=["replay"], responses=REFUSALS)
def replay_step(gid: GameId, step: Annotated[int, PathParam(ge=0, le=100_000)],
                service: Service, x_seat_token: Token = None) -> dict[str, Any]:
    """The game after its first ``step`` actions (a replay viewer steps through these)."""
    live = service.get(gid)
    return service.replay_step(gid, step, service.seat_of(live, x_seat_token))


@router.get("/api/games/{gid}/record", tags=["replay"], responses=REFUSALS)
def record(gid: GameId, service: Service) -> dict[str, Any]:
    """The game's record, signed with the server's key (``voidwar replay`` rebuilds it
    exactly and says who signed it)."""
    return service.record(gid)


@router.post("/api/records/verify", tags=["replay"], responses=REFUSALS)
def verify_record(body: dict[str, Any], service: Service) -> dict[str, Any]:
    """Check a record: its envelope and checksum, its ruleset and options, every action
    replayed from its dice to the recorded final digest, and whether this server signed it
    (the signature covers the whole record). ``checked`` lists what was checked; ``valid`` is
    true only when all of it passed, else ``detail`` says what failed."""
    return audit(body, service.key or None)
