"""The web server: a JSON API (OpenAPI at ``/docs``), a websocket per game, and the page.

``create_app(db_url)`` builds the FastAPI application from the routers of :mod:`.routes`;
``serve(host, port, db_url, workers=N)`` runs it with uvicorn in N processes (more than one
needs PostgreSQL: the store is what they share); :func:`run_bots` is a process that only makes
bot moves. Seat tokens travel in the ``X-Seat-Token`` header (or ``?token=`` where a header
cannot be set: the websocket). A request without a token is a spectator's. Every answer is
ASCII JSON (text a client sent, even a lone surrogate, comes back escaped, never as a 500).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import signal
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from voidwar.core.errors import UnknownName
from voidwar.core.record import server_key
from voidwar.core.version import __version__

from . import contract
from .hub import Hub
from .models import AsciiJSON, malformed
from .routes import actions, assist, games, static, websocket
from .service import GameService, ServiceError
from .store import Store, default_db_url
from .table import TableConfig, config_from_env, config_to_env
from .table.install import install as install_table
from .timeouts import MAX_HEAD, request_timeout

log = logging.getLogger("voidwar.web")

#: the largest request body accepted (bytes); larger ones get 413
MAX_BODY = 64 * 1024


# -- the application ------------------------------------------------------------------------
class BodyLimit:
    """ASGI middleware: refuse bodies over ``MAX_BODY`` with 413, declared or streamed."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        """Pass the request on, answering 413 as soon as the body is too large."""
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


async def _refused(_request: Request, exc: Exception) -> JSONResponse:
    """A :class:`ServiceError` as its status and ``{"detail", "rule"}``."""
    assert isinstance(exc, ServiceError)
    body: dict[str, Any] = {"detail": exc.reason}
    if exc.rule:
        body["rule"] = exc.rule
    return AsciiJSON(body, status_code=exc.status)


async def _malformed(_request: Request, exc: Exception) -> JSONResponse:
    """A request that fails validation: 422 with the first five errors, readable."""
    assert isinstance(exc, RequestValidationError)
    return malformed(list(exc.errors()))


async def _http_refused(request: Request, exc: Exception) -> Response:
    """The framework's own refusals in the API's words: a body that is not UTF-8 (the
    framework's bare 400) is the malformed request it is (422); a 405 lists in ``Allow``
    every method of the path, not only the first route's."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400:
        return malformed([{"type": "json_invalid", "loc": ["body"],
                           "msg": "the body is not JSON in UTF-8"}])
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        headers["Allow"] = ", ".join(allowed_methods(request.app, request.scope))
    if exc.status_code == 204 or exc.status_code == 304:
        return Response(status_code=exc.status_code, headers=headers)
    return AsciiJSON({"detail": exc.detail}, status_code=exc.status_code, headers=headers)


#: the methods a path may be asked whether it answers
_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def allowed_methods(app: FastAPI, scope: MutableMapping[str, Any]) -> list[str]:
    """Every method some route answers at the request's path (Starlette names only the
    methods of the first route whose path matched): each method is put to the router."""
    allowed = []
    for method in _METHODS:
        probe = {**scope, "method": method}
        if any(route.matches(probe)[0] is Match.FULL for route in app.router.routes):
            allowed.append(method)
    return allowed


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Listen for other processes' changes and take the bot jobs nobody holds at start-up;
    stop the bots and close the store at shutdown."""
    service: GameService = app.state.service
    await asyncio.to_thread(service.start)
    await asyncio.to_thread(app.state.table.start)
    await asyncio.to_thread(service.resume_all)
    yield
    await asyncio.to_thread(app.state.table.close)
    await asyncio.to_thread(service.close)


def key_for(url: str) -> bytes:
    """The server's record key: ``$VOIDWAR_SERVER_KEY``, else a key made once and kept in
    the data folder (``server.key``, mode 600). Several machines must share one (docs/web.md)."""
    key = server_key()
    if key is not None:
        return key
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    path = Path(base) / "voidwar" / "server.key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):  # another process made it first
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as fh:
                fh.write(secrets.token_hex(32) + "\n")
    return path.read_text().strip().encode()


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0,
               client_seeds: bool = False, key: bytes | None = None,
               bot_lease: float = 15.0, sweep_every: float = 1.0, bots: bool = True,
               table: TableConfig | None = None) -> FastAPI:
    """The application, storing games at ``db_url`` (default: SQLite in the data folder).

    ``client_seeds``: a client may choose the dice seed (tests, local play; every seat is told).
    ``key``: the record key (default: :func:`key_for`). ``bots=False``: this process makes
    no bot moves (``voidwar bots`` workers make them all). ``table``: the online table's
    settings (SMTP, links, clock; :class:`~voidwar.web.table.TableConfig`)."""
    store = Store(db_url)
    key = key if key is not None else key_for(store.url)
    service = GameService(store, bot_delay=bot_delay, client_seeds=client_seeds, key=key,
                          bot_lease=bot_lease, sweep_every=sweep_every, bots=bots)
    app = FastAPI(
        title="voidwar",
        version=__version__,
        description="Play voidwar rulesets: games, seats with secret tokens, actions in text "
                    "notation, undo by agreement, replays, and a websocket per game.",
        lifespan=_lifespan,
        default_response_class=AsciiJSON,
    )
    app.state.service = service
    app.state.hub = Hub(service)
    app.state.seats_cache = {}
    app.add_middleware(BodyLimit)
    # views and pages compress ~5-10x; level 3 costs a tenth of the default 9's CPU (a 150 KB
    # view: ~0.5 ms instead of ~4 ms) for a few percent more bytes
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=3)
    app.add_exception_handler(ServiceError, _refused)
    app.add_exception_handler(RequestValidationError, _malformed)
    app.add_exception_handler(StarletteHTTPException, _http_refused)
    for module in (games, actions, websocket, static):
        app.include_router(module.router)
    app.include_router(assist.router)  # the table assistant
    install_table(app, service, key, table)  # accounts, lobby, clocks, e-mail, ratings
    static.mount_static(app)
    contract.install(app, client_seeds)
    return app


#: the environment :func:`app_from_env` reads (the worker processes of ``serve --workers``)
ENV_DB, ENV_CLIENT_SEEDS, ENV_BOTS = "VOIDWAR_DB", "VOIDWAR_CLIENT_SEEDS", "VOIDWAR_SERVE_BOTS"


def app_from_env() -> FastAPI:
    """The application of one worker process (``uvicorn --factory``): its store from
    ``$VOIDWAR_DB``, client seeds when ``$VOIDWAR_CLIENT_SEEDS`` is 1, no bot moves when
    ``$VOIDWAR_SERVE_BOTS`` is 0."""
    return create_app(os.environ.get(ENV_DB) or None,
                      client_seeds=os.environ.get(ENV_CLIENT_SEEDS) == "1",
                      bot_lease=float(os.environ.get("VOIDWAR_BOT_LEASE", "15")),
                      bots=os.environ.get(ENV_BOTS, "1") != "0",
                      table=config_from_env(dict(os.environ)))


#: how every ``voidwar serve`` process runs uvicorn: the h11 protocol with a deadline on each
#: request (``web/timeouts.py``: headers and body whole within ``$VOIDWAR_REQUEST_TIMEOUT``
#: seconds, default 30), 16 KiB of an unfinished request head, idle connections closed after 30 s
UVICORN: dict[str, Any] = {
    "http": "voidwar.web.timeouts:TimedH11Protocol", "h11_max_incomplete_event_size": MAX_HEAD,
    "timeout_keep_alive": 30, "log_level": "warning"}


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None,
          workers: int = 1, client_seeds: bool = False, bots: bool = True,
          table: TableConfig | None = None) -> None:
    """Run the server until interrupted (``voidwar serve``): ``workers`` processes, which
    share one PostgreSQL database when more than one; ``bots=False``: pages and API only,
    the bot moves left to ``voidwar bots`` workers; ``table``: the online table's settings
    (SMTP server, public address of e-mail links)."""
    import uvicorn

    url = db_url or default_db_url()
    try:
        request_timeout()
    except ValueError as e:
        raise SystemExit(str(e)) from None
    if workers > 1 and not Store(url).is_postgres:
        raise SystemExit("several worker processes share their games through PostgreSQL: "
                         "give --db postgresql://… (SQLite serves one process)")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    print(f"voidwar: playing at http://{shown}:{port}/  ({workers} process"
          f"{'es' if workers > 1 else ''}; games stored in {url})", flush=True)
    if workers > 1:
        os.environ[ENV_DB], os.environ[ENV_CLIENT_SEEDS] = url, "1" if client_seeds else "0"
        os.environ[ENV_BOTS] = "1" if bots else "0"
        os.environ.update(config_to_env(table or TableConfig()))
        uvicorn.run("voidwar.web.server:app_from_env", factory=True, host=host, port=port,
                    workers=workers, **UVICORN)
        return
    try:
        app = create_app(url, client_seeds=client_seeds,
                         bot_lease=float(os.environ.get("VOIDWAR_BOT_LEASE", "15")), bots=bots,
                         table=table)
    except UnknownName as e:  # pragma: no cover - defensive
        raise SystemExit(str(e)) from None
    uvicorn.run(app, host=host, port=port, **UVICORN)


def run_bots(db_url: str | None = None) -> None:
    """A process that makes bot moves only (``voidwar bots``): it takes the jobs of the
    store's games until interrupted."""
    store = Store(db_url)
    service = GameService(store, key=b"")
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    service.start()
    print(f"voidwar bots: taking bot moves of the games in {store.url}", flush=True)
    service.resume_all()
    stop.wait()
    service.close()
