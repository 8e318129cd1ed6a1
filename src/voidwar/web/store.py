"""The game store: every game kept as its record (ruleset, scenario, options, dice, actions).

SQLAlchemy Core over SQLite by default (a file in the user's data folder) or PostgreSQL when a
``postgresql://`` URL is given. The schema is portable: JSON lives in ``Text`` columns, keys are
strings and integers. Each accepted action is one row, inserted and **committed before the server
acknowledges it**, so a server killed at any moment loses no acknowledged action; a game is
rebuilt on demand by replaying its rows (see :func:`voidwar.web.server`).

Seat tokens are never stored: only their SHA-256 digests are.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("ruleset", String(64), nullable=False),
    Column("scenario", String(128), nullable=True),
    Column("options", Text, nullable=False),  # JSON object (the game's record options)
    Column("dice", Text, nullable=False),  # JSON: the dice spec of a record
    Column("status", String(16), nullable=False),  # "active" | "over" | "resigned"
    Column("resigned_by", String(64), nullable=True),
    Column("created", String(40), nullable=False),
    Column("updated", String(40), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", String(64), primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" | "bot" | "open"
    Column("policy", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("undo_at", Integer, nullable=True),  # action count when this seat asked for an undo
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),  # 0-based position in the record's action list
    Column("seat", String(64), nullable=True),
    Column("text", Text, nullable=False),
    Column("created", String(40), nullable=False),
)


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


@dataclass
class SeatRow:
    """A seat of a stored game: who sits there, its token's digest, its undo request."""

    seat: str
    kind: str
    policy: str | None
    token_hash: str | None
    undo_at: int | None


@dataclass
class GameRow:
    """A stored game: its record's start (ruleset, scenario, options, dice) and status."""

    id: str
    ruleset: str
    scenario: str | None
    options: dict[str, Any]
    dice: dict[str, Any]
    status: str
    resigned_by: str | None
    created: str
    updated: str


class Store:
    """All database access of the server. Every write method commits before it returns."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalise_url(url or default_db_url())
        kwargs: dict[str, Any] = {"future": True}
        if self.url.startswith("sqlite"):
            if self.url.startswith("sqlite:///") and self.url != "sqlite:///:memory:":
                Path(self.url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
            # the server uses threads; SQLite serialises writers itself (with a wait)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

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
    ) -> None:
        """Insert a new game and its seats (one transaction)."""
        now = _now()
        with self.engine.begin() as c:
            c.execute(insert(games).values(
                id=gid, ruleset=ruleset, scenario=scenario, options=json.dumps(options),
                dice=json.dumps(dice), status=status, resigned_by=None, created=now, updated=now,
            ))
            for s in seat_rows:
                c.execute(insert(seats).values(
                    game_id=gid, seat=s.seat, kind=s.kind, policy=s.policy,
                    token_hash=s.token_hash, undo_at=None,
                ))

    def get_game(self, gid: str) -> GameRow | None:
        """The game ``gid``, or None."""
        with self.engine.connect() as c:
            row = c.execute(select(games).where(games.c.id == gid)).mappings().first()
        if row is None:
            return None
        return GameRow(
            id=row["id"], ruleset=row["ruleset"], scenario=row["scenario"],
            options=json.loads(row["options"]), dice=json.loads(row["dice"]),
            status=row["status"], resigned_by=row["resigned_by"], created=row["created"],
            updated=row["updated"],
        )

    def list_games(self, limit: int = 100) -> list[GameRow]:
        """The most recently played games first."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(games).order_by(games.c.updated.desc()).limit(limit)
            ).mappings().all()
        return [
            GameRow(id=r["id"], ruleset=r["ruleset"], scenario=r["scenario"],
                    options=json.loads(r["options"]), dice=json.loads(r["dice"]),
                    status=r["status"], resigned_by=r["resigned_by"], created=r["created"],
                    updated=r["updated"])
            for r in rows
        ]

    def active_game_ids(self) -> list[str]:
        """The ids of the games still being played."""
        with self.engine.connect() as c:
            return list(c.execute(select(games.c.id).where(games.c.status == "active")).scalars())

    def set_status(self, gid: str, status: str, resigned_by: str | None = None) -> None:
        """Set a game's status (and who resigned)."""
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == gid).values(
                status=status, resigned_by=resigned_by, updated=_now()))

    # -- seats -------------------------------------------------------------------------------
    def get_seats(self, gid: str) -> dict[str, SeatRow]:
        """The seats of a game by name."""
        with self.engine.connect() as c:
            rows = c.execute(select(seats).where(seats.c.game_id == gid)).mappings().all()
        return {
            r["seat"]: SeatRow(r["seat"], r["kind"], r["policy"], r["token_hash"], r["undo_at"])
            for r in rows
        }

    def claim_seat(self, gid: str, seat: str, token_hash: str) -> bool:
        """Turn an open seat human (atomically); False when someone else got it first."""
        with self.engine.begin() as c:
            res = c.execute(update(seats).where(and_(
                seats.c.game_id == gid, seats.c.seat == seat, seats.c.kind == "open",
            )).values(kind="human", token_hash=token_hash))
            return bool(res.rowcount == 1)

    def set_undo_request(self, gid: str, seat: str, at: int | None) -> None:
        """Record that ``seat`` asked for an undo at action count ``at`` (None: no request)."""
        with self.engine.begin() as c:
            c.execute(update(seats).where(and_(seats.c.game_id == gid, seats.c.seat == seat))
                      .values(undo_at=at))

    # -- actions -----------------------------------------------------------------------------
    def add_action(self, gid: str, idx: int, seat: str | None, text: str,
                   status: str | None = None, dice: dict[str, Any] | None = None) -> None:
        """Append one accepted action (and the game's new status, and with manual dice the
        rolls entered so far) in one committed transaction."""
        now = _now()
        with self.engine.begin() as c:
            c.execute(insert(actions).values(
                game_id=gid, idx=idx, seat=seat, text=text, created=now))
            values: dict[str, Any] = {"updated": now}
            if status is not None:
                values["status"] = status
            if dice is not None:
                values["dice"] = json.dumps(dice)
            c.execute(update(games).where(games.c.id == gid).values(**values))
            # any pending undo request is about the position before this action: drop it
            c.execute(update(seats).where(seats.c.game_id == gid).values(undo_at=None))

    def set_dice(self, gid: str, dice: dict[str, Any]) -> None:
        """Manual dice: the rolls entered so far (and the action waiting for more)."""
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == gid).values(
                dice=json.dumps(dice), updated=_now()))

    def get_actions(self, gid: str) -> list[tuple[str | None, str]]:
        """(seat, text) of every action, in order."""
        with self.engine.connect() as c:
            rows = c.execute(select(actions.c.seat, actions.c.text)
                             .where(actions.c.game_id == gid).order_by(actions.c.idx)).all()
        return [(r[0], r[1]) for r in rows]

    def truncate_actions(self, gid: str, keep: int, status: str = "active") -> None:
        """Undo: keep the first ``keep`` actions, forget the rest (one transaction)."""
        with self.engine.begin() as c:
            c.execute(delete(actions).where(and_(actions.c.game_id == gid, actions.c.idx >= keep)))
            c.execute(update(seats).where(seats.c.game_id == gid).values(undo_at=None))
            c.execute(update(games).where(games.c.id == gid).values(
                status=status, resigned_by=None, updated=_now()))


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # FULL: a committed action is on disk before the server answers (kill- and crash-safe)
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()
