"""The store's guarantees one by one: compare-and-set, unique (game, index), bot claims, caches
caught up, bounded websocket queues (the multi-process tests are in test_scale.py)."""

from __future__ import annotations

import asyncio
import time

import pytest
from fastapi.testclient import TestClient

from voidwar.web.hub import QUEUE_LIMIT, offer
from voidwar.web.server import create_app
from voidwar.web.store import Conflict, SeatRow, Store

H = "X-Seat-Token"


def new_game(store: Store) -> None:
    store.create_game("g1", "webtoy", "standard", {}, {"kind": "seeded", "seed": 1},
                      [SeatRow("red", "human", None, None, None),
                       SeatRow("blue", "human", None, None, None)])


def test_an_append_at_a_stale_version_loses(db_url: str) -> None:
    store = Store(db_url)
    new_game(store)
    assert store.add_action("g1", 0, 0, "red", "pass") == 1
    with pytest.raises(Conflict):
        store.add_action("g1", 0, 1, "blue", "pass")  # a writer that saw version 0
    with pytest.raises(Conflict):
        store.add_action("g1", 1, 0, "blue", "pass")  # index 0 is taken
    assert store.get_actions("g1") == [("red", "pass")]
    assert store.head("g1") == (1, 0, 1)
    v = store.truncate_actions("g1", 1, 0)
    assert store.head("g1") == (v, 1, 0)  # an undo is a new generation
    store.close()


def test_one_claimant_per_bot_job(db_url: str) -> None:
    store = Store(db_url)
    new_game(store)
    assert store.claim_bot("g1", 0, "a", lease=30)
    assert not store.claim_bot("g1", 0, "b", lease=30)
    assert store.claim_bot("g1", 0, "a", lease=30)  # the holder renews
    assert not store.claim_bot("g1", 1, "b", lease=30)  # no such version
    assert store.claim_bot("g1", 0, "c", lease=-1) is False
    store.close()
    store = Store(db_url)
    assert store.claim_bot("g1", 0, "a", lease=-1)  # a lease in the past: lapsed at once
    assert store.claim_bot("g1", 0, "b", lease=30)  # taken over
    store.close()


def test_a_cached_game_is_caught_up_with_another_servers_changes(db_url: str) -> None:
    with TestClient(create_app(db_url, client_seeds=True, key=b"k")) as a, \
            TestClient(create_app(db_url, client_seeds=True, key=b"k")) as b:
        g = a.post("/api/games", json={"ruleset": "webtoy", "seed": 2}).json()
        gid, tok = g["id"], {t["seat"]: t["token"] for t in g["tokens"]}
        assert b.get(f"/api/games/{gid}").json()["n_actions"] == 0  # b caches it now
        assert a.post(f"/api/games/{gid}/actions", json={"action": "pass"},
                      headers={H: tok["red"]}).status_code == 200
        view = b.get(f"/api/games/{gid}/view", headers={H: tok["blue"]}).json()
        assert view["n_actions"] == 1 and view["to_act"] == "blue" and view["legal"]
        r = b.post(f"/api/games/{gid}/actions", json={"action": "pass", "index": 1},
                   headers={H: tok["blue"]})
        assert r.status_code == 200 and r.json()["index"] == 1
        assert a.get(f"/api/games/{gid}/record").json()["actions"] == ["pass", "pass"]


def test_a_slow_websocket_reader_holds_a_bounded_queue() -> None:
    async def main() -> list[dict[str, object]]:
        q: asyncio.Queue[dict[str, object]] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        for i in range(10 * QUEUE_LIMIT):
            offer(q, {"type": "action", "game": "g", "version": i})
        return [q.get_nowait() for _ in range(q.qsize())]

    got = asyncio.run(main())
    assert len(got) <= QUEUE_LIMIT
    assert any(m["type"] == "resync" for m in got)


def test_bots_resume_from_the_sweeper(db_url: str) -> None:
    with TestClient(create_app(db_url, client_seeds=True, key=b"k", sweep_every=0.1)) as c:
        g = c.post("/api/games", json={"ruleset": "webtoy", "seed": 3, "options": {"limit": 8},
                                       "seats": {"red": {"kind": "bot", "policy": "random"},
                                                 "blue": {"kind": "bot", "policy": "random"}}})
        gid = g.json()["id"]
        deadline = time.monotonic() + 20
        while not c.get(f"/api/games/{gid}").json()["over"] and time.monotonic() < deadline:
            time.sleep(0.05)
        rec = c.get(f"/api/games/{gid}/record").json()
        assert len(rec["actions"]) == 8


def test_a_store_made_before_versions_is_migrated(tmp_path: object) -> None:
    import sqlite3
    from pathlib import Path

    db = Path(str(tmp_path)) / "old.db"
    con = sqlite3.connect(db)
    con.executescript("""
        CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, ruleset VARCHAR(64) NOT NULL,
            scenario VARCHAR(128), options TEXT NOT NULL, dice TEXT NOT NULL,
            status VARCHAR(16) NOT NULL, resigned_by VARCHAR(64), created VARCHAR(40) NOT NULL,
            updated VARCHAR(40) NOT NULL);
        CREATE TABLE seats (game_id VARCHAR(32), seat VARCHAR(64), kind VARCHAR(8) NOT NULL,
            policy VARCHAR(64), token_hash VARCHAR(64), undo_at INTEGER,
            PRIMARY KEY (game_id, seat));
        CREATE TABLE actions (game_id VARCHAR(32), idx INTEGER, seat VARCHAR(64),
            text TEXT NOT NULL, created VARCHAR(40) NOT NULL, PRIMARY KEY (game_id, idx));
        INSERT INTO games VALUES ('old', 'webtoy', 'standard', '{}',
            '{"kind": "seeded", "seed": 1}', 'active', NULL, 'x', 'x');
        INSERT INTO seats VALUES ('old', 'red', 'human', NULL, NULL, NULL);
        INSERT INTO seats VALUES ('old', 'blue', 'human', NULL, NULL, NULL);
        INSERT INTO actions VALUES ('old', 0, 'red', 'pass', 'x');
    """)
    con.commit()
    con.close()
    store = Store(f"sqlite:///{db}")
    assert store.head("old") == (0, 0, 1)
    assert store.add_action("old", 0, 1, "blue", "pass") == 1
    store.close()
