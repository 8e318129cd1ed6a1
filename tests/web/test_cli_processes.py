"""``voidwar serve --workers N`` and ``voidwar bots`` as the real commands, in real
processes on loopback: a bot game played through HTTP, its bot moves made by the ``voidwar
bots`` worker (the store's claim names the worker's process), and ``kill -9`` of the worker, of
one uvicorn worker and of the whole server, each restarted: nothing acknowledged is lost and
the game goes on. Bounded waits, never a wall-clock assertion."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, select

from voidwar.core.record import replay
from voidwar.web.store import games

from .servers import free_port

H = "X-Seat-Token"
CLI = [sys.executable, "-c", "from voidwar.cli.main import app; app()"]


class Proc:
    """A command in a process group of its own (``serve --workers`` has children)."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.p = subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, start_new_session=True,
                                  env={**os.environ, **(env or {})})

    def kill9(self) -> None:
        if self.p.poll() is None:
            os.killpg(self.p.pid, signal.SIGKILL)
        self.p.wait(10)

    def children(self) -> list[int]:
        path = Path(f"/proc/{self.p.pid}/task/{self.p.pid}/children")
        return [int(x) for x in path.read_text().split()] if path.exists() else []


@pytest.fixture
def procs() -> Iterator[list[Proc]]:
    started: list[Proc] = []
    yield started
    for p in started:
        p.kill9()


def wait_for(what: str, ok: Callable[[], object], timeout: float = 60) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            got = ok()
        except httpx.HTTPError:
            got = None
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def serve(procs: list[Proc], db: str, *extra: str) -> str:
    port = free_port()
    procs.append(Proc("serve", "--port", str(port), "--db", db, *extra))
    url = f"http://127.0.0.1:{port}"
    wait_for("the server", lambda: httpx.get(f"{url}/api/server", timeout=2).is_success)
    return url


def bot_owner(db: str, gid: str) -> str | None:
    engine = create_engine(db)
    try:
        with engine.connect() as c:
            owner = c.execute(select(games.c.bot_owner).where(games.c.id == gid)).scalar()
    finally:
        engine.dispose()
    return owner


class Table:
    """One Space Fleet game through HTTP: blue a person (this client), red a random bot."""

    def __init__(self, url: str) -> None:
        self.url = url
        r = httpx.post(f"{url}/api/games", json={
            "ruleset": "space-fleet", "seed": 3,
            "seats": {"blue": {"kind": "human"}, "red": {"kind": "bot", "policy": "random"}}})
        assert r.status_code == 201, r.text
        self.gid = r.json()["id"]
        self.token = r.json()["tokens"][0]["token"]
        self.acked: list[str] = []

    def summary(self) -> dict[str, object]:
        r = httpx.get(f"{self.url}/api/games/{self.gid}", timeout=10)
        r.raise_for_status()
        return dict(r.json())

    def blue_to_act(self) -> bool:
        return self.summary()["to_act"] == "blue"

    def play_blue(self) -> int:
        """Blue plays (its last legal action: an end of its phase) until red is to act; the
        action count then."""
        h = {H: self.token}
        while True:
            view = httpx.get(f"{self.url}/api/games/{self.gid}/view", headers=h,
                             timeout=10).json()
            if view["over"] or view["to_act"] != "blue":
                return int(view["n_actions"])
            r = httpx.post(f"{self.url}/api/games/{self.gid}/actions", headers=h, timeout=10,
                           json={"action": view["legal"][-1]["text"],
                                 "index": view["n_actions"]})
            assert r.status_code == 200, r.text
            self.acked.append(r.json()["action"])

    def bot_moved_after(self, n: int) -> bool:
        """The bot has made its whole turn after action ``n``: blue is to act again (or the
        game is over). A bot's turn can be several actions; stopping at the first one would
        let a test kill the worker in the middle of it."""
        s = self.summary()
        return bool(s["over"] or (int(str(s["n_actions"])) > n and s["to_act"] == "blue"))


