"""Games on the online table through the API: the lobby, turn e-mails (one a turn, only to a
player not on the page), the clock (reminder, timeout: forfeit or a bot), ratings, profiles,
chat, claiming a guest seat, unsubscribing, the digest. A real SMTP server receives the
e-mails; the clock is a manual one; the worker is stepped by the test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from voidwar.web.table import ManualClock
from voidwar.web.table.glicko2 import Rating, update

from .table_helpers import Inbox, Player, body, link_in, smtp_server, table_app

DAY = 86400.0


@pytest.fixture
def mail() -> Iterator[tuple[str, Inbox]]:
    with smtp_server() as s:
        yield s


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(1_800_000_000.0)


@pytest.fixture
def app(db_url: str, mail: tuple[str, Inbox], clock: ManualClock) -> Iterator[Any]:
    application = table_app(db_url, mail[0], clock)
    with TestClient(application):
        yield application


def step(app: Any, times: int = 2) -> None:
    for _ in range(times):
        app.state.table.worker.step()


def players(app: Any, inbox: Inbox, *names: str) -> list[Player]:
    out = []
    for n in names:
        p = Player(app, n, email_address=f"{n.lower()}@test.invalid")
        assert p.sign_up().status_code == 201
        p.verify(inbox)
        out.append(p)
    return out


def post(p: Player, **kw: Any) -> str:
    r = p.post("/api/lobby", {"ruleset": "webtoy", "scenario": "standard", **kw})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def summary(p: Player, gid: str) -> dict[str, Any]:
    return dict(p.client.get(f"/api/games/{gid}").json())


def test_post_join_full_and_the_poster_is_told(app: Any, mail: tuple[str, Inbox]) -> None:
    inbox = mail[1]
    ann, bob, cy = players(app, inbox, "Ann", "Bob", "Cy")
    gid = post(ann, rated=True, time_control={"days": 1}, options={"limit": 6})
    lobby = ann.client.get("/api/lobby").json()
    assert [g["id"] for g in lobby] == [gid]
    assert lobby[0]["poster"] == "Ann" and lobby[0]["open_seats"] == ["blue"]
    assert lobby[0]["rated"] and lobby[0]["clock"]["per_move_text"] == "1 day"
    r = ann.post(f"/api/lobby/{gid}/join", {})
    assert r.status_code == 409 and r.json()["detail"] == "you already sit in this game"
    r = bob.post(f"/api/lobby/{gid}/join", {})
    assert r.status_code == 200 and r.json()["seat"] == "blue"
    assert ann.client.get("/api/lobby").json() == []
    before = summary(cy, gid)
    r = cy.post(f"/api/lobby/{gid}/join", {})
    assert r.status_code == 409 and r.json()["detail"] == f"game {gid} is full: no open seat"
    assert summary(cy, gid) == before  # nothing changed
    # a game whose poster resigned before anyone joined is no longer open
    other = post(ann)
    token = next(iter(ann.tokens(other).values()))
    assert ann.client.post(f"/api/games/{other}/resign",
                           headers={"X-Seat-Token": token}).status_code == 200
    r = cy.post(f"/api/lobby/{other}/join", {})
    assert r.status_code == 409 and r.json()["detail"] == f"game {other} is over"
    assert cy.client.get("/api/me/games").json()["waiting"] == []
    step(app)
    told = inbox.wait("ann@test.invalid", "joined")
    assert "Bob joined your game" in body(told[0])
    assert [g["id"] for g in bob.client.get("/api/me/games").json()["waiting"]] == [gid]


def test_one_e_mail_a_turn_only_when_not_on_the_page(app: Any, mail: tuple[str, Inbox]) -> None:
    """Space Fleet: a turn is several actions of one seat; each turn that comes to a player
    away from the page is one e-mail with the board's prompt and the link."""
    inbox = mail[1]
    ann, bob = players(app, inbox, "Ann", "Bob")
    r = ann.post("/api/lobby", {"ruleset": "space-fleet", "scenario": "duel", "seat": "blue"})
    gid = r.json()["id"]
    bob.post(f"/api/lobby/{gid}/join", {})
    step(app)
    table = app.state.table
    turns = {"blue": 0, "red": 0}
    who = {"blue": ann, "red": bob}
    address = {"blue": "ann@test.invalid", "red": "bob@test.invalid"}
    seat = summary(ann, gid)["to_act"]
    turns[seat] += 1  # the first turn: its player is away
    # a player on the page (the other seat's socket open) gets no e-mail
    table.presence.enter(gid, "red")
    for _ in range(4):  # four turns, several actions each
        p = who[seat]
        while summary(p, gid)["to_act"] == seat:
            token = next(iter(p.tokens(gid).values()))
            legal = p.client.get(f"/api/games/{gid}/legal",
                                 headers={"X-Seat-Token": token}).json()["actions"]
            ends = [a["text"] for a in legal if a["text"].startswith("end")]
            assert p.act(gid, ends[0] if ends else legal[0]["text"]).status_code == 200
            step(app, 1)
        seat = summary(p, gid)["to_act"]
        if seat == "blue":
            turns["blue"] += 1
        step(app)
    assert len(inbox.to(address["red"], "your turn")) == 0
    got = inbox.wait(address["blue"], "your turn", turns["blue"])
    assert len(got) == turns["blue"] >= 2
    assert "has begun. It is your turn." in body(got[0])  # nobody had moved yet
    text = body(got[-1])
    assert "http://testserver/play/" + gid in text
    assert "Bob has moved" in text
    live = table.service.get(gid)
    assert live.to_act == "red" or live.to_act == "blue"
    statuses = {j["kind"] for j in table.jobs.outcomes(gid)}
    assert statuses >= {"turn"}


