"""The table's clock: time controls, reminders, sessions and e-mail links all read it.

Injectable so a test passes three days in seconds (:class:`ManualClock`); a server uses the
system's (:class:`SystemClock`, epoch seconds). Several processes on several machines compare
its readings in the database, so their clocks must agree within seconds (NTP), as for bot
leases.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    """What the table needs of a clock."""

    def now(self) -> float:
        """Seconds since the epoch."""
        ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()


class ManualClock:
    """A clock that moves only when told (tests): starts at the system's time or ``start``."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
        self._lock = threading.Lock()

    def now(self) -> float:
        """The time it was set to."""
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        """Move on ``seconds``; the new time."""
        with self._lock:
            self._now += seconds
            return self._now


def span(seconds: float) -> str:
    """A duration in words: ``1 day``, ``12 hours``, ``1 day 6 hours``, ``40 minutes``."""
    s = round(seconds / 60) * 60  # to the nearest minute
    days, rest = divmod(s, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [f"{n} {unit}{'' if n == 1 else 's'}"
             for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")) if n]
    return " ".join(parts[:2]) or "less than a minute"