def _round(table: Table, what: str) -> None:
    """Blue acts (when the game is still on); the bot answers."""
    if table.summary()["over"]:
        return
    wait_for("blue's turn", table.blue_to_act)
    n = table.play_blue()
    wait_for(f"the bot's move ({what})", lambda: table.bot_moved_after(n))


def _stored_game_replays(url: str, table: Table) -> None:
    wait_for("blue's turn", lambda: table.summary()["over"] or table.blue_to_act())
    r = httpx.get(f"{url}/api/games/{table.gid}/view", headers={H: table.token}, timeout=10)
    stored = [e["action"] for e in r.json()["log"] if e["index"] >= 0]
    blue_moves = [a for a in stored if a in table.acked]
    assert len(blue_moves) >= len(table.acked)  # no acknowledged action of blue was lost


def test_serve_workers_and_a_bots_worker_play_a_bot_game(fresh_postgres: str,
                                                         procs: list[Proc]) -> None:
    db = fresh_postgres
    url = serve(procs, db, "--workers", "2", "--no-bots", "--client-seeds")
    server = procs[-1]
    wait_for("two uvicorn workers", lambda: len(server.children()) >= 2)
    table = Table(url)
    # no process makes bot moves yet: `serve --no-bots` leaves them to `voidwar bots`
    n = table.play_blue()
    time.sleep(2.5)  # more than two sweeps of any process that would take the job
    assert table.summary()["to_act"] == "red" and table.summary()["n_actions"] == n

    bots = Proc("bots", "--db", db)
    procs.append(bots)
    wait_for("the bot worker's move", lambda: table.bot_moved_after(n))
    assert f":{bots.p.pid}:" in str(bot_owner(db, table.gid))  # the worker took the job
    for i in range(3):
        _round(table, f"round {i}")
    assert f":{bots.p.pid}:" in str(bot_owner(db, table.gid))

    # kill -9 the bot worker: the game waits; a new worker resumes it
    bots.kill9()
    if not table.summary()["over"]:
        wait_for("blue's turn", table.blue_to_act)
        n = table.play_blue()
        time.sleep(1.5)
        assert table.summary()["n_actions"] == n
        again = Proc("bots", "--db", db)
        procs.append(again)
        wait_for("the new worker's move", lambda: table.bot_moved_after(n))
        assert f":{again.p.pid}:" in str(bot_owner(db, table.gid))

    # kill -9 one uvicorn worker: the other serves on (uvicorn starts a new one)
    victim = server.children()[0]
    os.kill(victim, signal.SIGKILL)
    _round(table, "after a uvicorn worker was killed")

    # kill -9 the whole server and start it again: the game is still there and goes on
    server.kill9()
    url = serve(procs, db, "--workers", "2", "--no-bots", "--client-seeds")
    table.url = url
    _round(table, "after the server restarted")
    _stored_game_replays(url, table)
    rec = httpx.get(f"{url}/api/games/{table.gid}/record", timeout=10)
    if rec.status_code == 200:  # given once the game is over
        assert replay(rec.json()).actions == rec.json()["actions"]


def test_serve_alone_makes_the_bot_moves_and_survives_kill_9(tmp_path: Path,
                                                             procs: list[Proc]) -> None:
    """One ``voidwar serve`` on SQLite: its own bot moves, and a restart after ``kill -9``."""
    db = f"sqlite:///{tmp_path / 'games.db'}"
    url = serve(procs, db, "--client-seeds")
    table = Table(url)
    for i in range(2):
        _round(table, f"round {i}")
    assert f":{procs[-1].p.pid}:" in str(bot_owner(db, table.gid))
    procs[-1].kill9()
    table.url = serve(procs, db, "--client-seeds")
    _round(table, "after the restart")
    _stored_game_replays(table.url, table)


def test_several_workers_need_postgresql(tmp_path: Path) -> None:
    out = subprocess.run([*CLI, "serve", "--workers", "2", "--port", str(free_port()),
                          "--db", f"sqlite:///{tmp_path / 'g.db'}"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "PostgreSQL" in out.stdout + out.stderr
