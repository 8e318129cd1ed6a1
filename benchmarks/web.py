"""Web server latency under load: N concurrent bot games on loopback, through the JSON API.

Starts ``--processes`` servers (``voidwar serve`` subprocesses on 127.0.0.1; more than one
share a PostgreSQL database: ``--db`` or ``$VOIDWAR_TEST_POSTGRES``; one uses a fresh SQLite
file unless ``--db`` is given), creates N games with every seat played by a client-side bot,
and plays them all at once for ``--seconds``. Each request goes to a random process (a load
balancer without affinity: every process serves every game).

The load is **open-loop**, the way people and bots play: each game's next action is due at
Poisson arrival times of ``--rate`` actions per second per game (N × rate offered in all),
whatever the server's answers took. At each due time the game's client asks for the legal
actions (``GET …/legal``) and submits one chosen by a seeded random bot (``POST …/actions``
with the index it saw). A game that ends is replaced by a fresh one, so N stay in play.
Latency is the server's time to accept and answer one request, measured at the client (send to
full answer, which for an action includes its committed write), reported as p50/p99 of the
action submit, of the legal-actions request and of the turn (both). A closed loop (the next
request sent as soon as the last answer came, ``--rate 0``) measures capacity instead: there
latency is merely games ÷ throughput.

It prints the offered and achieved actions/s, how late the client started requests (if the
server cannot keep up, requests start late and the achieved rate falls short: the latency
figures are then not at the offered load), the servers' CPU time per action (from
``/proc/<pid>/stat``, every server process and its children: independent of the machine's
other load) and the client's own CPU.

Run: ``.venv/bin/python benchmarks/web.py [--games 100] [--rate 0.5] [--processes 1 2 4]
[--seconds 30] [--smoke]``. Prints figures; asserts nothing. ``--table`` measures the online
table at scale instead (``benchmarks/web_table.py``: 10,000 stored games, my-games, the lobby
and moves on ``serve --workers 2`` with PostgreSQL).
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
from dataclasses import dataclass, field
from pathlib import Path

import httpx


def reset_postgres(url: str) -> None:
    """Drop the voidwar tables of a benchmark database (a fresh start for each run)."""
    from sqlalchemy import create_engine

    from voidwar.web.store import metadata, normalise_url
    from voidwar.web.table.schema import metadata as table_metadata

    engine = create_engine(normalise_url(url))
    table_metadata.drop_all(engine)
    metadata.drop_all(engine)
    engine.dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_servers(db_url: str, n: int, workers: int) -> list[tuple[subprocess.Popen[bytes], str]]:
    """``n`` ``voidwar serve`` processes (each with ``workers`` uvicorn workers)."""
    out = []
    for _ in range(n):
        port = free_port()
        cmd = [sys.executable, "-c", "from voidwar.cli.main import app; app()", "serve",
               "--port", str(port), "--db", db_url,
               "--client-seeds"]
        if workers > 1:
            cmd += ["--workers", str(workers)]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, start_new_session=True)
        out.append((proc, f"http://127.0.0.1:{port}"))
    deadline = time.monotonic() + 90
    for proc, url in out:
        while True:
            try:
                if httpx.get(f"{url}/api/server", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                stop_servers(out)
                raise SystemExit("a server did not start")
            time.sleep(0.2)
    return out


def stop_servers(procs: list[tuple[subprocess.Popen[bytes], str]]) -> None:
    for proc, _ in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    for proc, _ in procs:
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` and its live children."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    while pids:
        p = pids.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except (OSError, IndexError, ValueError):
            continue
        pids += [int(k) for k in kids]
    return total


@dataclass
class Figures:
    """What the clients measured (milliseconds)."""

    submit: list[float] = field(default_factory=list)
    legal: list[float] = field(default_factory=list)
    turn: list[float] = field(default_factory=list)
    late: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0


async def new_game(client: httpx.AsyncClient, url: str, ruleset: str, scenario: str | None,
                   seed: int) -> tuple[str, dict[str, str], str | None]:
    body: dict[str, object] = {"ruleset": ruleset, "seed": seed}
    if scenario:
        body["scenario"] = scenario
    r = await client.post(f"{url}/api/games", json=body)
    r.raise_for_status()
    created = r.json()
    gid = created["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    to_act = (await client.get(f"{url}/api/games/{gid}")).json()["to_act"]
    return gid, tokens, to_act


async def play(client: httpx.AsyncClient, urls: list[str], args: argparse.Namespace, seed: int,
               game: tuple[str, dict[str, str], str | None], t_end: float, fig: Figures) -> int:
    """One game slot: play games at the open-loop rate until ``t_end``; actions stored."""
    rng = random.Random(seed)
    gid, tokens, to_act = game
    n = done = 0
    due = time.perf_counter() + (rng.expovariate(args.rate) if args.rate > 0 else 0.0)
    while True:
        if args.rate > 0:
            now = time.perf_counter()
            if due > now:
                await asyncio.sleep(min(due, t_end) - now)
        if time.perf_counter() >= t_end:
            return done
        if to_act is None or n >= args.max_actions:
            fig.games += 1
            gid, tokens, to_act = await new_game(client, rng.choice(urls), args.ruleset,
                                                 args.scenario, rng.getrandbits(31))
            n = 0
            continue
        headers = {"X-Seat-Token": tokens[to_act]}
        t0 = time.perf_counter()
        if args.rate > 0:
            fig.late.append((t0 - due) * 1000)
        try:
            r = await client.get(f"{rng.choice(urls)}/api/games/{gid}/legal", headers=headers)
            r.raise_for_status()
            t1 = time.perf_counter()
            body = {"action": rng.choice(r.json()["actions"])["text"], "index": n}
            r = await client.post(f"{rng.choice(urls)}/api/games/{gid}/actions", json=body,
                                  headers=headers)
            t2 = time.perf_counter()
            r.raise_for_status()
        except httpx.HTTPError:
            fig.errors += 1  # look again (a lost connection, a 409): the index keeps it safe
            r = await client.get(f"{rng.choice(urls)}/api/games/{gid}")
            view = r.json()
            n, to_act = view["n_actions"], view["to_act"]
        else:
            fig.legal.append((t1 - t0) * 1000)
            fig.submit.append((t2 - t1) * 1000)
            fig.turn.append((t2 - t0) * 1000)
            to_act = r.json()["to_act"]
            n += 1
            done += 1
        due += rng.expovariate(args.rate) if args.rate > 0 else 0.0


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))] if s else float("nan")


async def run(urls: list[str], args: argparse.Namespace, pids: list[int]) -> dict[str, float]:
    """Play ``args.games`` games against ``urls`` for ``args.seconds``; print the figures."""
    fig = Figures()
    limits = httpx.Limits(max_connections=args.games * 2, max_keepalive_connections=args.games)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        made = [await new_game(client, urls[seed % len(urls)], args.ruleset, args.scenario, seed)
                for seed in range(args.games)]  # set up before the clock starts
        cpu0 = sum(tree_cpu(p) for p in pids)
        me0 = time.process_time()
        start = time.perf_counter()
        counts = await asyncio.gather(*(
            play(client, urls, args, seed, made[seed], start + args.seconds, fig)
            for seed in range(args.games)))
        elapsed = min(time.perf_counter() - start, args.seconds)  # the window played
        cpu = sum(tree_cpu(p) for p in pids) - cpu0
        me = time.process_time() - me0
    total = sum(counts)
    out = {"processes": len(urls), "games": args.games, "actions": total, "seconds": elapsed,
           "actions_per_s": total / elapsed, "submit_p50": pct(fig.submit, 50),
           "submit_p99": pct(fig.submit, 99), "legal_p50": pct(fig.legal, 50),
           "legal_p99": pct(fig.legal, 99), "turn_p99": pct(fig.turn, 99),
           "server_cpu_ms_per_action": cpu / max(total, 1) * 1000}
    offered = f"{args.games * args.rate:.1f}" if args.rate > 0 else "closed loop"
    print(f"{len(urls)} process(es) x {args.workers} worker(s), {args.games} concurrent "
          f"{args.ruleset} games for {elapsed:.1f} s: {total} actions, {fig.games} games ended, "
          f"{fig.errors} retried requests")
    print(f"  actions/s  offered {offered}   achieved {total / elapsed:.1f}")
    for name, values in (("action submit", fig.submit), ("legal actions", fig.legal),
                         ("turn (both)", fig.turn)):
        print(f"  {name:14s} latency ms  p50 {pct(values, 50):8.2f}   p99 {pct(values, 99):8.2f}")
    if fig.late:
        print(f"  started late ms          p50 {pct(fig.late, 50):8.2f}   p99 "
              f"{pct(fig.late, 99):8.2f}  (over ~100: the server did not keep up)")
    print(f"  server CPU per action {out['server_cpu_ms_per_action']:.2f} ms "
          f"({cpu:.1f} s in all); client CPU {me:.1f} s; load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)
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
    procs = start_servers(db, n_proc, args.workers)
    try:
        asyncio.run(run([u for _, u in procs], args, [p.pid for p, _ in procs]))
    finally:
        stop_servers(procs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="concurrent games")
    ap.add_argument("--rate", type=float, default=0.5,
                    help="actions per second per game (Poisson arrivals); 0: closed loop")
    ap.add_argument("--seconds", type=float, default=30.0, help="how long to play")
    ap.add_argument("--processes", type=int, nargs="+", default=[1],
                    help="server processes (one run for each number given)")
    ap.add_argument("--workers", type=int, default=1,
                    help="uvicorn workers per server process (serve --workers)")
    ap.add_argument("--ruleset", default="antilles")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--max-actions", type=int, default=10_000, help="per game")
    ap.add_argument("--url", default=None, help="a running server (default: start them)")
    ap.add_argument("--db", default=None, help="database URL for the started servers")
    ap.add_argument("--smoke", action="store_true", help="CI smoke mode: 2 games, 3 s")
    ap.add_argument("--table", action="store_true",
                    help="the online table at scale (benchmarks/web_table.py): stored games, "
                         "accounts, the lobby; my-games, lobby and action latency")
    ap.add_argument("--table-games", type=int, default=10_000)
    ap.add_argument("--table-active", type=int, default=1_000)
    ap.add_argument("--table-accounts", type=int, default=500)
    ap.add_argument("--table-listed", type=int, default=100)
    ap.add_argument("--my-rate", type=float, default=10.0, help="--table: my-games loads/s")
    ap.add_argument("--lobby-rate", type=float, default=5.0, help="--table: lobby loads/s")
    args = ap.parse_args()
    if args.smoke:
        args.games, args.seconds, args.rate = 2, 3.0, 5.0
    if args.table:
        from web_table import run_table

        run_table(args, start_servers, stop_servers, tree_cpu)
        return
    if args.url is not None:
        asyncio.run(run([args.url], args, []))
        return
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.processes:
            bench(n, args, tmp)


if __name__ == "__main__":
    main()