def finish_on_time(app: Any, clock: ManualClock, inbox: Inbox, rated: bool = True
                   ) -> tuple[Player, Player, str]:
    ann, bob = players(app, inbox, "Ann", "Bob")
    gid = post(ann, rated=rated, time_control={"days": 1})
    bob.post(f"/api/lobby/{gid}/join", {})
    step(app)
    return ann, bob, gid


def test_reminder_then_forfeit_and_ratings(app: Any, clock: ManualClock,
                                           mail: tuple[str, Inbox]) -> None:
    inbox = mail[1]
    ann, bob, gid = finish_on_time(app, clock, inbox)
    assert summary(ann, gid)["to_act"] == "red"  # Ann's seat acts first
    info = ann.client.get(f"/api/games/{gid}/table").json()
    assert info["clock"]["per_move"] == DAY and info["clock"]["left"] == DAY
    assert info["players"] == {"red": "Ann", "blue": "Bob"}
    assert ann.act(gid, "pass").status_code == 200
    step(app)
    assert bob.act(gid, "pass").status_code == 200  # Bob moves: Ann's turn, a day
    step(app)
    clock.advance(DAY / 2 + 1)
    step(app)
    reminder = inbox.wait("ann@test.invalid", "left for your move")
    assert "12 hours" in str(reminder[0]["Subject"])
    assert "you forfeit the game" in body(reminder[0])
    clock.advance(DAY / 2)
    n = summary(ann, gid)["n_actions"]
    late = ann.act(gid, "pass")  # the deadline passed, the worker has not acted yet
    assert late.status_code == 409 and "time for this move ran out" in late.json()["detail"]
    assert summary(ann, gid)["n_actions"] == n
    step(app, 3)
    s = summary(ann, gid)
    assert s["status"] == "resigned" and s["result"]["winner"] == "blue"
    late = ann.act(gid, "pass")
    assert late.status_code == 409 and late.json()["detail"] == "the game is over"
    # both ratings moved by Glicko-2 from 1500/350/0.06: Bob won, Ann lost
    expect_bob = update(Rating(), [(Rating(), 1.0)])
    expect_ann = update(Rating(), [(Rating(), 0.0)])
    prof_a = ann.client.get("/api/players/Ann").json()
    prof_b = ann.client.get("/api/players/bob").json()
    assert prof_a["ratings"]["webtoy"]["rating"] == round(expect_ann.rating, 1)
    assert prof_b["ratings"]["webtoy"]["rating"] == round(expect_bob.rating, 1)
    assert prof_b["ratings"]["webtoy"]["rd"] == round(expect_bob.rd, 1)
    assert prof_a["games"] == {"webtoy": {"played": 1, "won": 0}}
    assert prof_b["games"] == {"webtoy": {"played": 1, "won": 1}}
    assert prof_a["history"][0]["opponent"] == "Bob"
    fin = prof_a["finished"][0]
    assert fin["game"] == gid and fin["replay"] == f"/replay/{gid}"
    rec = ann.client.get(fin["record"]).json()
    assert rec["signature"]["alg"] == "hmac-sha256"
    assert ann.client.get(f"/api/games/{gid}/replay/1").status_code == 200
    board = ann.client.get("/api/leaderboard/webtoy").json()["ratings"]
    assert [b["name"] for b in board] == ["Bob", "Ann"]
    over = inbox.wait("bob@test.invalid", "is over")
    assert "Your rating: 1500 ->" in body(over[0])
    # the worker going over it all again changes nothing: rated once, e-mailed once
    step(app, 3)
    assert ann.client.get("/api/players/Bob").json()["ratings"] == prof_b["ratings"]
    assert len(inbox.to("bob@test.invalid", "is over")) == 1
    assert len(inbox.to("ann@test.invalid", "left for your move")) == 1


