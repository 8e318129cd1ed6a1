"""The table's access to the game store's database: its transactions and reads, and the
statements both stores need (insert-if-absent, announcing a change to other processes)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Table, literal_column, text
from sqlalchemy.engine import Connection

from ..store import CHANNEL, Store


class Db:
    """Transactions and reads on the store's engine (SQLite writers queue on its lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.is_postgres = store.is_postgres

    @contextlib.contextmanager
    def begin(self) -> Iterator[Connection]:
        """A write transaction, committed on leaving."""
        with self.store._begin() as c:
            yield c

    @contextlib.contextmanager
    def read(self) -> Iterator[Connection]:
        """An autocommit connection for reads."""
        with self.store.reader.connect() as c:
            yield c

    def insert_new(self, c: Connection, table: Table, values: dict[str, Any]) -> bool:
        """Insert a row unless its key is taken (the unique key decides: True when this
        insert made it; ``ON CONFLICT DO NOTHING``, so a clash leaves the transaction
        usable)."""
        from sqlalchemy.dialects import postgresql, sqlite

        made: Any = literal_column("1")  # (psycopg gives no row count here: a returned row says)
        if self.is_postgres:
            res = c.execute(postgresql.insert(table).values(**values).on_conflict_do_nothing()
                            .returning(made))
        else:
            res = c.execute(sqlite.insert(table).values(**values).on_conflict_do_nothing()
                            .returning(made))
        return res.first() is not None

    def notify(self, c: Connection, payload: dict[str, Any]) -> None:
        """Announce a change to every process (PostgreSQL ``NOTIFY``, delivered on commit)."""
        if self.is_postgres:
            c.execute(text("SELECT pg_notify(:ch, :p)"),
                      {"ch": CHANNEL, "p": json.dumps(payload, separators=(",", ":"))})
