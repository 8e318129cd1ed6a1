"""The online table's API: the lobby of open games, an account's games, claiming a guest
seat, a game's clock and players, its chat, profiles and leaderboards, and the live sockets
(a game page's chat and presence; an account's my-games)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, WebSocket
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect

from ..live import ServiceError
from ..models import REFUSALS, GameId, OptionValue, Refusal, Text, Token
from ..table import queries
from ..table.auth import Me, TableDep, check_origin, session_of, table_of
from ..table.online import OnlineTable, per_move_seconds

router = APIRouter(tags=["table"])
REFUSED: dict[int | str, dict[str, Any]] = {
    **REFUSALS, 429: {"model": Refusal, "description": "too many"}}


class TimeControl(BaseModel):
    """Days or hours per move (one of them)."""

    model_config = ConfigDict(extra="forbid")
    days: float | None = Field(None, gt=0, le=30)
    hours: float | None = Field(None, gt=0, le=720)


class PostGame(BaseModel):
    """A game looking for players."""

    model_config = ConfigDict(extra="forbid")
    ruleset: Text = Field(max_length=64)
    scenario: Text | None = Field(None, max_length=128)
    options: dict[Annotated[Text, Field(max_length=64)], OptionValue] = Field(
        default_factory=dict, max_length=32)
    dice: Literal["seeded", "manual"] = "seeded"
    setup_rolls: list[Annotated[int, Field(ge=1, le=100)]] = Field(default_factory=list,
                                                                   max_length=64)
    seat: Text | None = Field(None, max_length=64, description="your seat (default: the "
                                                               "first)")
    seats: dict[Annotated[Text, Field(max_length=64)],
                Annotated[Text, Field(max_length=80)]] = Field(
        default_factory=dict, max_length=16,
        description="the other seats: 'open' (the default) or 'bot:<policy>'")
    time_control: TimeControl | None = None
    on_timeout: Literal["forfeit", "bot"] = "forfeit"
    timeout_policy: Text | None = Field(None, max_length=64)
    rated: bool = False


class JoinGame(BaseModel):
    """The open seat to take (default: the first)."""

    model_config = ConfigDict(extra="forbid")
    seat: Text | None = Field(None, max_length=64)


class ClaimSeat(BaseModel):
    """A guest seat's token (from its link)."""

    model_config = ConfigDict(extra="forbid")
    game: Text = Field(max_length=32)
    token: Text = Field(min_length=1, max_length=200)


class MailSwitch(BaseModel):
    """E-mails about one game on or off."""

    model_config = ConfigDict(extra="forbid")
    on: bool


class ChatPost(BaseModel):
    """A chat message."""

    model_config = ConfigDict(extra="forbid")
    text: Text = Field(min_length=1, max_length=2000)


# -- the lobby ------------------------------------------------------------------------------
@router.get("/api/lobby")
def open_games(table: TableDep, limit: Annotated[int, Query(ge=1, le=200)] = 100
               ) -> list[dict[str, Any]]:
    """The open games, newest first, with their terms, time control and open seats."""
    return queries.lobby(table, limit)


@router.post("/api/lobby", status_code=201, responses=REFUSED)
def post_game(body: PostGame, me: Me, table: TableDep) -> dict[str, Any]:
    """Post a game: you take a seat; the open seats are listed in the lobby."""
    tc = body.time_control
    per_move = per_move_seconds(tc.days, tc.hours) if tc else None
    live, seat = table.post(me.account, body.ruleset, body.scenario, dict(body.options),
                            body.dice, list(body.setup_rolls), body.seat, dict(body.seats),
                            per_move, body.on_timeout, body.timeout_policy, body.rated)
    return {"id": live.id, "seat": seat, "link": f"/play/{live.id}"}


@router.post("/api/lobby/{gid}/join", responses=REFUSED)
def join_game(gid: GameId, body: JoinGame, me: Me, table: TableDep) -> dict[str, Any]:
    """Take an open seat of a listed game; its poster is told."""
    seat = table.join(me.account, gid, body.seat)
    return {"id": gid, "seat": seat, "link": f"/play/{gid}"}


# -- an account's games ---------------------------------------------------------------------
@router.get("/api/me/games", responses=REFUSED)
def my_games(me: Me, table: TableDep) -> dict[str, Any]:
    """Every game you sit in: your turn first, then waiting, open, and the last finished."""
    return queries.my_games(table, me.account.id)


@router.get("/api/me/games/{gid}/seats", responses=REFUSED)
def my_seats(gid: GameId, me: Me, table: TableDep) -> dict[str, Any]:
    """Your seats' tokens in a game (the page opens the game with them); 404 when you sit
    in none."""
    tokens = table.seats.tokens(gid, me.account.id)
    if not tokens:
        raise ServiceError(404, f"you hold no seat in game {gid}")
    return {"id": gid, "seats": tokens}


@router.post("/api/me/claim", responses=REFUSED)
def claim_seat(body: ClaimSeat, me: Me, table: TableDep) -> dict[str, Any]:
    """Make a guest seat yours (its link's token): it opens from your account on any device
    (the old link no longer does)."""
    seat, token = table.claim(me.account, body.game, body.token)
    return {"id": body.game, "seat": seat,
            "link": f"/game/{body.game}#seat={seat}&token={token}"}


