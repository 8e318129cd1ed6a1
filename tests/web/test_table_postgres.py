"""The online table on PostgreSQL with several processes: every event (a turn's e-mail, a
reminder, a timeout, a game's end) is done by exactly one of them — never twice — however
many race for it. Two ways: several table services in one test process (each its own store,
origin and worker, as separate processes have; their workers stepped at once from threads),
and the real command, ``voidwar serve --workers 2``, played through HTTP."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from voidwar.web.table import ManualClock
from voidwar.web.table.glicko2 import Rating, update

from .servers import free_port
from .table_helpers import Inbox, Player, smtp_server, table_app

DAY = 86400.0


@pytest.fixture
def mail() -> Iterator[tuple[str, Inbox]]:
    with smtp_server() as s:
        yield s


def race(apps: list[Any], rounds: int = 3) -> None:
    """Every process's worker steps at the same moment, ``rounds`` times."""
    errors: list[BaseException] = []

    def go(app: Any, start: threading.Barrier) -> None:
        try:
            start.wait()
            app.state.table.worker.step()
        except BaseException as e:
            errors.append(e)

    for _ in range(rounds):
        start = threading.Barrier(len(apps))
        threads = [threading.Thread(target=go, args=(a, start)) for a in apps]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert not errors, errors


def test_each_event_is_done_once_by_one_of_four_processes(
        fresh_postgres: str, mail: tuple[str, Inbox]) -> None:
    smtp, inbox = mail
    clock = ManualClock(1_800_000_000.0)  # the machines' clocks, in step
    apps = [table_app(fresh_postgres, smtp, clock) for _ in range(4)]
    clients = [TestClient(a) for a in apps]
    for c in clients:
        c.__enter__()
    try:
        ann = Player(apps[0], "Ann", email_address="ann@test.invalid")
        bob = Player(apps[1], "Bob", email_address="bob@test.invalid")
        for p in (ann, bob):
            p.sign_up()
            p.verify(inbox)
        r = ann.post("/api/lobby", {"ruleset": "webtoy", "rated": True,
                                    "time_control": {"days": 1}})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        bob.post(f"/api/lobby/{gid}/join", {})
        race(apps)
        for i in range(6):  # six turns, the actions sent to different processes
            p = (ann, bob)[i % 2]
            p.client = TestClient(apps[(i + 2) % 4], cookies=p.client.cookies)
            assert p.act(gid, "pass").status_code == 200
            race(apps)
        # Ann's turn again: half a day (a reminder), then the rest (she forfeits)
        clock.advance(DAY / 2 + 1)
        race(apps)
        clock.advance(DAY / 2)
        race(apps, 4)
        for who in ("ann", "bob"):
            inbox.wait(f"{who}@test.invalid", "is over")
        assert len(inbox.to("ann@test.invalid", "your turn")) == 4  # first, 2nd, 4th, 6th
        assert len(inbox.to("bob@test.invalid", "your turn")) == 3
        assert len(inbox.to("ann@test.invalid", "left for your move")) == 1
        assert len(inbox.to("ann@test.invalid", "is over")) == 1
        assert len(inbox.to("bob@test.invalid", "is over")) == 1
        jobs = apps[0].state.table.jobs.outcomes(gid)
        assert all(j["state"] == "done" and j["attempts"] == 1 for j in jobs), jobs
        owners = {j["owner"] for j in jobs}
        assert len(owners) >= 2, owners  # the events were shared out, not all one process's
        prof = ann.client.get("/api/players/Bob").json()
        assert prof["ratings"]["webtoy"]["rating"] == round(
            update(Rating(), [(Rating(), 1.0)]).rating, 1)
        assert prof["ratings"]["webtoy"]["games"] == 1  # rated once
    finally:
        for c in clients:
            c.__exit__(None, None, None)


def test_serve_with_two_workers_sends_one_e_mail_a_turn(fresh_postgres: str,
                                                        mail: tuple[str, Inbox]) -> None:
    smtp, inbox = mail
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-c", "from voidwar.cli.main import app; app()", "serve", "--port",
         str(port), "--db", fresh_postgres, "--workers", "2", "--smtp", smtp,
         "--public-url", base, "--mail-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env=dict(os.environ))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/lobby", timeout=2).is_success:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        people = {}
        for name in ("Ann", "Bob"):
            c = httpx.Client(base_url=base, timeout=30)
            csrf = c.get("/api/account/me").json()["csrf"]
            r = c.post("/api/account/signup", headers={"X-CSRF-Token": csrf},
                       json={"name": name, "password": "correct horse",
                             "email": f"{name.lower()}@test.invalid"})
            assert r.status_code == 201, r.text
            csrf = r.json()["csrf"]
            msg = inbox.wait(f"{name.lower()}@test.invalid", "confirm")[0]
            token = re.search(r"#token=([\w-]+)", str(msg.get_content())).group(1)  # type: ignore[union-attr,attr-defined]
            assert c.post("/api/account/verify", json={"token": token}).status_code == 200
            people[name] = (c, csrf)
        ann, ann_csrf = people["Ann"]
        bob, bob_csrf = people["Bob"]
        gid = ann.post("/api/lobby", headers={"X-CSRF-Token": ann_csrf},
                       json={"ruleset": "space-fleet", "scenario": "duel",
                             "seat": "blue"}).json()["id"]
        assert bob.post(f"/api/lobby/{gid}/join", headers={"X-CSRF-Token": bob_csrf},
                        json={}).status_code == 200
        turns = {"blue": 1, "red": 0}
        client = {"blue": ann, "red": bob}
        address = {"blue": "ann@test.invalid", "red": "bob@test.invalid"}
        seat = httpx.get(f"{base}/api/games/{gid}").json()["to_act"]
        if seat == "red":
            turns = {"blue": 0, "red": 1}
        for _ in range(4):
            inbox.wait(address[seat], "your turn", turns[seat], timeout=30)
            c = client[seat]
            token = c.get(f"/api/me/games/{gid}/seats").json()["seats"][seat]
            while True:
                s = c.get(f"/api/games/{gid}").json()
                if s["to_act"] != seat:
                    break
                legal = c.get(f"/api/games/{gid}/legal",
                              headers={"X-Seat-Token": token}).json()["actions"]
                ends = [a["text"] for a in legal if a["text"].startswith("end")]
                r = c.post(f"/api/games/{gid}/actions", headers={"X-Seat-Token": token},
                           json={"action": ends[0] if ends else legal[0]["text"],
                                 "index": s["n_actions"]})
                assert r.status_code == 200, r.text
            seat = s["to_act"]
            turns[seat] += 1
        inbox.wait(address[seat], "your turn", turns[seat], timeout=30)
        time.sleep(2)  # every worker has passed over the game since (each second)
        for s, a in address.items():
            assert len(inbox.to(a, "your turn")) == turns[s]
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(20)
