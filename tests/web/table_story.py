"""The online table in a real browser, as two players use it over days (Debian's chromium,
Playwright): accounts made through the pages and their addresses confirmed from the e-mails;
one posts a rated Space Fleet game with a day per move, the other joins from the lobby; they
play turns with their pages closed between moves, each turn opened from its e-mail's link;
the clock passes a day (reminder, then forfeit), the game ends, both ratings change by
Glicko-2 and the game is in both profiles with its replay.

:func:`run_story` is the test's body (``tests/web/test_browser_accounts.py``, pictures to a
temporary folder) and the screenshot command's (``scripts/table-screenshots``: the lobby, my
games and a profile into docs/screenshots/).
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from voidwar.web.table import ManualClock, TableConfig
from voidwar.web.table.glicko2 import Rating, update

from .servers import free_port
from .table_helpers import Inbox, body, link_in

WAIT = 20_000
DAY = 86400.0
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def table_server(db_url: str, smtp: str, clock: ManualClock) -> Iterator[tuple[str, Any]]:
    """A server (uvicorn in a thread) with the online table: (its address, its app)."""
    import uvicorn

    from voidwar.web.server import create_app

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(db_url, table=TableConfig(
        smtp=smtp, mail_from="voidwar <table@test.invalid>", public_url=base, clock=clock,
        mail_delay=0.0, every=0.2))
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if time.monotonic() > deadline or not t.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield base, app
    finally:
        srv.should_exit = True
        t.join(timeout=10)


def get(url: str, token: str | None = None) -> Any:
    req = urllib.request.Request(url, headers={"X-Seat-Token": token} if token else {})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class Person:
    """A player with a browser context of their own (their own cookies)."""

    def __init__(self, browser: Any, base: str, name: str) -> None:
        self.ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        self.base = base
        self.name = name
        self.email = f"{name.lower()}@test.invalid"
        self.errors: list[str] = []
        self.page: Any = None

    def open(self, path: str, wait_until: str = "load") -> Any:
        if self.page is None or self.page.is_closed():
            self.page = self.ctx.new_page()
            self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(path if path.startswith("http") else self.base + path,
                       wait_until=wait_until)
        return self.page

    def close_page(self) -> None:
        if self.page is not None and not self.page.is_closed():
            self.page.close()

    def sign_up(self, inbox: Inbox) -> None:
        p = self.open("/login?next=/account")
        p.fill("#signup-name", self.name)
        p.fill("#signup-password", "correct horse battery")
        p.fill("#signup-email", self.email)
        p.click("#signup")
        p.wait_for_selector(f"#acc-name:has-text('{self.name}')", timeout=WAIT)
        msg = inbox.wait(self.email, "confirm your e-mail")[0]
        # (the page drops the spent token from its address while it loads)
        p = self.open(link_in(msg, r"http://\S+/account/verify#token=[\w-]+"), "commit")
        p.wait_for_selector("#verified", timeout=WAIT)
        p.wait_for_selector("#email-state:has-text('(confirmed)')", timeout=WAIT)


def online(base: str, gid: str) -> list[str]:
    return list(get(f"{base}/api/games/{gid}/table")["online"])


def wait_away(base: str, gid: str, seat: str) -> None:
    """Until the server no longer counts ``seat`` on the game's page."""
    deadline = time.monotonic() + 15
    while seat in online(base, gid):
        assert time.monotonic() < deadline, f"{seat} still on the page"
        time.sleep(0.05)


def play_turn(person: Person, base: str, gid: str, link: str) -> str:
    """Open the game from the e-mail's link and play the seat's turn by typing its actions
    (the turn ends with the seat's 'end …' actions, preferred); the seat that acts next."""
    page = person.open(link, "commit")  # /play/… goes on to /game/…#seat=…
    page.wait_for_url(f"**/game/{gid}#*", timeout=WAIT)
    page.wait_for_selector("#status:has-text('Your turn')", timeout=WAIT)
    frag = page.evaluate("location.hash")
    seat = frag.split("seat=")[1].split("&")[0]
    token = frag.split("token=")[1].split("&")[0]
    while True:
        view = get(f"{base}/api/games/{gid}", token)
        if view["to_act"] != seat:
            return str(view["to_act"])
        legal = get(f"{base}/api/games/{gid}/legal", token)["actions"]
        ends = [a["text"] for a in legal if a["text"].startswith("end")]
        text = ends[0] if ends else legal[0]["text"]
        n = view["n_actions"]
        page.locator("#typed-action").fill(text)
        page.locator("#typed button").click()
        page.wait_for_selector(f'#status[data-n-actions="{n + 1}"]', timeout=WAIT)


