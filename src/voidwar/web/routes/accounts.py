"""Accounts: sign up, log in and out, the account's settings, e-mail verification and
password reset (:mod:`voidwar.web.table.accounts`; cookies and CSRF:
:mod:`voidwar.web.table.auth`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ..live import ServiceError
from ..models import REFUSALS, Refusal, Text
from ..table import messages
from ..table.accounts import check_email
from ..table.auth import (
    AnonymousCsrf,
    Me,
    TableDep,
    clear_session,
    client_address,
    ensure_csrf_cookie,
    session_of,
    set_session,
)

router = APIRouter(tags=["accounts"])
REFUSED: dict[int | str, dict[str, Any]] = {
    **REFUSALS, 429: {"model": Refusal, "description": "too many attempts"},
    503: {"description": "this server sends no e-mail"}}


class SignUp(BaseModel):
    """A new account."""

    model_config = ConfigDict(extra="forbid")
    name: Text = Field(min_length=2, max_length=32)
    password: Text = Field(min_length=8, max_length=200)
    email: Text | None = Field(None, max_length=254)


class LogIn(BaseModel):
    """A name and its password."""

    model_config = ConfigDict(extra="forbid")
    name: Text = Field(min_length=1, max_length=64)
    password: Text = Field(min_length=1, max_length=200)


class Prefs(BaseModel):
    """E-mail settings: turn e-mails at all, a daily digest instead of one a turn."""

    model_config = ConfigDict(extra="forbid")
    turn_mails: bool | None = None
    digest: bool | None = None


class EmailAddress(BaseModel):
    """An address to verify (empty: remove it)."""

    model_config = ConfigDict(extra="forbid")
    email: Text = Field(max_length=254)


class LinkToken(BaseModel):
    """The token of an e-mailed link."""

    model_config = ConfigDict(extra="forbid")
    token: Text = Field(min_length=1, max_length=100)


class ResetAsk(BaseModel):
    """Who forgot a password: the account's name or verified e-mail address."""

    model_config = ConfigDict(extra="forbid")
    name_or_email: Text = Field(min_length=1, max_length=254)


class ResetDo(BaseModel):
    """The reset link's token and the new password."""

    model_config = ConfigDict(extra="forbid")
    token: Text = Field(min_length=1, max_length=100)
    password: Text = Field(min_length=8, max_length=200)


def _me(table: Any, account: Any, csrf: str) -> dict[str, Any]:
    return {"account": account.public(), "csrf": csrf, "mail": table.mailer.enabled}


@router.get("/api/account/me")
def me(request: Request, response: Response, table: TableDep) -> dict[str, Any]:
    """The logged-in account and its CSRF token; ``account`` null when nobody is logged in
    (then the CSRF token for sign-up and login)."""
    s = session_of(request)
    if s is None:
        return {"account": None, "csrf": ensure_csrf_cookie(request, response),
                "mail": table.mailer.enabled}
    return _me(table, s.account, s.csrf)


@router.post("/api/account/signup", status_code=201, responses=REFUSED,
             dependencies=[AnonymousCsrf])
def sign_up(body: SignUp, request: Request, response: Response,
            table: TableDep) -> dict[str, Any]:
    """Make an account and log in. With an e-mail address, a link to verify it is sent."""
    if body.email and not table.mailer.enabled:
        table.mailer.require()
    account = table.accounts.sign_up(body.name, body.password, body.email)
    token, csrf = table.accounts.open_session(account.id)
    set_session(request, response, token, csrf)
    if account.email:
        _send_verification(table, account.id, account.email)
    return _me(table, account, csrf)


def _send_verification(table: Any, account_id: int, email: str) -> None:
    link = table.accounts.make_link_token("verify", account_id, email)
    table.worker.send_now(messages.verify_mail(table.base, email, link))


@router.post("/api/account/login", responses=REFUSED, dependencies=[AnonymousCsrf])
def log_in(body: LogIn, request: Request, response: Response,
           table: TableDep) -> dict[str, Any]:
    """Log in: 401 "wrong name or password" whether or not the name exists; 429 after too
    many failures for a name or an address."""
    account = table.accounts.check_login(body.name, body.password, client_address(request))
    token, csrf = table.accounts.open_session(account.id)
    set_session(request, response, token, csrf)
    return _me(table, account, csrf)


@router.post("/api/account/logout", responses=REFUSED)
def log_out(me: Me, request: Request, response: Response, table: TableDep) -> dict[str, Any]:
    """Log out (this session)."""
    table.accounts.close_session(me.token)
    clear_session(request, response)
    return {"account": None}


@router.post("/api/account/prefs", responses=REFUSED)
def set_prefs(body: Prefs, me: Me, table: TableDep) -> dict[str, Any]:
    """E-mail settings."""
    table.accounts.set_prefs(me.account.id, **{k: v for k, v in body.model_dump().items()
                                               if v is not None})
    got = table.accounts.get(me.account.id)
    assert got is not None
    return _me(table, got, me.csrf)


@router.post("/api/account/email", responses=REFUSED)
def set_email(body: EmailAddress, me: Me, table: TableDep) -> dict[str, Any]:
    """Set the account's e-mail address (unverified until its link is opened), or remove it
    (empty)."""
    email = body.email.strip()
    if not email:
        table.accounts.set_email(me.account.id, None)
    else:
        table.mailer.require()
        check_email(email)
        table.accounts.set_email(me.account.id, email)
        _send_verification(table, me.account.id, email)
    got = table.accounts.get(me.account.id)
    assert got is not None
    return _me(table, got, me.csrf)


@router.post("/api/account/verify", responses=REFUSED)
def verify_email(body: LinkToken, table: TableDep) -> dict[str, Any]:
    """Open the verification link: the address it was sent to is verified (if it is still
    the account's)."""
    account_id, email = table.accounts.use_link_token("verify", body.token)
    acc = table.accounts.get(account_id)
    if acc is None or acc.email != email:
        raise ServiceError(409, "this link is for an address the account no longer has")
    table.accounts.set_email(account_id, email, verified=True)
    return {"verified": email, "name": acc.name}


@router.post("/api/account/reset", status_code=202, responses=REFUSED,
             dependencies=[AnonymousCsrf])
def ask_reset(body: ResetAsk, table: TableDep) -> dict[str, Any]:
    """Ask for a password-reset link. The answer is the same whether or not such an account
    (with a verified address) exists; the e-mail goes out in the background."""
    table.mailer.require()
    key = body.name_or_email.strip()
    acc = table.accounts.by_email(key) if "@" in key else table.accounts.by_name(key)
    if acc is not None and acc.email and acc.email_verified:
        link = table.accounts.make_link_token("reset", acc.id, acc.email)
        table.worker.send_now(messages.reset_mail(table.base, acc.email, acc.name, link))
    return {"detail": "if an account with a verified e-mail address matches, a link to set a "
                      "new password is on its way"}


@router.post("/api/account/reset/confirm", responses=REFUSED, dependencies=[AnonymousCsrf])
def do_reset(body: ResetDo, table: TableDep) -> dict[str, Any]:
    """Set a new password with a reset link's token; every session of the account ends."""
    account_id, _ = table.accounts.use_link_token("reset", body.token)
    table.accounts.set_password(account_id, body.password)
    acc = table.accounts.get(account_id)
    return {"detail": "password changed: log in with it", "name": acc.name if acc else None}
