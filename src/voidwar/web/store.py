"""The game store: the single source of truth of every game (ruleset, scenario, options, dice,
actions, seats), shared by any number of server processes.

SQLAlchemy Core over SQLite by default (a file in the user's data folder: one machine) or
PostgreSQL when a ``postgresql://`` URL is given (any number of processes and machines). The
schema is portable: JSON lives in ``Text`` columns, keys are strings and integers.

Every change of a game is one transaction that bumps the game's ``version`` **only if it is
still the version the writer saw** (compare-and-set): two processes that accept an action at
the same moment cannot both store it — the second gets :class:`Conflict`. Actions are rows under
the unique key (game, index), the backstop of the same guarantee. An undo bumps the game's
``generation`` too (its history was rewritten), so a process's cached copy knows whether new
rows merely extend what it holds. Each change is committed before the server answers, so a
process killed at any moment loses no acknowledged action. On PostgreSQL each change also
sends ``NOTIFY voidwar`` in the same transaction (delivered on commit): :meth:`Store.listen`
feeds every other process (live updates across machines).

A bot's move is a job: :meth:`Store.claim_bot` lets one process at a time (a lease) think for a
game at one version; the compare-and-set makes the move stored once even if a lease expires.

Seat tokens are never stored: only their SHA-256 digests are. The tables and the rows read from
them are :mod:`.rows`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    and_,
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

from .rows import (
    GameRow,
    SeatRow,
    actions,
    game_row,
    games,
    metadata,
    migrate,
    seats,
    sqlite_pragmas,
)

__all__ = ["CHANNEL", "Conflict", "GameRow", "SeatRow", "Store", "actions", "default_db_url",
           "games", "normalise_url", "seats"]

log = logging.getLogger("voidwar.web")

#: the PostgreSQL channel changes are announced on
CHANNEL = "voidwar"


class Conflict(Exception):
    """Another process changed the game first (the compare-and-set or the unique index)."""


def default_db_url() -> str:
    """``sqlite:///$XDG_DATA_HOME/voidwar/games.db`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "voidwar"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.db'}"


