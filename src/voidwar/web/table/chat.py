"""Game chat, presence (who has a game's page open) and the table's live messages.

**Chat**: short text messages per game, read and written only by its seats (a seat token:
guests and accounts alike). Text is stored as written and always shown as text (the pages set
``textContent``; the API answers JSON): it is never markup. At most :data:`CHAT_MAX` characters,
:data:`CHAT_RATE` messages a minute per seat.

**Presence**: a game's page keeps a socket open (:mod:`voidwar.web.routes.table`); each process
counts the sockets per (game, seat) in ``presence`` with a lease it renews while it runs, so a
killed process's rows lapse. "On the page" = a live row: no turn e-mail then.

**Live messages** (:class:`LiveHub`): a game page's socket hears ``chat`` and ``table`` (the
clock moved, a new turn); an account's my-games socket hears ``game`` (one of its games
changed) and ``account`` (a join, a new game). They reach other processes through the store's
``NOTIFY`` channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
import unicodedata
from typing import Any

from sqlalchemy import and_, delete, func, select, update

from ..live import ServiceError
from .db import Db
from .schema import account_seats, chat, presence

CHAT_MAX, CHAT_RATE, CHAT_KEEP = 500, 10, 200
PRESENCE_LEASE = 90.0


def clean_text(text: str) -> str:
    """A chat message as stored: stripped, control characters refused (422)."""
    text = text.strip()
    if not 1 <= len(text) <= CHAT_MAX:
        raise ServiceError(422, f"text: a message is 1-{CHAT_MAX} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\t" for ch in text):
        raise ServiceError(422, "text: control characters are not allowed")
    return text


class Chat:
    """The messages of games."""

    def __init__(self, db: Db) -> None:
        self.db = db

    def post(self, gid: str, seat: str, name: str, text: str, now: float) -> dict[str, Any]:
        """Store a message from ``seat``; 429 past :data:`CHAT_RATE` a minute."""
        text = clean_text(text)
        with self.db.begin() as c:
            recent = c.execute(select(func.count()).select_from(chat).where(and_(
                chat.c.game_id == gid, chat.c.seat == seat, chat.c.at > now - 60))).scalar()
            if int(recent or 0) >= CHAT_RATE:
                raise ServiceError(429, f"at most {CHAT_RATE} messages a minute")
            res = c.execute(chat.insert().values(game_id=gid, seat=seat, name=name[:40],
                                                 text=text, at=now))
            key = res.inserted_primary_key
            assert key is not None
        return {"id": int(key[0]), "seat": seat, "name": name[:40], "text": text, "at": now}

    def messages(self, gid: str, after: int = 0) -> list[dict[str, Any]]:
        """The game's last :data:`CHAT_KEEP` messages after id ``after``, oldest first."""
        with self.db.read() as c:
            rows = c.execute(select(chat.c.id, chat.c.seat, chat.c.name, chat.c.text, chat.c.at)
                             .where(and_(chat.c.game_id == gid, chat.c.id > after))
                             .order_by(chat.c.id.desc()).limit(CHAT_KEEP)).all()
        return [dict(r._mapping) for r in reversed(rows)]


class Presence:
    """Which seats have their game's page open, across processes."""

    def __init__(self, db: Db, origin: str) -> None:
        self.db = db
        self.origin = origin

    def enter(self, gid: str, seat: str) -> None:
        """A page opened at ``seat``."""
        until = time.time() + PRESENCE_LEASE
        with self.db.begin() as c:
            res = c.execute(update(presence).where(and_(
                presence.c.game_id == gid, presence.c.seat == seat,
                presence.c.owner == self.origin)).values(n=presence.c.n + 1, until=until))
            if res.rowcount == 0:
                self.db.insert_new(c, presence, {"game_id": gid, "seat": seat,
                                                 "owner": self.origin, "n": 1, "until": until})

    def leave(self, gid: str, seat: str) -> None:
        """A page at ``seat`` closed."""
        key = and_(presence.c.game_id == gid, presence.c.seat == seat,
                   presence.c.owner == self.origin)
        with self.db.begin() as c:
            c.execute(update(presence).where(key).values(n=presence.c.n - 1))
            c.execute(delete(presence).where(and_(key, presence.c.n <= 0)))

    def renew(self) -> None:
        """Renew this process's leases (its pages are still open)."""
        with self.db.begin() as c:
            c.execute(update(presence).where(presence.c.owner == self.origin)
                      .values(until=time.time() + PRESENCE_LEASE))

    def forget_mine(self) -> None:
        """This process stops: its pages are gone."""
        with self.db.begin() as c:
            c.execute(delete(presence).where(presence.c.owner == self.origin))

    def online(self, gids: list[str]) -> dict[str, set[str]]:
        """Game → the seats with a page open."""
        if not gids:
            return {}
        with self.db.read() as c:
            rows = c.execute(select(presence.c.game_id, presence.c.seat).where(and_(
                presence.c.game_id.in_(gids), presence.c.n > 0,
                presence.c.until > time.time()))).all()
        out: dict[str, set[str]] = {}
        for g, s in rows:
            out.setdefault(str(g), set()).add(str(s))
        return out

    def here(self, gid: str, seat: str) -> bool:
        """Whether ``seat`` has the game's page open."""
        return seat in self.online([gid]).get(gid, set())


