"""Several server processes on one PostgreSQL serve the same games.

4 processes × 20 clients × 30 rounds on 5 shared games, every request sent to a random process:
0 double accepts (one acknowledged action per index), 0 acknowledged actions lost, every stored
game replays, and a websocket on any process sees every action. An undo through one process
and the next action through another leave no gap. ``kill -9`` of a process mid-game loses no
acknowledged action and the games resume (their bot jobs are taken over). Loopback only,
bounded in count and time. Runs where ``VOIDWAR_TEST_POSTGRES`` is set (CI starts one).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import time
from typing import Any

import httpx
import pytest

from voidwar.core.record import replay

from .servers import Cluster

URL = os.environ.get("VOIDWAR_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="VOIDWAR_TEST_POSTGRES is not set")
H = "X-Seat-Token"


@pytest.fixture
def pg(fresh_postgres: str) -> str:
    return fresh_postgres


def play_client(cluster: Cluster, gid: str, seat: str, token: str, rounds: int, seed: int,
                acks: list[tuple[str, int, str]], errors: list[str]) -> None:
    """One player: look (a random process), and when its seat is to act play a random legal
    action with the index it saw (a random process); 409 means another client won."""
    rng = random.Random(seed)
    with httpx.Client(timeout=30, headers={H: token}) as c:
        for _ in range(rounds):
            view = cluster.request(c, rng, "GET", f"/api/games/{gid}/view").json()
            if view["over"]:
                return
            if view["to_act"] != seat or not view["legal"]:
                time.sleep(0.01)
                continue
            n = view["n_actions"]
            action = rng.choice(view["legal"])
            r = cluster.request(c, rng, "POST", f"/api/games/{gid}/actions",
                                json={"action": action, "index": n})
            if r.status_code == 200:
                acks.append((gid, r.json()["index"], r.json()["action"]))
            elif r.status_code not in (409,):
                errors.append(f"{r.status_code} {r.text}")


async def watch(url: str, gid: str, seen: list[int], stop: threading.Event) -> None:
    import websockets

    async with websockets.connect(url.replace("http", "ws") + f"/api/games/{gid}/ws") as ws:
        while not stop.is_set():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.2))
            except TimeoutError:
                continue
            if msg["type"] == "action":
                seen.append(msg["index"])
            elif msg["type"] == "resync":
                seen.append(-1)


def check_stored(cluster: Cluster, games: list[str], acks: list[tuple[str, int, str]]) -> None:
    """0 double accepts, 0 acknowledged actions lost, every game replays."""
    by_place: dict[tuple[str, int], str] = {}
    for gid, idx, text in acks:
        assert (gid, idx) not in by_place, f"two actions acknowledged at {gid}#{idx}"
        by_place[(gid, idx)] = text
    rng = random.Random(0)
    with httpx.Client(timeout=30) as c:
        for gid in games:
            rec = cluster.request(c, rng, "GET", f"/api/games/{gid}/record").json()
            for (g, idx), text in by_place.items():
                if g == gid:
                    assert rec["actions"][idx] == text, f"acknowledged {gid}#{idx} lost"
            replay(rec)


def test_four_processes_twenty_clients_thirty_rounds(pg: str) -> None:
    cluster = Cluster(pg, 4)
    try:
        rng = random.Random(1)
        games: list[str] = []
        players: list[tuple[str, str, str]] = []
        with httpx.Client(timeout=30) as c:
            for g in range(5):
                body = {"ruleset": "webtoy", "seed": g, "options": {"limit": 400}}
                made = cluster.request(c, rng, "POST", "/api/games", json=body).json()
                games.append(made["id"])
                for t in made["tokens"]:  # two clients hold each seat: they race to act
                    players += [(made["id"], t["seat"], t["token"])] * 2
        assert len(players) == 20
        seen: dict[str, list[int]] = {gid: [] for gid in games}
        stop = threading.Event()

        async def watch_all() -> None:
            await asyncio.gather(*(watch(cluster.urls[i % 4], gid, seen[gid], stop)
                                   for i, gid in enumerate(games)))

        watchers = threading.Thread(target=asyncio.run, args=(watch_all(),))
        watchers.start()
        time.sleep(0.5)
        acks: list[tuple[str, int, str]] = []
        errors: list[str] = []
        threads = [threading.Thread(target=play_client, args=(cluster, g, s, t, 30, i, acks,
                                                              errors))
                   for i, (g, s, t) in enumerate(players)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(240)
        time.sleep(1.0)
        stop.set()
        watchers.join(10)
        assert not errors, errors[:3]
        assert len(acks) > 100
        check_stored(cluster, games, acks)
        for gid in games:  # each websocket saw every action, in order (or was told to resync)
            n = max(i for g, i, _ in acks if g == gid) + 1
            assert seen[gid] == list(range(n)) or -1 in seen[gid], (gid, seen[gid][:20], n)
    finally:
        cluster.close()


def test_undo_on_one_process_then_play_on_another_leaves_no_gap(pg: str) -> None:
    cluster = Cluster(pg, 2)
    try:
        with httpx.Client(timeout=30) as c:
            a, b = cluster.urls
            g = c.post(f"{a}/api/games", json={"ruleset": "webtoy", "seed": 3}).json()
            gid, tok = g["id"], {t["seat"]: t["token"] for t in g["tokens"]}
            for i, (url, seat) in enumerate([(a, "red"), (b, "blue"), (a, "red")]):
                r = c.post(f"{url}/api/games/{gid}/actions", json={"action": "pass", "index": i},
                           headers={H: tok[seat]})
                assert r.status_code == 200, r.text
            assert not c.post(f"{b}/api/games/{gid}/undo", headers={H: tok["red"]}).json()["done"]
            assert c.post(f"{a}/api/games/{gid}/undo", headers={H: tok["blue"]}).json()["done"]
            # b still caches three actions: it must see the undo before it stores the next one
            r = c.post(f"{b}/api/games/{gid}/actions", json={"action": "pass", "index": 2},
                       headers={H: tok["red"]})
            assert r.status_code == 200 and r.json()["index"] == 2, r.text
            for url in (a, b):
                rec = c.get(f"{url}/api/games/{gid}/record").json()
                assert rec["actions"] == ["pass", "pass", "pass"]
                replay(rec)
    finally:
        cluster.close()


def test_kill_9_of_a_process_mid_game_loses_nothing_and_the_games_resume(pg: str) -> None:
    cluster = Cluster(pg, 3, env={"VOIDWAR_BOT_LEASE": "2"})
    try:
        rng = random.Random(5)
        games, players = [], []
        with httpx.Client(timeout=30) as c:
            for g in range(3):  # bots against bots: only the processes move them
                body = {"ruleset": "webtoy", "seed": g, "options": {"limit": 60},
                        "seats": {"red": {"kind": "bot", "policy": "random"},
                                  "blue": {"kind": "bot", "policy": "random"}}}
                games.append(cluster.request(c, rng, "POST", "/api/games", json=body).json()["id"])
            for g in range(3):  # people against a bot
                body = {"ruleset": "webtoy", "seed": 10 + g, "options": {"limit": 60},
                        "seats": {"blue": {"kind": "bot", "policy": "random"}}}
                made = cluster.request(c, rng, "POST", "/api/games", json=body).json()
                games.append(made["id"])
                players.append((made["id"], "red", made["tokens"][0]["token"]))
        acks: list[tuple[str, int, str]] = []
        errors: list[str] = []
        threads = [threading.Thread(target=play_client, args=(cluster, g, s, t, 200, i, acks,
                                                              errors))
                   for i, (g, s, t) in enumerate(players)]
        for t in threads:
            t.start()
        time.sleep(1.0)
        cluster.kill(rng.choice(cluster.alive()))  # mid-game, requests in flight
        for t in threads:
            t.join(240)
        deadline = time.monotonic() + 60
        with httpx.Client(timeout=30) as c:
            for gid in games:  # every game resumes and ends, its bots moved by the others
                while True:
                    s: dict[str, Any] = cluster.request(c, rng, "GET", f"/api/games/{gid}").json()
                    if s["over"] or time.monotonic() > deadline:
                        break
                    time.sleep(0.2)
                assert s["over"], f"game {gid} did not resume: {s}"
        assert not [e for e in errors if not e.startswith("5")], errors[:3]
        check_stored(cluster, games, acks)
    finally:
        cluster.close()
