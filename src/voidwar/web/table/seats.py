"""Seats held by accounts.

A seat an account holds opens with a token **derived** from the server's key, the account and
a random nonce stored with the seat (HMAC-SHA256), so the account can open its games from any
device (:meth:`AccountSeats.tokens`) while the store still keeps only the token's digest in
``seats.token_hash`` — the game routes, the websocket and the page check it unchanged.

Changing a seat outside a game's play (an account claiming a guest seat, a bot taking a seat
whose time ran out) is a compare-and-set on the game's ``version``, like every change of a
game (:mod:`voidwar.web.store`), announced to the other processes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, select, update
from sqlalchemy.engine import Connection

from ..live import ServiceError, hash_token
from ..store import Conflict, games
from ..store import seats as seat_rows
from .db import Db
from .schema import account_seats


def derive_token(key: bytes, account_id: int, nonce: str) -> str:
    """The seat token of an account's seat (never stored; its digest is)."""
    if not key:
        raise ServiceError(500, "this process has no server key to open account seats with")
    sub = hmac.new(key, b"voidwar account seat tokens", hashlib.sha256).digest()
    mac = hmac.new(sub, f"{account_id}:{nonce}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def _bump(c: Connection, gid: str, expect: int, **values: Any) -> int:
    """Compare-and-set on the game's version (as the store's own writes do)."""
    res = c.execute(update(games).where(and_(games.c.id == gid, games.c.version == expect))
                    .values(version=expect + 1,
                            updated=datetime.now(UTC).isoformat(timespec="milliseconds"),
                            **values))
    if res.rowcount != 1:
        raise Conflict(gid)
    return expect + 1


class AccountSeats:
    """Which account holds which seat, and the seat changes the table makes."""

    def __init__(self, db: Db, key: bytes, origin: str) -> None:
        self.db = db
        self.key = key
        self.origin = origin

    def new_token(self, account_id: int) -> tuple[str, str]:
        """(nonce, token) for a seat an account is about to take."""
        nonce = secrets.token_hex(8)
        return nonce, derive_token(self.key, account_id, nonce)

    def add(self, c: Connection, gid: str, seat: str, account_id: int, nonce: str,
            now: float) -> None:
        """Record that ``account_id`` holds ``seat`` (inside the caller's transaction)."""
        if not self.db.insert_new(c, account_seats, {
                "game_id": gid, "seat": seat, "account_id": account_id, "nonce": nonce,
                "mail": 1, "since": now}):
            raise ServiceError(409, f"seat {seat} of game {gid} already belongs to an account")

    def holders(self, gid: str) -> dict[str, int]:
        """Seat → the account holding it."""
        with self.db.read() as c:
            rows = c.execute(select(account_seats.c.seat, account_seats.c.account_id)
                             .where(account_seats.c.game_id == gid)).all()
        return {str(r[0]): int(r[1]) for r in rows}

    def tokens(self, gid: str, account_id: int) -> dict[str, str]:
        """Seat → token of every seat ``account_id`` holds in ``gid``."""
        with self.db.read() as c:
            rows = c.execute(select(account_seats.c.seat, account_seats.c.nonce).where(and_(
                account_seats.c.game_id == gid, account_seats.c.account_id == account_id))).all()
        return {str(r[0]): derive_token(self.key, account_id, str(r[1])) for r in rows}

    def set_mail(self, account_id: int, gid: str | None, on: bool) -> None:
        """Turn e-mails about one game (or, ``gid`` None, every game held now) on or off."""
        cond = account_seats.c.account_id == account_id
        if gid is not None:
            cond = and_(cond, account_seats.c.game_id == gid)
        with self.db.begin() as c:
            c.execute(update(account_seats).where(cond).values(mail=int(on)))

    def claim(self, gid: str, expect: int, seat: str, old_token: str, account_id: int,
              now: float) -> str:
        """A guest seat becomes the account's: the seat is re-keyed to the account's derived
        token (the guest link stops opening it) — one transaction, compare-and-set on the
        game's version. The new token."""
        nonce, token = self.new_token(account_id)
        with self.db.begin() as c:
            v = _bump(c, gid, expect)
            res = c.execute(update(seat_rows).where(and_(
                seat_rows.c.game_id == gid, seat_rows.c.seat == seat,
                seat_rows.c.token_hash == hash_token(old_token))).values(
                    token_hash=hash_token(token)))
            if res.rowcount != 1:
                raise Conflict(gid)
            self.add(c, gid, seat, account_id, nonce, now)
            self.db.notify(c, {"t": "change", "g": gid, "v": v, "s": seat, "o": self.origin})
        return token

    def to_bot(self, gid: str, expect: int, seat: str, policy: str) -> None:
        """A bot (``policy``) takes over ``seat`` for the rest of the game (its time ran out):
        one transaction, compare-and-set on the game's version, the bot job marked due."""
        with self.db.begin() as c:
            v = _bump(c, gid, expect, bot_due=1)
            c.execute(update(seat_rows).where(and_(
                seat_rows.c.game_id == gid, seat_rows.c.seat == seat)).values(
                    kind="bot", policy=policy, token_hash=None, undo_at=None))
            self.db.notify(c, {"t": "change", "g": gid, "v": v, "s": seat, "o": self.origin})
