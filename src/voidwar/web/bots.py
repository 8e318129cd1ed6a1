"""Bot moves as jobs: any process may take one, none is done twice.

A game whose bot seat is to act is marked ``bot_due`` in the store. A process takes the job of
a game at one version with :meth:`Store.claim_bot` (a lease: one claimant at a time; a lease
that lapses — its process was killed — may be taken over), thinks, and stores the move under
the same compare-and-set as a person's action: if anything changed meanwhile the move is not
stored, so a move is never made twice. Jobs are taken by the process that stored the change
that made a bot due (at once) and, for jobs nobody holds, by every process's sweeper (every
``sweep_every`` seconds) — or by a ``voidwar bots`` process that serves no pages at all.

The policy of each move is seeded from the game's seed, the seat and the position
(:func:`.loading.policy_for`), so whichever process makes it, it is the same move.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

from voidwar.core.game import Event

from .live import Live, ServiceError
from .loading import policy_for
from .store import Store


class BotHost(Protocol):
    """What the bot jobs use of the game service (:class:`~voidwar.web.service.GameService`),
    named here so that this module need not import the service that runs it."""

    store: Store
    #: this process's name in the store's bot claims
    origin: str

    def get(self, gid: str, refresh: bool = True) -> Live:
        """The live game ``gid``."""

    def bot_due(self, live: Live) -> bool:
        """Whether a bot seat is to act in ``live``."""

    def refresh(self, live: Live, kind: str | None = None, seat: str | None = None
                ) -> list[int] | None:
        """Bring ``live`` level with the store."""

    def apply_as(self, live: Live, seat: str | None, text: str) -> tuple[int, list[Event]]:
        """Apply ``text`` as ``seat``, commit it and publish it."""

log = logging.getLogger("voidwar.web")


class Bots:
    """The bot jobs of one process: a thread pool and a sweeper."""

    def __init__(self, service: BotHost, workers: int = 4, delay: float = 0.0,
                 lease: float = 15.0, sweep_every: float = 1.0, enabled: bool = True) -> None:
        self.service = service
        #: False: this process makes no bot moves (``serve --no-bots``: ``voidwar bots``
        #: workers take every job)
        self.enabled = enabled
        self.delay = delay
        self.lease = lease
        self.sweep_every = sweep_every
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot")
        self._stopping = threading.Event()
        self._sweeper: threading.Thread | None = None

    def start(self) -> None:
        """Start the sweeper (jobs nobody holds: after a restart or a killed process)."""
        if self.enabled and self.sweep_every > 0 and self._sweeper is None:
            self._sweeper = threading.Thread(target=self._sweep_loop, name="bot-sweeper",
                                             daemon=True)
            self._sweeper.start()

    def stop(self) -> None:
        """Stop taking jobs and wait for the ones running."""
        self._stopping.set()
        self._pool.shutdown(wait=True, cancel_futures=True)
        if self._sweeper is not None:
            self._sweeper.join(timeout=5)

    def _sweep_loop(self) -> None:
        while not self._stopping.wait(self.sweep_every):
            try:
                self.sweep()
            except Exception as e:  # the database may be away for a moment
                log.warning("bot sweep failed: %s", e)

    def sweep(self) -> int:
        """Schedule every bot job the store holds due and unclaimed; how many."""
        n = 0
        if not self.enabled:
            return n
        for gid, _version in self.service.store.due_bot_games():
            try:
                live = self.service.get(gid)
                if not self.service.bot_due(live):  # a stale mark (an old store): clear it
                    self.service.store.set_bot_due(gid, live.version, False)
                    continue
                self.schedule(live)
                n += 1
            except ServiceError as e:
                log.error("cannot resume game %s: %s", gid, e.reason)
        return n

    def schedule(self, live: Live) -> None:
        """Run ``live``'s bot job in the pool when a bot seat is to act (once per game)."""
        if not self.enabled:
            return
        with live.lock:
            if live.bots_running or self._stopping.is_set() or not self.service.bot_due(live):
                return
            live.bots_running = True
        try:
            self._pool.submit(self._run, live)
        except RuntimeError:  # shutting down
            live.bots_running = False

    def _run(self, live: Live) -> None:
        """Make bot moves while a bot seat is to act and this process holds the job."""
        store, origin = self.service.store, self.service.origin
        try:
            while not self._stopping.is_set():
                with live.lock:
                    self.service.refresh(live)
                    version = live.version
                    if not self.service.bot_due(live):
                        store.set_bot_due(live.id, version, False)  # a stale mark: clear it
                        return
                if not store.claim_bot(live.id, version, origin, self.lease):
                    return  # another process holds this job
                if self.delay:
                    self._stopping.wait(self.delay)
                with live.lock:
                    self.service.refresh(live)
                    seat = live.to_act
                    if live.version != version or seat is None:
                        continue  # the game moved meanwhile: look again
                    policy = policy_for(live, seat)
                    if policy is None:
                        return
                    action = policy.choose(live.game)
                    self.service.apply_as(live, seat, str(action))
        except ServiceError as e:
            if e.status != 409:
                log.error("bot failed in game %s: %s", live.id, e.reason)
        except Exception:
            log.exception("bot failed in game %s", live.id)
        finally:
            with live.lock:
                live.bots_running = False
