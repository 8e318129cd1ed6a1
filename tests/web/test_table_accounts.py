"""Accounts on the online table: sign-up, login, sessions, CSRF, throttling, e-mail links —
and every refusal a clear error that changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select

from voidwar.web.table import ManualClock
from voidwar.web.table.schema import accounts, sessions, table_games

from .table_helpers import Inbox, Player, link_in, smtp_server, table_app


@pytest.fixture
def mail() -> Iterator[tuple[str, Inbox]]:
    with smtp_server() as s:
        yield s


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(1_800_000_000.0)


@pytest.fixture
def app(db_url: str, mail: tuple[str, Inbox], clock: ManualClock) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    application = table_app(db_url, mail[0], clock)
    with TestClient(application):  # runs the lifespan (start, close)
        yield application


def count(app: Any, table: Any) -> int:
    with app.state.table.db.read() as c:
        return int(c.execute(select(func.count()).select_from(table)).scalar() or 0)


def test_sign_up_log_out_log_in(app: Any) -> None:
    ann = Player(app, "Ann")
    r = ann.sign_up()
    assert r.status_code == 201, r.text
    me = ann.client.get("/api/account/me").json()
    assert me["account"]["name"] == "Ann" and me["csrf"] == ann.csrf
    cookie = ann.client.cookies.get("voidwar_session")
    assert cookie and len(cookie) > 30
    set_cookie = r.headers.get_list("set-cookie")
    session_cookie = next(c for c in set_cookie if c.startswith("voidwar_session="))
    assert "HttpOnly" in session_cookie and "SameSite=lax" in session_cookie
    assert ann.post("/api/account/logout").status_code == 200
    assert ann.client.get("/api/account/me").json()["account"] is None
    assert ann.client.get("/api/me/games").status_code == 401
    assert ann.log_in().status_code == 200
    assert ann.client.get("/api/me/games").status_code == 200


def test_wrong_password_and_unknown_name_get_the_same_answer(app: Any) -> None:
    Player(app, "Ann").sign_up()
    sessions_before = count(app, sessions)
    wrong = Player(app, "Ann").log_in("not the password")
    unknown = Player(app, "Nobody").log_in("not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"detail": "wrong name or password"}
    assert count(app, sessions) == sessions_before  # no session was opened


def test_an_existing_name_is_refused_in_any_case(app: Any) -> None:
    assert Player(app, "Ann").sign_up().status_code == 201
    r = Player(app, "ann", password="another password").sign_up()
    assert r.status_code == 409
    assert r.json()["detail"] == "the name 'ann' is taken: choose another"
    assert count(app, accounts) == 1
    # and the first account's password still opens it
    assert Player(app, "Ann").log_in().status_code == 200


def test_bad_names_and_passwords_are_refused_by_field(app: Any) -> None:
    r = Player(app, "a b").sign_up()
    assert r.status_code == 422 and r.json()["detail"].startswith("name:")
    r = Player(app, "Bob", password="short").sign_up()
    assert r.status_code == 422 and "password" in r.json()["detail"]
    assert count(app, accounts) == 0


def test_login_is_throttled_per_name_whether_or_not_it_exists(app: Any, clock: ManualClock
                                                              ) -> None:
    Player(app, "Ann").sign_up()
    for name in ("Ann", "Ghost"):
        p = Player(app, name)
        for _ in range(5):
            assert p.log_in("wrong password").status_code == 401
        blocked = p.log_in("wrong password")
        assert blocked.status_code == 429
        assert blocked.json()["detail"].startswith("too many failed logins")
    # even the right password waits out the window; then it works
    assert Player(app, "Ann").log_in().status_code == 429
    clock.advance(15 * 60 + 1)
    assert Player(app, "Ann").log_in().status_code == 200


def test_a_forged_session_cookie_opens_nothing(app: Any) -> None:
    ann = Player(app, "Ann")
    ann.sign_up()
    forger = Player(app, "Eve")
    forger.hello()
    forger.client.cookies.set("voidwar_session", "A" * 43)
    r = forger.client.get("/api/me/games")
    assert r.status_code == 401
    assert r.json()["detail"] == "your session is unknown or has expired: log in again"
    r = forger.post("/api/lobby", {"ruleset": "webtoy"})
    assert r.status_code == 401
    assert count(app, table_games) == 0


def test_a_cross_site_request_is_refused_and_changes_nothing(app: Any) -> None:
    ann = Player(app, "Ann")
    ann.sign_up()
    body = {"ruleset": "webtoy", "scenario": "standard"}
    # no token (a form another site submits), a wrong one, another site's Origin
    for headers in ({"X-CSRF-Token": ""}, {"X-CSRF-Token": "guess"},
                    {"Origin": "https://evil.example"}):
        r = ann.post("/api/lobby", body, headers=headers)
        assert r.status_code == 403, r.text
        assert r.json()["detail"].startswith("CSRF check failed")
    assert count(app, table_games) == 0
    r = ann.post("/api/account/prefs", {"turn_mails": False}, headers={"X-CSRF-Token": "x"})
    assert r.status_code == 403
    assert ann.client.get("/api/account/me").json()["account"]["turn_mails"] is True
    # sign-up and login need the CSRF cookie's value too (login CSRF)
    eve = Player(app, "Eve")
    eve.hello()
    eve.csrf = "not the cookie"
    assert eve.sign_up().status_code == 201  # sign_up reads the right token again
    bad = Player(app, "Mallory")
    bad.hello()
    r = bad.client.post("/api/account/signup", json={"name": "Mallory",
                                                     "password": "correct horse"})
    assert r.status_code == 403
    assert count(app, accounts) == 2
    # the real request goes through
    assert ann.post("/api/lobby", body).status_code == 201


def test_email_verification_and_password_reset(app: Any, mail: tuple[str, Inbox]) -> None:
    inbox = mail[1]
    ann = Player(app, "Ann", email_address="ann@test.invalid")
    assert ann.sign_up().status_code == 201
    assert ann.client.get("/api/account/me").json()["account"]["email_verified"] is False
    ann.verify(inbox)
    assert ann.client.get("/api/account/me").json()["account"]["email_verified"] is True
    # a used link is refused
    msg = inbox.wait("ann@test.invalid", "confirm")[-1]
    token = link_in(msg, r"#token=[A-Za-z0-9_-]+").split("=", 1)[1]
    r = ann.client.post("/api/account/verify", json={"token": token})
    assert r.status_code == 404 and "not valid" in r.json()["detail"]

    asker = Player(app, "someone")
    asker.hello()
    known = asker.post("/api/account/reset", {"name_or_email": "ann"})
    unknown = asker.post("/api/account/reset", {"name_or_email": "nobody"})
    assert known.status_code == unknown.status_code == 202
    assert known.json() == unknown.json()
    reset = inbox.wait("ann@test.invalid", "new password")[-1]
    token = link_in(reset, r"#token=[A-Za-z0-9_-]+").split("=", 1)[1]
    r = asker.post("/api/account/reset/confirm", {"token": token,
                                                  "password": "a brand new one"})
    assert r.status_code == 200, r.text
    assert ann.client.get("/api/me/games").status_code == 401  # old sessions ended
    assert Player(app, "Ann").log_in().status_code == 401
    assert Player(app, "Ann", password="a brand new one").log_in().status_code == 200
    r = asker.post("/api/account/reset/confirm", {"token": token, "password": "yet another"})
    assert r.status_code == 404
    assert len(inbox.to("ann@test.invalid", "new password")) == 1


def test_my_games_socket_needs_the_session_and_this_site(app: Any) -> None:
    from starlette.websockets import WebSocketDisconnect

    ann = Player(app, "Ann")
    ann.sign_up()
    with ann.client.websocket_connect("/api/me/ws") as ws:
        assert ws.receive_json() == {"type": "hello"}
    with pytest.raises(WebSocketDisconnect) as e, \
            ann.client.websocket_connect("/api/me/ws",
                                         headers={"Origin": "https://evil.example"}) as ws:
        ws.receive_json()
    assert e.value.code == 4403
    stranger = Player(app, "Eve")
    with pytest.raises(WebSocketDisconnect) as e, \
            stranger.client.websocket_connect("/api/me/ws") as ws:
        ws.receive_json()
    assert e.value.code == 4401
