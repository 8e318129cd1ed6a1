"""The online table's tables: accounts, sessions, seats held by accounts, time controls and
turns, jobs (e-mails and clock events), ratings, best scores, chat, presence.

They live in the game store's database (SQLite or PostgreSQL: portable SQL, JSON in text
columns) beside ``games``/``seats``/``actions`` (:mod:`voidwar.web.store`), in a schema of
their own (:data:`metadata`) created by whichever process starts first. A game is referred to
by its id (no foreign keys across the two schemas: a game row is never deleted).
"""

from __future__ import annotations

import time

from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

metadata = MetaData()

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),  # as the player wrote it
    Column("name_key", String(32), nullable=False, unique=True),  # case-folded: unique
    Column("password_hash", String(200), nullable=False),
    Column("email", String(254), nullable=True),
    Column("email_verified", Integer, nullable=False, server_default="0"),
    Column("turn_mails", Integer, nullable=False, server_default="1"),  # e-mails at all
    Column("digest", Integer, nullable=False, server_default="0"),  # 1: one e-mail a day
    Column("created", Float, nullable=False),
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's value
    Column("account_id", Integer, nullable=False, index=True),
    Column("csrf", String(64), nullable=False),  # the token state-changing requests carry
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

mail_tokens = Table(
    "mail_tokens", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("kind", String(16), nullable=False),  # "verify" | "reset"
    Column("account_id", Integer, nullable=False),
    Column("email", String(254), nullable=True),
    Column("expires", Float, nullable=False),
    Column("used", Integer, nullable=False, server_default="0"),
)

throttle = Table(
    "throttle", metadata,
    Column("key", String(120), primary_key=True),  # "login-name:alice", "login-ip:1.2.3.4"
    Column("count", Integer, nullable=False),
    Column("window_end", Float, nullable=False),
)

account_seats = Table(
    "account_seats", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", String(64), primary_key=True),
    Column("account_id", Integer, nullable=False),
    Column("nonce", String(32), nullable=False),  # the seat token is derived from it
    Column("mail", Integer, nullable=False, server_default="1"),  # 0: unsubscribed
    Column("since", Float, nullable=False),
    Index("ix_account_seats_account", "account_id", "game_id"),
)

table_games = Table(
    "table_games", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("creator_id", Integer, nullable=True),
    Column("ruleset", String(64), nullable=False),
    Column("scenario", String(128), nullable=True),
    Column("listed", Integer, nullable=False, server_default="0"),  # 1: in the lobby (open)
    Column("rated", Integer, nullable=False, server_default="0"),
    Column("per_move", Float, nullable=True),  # seconds a seat has for its turn
    Column("on_timeout", String(16), nullable=False, server_default="forfeit"),  # | "bot"
    Column("timeout_policy", String(64), nullable=True),
    Column("state", String(16), nullable=False, server_default="active"),  # | "ended"
    Column("posted", Float, nullable=False),
    # -- the turn, kept level with the game by the worker (compare-and-set on version_seen) --
    Column("version_seen", Integer, nullable=False, server_default="-1"),
    Column("n_seen", Integer, nullable=False, server_default="0"),
    Column("turn_seat", String(64), nullable=True),
    Column("turn_index", Integer, nullable=True),  # the action count when the turn began
    Column("turn_started", Float, nullable=True),
    Column("deadline", Float, nullable=True),
    Column("last_move", Float, nullable=True),
    Column("timed_out", String(64), nullable=True),  # the seat that ran out of time
    Index("ix_table_games_state", "state"),
    Index("ix_table_games_listed", "listed", "posted"),
)

jobs = Table(
    "jobs", metadata,
    Column("key", String(160), primary_key=True),  # one row per event: never made twice
    Column("kind", String(16), nullable=False),  # turn, remind, timeout, end, joined, digest
    Column("game_id", String(32), nullable=True),
    Column("account_id", Integer, nullable=True),
    Column("seat", String(64), nullable=True),
    Column("data", Text, nullable=False, server_default="{}"),
    Column("due", Float, nullable=False),
    Column("state", String(8), nullable=False, server_default="pending"),  # | claimed, done
    Column("owner", String(80), nullable=True),
    Column("lease_until", Float, nullable=True),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("outcome", String(200), nullable=True),
    Index("ix_jobs_due", "state", "due"),
)

ratings = Table(
    "ratings", metadata,
    Column("account_id", Integer, primary_key=True),
    Column("ruleset", String(64), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Index("ix_ratings_board", "ruleset", "rating"),
)

rating_history = Table(
    "rating_history", metadata,
    Column("account_id", Integer, primary_key=True),
    Column("game_id", String(32), primary_key=True),  # a game rates each player once
    Column("ruleset", String(64), nullable=False),
    Column("opponent_id", Integer, nullable=False),
    Column("score", Float, nullable=False),  # 1 won, 0.5 drawn, 0 lost
    Column("before", Float, nullable=False),
    Column("after", Float, nullable=False),
    Column("rd_after", Float, nullable=False),
    Column("at", Float, nullable=False),
)

best_scores = Table(
    "best_scores", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("account_id", Integer, nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("scenario", String(128), nullable=False),
    Column("tables_key", String(80), nullable=False),  # "standard" or the table file's digest
    Column("score", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_best_scores_board", "ruleset", "scenario", "tables_key", "score"),
)

finished = Table(
    "finished", metadata,  # one row per account per finished game: the profile's counts
    Column("account_id", Integer, primary_key=True),
    Column("game_id", String(32), primary_key=True),
    Column("ruleset", String(64), nullable=False),
    Column("seat", String(64), nullable=False),
    Column("won", Integer, nullable=False),  # 1 won, 0 not
    Column("outcome", String(64), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_finished_account", "account_id", "at"),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False),
    Column("seat", String(64), nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_chat_game", "game_id", "id"),
)

presence = Table(
    "presence", metadata,  # a game page open at a seat: one row per process, with a lease
    Column("game_id", String(32), primary_key=True),
    Column("seat", String(64), primary_key=True),
    Column("owner", String(80), primary_key=True),
    Column("n", Integer, nullable=False),
    Column("until", Float, nullable=False),
)

def create(engine: Engine, is_postgres: bool) -> None:
    """Create the tables (several processes may start at once: PostgreSQL under an advisory
    lock, SQLite retried)."""
    if is_postgres:
        with engine.begin() as c:
            c.execute(text("SELECT pg_advisory_xact_lock(741975)"))
            metadata.create_all(c)
        return
    for attempt in range(5):
        try:
            with engine.begin() as c:
                metadata.create_all(c)
            return
        except DBAPIError:
            time.sleep(0.1 * (attempt + 1))
