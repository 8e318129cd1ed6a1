"""Who is asking: the session cookie, and the CSRF checks of state-changing requests.

* The session cookie (:data:`SESSION_COOKIE`) is ``HttpOnly`` (no script reads it),
  ``SameSite=Lax`` (not sent with another site's form posts or fetches) and ``Secure`` over
  HTTPS (or always, with ``--secure-cookies``). An unknown, forged or expired cookie is 401,
  never another account.
* Every state-changing request a cookie authenticates carries the session's CSRF token in the
  ``X-CSRF-Token`` header (synchronizer token: the page reads it from ``GET
  /api/account/me``); requests before a session (sign-up, login, reset) carry the value of the
  ``voidwar_csrf`` cookie in it (double submit). Another site can neither read the token nor
  set the header on a cross-site request, so a forged request is 403 and changes nothing.
  A request whose ``Origin`` is another site is refused too.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Request, Response
from starlette.requests import HTTPConnection

from ..live import ServiceError
from .accounts import SESSION_DAYS, Account
from .online import OnlineTable

SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER = "voidwar_session", "voidwar_csrf", "X-CSRF-Token"
SAFE = ("GET", "HEAD", "OPTIONS")


def table_of(request: HTTPConnection) -> OnlineTable:
    """The application's online table."""
    table: OnlineTable = request.app.state.table
    return table


async def table_dep(request: Request) -> OnlineTable:
    """The online table (a route dependency; async: no thread hop)."""
    return table_of(request)


TableDep = Annotated[OnlineTable, Depends(table_dep)]


@dataclass
class Session:
    """A logged-in request: its account, session cookie and CSRF token."""

    account: Account
    token: str
    csrf: str


def check_origin(request: HTTPConnection) -> None:
    """Refuse a request another site's page sent (its ``Origin`` names another host)."""
    origin = request.headers.get("origin")
    if origin and origin != "null":
        host = urlsplit(origin).netloc
        if host and host != request.headers.get("host", ""):
            raise ServiceError(403, "CSRF check failed: the request came from another site")


def session_of(request: HTTPConnection) -> Session | None:
    """The request's session, or None (no cookie); 401 for an unknown or forged one."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    found = table_of(request).accounts.session(token)
    if found is None:
        raise ServiceError(401, "your session is unknown or has expired: log in again")
    return Session(found[0], token, found[1])


def logged_in(request: Request) -> Session:
    """The logged-in account (401 otherwise); a state-changing request must carry the
    session's CSRF token (403 otherwise)."""
    s = session_of(request)
    if s is None:
        raise ServiceError(401, "log in first")
    if request.method not in SAFE:
        check_origin(request)
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode(), s.csrf.encode()):
            raise ServiceError(403, "CSRF check failed: the X-CSRF-Token header is missing "
                                    "or wrong (reload the page)")
    return s


def anonymous_csrf(request: Request) -> None:
    """Requests without a session (sign-up, login, reset): the header must repeat the CSRF
    cookie (double submit) and come from this site."""
    check_origin(request)
    cookie = request.cookies.get(CSRF_COOKIE, "")
    sent = request.headers.get(CSRF_HEADER, "")
    if not cookie or not hmac.compare_digest(sent.encode(), cookie.encode()):
        raise ServiceError(403, "CSRF check failed: the X-CSRF-Token header must repeat the "
                                "voidwar_csrf cookie (reload the page)")


Me = Annotated[Session, Depends(logged_in)]
AnonymousCsrf = Depends(anonymous_csrf)


def _secure(request: Request) -> bool:
    return table_of(request).config.secure_cookies or request.url.scheme == "https"


def set_session(request: Request, response: Response, token: str, csrf: str) -> None:
    """Give the browser its session cookie (and the session's CSRF token as the cookie the
    pages read)."""
    secure = _secure(request)
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True,
                        samesite="lax", secure=secure, path="/")
    response.set_cookie(CSRF_COOKIE, csrf, max_age=SESSION_DAYS * 86400, httponly=False,
                        samesite="strict", secure=secure, path="/")


def clear_session(request: Request, response: Response) -> None:
    """Forget the session cookie."""
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                           secure=_secure(request))


def ensure_csrf_cookie(request: Request, response: Response) -> str:
    """The CSRF cookie's value (set now when the browser has none)."""
    value = request.cookies.get(CSRF_COOKIE)
    if not value:
        value = secrets.token_urlsafe(24)
        response.set_cookie(CSRF_COOKIE, value, max_age=SESSION_DAYS * 86400, httponly=False,
                            samesite="strict", secure=_secure(request), path="/")
    return value


def client_address(request: Request) -> str:
    """The client's address (throttling key)."""
    return request.client.host if request.client else "unknown"