def test_timeout_hands_the_seat_to_a_bot(app: Any, clock: ManualClock,
                                         mail: tuple[str, Inbox]) -> None:
    inbox = mail[1]
    ann, bob = players(app, inbox, "Ann", "Bob")
    r = ann.post("/api/lobby", {"ruleset": "webtoy", "time_control": {"hours": 2},
                                "on_timeout": "bot", "timeout_policy": "random",
                                "options": {"limit": 40}})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    bob.post(f"/api/lobby/{gid}/join", {})
    step(app)
    clock.advance(2 * 3600 + 1)
    step(app, 3)
    s = summary(bob, gid)
    assert s["seats"]["red"] == {"kind": "bot", "policy": "random"}
    app.state.table.service.bots.sweep()
    import time

    deadline = time.monotonic() + 15
    while summary(bob, gid)["to_act"] != "blue":
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.05)
    assert bob.act(gid, "pass").status_code == 200
    assert r.json()["seat"] == "red"
    assert ann.act(gid, "pass").status_code == 403  # the seat is the bot's now


def test_rated_games_forfeit_on_time_and_are_two_seat(app: Any, mail: tuple[str, Inbox]) -> None:
    (ann,) = players(app, mail[1], "Ann")
    r = ann.post("/api/lobby", {"ruleset": "webtoy", "rated": True, "on_timeout": "bot"})
    assert r.status_code == 422 and r.json()["detail"].startswith("on_timeout:")
    r = ann.post("/api/lobby", {"ruleset": "webtoy", "rated": True,
                                "seats": {"blue": "bot:random"}})
    assert r.status_code == 422 and r.json()["detail"].startswith("rated:")
    r = ann.post("/api/lobby", {"ruleset": "webtoy", "time_control": {"days": 1, "hours": 1}})
    assert r.status_code == 422
    r = ann.post("/api/lobby", {"ruleset": "webtoy", "seat": "green"})
    assert r.status_code == 422 and "no seat 'green'" in r.json()["detail"]
    assert ann.client.get("/api/lobby").json() == []


