"""The web server: a JSON API (OpenAPI at ``/docs``), a websocket per game, and the page.

``create_app(db_url)`` builds the FastAPI application from the routers of :mod:`.routes`;
``serve(host, port, db_url)`` runs it with uvicorn in one process. Seat tokens travel in the
``X-Seat-Token`` header (or ``?token=`` where a header cannot be set: the websocket). A request
without a token is a spectator's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from importlib import import_module
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from voidwar.core.errors import UnknownName
from voidwar.core.version import __version__

from .hub import Hub
from .routes import actions, games, static, websocket
from .service import GameService, ServiceError
from .store import Store

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
    return JSONResponse(body, status_code=exc.status)


async def _malformed(_request: Request, exc: Exception) -> JSONResponse:
    """A request that fails validation: 422 with the first five errors, readable."""
    assert isinstance(exc, RequestValidationError)
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


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Resume the stored games at start-up; stop the bots and close the store at shutdown."""
    service: GameService = app.state.service
    await asyncio.to_thread(service.resume_all)
    yield
    await asyncio.to_thread(service.close)


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0) -> FastAPI:
    """The application, storing games at ``db_url`` (default: SQLite in the data folder)."""
    service = GameService(Store(db_url), bot_delay=bot_delay)
    app = FastAPI(
        title="voidwar",
        version=__version__,
        description="Play voidwar rulesets: games, seats with secret tokens, actions in text "
                    "notation, undo by agreement, replays, and a websocket per game.",
        lifespan=_lifespan,
    )
    app.state.service = service
    app.state.hub = Hub(service)
    app.state.seats_cache = {}
    app.add_middleware(BodyLimit)
    app.add_exception_handler(ServiceError, _refused)
    app.add_exception_handler(RequestValidationError, _malformed)
    for module in (games, actions, websocket, static):
        app.include_router(module.router)
    app.include_router(import_module("voidwar.web.routes.assist").router)  # issue 17
    static.mount_static(app)
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
