"""A deadline on each request: half-sent requests cannot hold a connection open.

uvicorn times out an idle keep-alive connection (``timeout_keep_alive``) but not a request that
is being received: headers dribbled a byte at a time, or a body that is declared and never
finished, keep their connection (and, for a body, the request's task) for as long as the client
likes. :class:`TimedH11Protocol` is uvicorn's h11 protocol with one addition: a request must
arrive whole — its headers and its body — within :data:`REQUEST_TIMEOUT` seconds of the moment
the server starts waiting for it (the connection opened, or the previous answer sent). Past
that the server answers ``408 Request Timeout`` (if it has not answered yet) and closes the
connection; a connection on which nothing arrived is closed without a word (an idle one). A
websocket is exempt once upgraded (its pings time it out). h11 buffers at most
``h11_max_incomplete_event_size`` (16 KiB) of an unfinished head; the application refuses
bodies over 64 KiB.
"""

from __future__ import annotations

import asyncio
import math
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: seconds a request may take to arrive whole (``$VOIDWAR_REQUEST_TIMEOUT``; default 30: a
#: 64 KiB body at 2 KiB/s)
REQUEST_TIMEOUT = 30.0
#: the most of an unfinished request head (line and headers) h11 buffers (more is a 400)
MAX_HEAD = 16 * 1024

_408_BODY = b'{"detail":"the request did not arrive whole in time"}'
_408 = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_408_BODY), _408_BODY))


def request_timeout() -> float:
    """The deadline in seconds: ``$VOIDWAR_REQUEST_TIMEOUT``, else :data:`REQUEST_TIMEOUT`."""
    raw = os.environ.get("VOIDWAR_REQUEST_TIMEOUT") or str(REQUEST_TIMEOUT)
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"VOIDWAR_REQUEST_TIMEOUT must be a number of seconds above 0, "
                         f"not {raw[:40]!r}")
    return value


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request (module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request_timeout = request_timeout()
        self._deadline: asyncio.TimerHandle | None = None
        self._received = 0

    def _arm(self) -> None:
        """Start waiting for a whole request."""
        self._disarm()
        self._received = 0
        self._deadline = self.loop.call_later(self.request_timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """A new connection: its first request must arrive in time."""
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: no deadline left to keep."""
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Bytes of a request: the deadline stands until the request is whole."""
        self._received += len(data)
        super().data_received(data)
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """A websocket is timed by its pings, not by this deadline."""
        self._disarm()
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        """An answer sent: the next request on the connection gets a deadline of its own
        (unless this one has still not arrived whole: its deadline stands)."""
        waiting_for_body = self.conn.their_state is h11.SEND_BODY
        super().on_response_complete()
        if not self.transport.is_closing() and not waiting_for_body:
            self._arm()

    def _expired(self) -> None:
        """The request did not arrive whole in time: 408 (when not answered yet), close."""
        self._deadline = None
        if self.transport.is_closing():
            return
        answered = self.cycle is not None and self.cycle.response_started
        if self._received and not answered and self.conn.our_state in (h11.IDLE,
                                                                       h11.SEND_RESPONSE):
            self.transport.write(_408)
        if self.cycle is not None and not self.cycle.response_complete:
            # the application's task sees a client that left, and sends nothing more
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        self.transport.close()
