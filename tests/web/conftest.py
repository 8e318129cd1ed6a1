"""Fixtures of the web tests: the toy rulesets, an app on a fresh SQLite file, a client."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from voidwar.web.server import create_app

from .toy import register_toys

register_toys()
#: the record key of every server the tests start (never one in the tester's data folder)
os.environ.setdefault("VOIDWAR_SERVER_KEY", "the-test-servers-key")


@pytest.fixture
def fresh_postgres() -> Iterator[str]:
    """A database of its own on ``$VOIDWAR_TEST_POSTGRES``'s server, dropped afterwards (tests
    running in parallel never share tables)."""
    import secrets

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = os.environ.get("VOIDWAR_TEST_POSTGRES")
    if not base:
        pytest.skip("VOIDWAR_TEST_POSTGRES is not set")
    name = f"voidwar_test_{secrets.token_hex(4)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, client_seeds=True)) as c:
        yield c
