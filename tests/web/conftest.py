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
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, client_seeds=True)) as c:
        yield c
