"""The same store on PostgreSQL: run with VOIDWAR_TEST_POSTGRES=postgresql+psycopg://… set.

Skipped otherwise (CI uses SQLite). Plays, undoes and resumes a toy game on a fresh schema.
"""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient

from voidwar.web.server import create_app

URL = os.environ.get("VOIDWAR_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="VOIDWAR_TEST_POSTGRES is not set")
H = "X-Seat-Token"


@pytest.fixture
def pg_url(fresh_postgres: str) -> str:
    return fresh_postgres


def test_play_undo_and_resume_on_postgresql(pg_url: str) -> None:
    with TestClient(create_app(pg_url, client_seeds=True)) as c:
        g = c.post("/api/games", json={"ruleset": "webtoy", "seed": 3}).json()
        gid, tok = g["id"], {t["seat"]: t["token"] for t in g["tokens"]}
        assert c.post(f"/api/games/{gid}/actions", json={"action": "move R1 to -1,0"},
                      headers={H: tok["red"]}).status_code == 200
        assert c.post(f"/api/games/{gid}/actions", json={"action": "pass"},
                      headers={H: tok["blue"]}).status_code == 200
        c.post(f"/api/games/{gid}/undo", headers={H: tok["red"]})
        assert c.post(f"/api/games/{gid}/undo", headers={H: tok["blue"]}).json()["done"]
    with TestClient(create_app(pg_url, client_seeds=True)) as c:
        rec = c.get(f"/api/games/{gid}/record").json()
        assert rec["actions"] == ["move R1 to -1,0"]
        assert c.get(f"/api/games/{gid}").json()["to_act"] == "blue"
        assert [x["id"] for x in c.get("/api/games").json()] == [gid]
