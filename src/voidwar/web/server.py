"""The web server: a JSON API (OpenAPI at ``/docs``), a websocket per game, and the page.

``create_app(db_url)`` builds the FastAPI application; ``serve(host, port, db_url)`` runs it with
uvicorn in one process. Seat tokens travel in the ``X-Seat-Token`` header (or ``?token=`` where
a header cannot be set: the websocket). A request without a token is a spectator's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect

import voidwar
from voidwar.core.errors import UnknownName
from voidwar.core.registry import rulesets

from .service import GameService, Live, ServiceError
from .store import Store

log = logging.getLogger("voidwar.web")

#: the largest request body accepted (bytes); larger ones get 413
MAX_BODY = 64 * 1024
STATIC = Path(str(resources.files("voidwar.web") / "static"))

GameId = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="game id")]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]
#: an option is a scalar, or inline data (a table or army file's contents) — bounded by the
#: request size limit; paths to files on the server are refused (RulesetInfo.file_options)
OptionValue = str | int | float | bool | list[Any] | dict[str, Any]


# -- request and answer bodies --------------------------------------------------------------
class SeatSpec(BaseModel):
    """Who sits in a seat: a ``human`` (gets a token), a ``bot`` (a policy) or ``open``."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot", "open"] = "human"
    policy: str | None = Field(None, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ruleset: str = Field(max_length=64, examples=["antilles"])
    scenario: str | None = Field(None, max_length=128)
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(
        default_factory=dict, max_length=32)
    seed: int | None = Field(None, ge=0, le=2**62, description="dice seed (random when absent)")
    seats: dict[Annotated[str, Field(max_length=64)], SeatSpec] = Field(
        default_factory=dict, max_length=16,
        description="seat name → who sits there; seats left out are human")
    dice: Literal["seeded", "manual"] = Field(
        "seeded", description="seeded: the server rolls; manual: real dice, a person at the "
        "table enters every roll (the game waits for the chance seat)")
    setup_rolls: list[Annotated[int, Field(ge=1, le=100)]] = Field(
        default_factory=list, max_length=64,
        description="manual dice: the rolls the rules make while setting the game up")


class SeatGiven(BaseModel):
    seat: str
    token: str
    link: str


class Created(BaseModel):
    id: str
    ruleset: str
    scenario: str | None
    seats: dict[str, dict[str, Any]]
    tokens: list[SeatGiven]
    hotseat_link: str
    spectator_link: str


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: str = Field(max_length=64)


class SubmitAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=500, examples=["fire P2 at platform"])


class Acted(BaseModel):
    index: int
    action: str
    events: list[dict[str, Any]]
    to_act: str | None
    over: bool
    status: str
    result: dict[str, Any] | None


class UndoAnswer(BaseModel):
    done: bool
    waiting_for: list[str]
    n_actions: int


class Refusal(BaseModel):
    detail: str
    rule: str | None = None


REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"model": Refusal, "description": "no seat token"},
    403: {"model": Refusal, "description": "wrong seat token"},
    404: {"model": Refusal, "description": "no such game"},
    409: {"model": Refusal, "description": "not now (not your turn, game over, seat taken)"},
    413: {"model": Refusal, "description": "request too large"},
    422: {"model": Refusal, "description": "malformed request or illegal action"},
}


