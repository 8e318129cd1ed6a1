"""Accounts: sign-up, passwords, sessions, login throttling, e-mail links.

* Passwords are hashed with Argon2id (``argon2-cffi``'s :class:`PasswordHasher`, its default
  parameters: the RFC 9106 low-memory profile); a hash made with older parameters is rehashed
  at the next login.
* A session is a random cookie value; only its SHA-256 is stored, with the account, an expiry
  and the session's CSRF token (:mod:`.auth` checks both).
* Login answers the same "wrong name or password" whether or not the name exists, and spends
  the same time (an unknown name is checked against a dummy hash). Failures are counted per
  name and per client address (:meth:`Accounts.throttled`) in the database, so every process
  sees them.
* E-mail links (verification, password reset) are random tokens stored as digests, single use,
  expiring.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..live import ServiceError
from .clock import Clock
from .db import Db
from .schema import accounts, mail_tokens, sessions, throttle

#: names: 2-32 letters, digits, ``_ - .``, starting with a letter or digit
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$")
EMAIL = re.compile(r"^[^@\s<>\"',;]{1,64}@[A-Za-z0-9.-]{1,189}\.[A-Za-z]{2,24}$")
SESSION_DAYS = 30
#: login failures allowed per name and per address in :data:`THROTTLE_WINDOW` seconds
LOGIN_LIMIT_NAME, LOGIN_LIMIT_ADDRESS, THROTTLE_WINDOW = 5, 20, 15 * 60
LINK_HOURS = {"verify": 48, "reset": 1}

_hasher = PasswordHasher()
#: what an unknown name's password is checked against (the same time as a real check)
_DUMMY = _hasher.hash(secrets.token_hex(16))


def digest(token: str) -> str:
    """The SHA-256 a token is stored as."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Account:
    """An account as the pages see it."""

    id: int
    name: str
    email: str | None
    email_verified: bool
    turn_mails: bool
    digest: bool

    def public(self) -> dict[str, Any]:
        """What the account's own pages show."""
        return {"id": self.id, "name": self.name, "email": self.email,
                "email_verified": self.email_verified, "turn_mails": self.turn_mails,
                "digest": self.digest}


def _account(r: Any) -> Account:
    return Account(r["id"], r["name"], r["email"], bool(r["email_verified"]),
                   bool(r["turn_mails"]), bool(r["digest"]))


def check_name(name: str) -> str:
    """A valid account name, or 422 saying what a name may be."""
    if not NAME.match(name):
        raise ServiceError(422, "name: 2-32 letters, digits, '_', '-' or '.', starting with a "
                                "letter or digit")
    return name


def check_password(password: str) -> str:
    """A password of 8-200 characters, or 422."""
    if not 8 <= len(password) <= 200:
        raise ServiceError(422, "password: 8-200 characters")
    return password


def check_email(email: str) -> str:
    """An e-mail address of a plausible form, or 422."""
    if len(email) > 254 or not EMAIL.match(email):
        raise ServiceError(422, "email: not an e-mail address")
    return email