def test_chat_is_for_the_games_seats(app: Any, mail: tuple[str, Inbox]) -> None:
    ann, bob, cy = players(app, mail[1], "Ann", "Bob", "Cy")
    gid = post(ann)
    bob.post(f"/api/lobby/{gid}/join", {})
    other = post(cy)
    ta = next(iter(ann.tokens(gid).values()))
    tb = next(iter(bob.tokens(gid).values()))
    tc = next(iter(cy.tokens(other).values()))
    text = '<script>alert("x")</script> good luck'
    r = ann.client.post(f"/api/games/{gid}/chat", json={"text": text},
                        headers={"X-Seat-Token": ta})
    assert r.status_code == 201
    got = bob.client.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tb}).json()
    assert [(m["name"], m["text"]) for m in got["messages"]] == [("Ann", text)]
    # a spectator, another game's seat: refused, nothing written
    r = cy.client.get(f"/api/games/{gid}/chat")
    assert r.status_code == 401 and "the chat is for the game's seats" in r.json()["detail"]
    r = cy.client.post(f"/api/games/{gid}/chat", json={"text": "hi"},
                       headers={"X-Seat-Token": tc})
    assert r.status_code == 403 and r.json()["detail"] == "this token opens no seat of this game"
    r = ann.client.post(f"/api/games/{gid}/chat", json={"text": "x" * 501},
                        headers={"X-Seat-Token": ta})
    assert r.status_code == 422
    r = ann.client.post(f"/api/games/{gid}/chat", json={"text": "bell\x07"},
                        headers={"X-Seat-Token": ta})
    assert r.status_code == 422
    got = bob.client.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tb}).json()
    assert len(got["messages"]) == 1


def test_a_guest_seat_is_claimed_by_an_account(app: Any, mail: tuple[str, Inbox]) -> None:
    (ann,) = players(app, mail[1], "Ann")
    r = ann.client.post("/api/games", json={"ruleset": "webtoy", "scenario": "standard",
                                            "seats": {"red": {"kind": "human"},
                                                      "blue": {"kind": "human"}}})
    g = r.json()
    gid, guest = g["id"], {t["seat"]: t["token"] for t in g["tokens"]}
    r = ann.post("/api/me/claim", {"game": gid, "token": "wrong"})
    assert r.status_code == 403
    r = ann.post("/api/me/claim", {"game": gid, "token": guest["red"]})
    assert r.status_code == 200, r.text
    assert ann.tokens(gid) == {"red": r.json()["link"].rsplit("token=", 1)[1]}
    # the guest link no longer opens the seat; the account does, from any device
    assert ann.client.post(f"/api/games/{gid}/actions", json={"action": "pass"},
                           headers={"X-Seat-Token": guest["red"]}).status_code == 403
    other_device = Player(app, "Ann")
    assert other_device.log_in().status_code == 200
    assert other_device.act(gid, "pass").status_code == 200
    assert ann.post("/api/me/claim", {"game": gid, "token": guest["blue"]}).status_code == 200
    step(app)
    mine = ann.client.get("/api/me/games").json()
    assert {(g["id"], g["seat"]) for g in mine["your_turn"] + mine["waiting"]} == {
        (gid, "red"), (gid, "blue")}


