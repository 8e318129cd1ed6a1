"""Websocket subscribers per game: fed from any thread, delivered on their event loop."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

from .live import Live
from .service import GameService

#: one subscriber: its event loop, its queue, the seat it watches as (None: a spectator)
Subscription = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[Any]", str | None]


class Hub:
    """Websocket subscribers per game; fed from any thread, delivered on the event loop."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.subs: dict[str, set[Subscription]] = {}
        self.lock = threading.Lock()
        service.subscribe(self.publish)

    def add(self, gid: str, seat: str | None) -> tuple[Any, asyncio.Queue[Any]]:
        """Subscribe the running event loop to game ``gid`` as ``seat``; (handle, queue)."""
        q: asyncio.Queue[Any] = asyncio.Queue()
        entry = (asyncio.get_running_loop(), q, seat)
        with self.lock:
            self.subs.setdefault(gid, set()).add(entry)
        return entry, q

    def remove(self, gid: str, entry: Any) -> None:
        """End the subscription ``entry`` gave."""
        with self.lock:
            self.subs.get(gid, set()).discard(entry)

    def publish(self, live: Live, msg: dict[str, Any]) -> None:
        """Queue ``msg`` for every subscriber of the game (an action with its log entry as
        that subscriber's seat may read it)."""
        with self.lock:
            subs = list(self.subs.get(live.id, ()))
        for loop, q, seat in subs:
            out = dict(msg)
            if msg["type"] == "action":
                idx = len(live.game.actions) - 1
                out["entry"] = self.service.entry_for(live, idx, live.entries[-1], seat)
            with contextlib.suppress(RuntimeError):  # loop closed
                loop.call_soon_threadsafe(q.put_nowait, out)