def run_story(browser: Any, base: str, app: Any, clock: ManualClock, inbox: Inbox,
              shots: Path, turns: int = 4) -> dict[str, Any]:
    """The whole story; pictures of the lobby, my games and a profile into ``shots``."""
    shots.mkdir(parents=True, exist_ok=True)
    ann, bob = Person(browser, base, "Ann"), Person(browser, base, "Bob")
    people = {"Ann": ann, "Bob": bob}
    for p in (ann, bob):
        p.sign_up(inbox)
    # Ann posts a rated Space Fleet duel, a day a move, and leaves
    page = ann.open("/open")
    page.wait_for_selector('#p-ruleset option[value="space-fleet"]', state="attached")
    page.select_option("#p-ruleset", "space-fleet")
    page.select_option("#p-scenario", "duel")
    page.select_option("#p-seat", "blue")
    page.fill("#p-time", "1")
    page.select_option("#p-unit", "days")
    page.check("#p-rated")
    page.click("#post")
    page.wait_for_selector("#message[data-game]", timeout=WAIT)
    gid = page.get_attribute("#message", "data-game")
    assert gid
    ann.close_page()
    # Bob finds it in the lobby and joins with one click
    page = bob.open("/open")
    page.wait_for_selector(f'[data-join="{gid}"]', timeout=WAIT)
    page.screenshot(path=str(shots / "table-lobby.png"))
    page.click(f'[data-join="{gid}"]')
    page.wait_for_url(f"**/game/{gid}#*", timeout=WAIT)
    page.wait_for_selector("#table-clock:has-text('1 day a move')", timeout=WAIT)
    page.fill("#chat-text", "<b>good luck</b>")
    page.click("#chat-form button")
    page.wait_for_selector("#chat-log li:has-text('<b>good luck</b>')", timeout=WAIT)
    assert page.locator("#chat-log b").count() == 0  # text, never markup
    assert page.locator("#chat-log li").count() == 1
    page.screenshot(path=str(shots / "table-game.png"))
    told = inbox.wait(ann.email, "Bob joined")
    assert "as red" in body(told[0])
    seat_of = {"blue": ann, "red": bob}
    turn_mails = {"Ann": 0, "Bob": 0}
    # the duel alternates the first move, blue's on turn 1: Ann's turn begins while she is
    # away (Bob, just arrived on the page, is not to move)
    to_act = first = str(get(f"{base}/api/games/{gid}")["to_act"])
    assert to_act == "blue"
    bob.close_page()
    wait_away(base, gid, "red")
    for _ in range(turns):
        mover = seat_of[to_act]
        turn_mails[mover.name] += 1
        mails = inbox.wait(mover.email, "your turn", turn_mails[mover.name])
        assert len(mails) == turn_mails[mover.name]  # one e-mail a turn, not one an action
        mail = mails[-1]
        assert "It is your turn." in body(mail)
        link = link_in(mail, rf"{base}/play/{gid}")
        watching = None
        if mover is bob and turn_mails["Ann"] == 1:
            # Ann's my-games page is open (on another device, say) while Bob moves: it
            # follows live, and her turn comes first (it is no game page: the e-mail goes)
            watching = ann.ctx.new_page()
            watching.on("pageerror", lambda e: ann.errors.append(str(e)))
            watching.goto(f"{base}/me")
            watching.wait_for_selector(f'#waiting [data-game="{gid}"]', timeout=WAIT)
            watching.wait_for_selector("#me-live:has-text('live')", timeout=WAIT)
        to_act = play_turn(mover, base, gid, link)
        mover.close_page()
        wait_away(base, gid, next(s for s, p in seat_of.items() if p is mover))
        if watching is not None:
            watching.wait_for_selector(f'#your-turn [data-game="{gid}"]', timeout=WAIT)
            assert watching.evaluate("document.body.dataset.loads") != "1"  # not reloaded
            watching.screenshot(path=str(shots / "table-my-games.png"))
            watching.close()
    # the one to move stays away: half a day passes (a reminder), then the rest (forfeit)
    late = seat_of[to_act]
    turn_mails[late.name] += 1
    inbox.wait(late.email, "your turn", turn_mails[late.name])
    clock.advance(DAY / 2 + 1)
    reminder = inbox.wait(late.email, "left for your move")
    assert "12 hours left" in str(reminder[0]["Subject"])
    clock.advance(DAY / 2)
    for p in (ann, bob):
        inbox.wait(p.email, "is over")
    s = get(f"{base}/api/games/{gid}")
    winner = "red" if to_act == "blue" else "blue"
    assert s["status"] == "resigned" and s["result"]["winner"] == winner
    # exactly one e-mail per turn, for each player
    for p in (ann, bob):
        assert len(inbox.to(p.email, "your turn")) == turn_mails[p.name]
        assert len(inbox.to(p.email, "left for your move")) == (1 if p is late else 0)
    # both ratings by Glicko-2 from a new player's 1500 / 350 / 0.06
    won = update(Rating(), [(Rating(), 1.0)]).rating
    lost = update(Rating(), [(Rating(), 0.0)]).rating
    for p in (ann, bob):
        expect = won if p is seat_of[winner] else lost
        page = p.open(f"/players/{p.name}")
        page.wait_for_selector(f'[data-finished="{gid}"]', timeout=WAIT)
        assert f"{expect:.0f}" in page.inner_text("#p-ratings")
        assert "1500 → " + f"{expect:.0f}" in page.inner_text("#p-history")
        if p is seat_of[winner]:
            page.screenshot(path=str(shots / "table-profile.png"), full_page=True)
        page.click(f'[data-replay="{gid}"]')
        page.wait_for_url(f"**/replay/{gid}", timeout=WAIT)
        page.wait_for_selector('#pos[data-step="0"]', timeout=WAIT)
        page.click("#last")  # the replay's last step: the result
        page.wait_for_selector("#result:has-text('wins')", timeout=WAIT)
    for p in people.values():
        assert p.errors == [], p.errors
        p.ctx.close()
    return {"game": gid, "turn_mails": turn_mails, "late": late.name, "first": first}
