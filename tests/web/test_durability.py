"""Durability: a server process killed with SIGKILL mid-game loses no acknowledged action.

A real ``voidwar.web.server.serve`` subprocess plays a seeded Antilles game for a client that
submits actions as fast as it can; the test kills the process (SIGKILL: no clean-up at all) while
requests are in flight, starts a new process on the same SQLite file, and finds every action
that had been acknowledged (HTTP 200) — in order — and the game playable from there.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

import voidwar
from voidwar.core.registry import rulesets

pytestmark = pytest.mark.skipif("antilles" not in rulesets(), reason="needs Antilles")


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = ("import sys; from voidwar.web.server import serve; "
            "serve('127.0.0.1', int(sys.argv[1]), sys.argv[2], client_seeds=True)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(port), f"sqlite:///{db}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"server did not start: {proc.stderr.read() if proc.stderr else ''}")
        time.sleep(0.1)


def test_sigkill_mid_game_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    proc, url = start_server(db)
    try:
        created = httpx.post(f"{url}/api/games", json={"ruleset": "antilles", "seed": 3}).json()
        gid, token = created["id"], created["tokens"][0]["token"]
        local = voidwar.load("antilles", seed=3)
        policy = voidwar.policies.get("heuristic", "antilles", seed=1)
        plan: list[str] = []
        while not local.over:  # the whole game this client will try to play
            plan.append(str(policy.choose(local)))
            local.apply(plan[-1])

        acked: list[str] = []
        started = threading.Event()

        def play() -> None:
            with httpx.Client(base_url=url, headers={"X-Seat-Token": token}, timeout=5) as c:
                for text in plan:
                    try:
                        r = c.post(f"/api/games/{gid}/actions", json={"action": text})
                    except httpx.HTTPError:
                        return  # the server died under this request
                    assert r.status_code == 200, r.text
                    acked.append(text)
                    if len(acked) == 10:
                        started.set()

        t = threading.Thread(target=play)
        t.start()
        assert started.wait(60)
        os.kill(proc.pid, signal.SIGKILL)  # mid-game, requests in flight
        proc.wait(10)
        t.join(30)
        assert 10 <= len(acked) < len(plan), "the kill should land mid-game"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)

    proc, url = start_server(db)
    try:
        rec = httpx.get(f"{url}/api/games/{gid}/record").json()
        stored = rec["actions"]
        # every acknowledged action is there, in order (one more may have been committed
        # whose answer the kill cut off)
        assert stored[: len(acked)] == acked
        assert len(stored) - len(acked) in (0, 1)
        assert stored == plan[: len(stored)]
        assert voidwar.replay(rec).actions == stored
        # and the game goes on from there
        nxt = plan[len(stored)]
        r = httpx.post(f"{url}/api/games/{gid}/actions", json={"action": nxt},
                       headers={"X-Seat-Token": token})
        assert r.status_code == 200 and r.json()["index"] == len(stored)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
