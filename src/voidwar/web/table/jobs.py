"""Jobs: the table's events (a turn's e-mail, a reminder, a timeout, a game's end, a join, a
digest), each a row under a unique key, done by whichever process claims it — never twice.

A job is made in the same transaction as the change that causes it, under a key naming the
event (``turn:<game>:<version>``), so however many processes notice the change, there is one
row. A process claims due rows (PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED``, so claimants
never wait on each other; SQLite, one process: a compare-and-set on the row's state) and marks
each one ``claimed`` before doing it:

* e-mail jobs are **at most once**: a claimed e-mail job is never claimed again (a process
  killed while sending may lose that one e-mail; none is sent twice). A send that fails (the
  SMTP server refused or was away) is put back with a later due time, five tries at most.
* the clock's jobs (timeout, end) are idempotent — each checks the game is still where the job
  found it, and acts through the game's compare-and-set — so a claim whose lease lapsed (its
  process died) is taken over.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, or_, select, update

from .db import Db
from .schema import jobs

#: jobs whose claim may be taken over once its lease lapses (they check and act once)
IDEMPOTENT = ("timeout", "end")
LEASE = 60.0
MAX_TRIES = 5


@dataclass
class Job:
    """A claimed job."""

    key: str
    kind: str
    game_id: str | None
    account_id: int | None
    seat: str | None
    data: dict[str, Any]
    attempts: int


class Jobs:
    """Making, claiming and finishing jobs."""

    def __init__(self, db: Db, origin: str) -> None:
        self.db = db
        self.origin = origin

    def add(self, c: Any, key: str, kind: str, due: float, game_id: str | None = None,
            account_id: int | None = None, seat: str | None = None,
            data: dict[str, Any] | None = None) -> bool:
        """Make the job of an event (inside the caller's transaction); False when it exists."""
        return self.db.insert_new(c, jobs, {
            "key": key[:160], "kind": kind, "game_id": game_id, "account_id": account_id,
            "seat": seat, "data": json.dumps(data or {}), "due": due, "state": "pending",
            "attempts": 0})

    def claim(self, now: float, limit: int = 20) -> list[Job]:
        """Claim up to ``limit`` jobs due at ``now`` (the table's clock) for this process."""
        wall = time.time()
        ready = or_(jobs.c.state == "pending",
                    and_(jobs.c.state == "claimed", jobs.c.kind.in_(IDEMPOTENT),
                         jobs.c.lease_until < wall))
        query = (select(jobs.c.key).where(and_(jobs.c.due <= now, ready))
                 .order_by(jobs.c.due).limit(limit))
        claimed: list[str] = []
        if self.db.is_postgres:
            with self.db.begin() as c:
                keys = [r[0] for r in c.execute(query.with_for_update(skip_locked=True))]
                if keys:
                    c.execute(update(jobs).where(jobs.c.key.in_(keys)).values(
                        state="claimed", owner=self.origin, lease_until=wall + LEASE,
                        attempts=jobs.c.attempts + 1))
                claimed = keys
        else:
            with self.db.read() as c:
                keys = [r[0] for r in c.execute(query)]
            for key in keys:
                with self.db.begin() as c:
                    res = c.execute(update(jobs).where(and_(jobs.c.key == key, ready)).values(
                        state="claimed", owner=self.origin, lease_until=wall + LEASE,
                        attempts=jobs.c.attempts + 1))
                if res.rowcount == 1:
                    claimed.append(key)
        if not claimed:
            return []
        with self.db.read() as c:
            rows = c.execute(select(jobs).where(jobs.c.key.in_(claimed))).mappings().all()
        return [Job(r["key"], r["kind"], r["game_id"], r["account_id"], r["seat"],
                    json.loads(r["data"]), r["attempts"]) for r in rows]

    def done(self, key: str, outcome: str) -> None:
        """The job is done (``outcome``: what it did, in words)."""
        with self.db.begin() as c:
            c.execute(update(jobs).where(and_(jobs.c.key == key, jobs.c.owner == self.origin))
                      .values(state="done", outcome=outcome[:200]))

    def retry(self, job: Job, now: float, reason: str) -> None:
        """Put a failed job back, due later (given up after :data:`MAX_TRIES`)."""
        state = "failed" if job.attempts >= MAX_TRIES else "pending"
        with self.db.begin() as c:
            c.execute(update(jobs).where(and_(jobs.c.key == job.key,
                                              jobs.c.owner == self.origin))
                      .values(state=state, due=now + 60.0 * 2 ** job.attempts,
                              outcome=reason[:200]))

    def outcomes(self, game_id: str) -> list[dict[str, Any]]:
        """The jobs of a game with their states and outcomes (tests, diagnosis)."""
        with self.db.read() as c:
            rows = c.execute(select(jobs.c.key, jobs.c.kind, jobs.c.state, jobs.c.owner,
                                    jobs.c.outcome, jobs.c.attempts)
                             .where(jobs.c.game_id == game_id).order_by(jobs.c.due)).all()
        return [dict(r._mapping) for r in rows]