@router.post("/api/me/games/{gid}/mail", responses=REFUSED)
def game_mail(gid: GameId, body: MailSwitch, me: Me, table: TableDep) -> dict[str, Any]:
    """E-mails about one of your games on or off."""
    if not table.seats.tokens(gid, me.account.id):
        raise ServiceError(404, f"you hold no seat in game {gid}")
    table.seats.set_mail(me.account.id, gid, body.on)
    return {"id": gid, "mail": body.on}


# -- a game's table: clock, players, chat ---------------------------------------------------
@router.get("/api/games/{gid}/table", responses=REFUSED)
def game_table(gid: GameId, table: TableDep) -> dict[str, Any]:
    """Who holds each seat, the time control and the turn's clock, rated or not."""
    table.service.get(gid)  # 404 for no game
    return queries.table_of(table, gid)


def _chat_seat(table: OnlineTable, gid: str, token: str | None) -> tuple[str, str]:
    """(seat, name) of the token's seat: chat is for a game's seats only."""
    live = table.service.get(gid)
    seat = table.service.seat_of(live, token)
    if seat is None:
        raise ServiceError(401, "the chat is for the game's seats: a seat token is needed "
                                "(header X-Seat-Token)")
    holder = table.seats.holders(gid).get(seat)
    name = (table.accounts.names({holder}).get(holder, seat) if holder is not None
            else f"{seat} (guest)")
    return seat, name


@router.get("/api/games/{gid}/chat", responses=REFUSED)
def read_chat(gid: GameId, table: TableDep, x_seat_token: Token = None,
              after: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    """The game's chat (its seats only)."""
    _chat_seat(table, gid, x_seat_token)
    return {"messages": table.chat.messages(gid, after)}


@router.post("/api/games/{gid}/chat", status_code=201, responses=REFUSED)
def write_chat(gid: GameId, body: ChatPost, table: TableDep,
               x_seat_token: Token = None) -> dict[str, Any]:
    """Say something to the game's seats (1-500 characters, at most 10 a minute)."""
    seat, name = _chat_seat(table, gid, x_seat_token)
    msg = table.chat.post(gid, seat, name, body.text, table.clock.now())
    with table.db.begin() as c:
        table.db.notify(c, {"t": "chat", "tg": gid, "o": table.service.origin})
    table.hub.table_changed(gid, "chat")
    return msg


# -- profiles -------------------------------------------------------------------------------
@router.get("/api/players/{name}", responses=REFUSED)
def player(name: Annotated[str, PathParam(max_length=64)], table: TableDep) -> dict[str, Any]:
    """A player's profile: games played and won per ruleset, ratings and their history,
    finished games with replays and signed records."""
    got = queries.profile(table, name)
    if got is None:
        raise ServiceError(404, f"no player {name[:64]!r}")
    return got


@router.get("/api/leaderboard/{ruleset}", responses=REFUSED)
def leaderboard(ruleset: Annotated[str, PathParam(max_length=64)], table: TableDep
                ) -> dict[str, Any]:
    """The ruleset's players by rating, and the best solitaire scores per scenario and
    table file."""
    return {"ruleset": ruleset, "ratings": table.ratings.leaderboard(ruleset),
            "best_scores": table.ratings.best(ruleset)}


# -- live sockets ---------------------------------------------------------------------------
async def _pump(websocket: WebSocket, q: asyncio.Queue[dict[str, Any]]) -> None:
    """Send queued messages until the page closes."""
    receiver = asyncio.ensure_future(websocket.receive_text())
    try:
        while True:
            getter = asyncio.ensure_future(q.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                receiver.result()
                receiver = asyncio.ensure_future(websocket.receive_text())
                continue
            await websocket.send_json(getter.result())
    finally:
        receiver.cancel()


@router.websocket("/api/games/{gid}/table/ws")
async def table_socket(websocket: WebSocket, gid: str, token: str | None = None) -> None:
    """A game page's socket: its chat and clock as they change; while it is open, the
    token's seat counts as on the page (no turn e-mail)."""
    table = table_of(websocket)
    try:
        live = await asyncio.to_thread(table.service.get, gid)
        seat = table.service.seat_of(live, token)
    except ServiceError as e:
        await websocket.close(code=4000 + e.status, reason=e.reason[:120])
        return
    await websocket.accept()
    sub, q = table.hub.add_game(gid)
    if seat is not None:
        await asyncio.to_thread(table.presence.enter, gid, seat)
    try:
        await websocket.send_json({"type": "hello", "game": gid, "seat": seat})
        await _pump(websocket, q)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.hub.remove_game(gid, sub)
        if seat is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(table.presence.leave, gid, seat)


@router.websocket("/api/me/ws")
async def account_socket(websocket: WebSocket) -> None:
    """A my-games page's socket: a message whenever one of the account's games changes."""
    table = table_of(websocket)
    try:
        check_origin(websocket)  # another site's page may not listen with this cookie
        s = await asyncio.to_thread(session_of, websocket)
    except ServiceError as e:
        await websocket.close(code=4000 + e.status, reason=e.reason[:120])
        return
    if s is None:
        await websocket.close(code=4401, reason="log in first")
        return
    await websocket.accept()
    sub, q = await asyncio.to_thread(table.hub.add_account, s.account.id,
                                     asyncio.get_running_loop())
    try:
        await websocket.send_json({"type": "hello"})
        await _pump(websocket, q)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.hub.remove_account(s.account.id, sub)
