"""Half-sent requests are timed out: a real ``voidwar serve`` process on loopback, many
connections that send part of a request and then stall or dribble, each closed by the server
after the request deadline (``$VOIDWAR_REQUEST_TIMEOUT``) — the bound is the deadline plus
generous slack, a behaviour (the server closes them), never a measure of speed. Meanwhile and
afterwards whole requests are answered."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from .servers import free_port

#: the deadline the server is started with (seconds), and the slack allowed on top of it
DEADLINE, SLACK = 2, 45


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("timeouts")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from voidwar.cli.main import app; app()", "serve",
         "--port", str(port), "--db", f"sqlite:///{home / 'games.db'}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        env={**os.environ, "VOIDWAR_REQUEST_TIMEOUT": str(DEADLINE),
             "XDG_DATA_HOME": str(home)})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/api/server", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("server did not start: "
                               + (proc.stderr.read().decode() if proc.stderr else ""))
        time.sleep(0.1)
    yield url
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert "Traceback" not in err, err[-3000:]


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


HEAD = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
#: what each kind of half-sent request sends before it stalls, and how the server answers it
#: before it closes the connection: 408, nothing (an idle connection), or the answer (a GET,
#: answered without its body)
HALF_SENT: dict[str, tuple[bytes, bytes]] = {
    "nothing": (b"", b""),
    "half a request line": (b"GET /api/ser", b"HTTP/1.1 408 "),
    "headers never finished": (HEAD + b"X-Slow: 1\r\n", b"HTTP/1.1 408 "),
    "body declared, never sent": (HEAD + b"Content-Length: 100\r\n\r\n", b"HTTP/1.1 408 "),
    "body half sent": (HEAD + b'Content-Length: 100\r\n\r\n{"ruleset": "anti',
                       b"HTTP/1.1 408 "),
    "GET with a body never sent": (b"GET /api/server HTTP/1.1\r\nHost: x\r\n"
                                   b"Content-Length: 50\r\n\r\n", b"HTTP/1.1 200 "),
    "chunked body never ended": (HEAD + b"Transfer-Encoding: chunked\r\n\r\n5\r\n{\"rul\r\n",
                                 b"HTTP/1.1 408 "),
}


def _closed_by_server(sock: socket.socket, within: float) -> bytes:
    """Read until the server closes the connection; what it sent (a 408 or nothing).
    Fails if it is still open after ``within`` seconds."""
    sock.settimeout(within)
    got = b""
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except TimeoutError:
        raise AssertionError(f"still open after {within} s; got {got[:200]!r}") from None
    except ConnectionResetError:
        pass
    return got


def test_half_sent_requests_are_closed_after_the_deadline(server: str) -> None:
    port = _port(server)
    socks: list[tuple[str, socket.socket]] = []
    for i in range(140):  # 20 of each kind, all open at once
        kind = list(HALF_SENT)[i % len(HALF_SENT)]
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(HALF_SENT[kind][0])
        socks.append((kind, s))
    # the server still answers whole requests while they hang
    assert httpx.get(f"{server}/api/server", timeout=10).status_code == 200
    for kind, s in socks:
        with s:
            got = _closed_by_server(s, DEADLINE + SLACK)
        expected = HALF_SENT[kind][1]
        assert got.startswith(expected) if expected else got == b"", (kind, got[:200])
    assert httpx.get(f"{server}/api/server", timeout=10).status_code == 200


def _dribble(sock: socket.socket, data: bytes, stop: threading.Event,
             every: float = 0.3) -> Callable[[], None]:
    """Send ``data`` a byte at a time, forever (cycling), until stopped or refused."""
    def run() -> None:
        i = 0
        while not stop.is_set():
            try:
                sock.send(data[i % len(data):i % len(data) + 1])
            except OSError:
                return
            i += 1
            stop.wait(every)
    return run


@pytest.mark.parametrize("prefix", [
    HEAD,  # headers dribbled a byte at a time
    HEAD + b"Content-Length: 60000\r\n\r\n",  # a body dribbled a byte at a time
])
def test_a_dribbled_request_is_closed_although_bytes_keep_coming(server: str,
                                                                 prefix: bytes) -> None:
    """Bytes arriving do not extend the deadline: it is on the whole request."""
    stop = threading.Event()
    socks = []
    try:
        for _ in range(10):
            s = socket.create_connection(("127.0.0.1", _port(server)), timeout=10)
            s.sendall(prefix)
            threading.Thread(target=_dribble(s, b"xxxxxxxxx", stop), daemon=True).start()
            socks.append(s)
        for s in socks:
            got = _closed_by_server(s, DEADLINE + SLACK)
            assert got.startswith(b"HTTP/1.1 408 "), got[:200]
    finally:
        stop.set()
        for s in socks:
            s.close()


def test_a_whole_request_on_a_kept_alive_connection_is_answered(server: str) -> None:
    """The deadline is per request: each request sent whole is answered on the same
    connection, before and after a pause shorter than the idle timeout."""
    with httpx.Client(base_url=server, timeout=10) as client:
        for _ in range(3):
            assert client.get("/api/server").status_code == 200
            r = client.post("/api/games", json={"ruleset": "webtoy-none"})
            assert r.status_code == 422


def test_a_websocket_outlives_the_request_deadline(server: str) -> None:
    """An upgraded connection is no longer a request: it stays open past the deadline."""
    from websockets.sync.client import connect

    c = httpx.post(f"{server}/api/games", json={"ruleset": "antilles"}, timeout=30).json()
    with connect(f"ws://127.0.0.1:{_port(server)}/api/games/{c['id']}/ws",
                 open_timeout=10) as ws:
        assert '"hello"' in str(ws.recv(timeout=10))
        threading.Event().wait(DEADLINE + 1.5)
        ws.send(b"\x00binary")  # dropped, not an error
        ws.ping().wait(10)  # still open, answered
