"""Real server processes on loopback for the scale and failure tests (127.0.0.1 only).

:func:`start` runs ``voidwar.web.server.serve`` in a subprocess (with the web tests' toy
rulesets registered) and waits until it answers; :class:`Cluster` is N of them on one database,
with a client that sends each request to a random one of them — a load balancer without
affinity, the worst case for caches.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
CODE = ("import sys; sys.path.insert(0, sys.argv[3]); from toy import register_toys; "
        "register_toys(); from voidwar.web.server import serve; "
        "serve('127.0.0.1', int(sys.argv[1]), sys.argv[2], client_seeds=True)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db_url: str, env: dict[str, str] | None = None, timeout: float = 60
          ) -> tuple[subprocess.Popen[bytes], str]:
    """One server process on a free loopback port; (process, base URL)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", CODE, str(port), db_url, str(HERE)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, **(env or {})})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"server did not start: {err[-2000:]}")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a server process (SIGTERM, then SIGKILL)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


class Cluster:
    """N server processes on one database, and a client spreading requests over them."""

    def __init__(self, db_url: str, n: int, env: dict[str, str] | None = None) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []
        self.urls: list[str] = []
        for _ in range(n):
            p, u = start(db_url, env)
            self.procs.append(p)
            self.urls.append(u)
        self.dead: set[int] = set()

    def alive(self) -> list[int]:
        """The indices of the processes still running."""
        return [i for i in range(len(self.urls)) if i not in self.dead]

    def kill(self, i: int) -> None:
        """``kill -9`` process ``i``: no clean-up at all."""
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait(10)
        self.dead.add(i)

    def request(self, client: httpx.Client, rng: random.Random, method: str, path: str,
                **kw: Any) -> httpx.Response:
        """``method path`` on a random live process; a process that is gone is skipped (a
        load balancer's health check). A request a dying process took may have been applied:
        the caller decides (an action carries its index, so a retry is never played twice)."""
        for _ in range(20):
            i = rng.choice(self.alive())
            try:
                return client.request(method, self.urls[i] + path, **kw)
            except httpx.TransportError:
                self.dead.add(i) if self.procs[i].poll() is not None else time.sleep(0.05)
        raise RuntimeError(f"no server answered {method} {path}")

    def close(self) -> None:
        """Stop every process."""
        for p in self.procs:
            stop(p)