class Accounts:
    """The account operations; every write commits before it returns."""

    def __init__(self, db: Db, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    # -- accounts ----------------------------------------------------------------------------
    def sign_up(self, name: str, password: str, email: str | None) -> Account:
        """A new account; 409 when the name (in any case) is taken."""
        check_name(name)
        check_password(password)
        if email:
            check_email(email)
        hashed = _hasher.hash(password)
        try:
            with self.db.begin() as c:
                res = c.execute(insert(accounts).values(
                    name=name, name_key=name.casefold(), password_hash=hashed,
                    email=email or None, email_verified=0, turn_mails=1, digest=0,
                    created=self.clock.now()))
                key = res.inserted_primary_key
                assert key is not None
                aid = int(key[0])
        except IntegrityError:
            raise ServiceError(409, f"the name {name!r} is taken: choose another") from None
        found = self.get(aid)
        assert found is not None
        return found

    def get(self, account_id: int) -> Account | None:
        """The account ``account_id``, or None."""
        with self.db.read() as c:
            r = c.execute(select(accounts).where(accounts.c.id == account_id)).mappings().first()
        return None if r is None else _account(r)

    def by_name(self, name: str) -> Account | None:
        """The account of a name (any case), or None."""
        with self.db.read() as c:
            r = c.execute(select(accounts).where(accounts.c.name_key == name.casefold())
                          ).mappings().first()
        return None if r is None else _account(r)

    def names(self, ids: set[int]) -> dict[int, str]:
        """Account id → name."""
        if not ids:
            return {}
        with self.db.read() as c:
            rows = c.execute(select(accounts.c.id, accounts.c.name)
                             .where(accounts.c.id.in_(sorted(ids)))).all()
        return {int(r[0]): str(r[1]) for r in rows}

    def set_prefs(self, account_id: int, **prefs: bool) -> None:
        """Turn e-mails on or off, daily digest instead of one e-mail a turn."""
        values = {k: int(v) for k, v in prefs.items() if k in ("turn_mails", "digest")}
        if values:
            with self.db.begin() as c:
                c.execute(update(accounts).where(accounts.c.id == account_id).values(**values))

    def set_email(self, account_id: int, email: str | None, verified: bool = False) -> None:
        """Set (or clear) the account's e-mail address; a new address is unverified."""
        with self.db.begin() as c:
            c.execute(update(accounts).where(accounts.c.id == account_id)
                      .values(email=email, email_verified=int(verified)))

    # -- passwords and sessions --------------------------------------------------------------
    def throttled(self, keys: list[tuple[str, int]]) -> float:
        """Seconds until the next login attempt is allowed (0: now): any key whose failures
        in the current window reached its limit blocks."""
        now = self.clock.now()
        with self.db.read() as c:
            rows = c.execute(select(throttle).where(
                throttle.c.key.in_([k for k, _ in keys]))).mappings().all()
        limits = dict(keys)
        wait = 0.0
        for r in rows:
            if r["window_end"] > now and r["count"] >= limits[r["key"]]:
                wait = max(wait, r["window_end"] - now)
        return wait

    def failed(self, keys: list[str]) -> None:
        """Count a failed login against each key (a new window when the last one ended)."""
        now = self.clock.now()
        with self.db.begin() as c:
            for k in keys:
                res = c.execute(update(throttle).where(and_(
                    throttle.c.key == k, throttle.c.window_end > now))
                    .values(count=throttle.c.count + 1))
                if res.rowcount == 1:
                    continue
                res = c.execute(update(throttle).where(throttle.c.key == k)
                                .values(count=1, window_end=now + THROTTLE_WINDOW))
                if res.rowcount == 0:
                    self.db.insert_new(c, throttle, {"key": k, "count": 1,
                                                     "window_end": now + THROTTLE_WINDOW})

    def check_login(self, name: str, password: str, address: str) -> Account:
        """The account a name and password open; 401 "wrong name or password" otherwise, the
        same words and work whether or not the name exists; 429 while throttled."""
        keys = [(f"login-name:{name.casefold()[:64]}", LOGIN_LIMIT_NAME),
                (f"login-address:{address[:64]}", LOGIN_LIMIT_ADDRESS)]
        wait = self.throttled(keys)
        if wait > 0:
            raise ServiceError(429, f"too many failed logins: try again in {int(wait // 60) + 1}"
                                    " minutes")
        with self.db.read() as c:
            r = c.execute(select(accounts).where(accounts.c.name_key == name.casefold()[:64])
                          ).mappings().first()
        stored = r["password_hash"] if r is not None else _DUMMY
        try:
            _hasher.verify(stored, password)
            ok = r is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            ok = False
        if not ok or r is None:
            self.failed([k for k, _ in keys])
            raise ServiceError(401, "wrong name or password")
        if _hasher.check_needs_rehash(stored):
            with self.db.begin() as c:
                c.execute(update(accounts).where(accounts.c.id == r["id"])
                          .values(password_hash=_hasher.hash(password)))
        return _account(r)

    def set_password(self, account_id: int, password: str) -> None:
        """A new password; every session of the account ends."""
        check_password(password)
        hashed = _hasher.hash(password)
        with self.db.begin() as c:
            c.execute(update(accounts).where(accounts.c.id == account_id)
                      .values(password_hash=hashed))
            c.execute(delete(sessions).where(sessions.c.account_id == account_id))

    def open_session(self, account_id: int) -> tuple[str, str]:
        """A new session: (the cookie's value, its CSRF token)."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        now = self.clock.now()
        with self.db.begin() as c:
            c.execute(insert(sessions).values(token_hash=digest(token), account_id=account_id,
                                              csrf=csrf, created=now,
                                              expires=now + SESSION_DAYS * 86400))
        return token, csrf

    def session(self, token: str) -> tuple[Account, str] | None:
        """The account and CSRF token of a live session, or None (unknown, forged, expired)."""
        if not token or len(token) > 100:
            return None
        with self.db.read() as c:
            r = c.execute(select(sessions.c.account_id, sessions.c.csrf, sessions.c.expires)
                          .where(sessions.c.token_hash == digest(token))).first()
        if r is None or r[2] <= self.clock.now():
            return None
        account = self.get(int(r[0]))
        return None if account is None else (account, str(r[1]))

    def close_session(self, token: str) -> None:
        """Log out: forget the session."""
        with self.db.begin() as c:
            c.execute(delete(sessions).where(sessions.c.token_hash == digest(token)))

    # -- e-mail links ------------------------------------------------------------------------
    def make_link_token(self, kind: str, account_id: int, email: str | None) -> str:
        """A single-use token for an e-mail link (``verify`` an address, ``reset`` a
        password), valid :data:`LINK_HOURS` hours."""
        token = secrets.token_urlsafe(32)
        with self.db.begin() as c:
            c.execute(insert(mail_tokens).values(
                token_hash=digest(token), kind=kind, account_id=account_id, email=email,
                expires=self.clock.now() + LINK_HOURS[kind] * 3600, used=0))
        return token

    def use_link_token(self, kind: str, token: str) -> tuple[int, str | None]:
        """Spend an e-mail link's token: (account, e-mail it was sent to); 400 when unknown,
        used or expired (the same words for each)."""
        with self.db.begin() as c:
            r = c.execute(select(mail_tokens).where(and_(
                mail_tokens.c.token_hash == digest(token[:100]), mail_tokens.c.kind == kind))
            ).mappings().first()
            if r is None or r["used"] or r["expires"] <= self.clock.now():
                raise ServiceError(404, "this link is not valid (used, expired or mistyped)")
            res = c.execute(update(mail_tokens).where(and_(
                mail_tokens.c.token_hash == r["token_hash"], mail_tokens.c.used == 0))
                .values(used=1))
            if res.rowcount != 1:
                raise ServiceError(404, "this link is not valid (used, expired or mistyped)")
        return int(r["account_id"]), r["email"]

    def by_email(self, email: str) -> Account | None:
        """The account with this verified e-mail address, or None."""
        with self.db.read() as c:
            r = c.execute(select(accounts).where(and_(
                accounts.c.email == email, accounts.c.email_verified == 1))).mappings().first()
        return None if r is None else _account(r)
