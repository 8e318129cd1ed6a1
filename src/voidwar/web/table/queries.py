"""What the table's pages read: an account's games, the lobby, a game's clock and players, a
profile. Each is a few indexed queries, never a game loaded from its actions (the turn and
clock of a game are the worker's columns in ``table_games``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, select

from ..setup import terms
from ..store import GameRow, games
from ..store import seats as seat_rows
from .clock import span
from .host import TableHost
from .schema import account_seats, accounts, table_games

#: finished games listed on my-games (the profile lists them all)
FINISHED_SHOWN = 30


def _clock(t: Any, now: float) -> dict[str, Any]:
    per_move = t["per_move"]
    deadline = t["deadline"]
    return {"per_move": per_move, "per_move_text": span(per_move) if per_move else None,
            "deadline": deadline, "left": None if deadline is None else max(0.0, deadline - now),
            "on_timeout": t["on_timeout"], "timeout_policy": t["timeout_policy"]}


def my_games(table: TableHost, account_id: int) -> dict[str, Any]:
    """Every game the account sits in: its turn first, then waiting for others, then open
    (waiting for players), then the last finished ones; with the time since the last move,
    the clock, the opponents and who is on the page."""
    now = table.clock.now()
    with table.db.read() as c:
        rows = c.execute(
            select(account_seats.c.game_id, account_seats.c.seat, account_seats.c.mail,
                   games.c.status, games.c.n_actions, table_games)
            .join(games, games.c.id == account_seats.c.game_id)
            .join(table_games, table_games.c.game_id == account_seats.c.game_id,
                  isouter=True)
            .where(account_seats.c.account_id == account_id)).mappings().all()
        gids = sorted({r["game_id"] for r in rows})
        # every seat of those games with its holder's name, in one query
        seated = c.execute(
            select(seat_rows.c.game_id, seat_rows.c.seat, seat_rows.c.kind,
                   seat_rows.c.policy, accounts.c.name)
            .join(account_seats, and_(account_seats.c.game_id == seat_rows.c.game_id,
                                      account_seats.c.seat == seat_rows.c.seat), isouter=True)
            .join(accounts, accounts.c.id == account_seats.c.account_id, isouter=True)
            .where(seat_rows.c.game_id.in_(gids))).all() if gids else []
    seats_of: dict[str, dict[str, str]] = {}
    for g, s, k, p, n in seated:
        seats_of.setdefault(g, {})[s] = (n or (f"computer ({p})" if k == "bot" else
                                               "open seat" if k == "open" else "guest"))
    active = [r["game_id"] for r in rows if r["status"] == "active"]
    online = table.presence.online(active)
    out: dict[str, list[dict[str, Any]]] = {"your_turn": [], "waiting": [], "open": [],
                                            "finished": []}
    for r in rows:
        g = r["game_id"]
        entry = {
            "id": g, "ruleset": r["ruleset"] or "", "scenario": r["scenario"],
            "seat": r["seat"], "status": r["status"], "n_actions": r["n_actions"],
            "to_act": r["turn_seat"], "rated": bool(r["rated"]), "mail": bool(r["mail"]),
            "players": seats_of.get(g, {}), "online": sorted(online.get(g, set())),
            "last_move": r["last_move"],
            "since_last_move": None if r["last_move"] is None else now - r["last_move"],
            "clock": _clock(r, now) if r["per_move"] is not None else None,
            "timed_out": r["timed_out"], "link": f"/play/{g}",
        }
        if r["status"] != "active":
            out["finished"].append(entry)
        elif any(v == "open seat" for v in seats_of.get(g, {}).values()):
            out["open"].append(entry)
        elif r["turn_seat"] == r["seat"]:
            out["your_turn"].append(entry)
        else:
            out["waiting"].append(entry)
    out["your_turn"].sort(key=lambda e: (e["clock"] or {}).get("deadline") or float("inf"))
    out["waiting"].sort(key=lambda e: -(e["last_move"] or 0))
    out["finished"].sort(key=lambda e: -(e["last_move"] or 0))
    out["finished"] = out["finished"][:FINISHED_SHOWN]
    return {"now": now, **out}


def lobby(table: TableHost, limit: int = 100) -> list[dict[str, Any]]:
    """The open games, newest first: ruleset, scenario, terms, time control, rated, the
    poster, the open seats."""
    now = table.clock.now()
    with table.db.read() as c:
        rows = c.execute(
            select(table_games, accounts.c.name.label("poster"), games.c.options,
                   games.c.dice, games.c.status, games.c.created, games.c.updated,
                   games.c.seeded_by)
            .join(games, games.c.id == table_games.c.game_id)
            .join(accounts, accounts.c.id == table_games.c.creator_id, isouter=True)
            .where(and_(table_games.c.listed == 1, games.c.status == "active"))
            .order_by(table_games.c.posted.desc()).limit(limit)).mappings().all()
        gids = [r["game_id"] for r in rows]
        open_rows = c.execute(select(seat_rows.c.game_id, seat_rows.c.seat).where(and_(
            seat_rows.c.game_id.in_(gids), seat_rows.c.kind == "open"))).all() if gids else []
    opens: dict[str, list[str]] = {}
    for g, s in open_rows:
        opens.setdefault(g, []).append(s)
    out = []
    for r in rows:
        row = GameRow(id=r["game_id"], ruleset=r["ruleset"], scenario=r["scenario"],
                      options=_json(r["options"]), dice=_json(r["dice"]), status=r["status"],
                      resigned_by=None, created=r["created"], updated=r["updated"],
                      seeded_by=r["seeded_by"])
        out.append({"id": r["game_id"], "ruleset": r["ruleset"], "scenario": r["scenario"],
                    "poster": r["poster"], "posted": r["posted"], "age": now - r["posted"],
                    "rated": bool(r["rated"]), "open_seats": sorted(opens.get(r["game_id"], [])),
                    "clock": _clock(r, now) if r["per_move"] is not None else None,
                    "terms": terms(row, [])})
    return out


def _json(text: str) -> Any:
    import json

    return json.loads(text)


def table_of(table: TableHost, gid: str) -> dict[str, Any]:
    """A game's table facts anyone may read: who holds each seat, the time control, the
    clock of the turn, rated or not."""
    now = table.clock.now()
    with table.db.read() as c:
        t = c.execute(select(table_games).where(table_games.c.game_id == gid)
                      ).mappings().first()
        holders = c.execute(select(account_seats.c.seat, accounts.c.name)
                            .join(accounts, accounts.c.id == account_seats.c.account_id)
                            .where(account_seats.c.game_id == gid)).all()
    players = {str(s): str(n) for s, n in holders}
    if t is None:
        return {"game": gid, "table": False, "players": players, "now": now}
    return {"game": gid, "table": True, "players": players, "now": now,
            "rated": bool(t["rated"]), "listed": bool(t["listed"]),
            "turn": t["turn_seat"], "turn_started": t["turn_started"],
            "last_move": t["last_move"], "timed_out": t["timed_out"],
            "clock": _clock(t, now) if t["per_move"] is not None else None,
            "online": sorted(table.presence.online([gid]).get(gid, set()))}


def profile(table: TableHost, name: str) -> dict[str, Any] | None:
    """An account's public profile: games played and won per ruleset, ratings and their
    history, finished games (replays and signed records)."""
    account = table.accounts.by_name(name)
    if account is None:
        return None
    played = table.ratings.counts(account.id)
    fin = table.ratings.finished_games(account.id)
    for f in fin:
        f["replay"] = f"/replay/{f['game']}"
        f["record"] = f"/api/games/{f['game']}/record"
    return {"name": account.name, "games": played, "ratings": table.ratings.of(account.id),
            "history": table.ratings.history(account.id), "finished": fin}
