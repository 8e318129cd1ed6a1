"""The game store's tables, and the rows read from them (:mod:`.store` is the access).

Three tables: ``games`` (a record's start — ruleset, scenario, options, dice — its status and
the compare-and-set counters), ``seats`` (who sits where; a token's SHA-256, never the token)
and ``actions`` (one row per action under the unique key (game, index)). JSON lives in
``Text`` columns, keys are strings and integers: the schema is the same on SQLite and
PostgreSQL. :func:`migrate` brings a store made by an older version up to date.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection

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
    # -- added by the multi-process store (old files get them on open, see _migrate) --------
    Column("version", Integer, nullable=False, server_default="0"),  # bumped by every change
    Column("generation", Integer, nullable=False, server_default="0"),  # bumped by every undo
    Column("n_actions", Integer, nullable=False, server_default="0"),
    Column("seeded_by", String(16), nullable=False, server_default="server"),
    Column("bot_due", Integer, nullable=False, server_default="0"),  # 1: a bot seat is to act
    Column("bot_version", Integer, nullable=True),  # the version a bot job was claimed at
    Column("bot_owner", String(80), nullable=True),
    Column("bot_until", Float, nullable=True),  # the claim's lease (epoch seconds)
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
    Column("idx", Integer, primary_key=True),  # unique (game, index): one action per place
    Column("seat", String(64), nullable=True),
    Column("text", Text, nullable=False),
    Column("created", String(40), nullable=False),
)

#: the columns added since the first stores (old files get them on open: :func:`migrate`)
_ADDED = ("version", "generation", "n_actions", "seeded_by", "bot_due", "bot_version",
          "bot_owner", "bot_until")


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
    version: int = 0
    generation: int = 0
    n_actions: int = 0
    seeded_by: str = "server"


def game_row(r: Any) -> GameRow:
    """A ``games`` row as a :class:`GameRow`."""
    return GameRow(
        id=r["id"], ruleset=r["ruleset"], scenario=r["scenario"],
        options=json.loads(r["options"]), dice=json.loads(r["dice"]), status=r["status"],
        resigned_by=r["resigned_by"], created=r["created"], updated=r["updated"],
        version=r["version"], generation=r["generation"], n_actions=r["n_actions"],
        seeded_by=r["seeded_by"],
    )


def migrate(c: Connection) -> None:
    """Add the columns a store made before versions existed lacks (and count its actions)."""
    have = {col["name"] for col in inspect(c).get_columns("games")}
    missing = [name for name in _ADDED if name not in have]
    for name in missing:
        col = games.c[name]
        kind = col.type.compile(c.dialect)
        default = col.server_default
        tail = f" DEFAULT {default.arg}" if default is not None else ""  # type: ignore[attr-defined]
        null = " NOT NULL" if not col.nullable else ""
        c.execute(text(f"ALTER TABLE games ADD COLUMN {name} {kind}{null}{tail}"))
    if "bot_due" in missing:  # unknown: let the sweepers look at every active game
        c.execute(update(games).where(games.c.status == "active").values(bot_due=1))
    if "n_actions" in missing:
        counted = (select(func.count()).select_from(actions)
                   .where(actions.c.game_id == games.c.id).scalar_subquery())
        c.execute(update(games).values(n_actions=counted))


def sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """Write-ahead logging, and every commit on disk before the server answers."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # FULL: a committed action is on disk before the server answers (kill- and crash-safe)
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()
