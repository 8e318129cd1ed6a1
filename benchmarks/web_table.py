"""The online table at scale (``benchmarks/web.py --table``): 10,000 stored games, 1,000 of
them in progress, 500 accounts, 100 open games in the lobby, on PostgreSQL, served by
``voidwar serve --workers 2``; then an open-loop load of moves, my-games pages and lobby
pages, with the latency of each answer (p50/p99) measured at the client.

The store is filled directly (bulk inserts of what the server itself writes: games, seats
with the digests of the accounts' derived seat tokens, actions, table rows, sessions), so the
figures are the serving, not the filling. Every game is a Space Fleet duel; a finished one
holds its first 20 actions and ended by resignation; a game in progress starts fresh with a
day per move. Each account holds ~4 games in progress and ~36 finished ones.

Load (Poisson arrivals, however long the answers take): each game in progress is moved at
``--rate`` actions a second (the seat to act asks for its legal actions, then submits one with
its index: the action answer is measured), a random account loads its my-games at
``--my-rate`` a second, and the lobby is read at ``--lobby-rate`` a second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx

SERVER_KEY = "the-benchmark-servers-key"


@dataclass
class Seeded:
    """What the load needs: sessions, games in progress with their tokens, the lobby."""

    sessions: list[str] = field(default_factory=list)
    active: list[tuple[str, dict[str, str], str]] = field(default_factory=list)


def reset(url: str) -> None:
    """Drop every voidwar table of the benchmark database."""
    from sqlalchemy import create_engine

    from voidwar.web.store import metadata, normalise_url
    from voidwar.web.table.schema import metadata as table_metadata

    engine = create_engine(normalise_url(url))
    table_metadata.drop_all(engine)
    metadata.drop_all(engine)
    engine.dispose()


def seed(url: str, n_games: int, n_active: int, n_accounts: int, n_listed: int) -> Seeded:
    """Fill the store; the sessions and the games in progress."""
    from argon2 import PasswordHasher

    from voidwar.core.registry import load
    from voidwar.web.live import hash_token
    from voidwar.web.store import Store, actions, games, seats
    from voidwar.web.table import schema
    from voidwar.web.table.accounts import digest
    from voidwar.web.table.seats import derive_token

    rng = random.Random(1)
    store = Store(url)
    schema.create(store.engine, True)
    dice_seed = 12345
    game = load("space-fleet", scenario="duel", seed=dice_seed)
    options, first = game.record_options(), str(game.to_act)
    seat_names = list(game.seats)
    played = load("space-fleet", scenario="duel", seed=dice_seed)
    texts: list[tuple[str, str]] = []
    for _ in range(20):
        seat = str(played.to_act)
        a = rng.choice(played.legal_actions())
        played.apply(a)
        texts.append((seat, str(a)))
    now_iso = datetime.now(UTC).isoformat(timespec="milliseconds")
    now = time.time()
    key = SERVER_KEY.encode()
    hashed = PasswordHasher().hash("benchmark password")
    out = Seeded()
    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in (
        "accounts", "sessions", "games", "seats", "actions", "account_seats", "table_games",
        "finished")}
    for i in range(n_accounts):
        rows["accounts"].append({"id": i + 1, "name": f"player{i}", "name_key": f"player{i}",
                                 "password_hash": hashed, "email": None, "email_verified": 0,
                                 "turn_mails": 1, "digest": 0, "created": now})
        token = secrets.token_urlsafe(32)
        rows["sessions"].append({"token_hash": digest(token), "account_id": i + 1,
                                 "csrf": "x", "created": now, "expires": now + 86400 * 30})
        out.sessions.append(token)
    for g in range(n_games):
        gid = f"bench{g:06d}"
        active = g < n_active
        listed = active and g >= n_active - n_listed
        a, b = rng.sample(range(1, n_accounts + 1), 2)
        rows["games"].append({
            "id": gid, "ruleset": "space-fleet", "scenario": "duel",
            "options": json.dumps(options), "dice": json.dumps({"kind": "seeded",
                                                                "seed": dice_seed}),
            "status": "active" if active else "resigned",
            "resigned_by": None if active else seat_names[g % 2], "created": now_iso,
            "updated": now_iso, "version": 0 if active else len(texts), "generation": 0,
            "n_actions": 0 if active else len(texts), "seeded_by": "server", "bot_due": 0})
        tokens: dict[str, str] = {}
        for seat, acc in zip(seat_names, (a, b), strict=True):
            if listed and seat != seat_names[0]:
                rows["seats"].append({"game_id": gid, "seat": seat, "kind": "open",
                                      "policy": None, "token_hash": None, "undo_at": None})
                continue
            nonce = f"{g}{seat}"
            tokens[seat] = derive_token(key, acc, nonce)
            rows["seats"].append({"game_id": gid, "seat": seat, "kind": "human",
                                  "policy": None, "token_hash": hash_token(tokens[seat]),
                                  "undo_at": None})
            rows["account_seats"].append({"game_id": gid, "seat": seat, "account_id": acc,
                                          "nonce": nonce, "mail": 1, "since": now})
            if not active:
                rows["finished"].append({"account_id": acc, "game_id": gid,
                                         "ruleset": "space-fleet", "seat": seat,
                                         "won": int(seat != seat_names[g % 2]),
                                         "outcome": "resigned", "at": now})
        if not active:
            rows["actions"] += [{"game_id": gid, "idx": i, "seat": s, "text": t,
                                 "created": now_iso} for i, (s, t) in enumerate(texts)]
        rows["table_games"].append({
            "game_id": gid, "creator_id": a, "ruleset": "space-fleet", "scenario": "duel",
            "listed": int(listed), "rated": 1, "per_move": 86400.0, "on_timeout": "forfeit",
            "timeout_policy": None, "state": "active" if active else "ended", "posted": now,
            "version_seen": 0 if active else len(texts), "n_seen": 0 if active else len(texts),
            "turn_seat": first if active and not listed else None,
            "turn_index": 0 if active and not listed else None,
            "turn_started": now if active and not listed else None,
            "deadline": now + 86400 if active and not listed else None, "last_move": now,
            "timed_out": None})
        if active and not listed:
            out.active.append((gid, tokens, first))
    tables = {"accounts": schema.accounts, "sessions": schema.sessions, "games": games,
              "seats": seats, "actions": actions, "account_seats": schema.account_seats,
              "table_games": schema.table_games, "finished": schema.finished}
    with store.engine.begin() as c:
        for name, table in tables.items():
            for i in range(0, len(rows[name]), 5000):
                c.execute(table.insert(), rows[name][i:i + 5000])
    with store.engine.begin() as c:
        from sqlalchemy import text

        c.execute(text("SELECT setval(pg_get_serial_sequence('accounts', 'id'), :n)"),
                  {"n": n_accounts})
        c.execute(text("ANALYZE"))
    store.close()
    return out


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))] if s else float("nan")


async def _poisson(rate: float, t_end: float, rng: random.Random, late: list[float],
                   fn: Any) -> None:
    due = time.perf_counter() + rng.expovariate(rate)
    while True:
        now = time.perf_counter()
        if due > now:
            await asyncio.sleep(min(due, t_end) - now)
        if time.perf_counter() >= t_end:
            return
        late.append((time.perf_counter() - due) * 1000)
        await fn()
        due += rng.expovariate(rate)


async def load_run(url: str, seeded: Seeded, args: argparse.Namespace, pids: list[int],
                   tree_cpu: Any) -> dict[str, Any]:
    """The open-loop load for ``args.seconds``; the figures (printed too)."""
    figs: dict[str, list[float]] = {"action": [], "legal": [], "my games": [], "lobby": []}
    late: list[float] = []
    errors = 0
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        rng = random.Random(7)
        start = time.perf_counter()
        t_end = start + args.seconds
        cpu0 = sum(tree_cpu(p) for p in pids)

        def mover(game: tuple[str, dict[str, str], str]) -> Any:
            gid, tokens, to_act = game
            state = {"to_act": to_act, "n": 0}

            async def move() -> None:
                nonlocal errors
                seat = state["to_act"]
                if seat not in tokens:
                    return
                h = {"X-Seat-Token": tokens[str(seat)]}
                try:
                    t0 = time.perf_counter()
                    r = await client.get(f"/api/games/{gid}/legal", headers=h)
                    r.raise_for_status()
                    t1 = time.perf_counter()
                    body = {"action": rng.choice(r.json()["actions"])["text"],
                            "index": state["n"]}
                    r = await client.post(f"/api/games/{gid}/actions", json=body, headers=h)
                    t2 = time.perf_counter()
                    r.raise_for_status()
                except httpx.HTTPError:
                    errors += 1
                    s = (await client.get(f"/api/games/{gid}")).json()
                    state["to_act"], state["n"] = s["to_act"], s["n_actions"]
                    return
                figs["legal"].append((t1 - t0) * 1000)
                figs["action"].append((t2 - t1) * 1000)
                state["to_act"], state["n"] = r.json()["to_act"], int(state["n"]) + 1
            return move

        async def my_games() -> None:
            token = rng.choice(seeded.sessions)
            t0 = time.perf_counter()
            r = await client.get("/api/me/games", cookies={"voidwar_session": token})
            figs["my games"].append((time.perf_counter() - t0) * 1000)
            r.raise_for_status()

        async def lobby() -> None:
            t0 = time.perf_counter()
            r = await client.get("/api/lobby")
            figs["lobby"].append((time.perf_counter() - t0) * 1000)
            r.raise_for_status()

        tasks = [_poisson(args.rate, t_end, random.Random(i), late, mover(g))
                 for i, g in enumerate(seeded.active)]
        tasks.append(_poisson(args.my_rate, t_end, random.Random(-1), late, my_games))
        tasks.append(_poisson(args.lobby_rate, t_end, random.Random(-2), late, lobby))
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - start
        cpu = sum(tree_cpu(p) for p in pids) - cpu0
    print(f"{len(seeded.active)} games in progress moved at {args.rate}/s each "
          f"({len(seeded.active) * args.rate:.0f} actions/s offered), my-games "
          f"{args.my_rate}/s, lobby {args.lobby_rate}/s, for {elapsed:.0f} s; "
          f"{errors} requests looked again")
    out: dict[str, Any] = {}
    for name, values in figs.items():
        rate = len(values) / elapsed
        print(f"  {name:9s} {len(values):6d} answers ({rate:5.1f}/s)   p50 "
              f"{pct(values, 50):7.1f} ms   p99 {pct(values, 99):7.1f} ms")
        out[name] = {"n": len(values), "p50": pct(values, 50), "p99": pct(values, 99)}
    print(f"  started late ms p50 {pct(late, 50):.1f} p99 {pct(late, 99):.1f}; server CPU "
          f"{cpu:.1f} s ({cpu / elapsed:.2f} cores); load average {os.getloadavg()[0]:.1f}",
          flush=True)
    return out


def run_table(args: argparse.Namespace, start_servers: Any, stop_servers: Any,
              tree_cpu: Any) -> None:
    """Fill, serve with ``serve --workers 2`` (or ``--workers``), load, print."""
    db = args.db or os.environ.get("VOIDWAR_TEST_POSTGRES")
    if not db or not db.startswith("postgres"):
        raise SystemExit("--table runs on PostgreSQL: --db postgresql://… or "
                         "$VOIDWAR_TEST_POSTGRES")
    reset(db)
    t0 = time.perf_counter()
    seeded = seed(db, args.table_games, args.table_active, args.table_accounts,
                  args.table_listed)
    print(f"stored {args.table_games} games ({args.table_active} in progress, "
          f"{args.table_listed} of them open in the lobby), {args.table_accounts} accounts in "
          f"{time.perf_counter() - t0:.0f} s", flush=True)
    os.environ["VOIDWAR_SERVER_KEY"] = SERVER_KEY
    procs = start_servers(db, 1, max(args.workers, 2))
    try:
        asyncio.run(load_run(procs[0][1], seeded, args, [p.pid for p, _ in procs], tree_cpu))
    finally:
        stop_servers(procs)
