"""The websocket of a game: one message per change (action, join, undo, resign).

The socket only pushes: what a client sends on it, text or binary, is read and dropped (never
buffered, never an error); a close from the client ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from ..hub import Hub
from ..service import GameService, ServiceError

router = APIRouter()


@router.websocket("/api/games/{gid}/ws")
async def game_socket(websocket: WebSocket, gid: str, token: str | None = None) -> None:
    """Pushes one message per change of the game (action, join, undo, resign)."""
    service: GameService = websocket.app.state.service
    hub: Hub = websocket.app.state.hub
    try:
        live = await asyncio.to_thread(service.get, gid)
        seat = service.seat_of(live, token)
    except ServiceError as e:
        await websocket.close(code=4000 + e.status, reason=e.reason[:120])
        return
    await websocket.accept()
    entry, q = hub.add(gid, seat)
    receiver: asyncio.Future[Any] | None = None
    try:
        await websocket.send_json({"type": "hello", "game": gid, "seat": seat,
                                   "version": live.version})
        # receive(), not receive_text(): a binary frame is a message like any other
        receiver = asyncio.ensure_future(websocket.receive())
        while True:
            getter = asyncio.ensure_future(q.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if getter in done:
                await websocket.send_json(getter.result())
            else:
                getter.cancel()
            if receiver in done:
                if receiver.result()["type"] == "websocket.disconnect":
                    return
                receiver = asyncio.ensure_future(websocket.receive())  # text or bytes: dropped
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.remove(gid, entry)
        if receiver is not None:
            with contextlib.suppress(Exception):
                receiver.cancel()
