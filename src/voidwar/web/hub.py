"""Websocket subscribers per game: fed from any thread, delivered on their event loop.

Each subscriber has a bounded queue (:data:`QUEUE_LIMIT` messages): a reader too slow to keep
up gets, instead of an ever longer queue, one ``{"type": "resync"}`` message in place of what
it missed — it then reloads the view — so a slow websocket cannot grow a server's memory.
Messages come from this process's changes and, through PostgreSQL ``LISTEN``, from every other
process's (:meth:`GameService._on_change`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

from .live import Live
from .service import GameService

#: the most messages waiting for one websocket
QUEUE_LIMIT = 64

#: one subscriber: its event loop, its queue, the seat it watches as (None: a spectator)
Subscription = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[Any]", str | None]


def offer(q: asyncio.Queue[Any], msg: dict[str, Any]) -> None:
    """Queue ``msg``; a full queue is emptied and left holding one resync message."""
    try:
        q.put_nowait(msg)
    except asyncio.QueueFull:
        while not q.empty():
            q.get_nowait()
        q.put_nowait({"type": "resync", "game": msg.get("game"), "version": msg.get("version"),
                      "reason": "too many changes unread: load the view again"})


class Hub:
    """Websocket subscribers per game; fed from any thread, delivered on the event loop."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.subs: dict[str, set[Subscription]] = {}
        self.lock = threading.Lock()
        service.subscribe(self.publish)

    def add(self, gid: str, seat: str | None) -> tuple[Any, asyncio.Queue[Any]]:
        """Subscribe the running event loop to game ``gid`` as ``seat``; (handle, queue)."""
        q: asyncio.Queue[Any] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        entry = (asyncio.get_running_loop(), q, seat)
        with self.lock:
            self.subs.setdefault(gid, set()).add(entry)
        return entry, q

    def remove(self, gid: str, entry: Any) -> None:
        """End the subscription ``entry`` gave."""
        with self.lock:
            subs = self.subs.get(gid)
            if subs is not None:
                subs.discard(entry)
                if not subs:
                    del self.subs[gid]

    def publish(self, live: Live, msg: dict[str, Any]) -> None:
        """Queue ``msg`` for every subscriber of the game (an action with its log entry as
        that subscriber's seat may read it, made once per seat)."""
        with self.lock:
            subs = list(self.subs.get(live.id, ()))
        if not subs:
            return
        entries: dict[str | None, dict[str, Any]] = {}
        idx = msg.get("index", len(live.game.actions) - 1)
        for loop, q, seat in subs:
            out = dict(msg)
            if msg["type"] == "action" and 0 <= idx < len(live.action_seats):
                if seat not in entries:
                    entries[seat] = self.service.entry_for(live, idx, live.entries[idx + 1],
                                                           seat)
                out["entry"] = entries[seat]
            with contextlib.suppress(RuntimeError):  # loop closed
                loop.call_soon_threadsafe(offer, q, out)
