"""Web server throughput: N concurrent games on loopback, played by bots through the JSON API.

Starts ``--processes`` servers (``voidwar.web.server.serve`` subprocesses on 127.0.0.1; more
than one share a PostgreSQL database: ``--db`` or ``$VOIDWAR_TEST_POSTGRES``; one uses a fresh
SQLite file unless ``--db`` is given), creates N games with every seat human, and plays them all
at once: each game's client asks for its legal actions and submits one chosen by a seeded random
bot (with the index it saw), until the game ends (or ``--max-actions``). Each request goes to a
random process (a load balancer without affinity: every process serves every game). Prints
actions/s and the p50/p99 latency of a submitted action (the time to the acknowledgement, which
includes the committed write) and of a legal-actions request.

Run: ``.venv/bin/python benchmarks/web.py [--games 100] [--processes 1 2 4] [--smoke]``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def reset_postgres(url: str) -> None:
    """Drop the voidwar tables of a benchmark database (a fresh start for each run)."""
    from sqlalchemy import create_engine

    from voidwar.web.store import metadata

    engine = create_engine(url)
    metadata.drop_all(engine)
    engine.dispose()


def start_server(db_url: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = ("import sys; from voidwar.web.server import serve; "
            "serve('127.0.0.1', int(sys.argv[1]), sys.argv[2], client_seeds=True)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(port), db_url],
                            stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def play_one(client: httpx.AsyncClient, urls: list[str], ruleset: str,
                   scenario: str | None, seed: int, max_actions: int, submit_ms: list[float],
                   legal_ms: list[float]) -> int:
    rng = random.Random(seed)
    body: dict[str, object] = {"ruleset": ruleset, "seed": seed}
    if scenario:
        body["scenario"] = scenario
    r = await client.post(f"{rng.choice(urls)}/api/games", json=body)
    r.raise_for_status()
    created = r.json()
    gid = created["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    to_act = (await client.get(f"{rng.choice(urls)}/api/games/{gid}")).json()["to_act"]
    n = 0
    while to_act is not None and n < max_actions:
        headers = {"X-Seat-Token": tokens[to_act]}
        t0 = time.perf_counter()
        try:
            r = await client.get(f"{rng.choice(urls)}/api/games/{gid}/legal", headers=headers)
        except httpx.TransportError:
            r = await client.get(f"{rng.choice(urls)}/api/games/{gid}/legal", headers=headers)
        legal = r.json()["actions"]
        t1 = time.perf_counter()
        body = {"action": rng.choice(legal), "index": n}
        try:
            r = await client.post(f"{rng.choice(urls)}/api/games/{gid}/actions", json=body,
                                  headers=headers)
        except httpx.TransportError:  # a connection closed under us: the index makes the
            r = await client.post(f"{rng.choice(urls)}/api/games/{gid}/actions",  # retry safe
                                  json=body, headers=headers)
            if r.status_code == 409:  # the first try was stored
                r = await client.get(f"{rng.choice(urls)}/api/games/{gid}")
        t2 = time.perf_counter()
        r.raise_for_status()
        legal_ms.append((t1 - t0) * 1000)
        submit_ms.append((t2 - t1) * 1000)
        to_act = r.json()["to_act"]
        n += 1
    return n


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))] if s else float("nan")


async def run(urls: list[str], games: int, ruleset: str, scenario: str | None,
              max_actions: int) -> dict[str, float]:
    submit_ms: list[float] = []
    legal_ms: list[float] = []
    limits = httpx.Limits(max_connections=games * 2)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        start = time.perf_counter()
        counts = await asyncio.gather(*(
            play_one(client, urls, ruleset, scenario, seed, max_actions, submit_ms, legal_ms)
            for seed in range(games)))
        elapsed = time.perf_counter() - start
    total = sum(counts)
    out = {"processes": len(urls), "games": games, "actions": total, "seconds": elapsed,
           "actions_per_s": total / elapsed, "submit_p50": pct(submit_ms, 50),
           "submit_p99": pct(submit_ms, 99), "legal_p50": pct(legal_ms, 50),
           "legal_p99": pct(legal_ms, 99)}
    print(f"{len(urls)} process(es), {games} concurrent {ruleset} games, {total} actions in "
          f"{elapsed:.2f} s")
    print(f"  actions/s            {total / elapsed:8.1f}")
    print(f"  submit latency (ms)  p50 {pct(submit_ms, 50):7.2f}   p99 {pct(submit_ms, 99):7.2f}")
    print(f"  legal  latency (ms)  p50 {pct(legal_ms, 50):7.2f}   p99 {pct(legal_ms, 99):7.2f}")
    return out


def bench(n_proc: int, args: argparse.Namespace, tmp: str) -> None:
    """One run with ``n_proc`` server processes."""
    db = args.db or (os.environ.get("VOIDWAR_TEST_POSTGRES") if n_proc > 1 else None)
    if db is None:
        if n_proc > 1:
            raise SystemExit("several processes need PostgreSQL: --db postgresql://...")
        db = f"sqlite:///{Path(tmp) / f'bench{n_proc}.db'}"
    elif db.startswith("postgres"):
        reset_postgres(db)
    procs = []
    try:
        for _ in range(n_proc):
            procs.append(start_server(db))
        asyncio.run(run([u for _, u in procs], args.games, args.ruleset, args.scenario,
                        args.max_actions))
    finally:
        for proc, _ in procs:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="concurrent games")
    ap.add_argument("--processes", type=int, nargs="+", default=[1],
                    help="server processes (one run for each number given)")
    ap.add_argument("--ruleset", default="antilles")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--max-actions", type=int, default=10_000, help="per game")
    ap.add_argument("--url", default=None, help="a running server (default: start them)")
    ap.add_argument("--db", default=None, help="database URL for the started servers")
    ap.add_argument("--smoke", action="store_true", help="CI smoke mode: 2 games, 20 actions")
    args = ap.parse_args()
    if args.smoke:
        args.games, args.max_actions = 2, 20
    if args.url is not None:
        asyncio.run(run([args.url], args.games, args.ruleset, args.scenario, args.max_actions))
        return
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.processes:
            bench(n, args, tmp)


if __name__ == "__main__":
    main()