def normalise_url(url: str) -> str:
    """``postgresql://…`` means the psycopg (3) driver, the one the ``web`` extra installs
    (SQLAlchemy's own default would be psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


#: ``fn(payload)`` for every change another process announced (PostgreSQL)
Listener = Callable[[dict[str, Any]], None]


class Store:
    """All database access of the server. Every write method commits before it returns;
    every change of a game is a compare-and-set on its version (:class:`Conflict`)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalise_url(url or default_db_url())
        self.is_postgres = self.url.startswith("postgresql")
        kwargs: dict[str, Any] = {"future": True}
        if self.url.startswith("sqlite"):
            if self.url.startswith("sqlite:///") and self.url != "sqlite:///:memory:":
                Path(self.url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
            # the server uses threads; SQLite serialises writers itself (with a wait)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            # no pre-ping (a round trip per checkout): connections are recycled instead, and
            # a request that meets a dead connection fails once (the client looks again)
            # (with the head pool below at most 40 connections a process, plus the listener)
            kwargs.update(pool_size=10, max_overflow=20, pool_recycle=300)
        self.engine: Engine = create_engine(self.url, **kwargs)
        #: reads run in autocommit: one round trip each (no BEGIN, no ROLLBACK)
        self.reader: Engine = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", sqlite_pragmas)
        #: :meth:`head` (every request) as plain DB-API on autocommit connections: ~0.3 ms of
        #: CPU, SQLAlchemy's execute with its per-checkout isolation switch ~1.3 ms
        self._raw: Engine = self.engine if not self.is_postgres else create_engine(
            self.url, isolation_level="AUTOCOMMIT", pool_reset_on_return=None, pool_size=5,
            max_overflow=5, pool_recycle=300)
        self._mark = "%s" if self.is_postgres else "?"
        self._local_writes = None if self.is_postgres else threading.Lock()
        self._create_schema()
        self._listening = threading.Event()

    @contextlib.contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A write transaction. On SQLite this process's writers queue on a lock (woken at
        once) instead of in SQLite's busy handler, which sleeps up to 100 ms between tries."""
        if self._local_writes is None:
            with self.engine.begin() as c:
                yield c
            return
        with self._local_writes, self.engine.begin() as c:
            yield c

    def _create_schema(self) -> None:
        """Create the tables and migrate an older store; several processes may start at once
        (PostgreSQL: under an advisory lock; SQLite: a lost race is retried)."""
        if self.is_postgres:
            with self.engine.begin() as c:
                c.execute(text("SELECT pg_advisory_xact_lock(741974)"))
                metadata.create_all(c)
                migrate(c)
            return
        for attempt in range(5):
            try:
                with self.engine.begin() as c:
                    metadata.create_all(c)
                    migrate(c)
                return
            except DBAPIError:  # another process created them at the same moment
                time.sleep(0.1 * (attempt + 1))

    def close(self) -> None:
        """Stop listening and release the database connections."""
        self._listening.clear()
        self.engine.dispose()
        self._raw.dispose()

    # -- announcing changes (PostgreSQL LISTEN/NOTIFY) ---------------------------------------
    def _notify(self, c: Connection, payload: dict[str, Any] | None) -> None:
        if self.is_postgres and payload is not None:
            c.execute(text("SELECT pg_notify(:ch, :p)"),
                      {"ch": CHANNEL, "p": json.dumps(payload, separators=(",", ":"))})

    def listen(self, fn: Listener) -> threading.Thread | None:
        """Call ``fn(payload)`` (in a thread of its own) for every change any process
        announces; None on SQLite (one process owns the file's games)."""
        if not self.is_postgres:
            return None
        self._listening.set()
        t = threading.Thread(target=self._listen_loop, args=(fn,), name="voidwar-listen",
                             daemon=True)
        t.start()
        return t

    def _listen_loop(self, fn: Listener) -> None:
        import psycopg

        dsn = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while self._listening.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    fn({"t": "listening"})  # (re)connected: caches may have missed changes
                    while self._listening.is_set():
                        for n in conn.notifies(timeout=1.0):
                            try:
                                fn(json.loads(n.payload))
                            except Exception:
                                log.exception("change listener failed")
            except Exception as e:  # the database went away: reconnect
                log.warning("listening for changes failed (%s); reconnecting", e)
                time.sleep(1.0)

    # -- games -------------------------------------------------------------------------------
    def create_game(
        self,
        gid: str,
        ruleset: str,
        scenario: str | None,
        options: dict[str, Any],
        dice: dict[str, Any],
        seat_rows: list[SeatRow],
        status: str = "active",
        seeded_by: str = "server",
        bot_due: bool = False,
    ) -> None:
        """Insert a new game and its seats (one transaction)."""
        now = _now()
        with self._begin() as c:
            c.execute(insert(games).values(
                id=gid, ruleset=ruleset, scenario=scenario, options=json.dumps(options),
                dice=json.dumps(dice), status=status, resigned_by=None, created=now, updated=now,
                version=0, generation=0, n_actions=0, seeded_by=seeded_by, bot_due=int(bot_due),
            ))
            for s in seat_rows:
                c.execute(insert(seats).values(
                    game_id=gid, seat=s.seat, kind=s.kind, policy=s.policy,
                    token_hash=s.token_hash, undo_at=None,
                ))

    def get_game(self, gid: str) -> GameRow | None:
        """The game ``gid``, or None."""
        with self.reader.connect() as c:
            row = c.execute(select(games).where(games.c.id == gid)).mappings().first()
        return None if row is None else game_row(row)

    def head(self, gid: str) -> tuple[int, int, int] | None:
        """(version, generation, action count) of a game: what a cached copy is checked
        against before each use (one round trip, plain DB-API: it runs for every request)."""
        conn = self._raw.raw_connection()
        try:
            cur = conn.cursor()
            cur.execute(f"SELECT version, generation, n_actions FROM games WHERE id = {self._mark}",
                        (gid,))
            row = cur.fetchone()
        finally:
            conn.close()
        return None if row is None else (int(row[0]), int(row[1]), int(row[2]))

    def list_games(self, limit: int = 100) -> list[GameRow]:
        """The most recently played games first."""
        with self.reader.connect() as c:
            rows = c.execute(
                select(games).order_by(games.c.updated.desc()).limit(limit)
            ).mappings().all()
        return [game_row(r) for r in rows]

    def active_game_ids(self) -> list[str]:
        """The ids of the games still being played."""
        with self.reader.connect() as c:
            return list(c.execute(select(games.c.id).where(games.c.status == "active")).scalars())

    def _bump(self, c: Connection, gid: str, expect: int, **values: Any) -> int:
        """Compare-and-set: bump the game's version from ``expect`` (and set ``values``);
        :class:`Conflict` when another writer got there first."""
        res = c.execute(update(games).where(and_(games.c.id == gid, games.c.version == expect))
                        .values(version=expect + 1, updated=_now(), **values))
        if res.rowcount != 1:
            raise Conflict(gid)
        return expect + 1

    def set_status(self, gid: str, expect: int, status: str, resigned_by: str | None = None,
                   note: dict[str, Any] | None = None) -> int:
        """Set a game's status (and who resigned); the new version."""
        with self._begin() as c:
            v = self._bump(c, gid, expect, status=status, resigned_by=resigned_by, bot_due=0)
            self._notify(c, note and {**note, "g": gid, "v": v})
        return v

    # -- seats -------------------------------------------------------------------------------
    def get_seats(self, gid: str) -> dict[str, SeatRow]:
        """The seats of a game by name."""
        with self.reader.connect() as c:
            rows = c.execute(select(seats).where(seats.c.game_id == gid)).mappings().all()
        return {
            r["seat"]: SeatRow(r["seat"], r["kind"], r["policy"], r["token_hash"], r["undo_at"])
            for r in rows
        }

    def claim_seat(self, gid: str, expect: int, seat: str, token_hash: str,
                   note: dict[str, Any] | None = None) -> int | None:
        """Turn an open seat human (atomically); the new version, or None when someone else
        got it first."""
        with self._begin() as c:
            res = c.execute(update(seats).where(and_(
                seats.c.game_id == gid, seats.c.seat == seat, seats.c.kind == "open",
            )).values(kind="human", token_hash=token_hash))
            if res.rowcount != 1:
                return None
            v = self._bump(c, gid, expect)
            self._notify(c, note and {**note, "g": gid, "v": v})
        return v

    def set_undo_request(self, gid: str, expect: int, seat: str, at: int | None,
                         note: dict[str, Any] | None = None) -> int:
        """Record that ``seat`` asked for an undo at action count ``at``; the new version."""
        with self._begin() as c:
            v = self._bump(c, gid, expect)
            c.execute(update(seats).where(and_(seats.c.game_id == gid, seats.c.seat == seat))
                      .values(undo_at=at))
            self._notify(c, note and {**note, "g": gid, "v": v})
        return v

    # -- actions -----------------------------------------------------------------------------
    def add_action(self, gid: str, expect: int, idx: int, seat: str | None, text: str,
                   status: str | None = None, dice: dict[str, Any] | None = None,
                   bot_due: bool = False, note: dict[str, Any] | None = None,
                   undo_pending: bool = True) -> int:
        """Append action ``idx`` (with the game's new status, and with manual dice the rolls
        entered so far) in one committed transaction; the new version. :class:`Conflict` when
        another process changed the game or stored an action at ``idx`` first."""
        now = _now()
        values: dict[str, Any] = {"n_actions": idx + 1, "bot_due": int(bot_due)}
        if status is not None:
            values["status"] = status
        if dice is not None:
            values["dice"] = json.dumps(dice)
        try:
            with self._begin() as c:
                v = self._bump(c, gid, expect, **values)
                c.execute(insert(actions).values(
                    game_id=gid, idx=idx, seat=seat, text=text, created=now))
                if undo_pending:  # an undo request is about the position before this action
                    c.execute(update(seats).where(and_(seats.c.game_id == gid,
                                                       seats.c.undo_at.is_not(None)))
                              .values(undo_at=None))
                self._notify(c, note and {**note, "g": gid, "v": v, "i": idx})
        except IntegrityError:
            raise Conflict(gid) from None
        return v

    def set_dice(self, gid: str, expect: int, dice: dict[str, Any],
                 note: dict[str, Any] | None = None) -> int:
        """Manual dice: the rolls entered so far (and the action waiting for more)."""
        with self._begin() as c:
            v = self._bump(c, gid, expect, dice=json.dumps(dice))
            self._notify(c, note and {**note, "g": gid, "v": v})
        return v

    def get_actions(self, gid: str, since: int = 0) -> list[tuple[str | None, str]]:
        """(seat, text) of every action from index ``since`` on, in order."""
        with self.reader.connect() as c:
            rows = c.execute(select(actions.c.seat, actions.c.text)
                             .where(and_(actions.c.game_id == gid, actions.c.idx >= since))
                             .order_by(actions.c.idx)).all()
        return [(r[0], r[1]) for r in rows]

    def truncate_actions(self, gid: str, expect: int, keep: int, status: str = "active",
                         dice: dict[str, Any] | None = None, bot_due: bool = False,
                         note: dict[str, Any] | None = None) -> int:
        """Undo: keep the first ``keep`` actions, forget the rest (one transaction; a new
        generation)."""
        values: dict[str, Any] = {"status": status, "resigned_by": None, "n_actions": keep,
                                  "generation": games.c.generation + 1, "bot_due": int(bot_due)}
        if dice is not None:
            values["dice"] = json.dumps(dice)
        with self._begin() as c:
            v = self._bump(c, gid, expect, **values)
            c.execute(delete(actions).where(and_(actions.c.game_id == gid, actions.c.idx >= keep)))
            c.execute(update(seats).where(seats.c.game_id == gid).values(undo_at=None))
            self._notify(c, note and {**note, "g": gid, "v": v})
        return v

    # -- bot jobs ----------------------------------------------------------------------------
    def set_bot_due(self, gid: str, version: int, due: bool) -> None:
        """Mark whether a bot seat is to act at ``version`` (no version bump: no change)."""
        with self._begin() as c:
            c.execute(update(games).where(and_(games.c.id == gid, games.c.version == version))
                      .values(bot_due=int(due)))

    def claim_bot(self, gid: str, version: int, owner: str, lease: float) -> bool:
        """Take the bot job of game ``gid`` at ``version`` for ``lease`` seconds: True for one
        claimant at a time (a lapsed lease may be taken over)."""
        now = time.time()
        with self._begin() as c:
            res = c.execute(update(games).where(and_(
                games.c.id == gid, games.c.version == version, games.c.status == "active",
                or_(games.c.bot_version.is_(None), games.c.bot_version != version,
                    games.c.bot_owner == owner, games.c.bot_until < now),
            )).values(bot_version=version, bot_owner=owner, bot_until=now + lease))
            return bool(res.rowcount == 1)

    def due_bot_games(self, limit: int = 100) -> list[tuple[str, int]]:
        """(game, version) of games whose bot is to act and whose job nobody holds now."""
        now = time.time()
        with self.reader.connect() as c:
            rows = c.execute(select(games.c.id, games.c.version).where(and_(
                games.c.status == "active", games.c.bot_due == 1,
                or_(games.c.bot_version.is_(None), games.c.bot_version != games.c.version,
                    games.c.bot_until < now),
            )).limit(limit)).all()
        return [(r[0], r[1]) for r in rows]
