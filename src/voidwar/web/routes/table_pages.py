"""The online table's pages (my games, open games, a profile, the leaderboard, logging in,
the account's settings, opening a game as one's account) and the one-click unsubscribe of
e-mail links."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, HTMLResponse

from ..models import GameId
from ..table.auth import TableDep
from ..table.messages import unsubscribe_mac
from .static import STATIC

router = APIRouter(include_in_schema=False)


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})


@router.get("/me")
def my_games_page() -> FileResponse:
    """Every game of the logged-in account."""
    return _page("me.html")


@router.get("/open")
def open_games_page() -> FileResponse:
    """The lobby of open games, and posting one."""
    return _page("open.html")


@router.get("/players/{name}")
def profile_page(name: str) -> FileResponse:
    """A player's profile."""
    return _page("player.html")


@router.get("/leaderboard")
def leaderboard_page() -> FileResponse:
    """Ratings and best scores per ruleset."""
    return _page("leaderboard.html")


@router.get("/login")
def login_page() -> FileResponse:
    """Log in or sign up."""
    return _page("login.html")


@router.get("/account")
def account_page() -> FileResponse:
    """The account's settings (e-mail, digest), and logging out."""
    return _page("account.html")


@router.get("/account/verify")
def verify_page() -> FileResponse:
    """An e-mail verification link (its token in the fragment)."""
    return _page("account.html")


@router.get("/account/reset")
def reset_page() -> FileResponse:
    """A password-reset link (its token in the fragment)."""
    return _page("login.html")


@router.get("/play/{gid}")
def play_page(gid: GameId) -> FileResponse:
    """Open a game as the logged-in account (its seats' tokens), or log in first."""
    return _page("play.html")


_DONE = ("<!doctype html><meta charset=utf-8><title>voidwar — e-mails</title>"
         "<link rel=stylesheet href=/static/style.css><body class=lobby><main><p id=done>{}</p>"
         "<p><a href=/me>your games</a> · <a href=/account>e-mail settings</a></p></main>")
_ASK = ("<!doctype html><meta charset=utf-8><title>voidwar — e-mails</title>"
        "<link rel=stylesheet href=/static/style.css><body class=lobby><main>"
        "<form method=post><p>{}</p><button id=confirm type=submit>Unsubscribe</button></form>"
        "</main>")


def _check(table: TableDep, a: int, g: str, t: str) -> bool:
    return hmac.compare_digest(unsubscribe_mac(table.key, a, g), t)


def _what(g: str) -> str:
    return "every game" if g == "*" else f"game {g}"


@router.get("/mail/unsubscribe")
def unsubscribe_ask(table: TableDep, a: Annotated[int, Query(ge=1)],
                    g: Annotated[str, Query(pattern=r"^(\*|[A-Za-z0-9_-]{1,32})$")],
                    t: Annotated[str, Query(max_length=64)]) -> HTMLResponse:
    """The link in an e-mail: asks to confirm (a link checker opening it changes nothing)."""
    if not _check(table, a, g, t):
        return HTMLResponse(_DONE.format("This unsubscribe link is not valid."), 400)
    return HTMLResponse(_ASK.format(f"Stop e-mails about {_what(g)}?"))


@router.post("/mail/unsubscribe")
def unsubscribe(request: Request, table: TableDep, a: Annotated[int, Query(ge=1)],
                g: Annotated[str, Query(pattern=r"^(\*|[A-Za-z0-9_-]{1,32})$")],
                t: Annotated[str, Query(max_length=64)]) -> HTMLResponse:
    """Unsubscribe (the page's button, or a mail program's one-click POST, RFC 8058): from
    one game, or (``g=*``) from every e-mail about games."""
    if not _check(table, a, g, t):
        return HTMLResponse(_DONE.format("This unsubscribe link is not valid."), 400)
    if g == "*":
        table.accounts.set_prefs(a, turn_mails=False)
    else:
        table.seats.set_mail(a, g, False)
    return HTMLResponse(_DONE.format(f"No more e-mails about {_what(g)}."))