#: a subscriber: its event loop and its queue
Sub = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[dict[str, Any]]"]


class LiveHub:
    """The sockets of game pages (chat, clock) and of my-games pages, in this process."""

    def __init__(self, db: Db, origin: str) -> None:
        self.db = db
        self.origin = origin
        self.games: dict[str, set[Sub]] = {}
        self.accounts: dict[int, set[Sub]] = {}
        #: game → accounts whose my-games page is open here
        self.watching: dict[str, set[int]] = {}
        self.lock = threading.Lock()

    def add_game(self, gid: str) -> tuple[Sub, asyncio.Queue[dict[str, Any]]]:
        """Subscribe a game page (on the running loop)."""
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=64)
        sub = (asyncio.get_running_loop(), q)
        with self.lock:
            self.games.setdefault(gid, set()).add(sub)
        return sub, q

    def remove_game(self, gid: str, sub: Sub) -> None:
        """End a game page's subscription."""
        with self.lock:
            self.games.get(gid, set()).discard(sub)
            if not self.games.get(gid):
                self.games.pop(gid, None)

    def add_account(self, account_id: int, loop: asyncio.AbstractEventLoop
                    ) -> tuple[Sub, asyncio.Queue[dict[str, Any]]]:
        """Subscribe a my-games page on ``loop`` (its games are looked up now and on each
        account event)."""
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=64)
        sub = (loop, q)
        with self.lock:
            self.accounts.setdefault(account_id, set()).add(sub)
        self._watch(account_id)
        return sub, q

    def remove_account(self, account_id: int, sub: Sub) -> None:
        """End a my-games page's subscription."""
        with self.lock:
            self.accounts.get(account_id, set()).discard(sub)
            if not self.accounts.get(account_id):
                self.accounts.pop(account_id, None)
                for watchers in self.watching.values():
                    watchers.discard(account_id)

    def _watch(self, account_id: int) -> None:
        with self.db.read() as c:
            gids = [r[0] for r in c.execute(select(account_seats.c.game_id)
                                             .where(account_seats.c.account_id == account_id))]
        with self.lock:
            for g in gids:
                self.watching.setdefault(str(g), set()).add(account_id)

    # -- delivering --------------------------------------------------------------------------
    @staticmethod
    def _offer(subs: list[Sub], msg: dict[str, Any]) -> None:
        for loop, q in subs:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_put, q, msg)

    def game_changed(self, gid: str) -> None:
        """A game changed (an action, a join, …): tell the my-games pages watching it."""
        with self.lock:
            subs = [s for a in self.watching.get(gid, ()) for s in self.accounts.get(a, ())]
        self._offer(subs, {"type": "game", "game": gid})

    def table_changed(self, gid: str, kind: str = "table", data: dict[str, Any] | None = None
                      ) -> None:
        """The game's clock or chat changed: tell its pages (and my-games pages)."""
        with self.lock:
            subs = list(self.games.get(gid, ()))
        self._offer(subs, {"type": kind, "game": gid, **(data or {})})
        if kind == "table":
            self.game_changed(gid)

    def account_changed(self, account_id: int) -> None:
        """An account's games changed (joined, posted, claimed): reload its pages."""
        with self.lock:
            known = account_id in self.accounts
            subs = list(self.accounts.get(account_id, ()))
        if known:
            self._watch(account_id)
        self._offer(subs, {"type": "account"})

    def on_note(self, note: dict[str, Any]) -> None:
        """A change another process announced (the store's listener)."""
        if note.get("o") == self.origin:
            return
        t = note.get("t")
        if t in ("table", "chat") and isinstance(note.get("tg"), str):
            self.table_changed(note["tg"], str(t))
        elif t == "account" and isinstance(note.get("a"), int):
            self.account_changed(note["a"])
        elif isinstance(note.get("g"), str):
            self.game_changed(note["g"])


def _put(q: asyncio.Queue[dict[str, Any]], msg: dict[str, Any]) -> None:
    with contextlib.suppress(asyncio.QueueFull):
        q.put_nowait(msg)