def test_unsubscribe_from_a_game_and_from_all(app: Any, mail: tuple[str, Inbox]) -> None:
    inbox = mail[1]
    ann, bob = players(app, inbox, "Ann", "Bob")
    gid = post(ann)
    bob.post(f"/api/lobby/{gid}/join", {})
    step(app)
    first = inbox.wait("ann@test.invalid", "your turn")[0]
    assert first["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = str(first["List-Unsubscribe"]).strip("<>").removeprefix("http://testserver")
    page = ann.client.get(link)
    assert page.status_code == 200 and "Stop e-mails about game" in page.text
    forged = link[:-4] + "0000"
    assert ann.client.post(forged).status_code == 400
    assert ann.client.post(link).status_code == 200
    ann.act(gid, "pass")
    step(app)
    inbox.wait("bob@test.invalid", "your turn")
    bob.act(gid, "pass")
    step(app)
    assert len(inbox.to("ann@test.invalid", "your turn")) == 1  # none since
    everything = link_in(first, r"http://testserver/mail/unsubscribe\?a=\d+&g=\*&t=\w+")
    other_account = everything.replace("?a=", "?a=9")  # the MAC is for Ann's id only
    assert bob.client.post(other_account.removeprefix("http://testserver")).status_code == 400
    assert ann.client.post(everything.removeprefix("http://testserver")).status_code == 200
    assert ann.client.get("/api/account/me").json()["account"]["turn_mails"] is False


def test_the_daily_digest_replaces_turn_e_mails(app: Any, clock: ManualClock,
                                                mail: tuple[str, Inbox]) -> None:
    inbox = mail[1]
    ann, bob = players(app, inbox, "Ann", "Bob")
    assert ann.post("/api/account/prefs", {"digest": True}).status_code == 200
    gid = post(ann)
    bob.post(f"/api/lobby/{gid}/join", {})
    step(app)
    assert inbox.to("ann@test.invalid", "your turn in webtoy") == []
    clock.advance(DAY)
    step(app)
    digest = inbox.wait("ann@test.invalid", "your turn in 1 game")
    assert f"/play/{gid}" in body(digest[0])


def test_my_games_your_turn_first(app: Any, mail: tuple[str, Inbox]) -> None:
    ann, bob = players(app, mail[1], "Ann", "Bob")
    g1 = post(ann)
    bob.post(f"/api/lobby/{g1}/join", {})
    g2 = post(bob)
    ann.post(f"/api/lobby/{g2}/join", {})
    g3 = post(ann)  # nobody joined
    step(app)
    mine = ann.client.get("/api/me/games").json()
    assert [g["id"] for g in mine["your_turn"]] == [g1]
    assert [g["id"] for g in mine["waiting"]] == [g2]
    assert [g["id"] for g in mine["open"]] == [g3]
    assert mine["your_turn"][0]["players"] == {"red": "Ann", "blue": "Bob"}


def test_antilles_solitaire_goes_to_the_best_scores(app: Any, mail: tuple[str, Inbox]) -> None:
    """A solitaire game an account plays: no lobby, no rating; its score goes to the best
    scores of its scenario and table file."""
    import random

    (ann,) = players(app, mail[1], "Ann")
    r = ann.post("/api/lobby", {"ruleset": "antilles", "scenario": "standard"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert ann.client.get("/api/lobby").json() == []  # nobody to wait for
    token = ann.tokens(gid)["commander"]
    rng = random.Random(3)
    for _ in range(2000):
        s = summary(ann, gid)
        if s["over"]:
            break
        legal = ann.client.get(f"/api/games/{gid}/legal",
                               headers={"X-Seat-Token": token}).json()["actions"]
        choice = rng.choice(legal)["text"]
        assert ann.act(gid, choice).status_code == 200
    step(app, 3)
    score = s["result"]["scores"]["commander"]
    board = ann.client.get("/api/leaderboard/antilles").json()
    assert board["ratings"] == []
    at = board["best_scores"][0]["scores"][0]["at"]
    assert board["best_scores"] == [{"scenario": "standard", "tables": "standard", "scores": [
        {"name": "Ann", "score": score, "game": gid, "at": at}]}]
    assert ann.client.get("/api/players/Ann").json()["games"] == {
        "antilles": {"played": 1, "won": 0}}


def test_housekeeping_forgets_old_jobs_sessions_and_links(app: Any, clock: ManualClock,
                                                          mail: tuple[str, Inbox]) -> None:
    from sqlalchemy import func, select

    from voidwar.web.table.schema import jobs, mail_tokens, sessions

    ann, bob = players(app, mail[1], "Ann", "Bob")
    gid = post(ann)
    bob.post(f"/api/lobby/{gid}/join", {})
    step(app)
    table = app.state.table

    def count(t: Any) -> int:
        with table.db.read() as c:
            return int(c.execute(select(func.count()).select_from(t)).scalar() or 0)

    assert count(jobs) >= 2 and count(sessions) == 2 and count(mail_tokens) == 2
    assert table.worker.housekeeping() == 2  # the two spent verification links only
    assert count(jobs) >= 2 and count(sessions) == 2
    clock.advance(31 * DAY)  # past the sessions' 30 days and the jobs' week
    assert table.worker.housekeeping() > 2
    assert count(jobs) == 0 and count(sessions) == 0
    assert ann.client.get("/api/me/games").status_code == 401