# -- the application ------------------------------------------------------------------------
class BodyLimit:
    """ASGI middleware: refuse bodies over ``MAX_BODY`` with 413, declared or streamed."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", []):
            if k == b"content-length" and v.isdigit() and int(v) > self.limit:
                await _too_large(self.limit, send)
                return
        seen = 0
        refused = False

        async def limited() -> MutableMapping[str, Any]:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            msg: MutableMapping[str, Any] = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    # answer now; whatever the application does next goes nowhere
                    refused = True
                    await _too_large(self.limit, send)
                    return {"type": "http.disconnect"}
            return msg

        async def guarded_send(msg: MutableMapping[str, Any]) -> None:
            if not refused:
                await send(msg)

        try:
            await self.app(scope, limited, guarded_send)
        except Exception:
            if not refused:
                raise


async def _too_large(limit: int, send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
    body = json.dumps({"detail": f"request body too large (limit {limit} bytes)"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Hub:
    """Websocket subscribers per game; fed from any thread, delivered on the event loop."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.subs: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Any], str | None]]]
        self.subs = {}
        self.lock = threading.Lock()
        service.subscribe(self.publish)

    def add(self, gid: str, seat: str | None) -> tuple[Any, asyncio.Queue[Any]]:
        q: asyncio.Queue[Any] = asyncio.Queue()
        entry = (asyncio.get_running_loop(), q, seat)
        with self.lock:
            self.subs.setdefault(gid, set()).add(entry)
        return entry, q

    def remove(self, gid: str, entry: Any) -> None:
        with self.lock:
            self.subs.get(gid, set()).discard(entry)

    def publish(self, live: Live, msg: dict[str, Any]) -> None:
        with self.lock:
            subs = list(self.subs.get(live.id, ()))
        for loop, q, seat in subs:
            out = dict(msg)
            if msg["type"] == "action":
                idx = len(live.game.actions) - 1
                out["entry"] = self.service.entry_for(live, idx, live.entries[-1], seat)
            with contextlib.suppress(RuntimeError):  # loop closed
                loop.call_soon_threadsafe(q.put_nowait, out)


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0) -> FastAPI:
    """The application, storing games at ``db_url`` (default: SQLite in the data folder)."""
    store = Store(db_url)
    service = GameService(store, bot_delay=bot_delay)
    hub = Hub(service)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(service.resume_all)
        yield
        await asyncio.to_thread(service.close)

    app = FastAPI(
        title="voidwar",
        version=voidwar.__version__,
        description="Play voidwar rulesets: games, seats with secret tokens, actions in text "
                    "notation, undo by agreement, replays, and a websocket per game.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.add_middleware(BodyLimit)

    @app.exception_handler(ServiceError)
    async def _refused(_request: Request, exc: ServiceError) -> JSONResponse:
        body: dict[str, Any] = {"detail": exc.reason}
        if exc.rule:
            body["rule"] = exc.rule
        return JSONResponse(body, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        parts = []
        for e in errors[:5]:
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
        return JSONResponse(
            {"detail": "malformed request: " + "; ".join(parts),
             "errors": json.loads(json.dumps(errors[:5], default=str))},
            status_code=422,
        )

    # -- rulesets ----------------------------------------------------------------------------
    seats_cache: dict[tuple[str, str | None], list[str]] = {}

    def seats_of(name: str, scenario: str | None) -> list[str]:
        key = (name, scenario)
        if key not in seats_cache:
            try:
                seats_cache[key] = list(voidwar.load(name, scenario=scenario, seed=0).seats)
            except Exception as e:  # a broken scenario must not break the lobby
                log.warning("cannot set up %s/%s: %s", name, scenario, e)
                seats_cache[key] = []
        return seats_cache[key]

    @app.get("/api/rulesets", tags=["rulesets"])
    def list_rulesets() -> list[dict[str, Any]]:
        """Every ruleset with its scenarios, the seats of each, its policies and options."""
        out = []
        for name, info in rulesets().items():
            try:
                scenarios = info.scenarios()
            except Exception as e:
                log.warning("ruleset %s: scenarios failed: %s", name, e)
                scenarios = {}
            out.append({
                "name": name,
                "title": info.title,
                "description": info.description,
                "scenarios": [
                    {"name": s, "description": d, "seats": seats_of(name, s)}
                    for s, d in scenarios.items()
                ],
                "default_seats": seats_of(name, None),
                "policies": voidwar.policies.names(name),
                "options": dict(info.option_help),
            })
        return out

    # -- games -------------------------------------------------------------------------------
    def links(gid: str, tokens: dict[str, str]) -> tuple[list[SeatGiven], str]:
        given = [SeatGiven(seat=s, token=t, link=f"/game/{gid}#seat={s}&token={t}")
                 for s, t in tokens.items()]
        hot = f"/game/{gid}#" + "&".join(f"seat={s}&token={t}" for s, t in tokens.items())
        return given, hot

    @app.post("/api/games", status_code=201, tags=["games"], responses=REFUSALS)
    def create_game(body: CreateGame) -> Created:
        """Create a game; every human seat's secret token comes back (once) with its link."""
        live, tokens = service.create(
            body.ruleset, body.scenario, dict(body.options), body.seed,
            {s: (spec.kind, spec.policy) for s, spec in body.seats.items()},
            dice=body.dice, setup_rolls=list(body.setup_rolls),
        )
        given, hot = links(live.id, tokens)
        return Created(id=live.id, ruleset=live.row.ruleset, scenario=live.row.scenario,
                       seats=service.seats_public(live), tokens=given, hotseat_link=hot,
                       spectator_link=f"/game/{live.id}")

    @app.get("/api/games", tags=["games"])
    def list_games(limit: Annotated[int, Query(ge=1, le=500)] = 50) -> list[dict[str, Any]]:
        """Stored games, most recently played first (public facts only)."""
        return [
            {"id": g.id, "ruleset": g.ruleset, "scenario": g.scenario, "status": g.status,
             "created": g.created, "updated": g.updated}
            for g in store.list_games(limit)
        ]

    @app.get("/api/games/{gid}", tags=["games"], responses=REFUSALS)
    def game_summary(gid: GameId) -> dict[str, Any]:
        """Public facts of a game: seats, whose turn, status, result."""
        live = service.get(gid)
        with live.lock:
            res = live.result()
            return {"id": live.id, "ruleset": live.row.ruleset, "scenario": live.row.scenario,
                    "seats": service.seats_public(live), "to_act": live.to_act,
                    "status": live.status, "over": live.over, "n_actions": len(live.game.actions),
                    "result": res.to_dict() if res else None}

    @app.post("/api/games/{gid}/join", tags=["seats"], responses=REFUSALS)
    def join_seat(gid: GameId, body: JoinSeat) -> SeatGiven:
        """Take an open seat; its secret token comes back (once)."""
        token = service.join(gid, body.seat)
        given, _ = links(gid, {body.seat: token})
        return given[0]

    @app.get("/api/games/{gid}/view", tags=["play"], responses=REFUSALS)
    def get_view(gid: GameId, x_seat_token: Token = None) -> dict[str, Any]:
        """The game as the token's seat may see it (no token: as a spectator), with its log and,
        when that seat is to act, its legal actions."""
        live = service.get(gid)
        return service.view_for(live, service.seat_of(live, x_seat_token))

    @app.get("/api/games/{gid}/legal", tags=["play"], responses=REFUSALS)
    def legal_actions(gid: GameId, x_seat_token: Token = None) -> dict[str, Any]:
        """The legal actions of the token's seat (empty when it is not that seat's turn)."""
        live = service.get(gid)
        seat = service.require_seat(live, x_seat_token)
        return {"seat": seat, "to_act": live.to_act, "actions": service.legal(live, seat)}

    @app.post("/api/games/{gid}/actions", tags=["play"], responses=REFUSALS)
    def submit_action(gid: GameId, body: SubmitAction, x_seat_token: Token = None) -> Acted:
        """Submit an action in text notation. It is stored (committed) before this answers."""
        live, idx, events = service.act(gid, x_seat_token, body.action)
        with live.lock:
            res = live.result()
            return Acted(index=idx, action=live.game.actions[idx],
                         events=[e.to_dict() for e in events], to_act=live.to_act,
                         over=live.over, status=live.status,
                         result=res.to_dict() if res else None)

    @app.post("/api/games/{gid}/undo", tags=["play"], responses=REFUSALS)
    def undo(gid: GameId, x_seat_token: Token = None) -> UndoAnswer:
        """Ask to take back the last human action (and the bot actions after it); it happens
        when every human seat has asked at the same position."""
        done, waiting, n = service.request_undo(gid, x_seat_token)
        return UndoAnswer(done=done, waiting_for=waiting, n_actions=n)

    @app.post("/api/games/{gid}/resign", tags=["play"], responses=REFUSALS)
    def resign(gid: GameId, x_seat_token: Token = None) -> dict[str, Any]:
        """Resign the token's seat: the game ends."""
        live = service.resign(gid, x_seat_token)
        res = live.result()
        return {"status": live.status, "result": res.to_dict() if res else None}

    @app.get("/api/games/{gid}/replay/{step}", tags=["replay"], responses=REFUSALS)
    def replay_step(gid: GameId, step: Annotated[int, PathParam(ge=0, le=100_000)],
                    x_seat_token: Token = None) -> dict[str, Any]:
        """The game after its first ``step`` actions (a replay viewer steps through these)."""
        live = service.get(gid)
        return service.replay_step(gid, step, service.seat_of(live, x_seat_token))

    @app.get("/api/games/{gid}/record", tags=["replay"], responses=REFUSALS)
    def record(gid: GameId) -> dict[str, Any]:
        """The game's record (``voidwar.replay`` rebuilds it exactly)."""
        return service.record(gid)

    @app.websocket("/api/games/{gid}/ws")
    async def game_socket(websocket: WebSocket, gid: str, token: str | None = None) -> None:
        """Pushes one message per change of the game (action, join, undo, resign)."""
        try:
            live = await asyncio.to_thread(service.get, gid)
            seat = service.seat_of(live, token)
        except ServiceError as e:
            await websocket.close(code=4000 + e.status, reason=e.reason[:120])
            return
        await websocket.accept()
        entry, q = hub.add(gid, seat)
        try:
            await websocket.send_json({"type": "hello", "game": gid, "seat": seat,
                                       "version": live.version})
            receiver = asyncio.ensure_future(websocket.receive_text())
            while True:
                getter = asyncio.ensure_future(q.get())
                done, _ = await asyncio.wait({getter, receiver},
                                             return_when=asyncio.FIRST_COMPLETED)
                if receiver in done:
                    getter.cancel()
                    receiver.result()  # raises WebSocketDisconnect when the page closes
                    receiver = asyncio.ensure_future(websocket.receive_text())
                    continue
                await websocket.send_json(getter.result())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.remove(gid, entry)
            with contextlib.suppress(Exception):
                receiver.cancel()

    # -- the page ----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/game/{gid}", include_in_schema=False)
    def game_page(gid: GameId) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{gid}", include_in_schema=False)
    def replay_page(gid: GameId) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Run the server in this process until interrupted (``voidwar serve``)."""
    import uvicorn

    from .store import default_db_url

    url = db_url or default_db_url()
    try:
        app = create_app(url)
    except UnknownName as e:  # pragma: no cover - defensive
        raise SystemExit(str(e)) from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    print(f"voidwar: playing at http://{shown}:{port}/  (games stored in {url})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
