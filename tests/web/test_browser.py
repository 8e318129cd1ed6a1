"""A real browser (Debian's chromium driven by Playwright) plays whole games on the board.

For each ruleset a game is finished by clicking the board only — pieces, lit hexes, lit points,
the picker at a piece and the prompt's own buttons (no typed text, no list of actions) — and
after every step the drawing is compared with the board the rules give for that state
(out-of-play pieces in the tray and not on the map, positions, counters, terrain, coordinates).
Screenshots of each ruleset's opening, middle and end go to a temporary folder (`make
screenshots` puts them in docs/screenshots/: tests/web/shots.py); the click-to-
redraw time over 20 actions per ruleset is printed (never asserted).

The server runs in a thread of the test process on a fresh SQLite file. Skipped when Playwright
or /usr/bin/chromium is missing (``scripts/ensure-chromium`` installs the browser).
"""

from __future__ import annotations

import json
import socket
import statistics
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

import voidwar
from voidwar.core.board import OUT_OF_PLAY
from voidwar.core.registry import get_ruleset

from .shots import SHOTS

playwright_sync = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 15_000  # ms: the most any one page update may take before a test fails

#: ruleset → (scenario, policy, seed): short whole games (measured: 29, 91, 87 and 20 actions)
GAMES = {
    "antilles": ("standard", "heuristic", 1),
    "space-fleet": ("duel", "heuristic", 3),
    "astral-dreams": ("ruins", "heuristic", 3),
    "attack-vector": ("game-one", "random", 3),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from voidwar.web.server import create_app

    db = tmp_path_factory.mktemp("web") / "games.db"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(f"sqlite:///{db}", client_seeds=True)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if time.monotonic() > deadline or not t.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


def watched_page(browser: Any, **context: Any) -> Iterator[Any]:
    """A page in a new browser context (``context``: its options) that fails the test if
    the page raised a JavaScript error."""
    ctx = browser.new_context(**context)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert errors == [], errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from watched_page(browser, viewport={"width": 1500, "height": 950})


def wait_actions(page: Any, n: int) -> None:
    page.wait_for_selector(f'#status[data-n-actions="{n}"]', timeout=WAIT)


def get_json(url: str, token: str | None = None) -> Any:
    req = urllib.request.Request(url, headers={"X-Seat-Token": token} if token else {})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def tokens_of(page: Any) -> dict[str, str]:
    frag = parse_qs(urlparse(page.url).fragment)
    return dict(zip(frag.get("seat", []), frag.get("token", []), strict=False))


def create(page: Any, server: str, ruleset: str, scenario: str, seed: int | None,
           manual: bool = False) -> str:
    """Create a game in the lobby, every seat human (hot-seat), and open it here."""
    page.goto(f"{server}/?ruleset={ruleset}")
    page.wait_for_selector(f'#ruleset option[value="{ruleset}"]', state="attached")
    page.select_option("#ruleset", ruleset)
    page.select_option("#scenario", scenario)
    for sel in page.locator("select[data-seat]").all():
        sel.select_option("human")
    if manual:
        page.select_option("#dice", "manual")
    elif seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])", timeout=WAIT)
    gid = page.inner_text("#created-id")
    page.click("#play-here")
    wait_actions(page, 0)
    return gid


# -- what the drawing shows -----------------------------------------------------------------------
DRAWN = """() => {
  const out = {pieces: {}, tray: [], cells: document.querySelectorAll('#board polygon.hex').length,
               coords: document.querySelectorAll('#board text.coord').length,
               terrain: document.querySelectorAll('#board [data-terrain]').length};
  for (const e of document.querySelectorAll('#board .pieces [data-piece]')) {
    const c = e.querySelector('[data-counter]');
    out.pieces[e.dataset.piece] = {hex: e.dataset.hex ?? null, status: e.dataset.status,
                                   counter: c ? c.textContent : null};
  }
  for (const e of document.querySelectorAll('#tray [data-piece]')) out.tray.push(e.dataset.piece);
  return out;
}"""


def check_drawing(page: Any, board: dict[str, Any]) -> None:
    """The page draws exactly the board of the current state."""
    seen = page.evaluate(DRAWN)
    assert seen["cells"] == len(board["map"]["cells"])
    assert seen["coords"] == len(board["map"]["cells"])  # a label per hex (shown on toggle)
    assert seen["terrain"] == len(board["terrain"])
    for p in board["pieces"]:
        if p["status"] in OUT_OF_PLAY:
            assert p["id"] in seen["tray"], f"{p['id']} ({p['status']}) is not in the tray"
            assert p["id"] not in seen["pieces"], f"{p['id']} ({p['status']}) still on the map"
        elif p["position"]:
            d = seen["pieces"].get(p["id"])
            assert d is not None, f"{p['id']} is not drawn"
            assert d["status"] == p["status"]
            assert d["hex"] == p["position"]["hex"]
            shown = [c for c in p["counters"] if c["on_counter"]]
            if shown:
                c = shown[0]
                want = c["value"] + (f"/{c['max']}" if c["max"] is not None else "")
                assert d["counter"] == want, (p["id"], d["counter"], want)


# -- acting on the board ------------------------------------------------------------------------
def find_action(board: dict[str, Any], text: str) -> dict[str, Any] | None:
    for acts in board["actions"].values():
        for a in acts:
            if a["text"] == text:
                return a
    return None


def pick(page: Any, text: str) -> None:
    """Choose ``text`` in the picker at the piece, or in the prompt's own buttons."""
    btn = page.locator(f'#picker:not([hidden]) button[data-action="{text}"]')
    btn.wait_for(state="visible", timeout=WAIT)
    btn.click()


def select(page: Any, actor: str) -> None:
    page.locator(f'#board [data-piece="{actor}"], #unplaced [data-piece="{actor}"]').first \
        .dispatch_event("click")
    page.wait_for_selector(f'#profile-head:text-matches("^{actor}\\\\b")', timeout=WAIT)


def screen_point(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where on the screen the table point ``x,y`` (inches) is drawn."""
    pos = page.evaluate("""([x, y]) => {
      const svg = document.getElementById('board');
      const H = Number(svg.querySelector('.tabletop').getAttribute('height'));
      const p = svg.createSVGPoint(); p.x = x * 20; p.y = H - y * 20;
      const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y];
    }""", [x, y])
    return pos[0], pos[1]


def click_point(page: Any, x: float, y: float) -> None:
    """Click the table at ``x,y`` inches (the page maps the click back to inches)."""
    pos = screen_point(page, x, y)
    page.mouse.click(pos[0], pos[1])


def play(page: Any, board: dict[str, Any], text: str) -> None:
    """Make the action ``text`` by clicks on the board, as a player would."""
    a = find_action(board, text)
    if a is None:  # a move to a point of the policy's own choosing: click the table there
        actor, point = text.split()[1], text.split(" to ")[1].split()[0]
        select(page, actor)
        x, y = (float(v) for v in point.split(","))
        click_point(page, x, y)
        return
    actor = a["actor"]
    if not actor:
        page.locator(f'#prompt-actions button[data-action="{text}"]').click()
        return
    if a["hex"] and not a["target"] and board_has_piece(board, actor, placed=False):
        page.locator(f'#board polygon[data-hex="{a["hex"]}"]').dispatch_event("click")
        maybe_pick(page, text)
        return
    select(page, actor)
    if a["target"]:
        page.locator(f'#board [data-piece="{a["target"]}"]').first.dispatch_event("click")
    elif a["hex"]:
        page.locator(f'#board polygon[data-hex="{a["hex"]}"]').dispatch_event("click")
    elif a["point"]:
        i = page.evaluate("""([x, y]) => [...document.querySelectorAll('circle.lit-point')]
          .findIndex((e) => { const [a, b] = e.dataset.point.split(',').map(Number);
                              return Math.abs(a - x) < 1e-6 && Math.abs(b - y) < 1e-6; })""",
                          list(a["point"]))
        assert i >= 0, f"{text}: its point is not lit"
        page.locator("circle.lit-point").nth(i).dispatch_event("click")
        return
    elif page.locator("#picker[hidden]").count():  # a ship with displays: a 2nd click lists all
        page.locator(f'#board [data-piece="{actor}"]').first.dispatch_event("click")
    maybe_pick(page, text)


def board_has_piece(board: dict[str, Any], pid: str, placed: bool) -> bool:
    p = next((p for p in board["pieces"] if p["id"] == pid), None)
    return p is not None and (p["position"] is not None) == placed


def maybe_pick(page: Any, text: str) -> None:
    """A click with several actions opens the picker; one with a single action acts at once."""
    deadline = time.monotonic() + WAIT / 1000
    btn = page.locator(f'#picker:not([hidden]) button[data-action="{text}"]')
    while time.monotonic() < deadline:
        if btn.count():
            btn.click()
            return
        if page.locator("#message").inner_text().removeprefix("Done: ").startswith(text):
            return
        time.sleep(0.02)
    raise AssertionError(f"{text}: neither done nor offered in the picker")


def whole_game(page: Any, server: str, ruleset: str) -> list[float]:
    """Finish a game of ``ruleset`` by clicks; returns the click-to-redraw times (s)."""
    scenario, policy_name, seed = GAMES[ruleset]
    dry = voidwar.load(ruleset, scenario, seed=seed)
    pol = voidwar.policies.get(policy_name, ruleset, seed=1)
    while not dry.over:
        dry.apply(pol.choose(dry))
    middle = len(dry.actions) // 2
    gid = create(page, server, ruleset, scenario, seed)
    toks = tokens_of(page)
    local = voidwar.load(ruleset, scenario, seed=seed)
    policy = voidwar.policies.get(policy_name, ruleset, seed=1)
    board_of = get_ruleset(ruleset).board
    assert board_of is not None
    times: list[float] = []
    shoot(page, ruleset, "opening")
    widths = [view_width(page)]
    while not local.over:
        seat = local.to_act
        assert seat is not None
        board = get_json(f"{server}/api/games/{gid}/view", toks[seat])["board"]
        check_drawing(page, board)
        text = str(policy.choose(local))
        t0 = time.perf_counter()
        play(page, board, text)
        n = len(local.actions) + 1
        wait_actions(page, n)
        times.append(time.perf_counter() - t0)
        assert page.locator("#message.bad").count() == 0, page.inner_text("#message")
        done = get_json(f"{server}/api/games/{gid}/view", toks[seat])["log"][-1]["action"]
        local.apply(done)  # what the page sent (a clicked point may round the policy's)
        widths.append(view_width(page))
        assert widths[-1] >= widths[-2] - 0.5, "the camera zoomed in on its own"
        if len(local.actions) == middle:
            shoot(page, ruleset, "middle")
    page.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
    end = get_json(f"{server}/api/games/{gid}/view", toks[local.seats[0]])
    check_drawing(page, end["board"])
    assert end["board"] == board_of(local, local.seats[0]).model_dump(mode="json") | {
        "last": end["board"]["last"], "notes": local.notes()}
    res = local.result
    assert res is not None
    words = res.outcome.replace("-", " ").replace("_", " ")
    assert words.lower() in page.inner_text("#result").lower()
    shoot(page, ruleset, "end")
    return times


def view_width(page: Any) -> float:
    """The width of the board's view box (the camera's zoom: smaller is closer)."""
    return float(page.get_attribute("#board", "viewBox").split()[2])


def shoot(page: Any, ruleset: str, moment: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{ruleset}-{moment}.png"), full_page=False)


def report(ruleset: str, times: list[float]) -> None:
    t = times[:20]
    print(f"\nclick-to-redraw {ruleset}: median {statistics.median(t) * 1000:.0f} ms, "
          f"max {max(t) * 1000:.0f} ms over {len(t)} actions ({len(times)} in the game)")


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_whole_game_by_clicking_the_board(server: str, page: Any, ruleset: str) -> None:
    """Every action of a whole game made on the board; the drawing checked at every step."""
    times = whole_game(page, server, ruleset)
    report(ruleset, times)
    if ruleset == "astral-dreams":  # the terrain of 'ruins' is drawn (it blocks moves and sight)
        assert page.locator("#board [data-terrain]").count() >= 4


def test_coordinates_toggle_range_tool_and_the_profile(server: str, page: Any) -> None:
    """Hex coordinates on a toggle; the range to the hovered hex; the selected piece's profile."""
    create(page, server, "space-fleet", "duel", 2)
    assert page.locator("text.coord").first.is_hidden()
    page.check("#t-coords")
    assert page.locator("text.coord").first.is_visible()
    ship = page.locator("#board .pieces [data-piece]").first
    pid = ship.get_attribute("data-piece")
    ship.dispatch_event("click")
    page.wait_for_selector("#profile-box:not([hidden])", timeout=WAIT)
    assert "shields" in page.inner_text("#profile")
    # lit: only this ship's destinations
    assert page.locator("#board polygon.hex.target").count() >= 1
    page.locator("#board polygon.hex").nth(3).hover(force=True)
    assert f"{pid} →" in page.inner_text("#range") and "range" in page.inner_text("#range")


def test_replay_shows_the_log_so_far_and_the_result(server: str, page: Any) -> None:
    """A resigned game: its replay's last step says who won, and the log up to each step."""
    gid = create(page, server, "space-fleet", "duel", 4)
    toks = tokens_of(page)
    board = get_json(f"{server}/api/games/{gid}/view", toks["blue"])["board"]
    first = next(a for acts in board["actions"].values() for a in acts if a["hex"])
    play(page, board, first["text"])
    wait_actions(page, 1)
    page.once("dialog", lambda d: d.accept())
    page.click("#resign")
    page.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
    page.goto(f"{server}/replay/{gid}")
    page.wait_for_selector('#pos[data-step="0"]', timeout=WAIT)
    page.click("#last")
    page.wait_for_selector('#pos[data-step="1"]', timeout=WAIT)
    assert " wins" in page.inner_text("#result")
    assert page.locator("#entry li").count() == 2  # the set-up and the one action
    assert first["text"] in page.inner_text("#entry")
    assert f"1. Blue fleet: {first['text']}" in page.inner_text("#entry")  # the side's name
    # the lobby offers the replay of every stored game
    page.goto(server)
    page.wait_for_selector(f'#games a[href="/replay/{gid}"]', state="attached", timeout=WAIT)


def test_real_dice_each_roll_shows_at_once(server: str, page: Any) -> None:
    """Real dice: the prompt asks for the die; each entered roll shows at once (the board and
    the rolls line advance roll by roll) and the game reaches the local seeded one."""
    from voidwar.core.dice import SeededDice

    gid = create(page, server, "antilles", "standard", None, manual=True)
    toks = tokens_of(page)
    local = voidwar.load("antilles", dice=SeededDice(21))
    policy = voidwar.policies.get("heuristic", "antilles", seed=1)
    entered = 0
    while len(local.actions) < 10:
        board = get_json(f"{server}/api/games/{gid}/view", toks["commander"])["board"]
        text = str(policy.choose(local))
        before = len(local.dice.history)
        local.apply(text)
        play(page, board, text)
        values = local.dice.history[before:]
        for k, value in enumerate(values):
            page.wait_for_selector('#status[data-to-act="chance"]', timeout=WAIT)
            assert "Roll a d20" in page.inner_text("#prompt-text")
            assert page.inner_text("#status") == "Your roll: roll the die and enter it."
            version = int(page.get_attribute("#status", "data-version") or "0")
            page.locator(f'#prompt-actions button[data-action="roll {value}"]').click()
            entered += 1
            page.wait_for_function(  # the page has seen the server take this roll
                "(v) => Number(document.getElementById('status').dataset.version) > v",
                arg=version, timeout=WAIT)
            if k + 1 < len(values):  # still waiting: the rolls so far are shown at once
                assert page.inner_text("#rolls").endswith(
                    ", ".join(str(x) for x in values[:k + 1]))
        wait_actions(page, len(local.actions))
        assert page.locator("#message.bad").count() == 0, page.inner_text("#message")
    assert entered > 0
    log_text = page.inner_text("#log")
    assert all(e.text in log_text for e in local.log if e.kind == "roll")


def test_rejoin_a_seat_from_the_lobby(server: str, browser: Any) -> None:
    """The seat link is remembered: the lobby lists the game, marks the turn, and rejoins."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    gid = create(page, server, "antilles", "standard", 9)
    assert page.locator("#seat-link-box:not([hidden])").count() == 1
    assert gid in page.input_value("#seat-link")
    page.goto(server)  # the link is "lost": only the lobby is left
    rejoin = page.locator(f'#mine [data-rejoin="{gid}"]')
    rejoin.wait_for(timeout=WAIT)
    assert "your turn" in page.inner_text(f'#mine [data-mine="{gid}"]')
    rejoin.click()
    wait_actions(page, 0)
    assert "Your turn" in page.inner_text("#status")
    assert page.locator("#prompt-text").inner_text().startswith("Place P1")
    ctx.close()


def test_a_finished_game_offers_a_rematch(server: str, browser: Any) -> None:
    """Over days: a finished game offers a rematch — a new game of the same ruleset, scenario
    and kind of dice, the seat held here held again (its token in the new link), the seat the
    other player held opened for them to take."""
    g = json.loads(urllib.request.urlopen(urllib.request.Request(
        f"{server}/api/games", data=json.dumps({
            "ruleset": "space-fleet", "scenario": "duel",
            "seats": {"blue": {"kind": "human"}, "red": {"kind": "human"}}}).encode(),
        headers={"Content-Type": "application/json"}), timeout=30).read())
    blue = next(t["token"] for t in g["tokens"] if t["seat"] == "blue")
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.goto(f"{server}/game/{g['id']}#seat=blue&token={blue}")
    wait_actions(page, 0)
    assert page.locator("#rematch").is_hidden()  # not before the end
    page.once("dialog", lambda d: d.accept())
    page.click("#resign")
    page.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
    page.locator("#rematch").click()
    page.wait_for_url(lambda u: f"/game/{g['id']}" not in u and "/game/" in u, timeout=WAIT)
    wait_actions(page, 0)
    new = urlparse(page.url).path.rsplit("/", 1)[-1]
    info = get_json(f"{server}/api/games/{new}")
    assert (info["ruleset"], info["scenario"]) == ("space-fleet", "duel")
    assert info["seats"]["red"]["kind"] == "open" and info["seats"]["blue"]["kind"] == "human"
    toks = tokens_of(page)
    assert list(toks) == ["blue"]
    assert get_json(f"{server}/api/games/{new}/view", toks["blue"])["seat"] == "blue"
    assert page.locator('#join-box [data-join="red"]').count() == 1  # for the other player
    ctx.close()


NOTIFY_SPY = """
window.__notes = [];
class SpyNotification {
  constructor(title, opts) { window.__notes.push({ title, body: (opts || {}).body || "" }); }
  static requestPermission() { return Promise.resolve("granted"); }
}
SpyNotification.permission = "granted";
window.Notification = SpyNotification;
Object.defineProperty(document, "hidden",
                      { configurable: true, get: () => window.__hidden ?? false });
"""


def test_the_page_notifies_when_the_turn_comes(server: str, browser: Any) -> None:
    """Over days: with the page in the background, a notification says when the seat's turn
    comes (observed through ``new Notification``), once, with the board's prompt; none while it
    is still the other side's turn."""
    g = json.loads(urllib.request.urlopen(urllib.request.Request(
        f"{server}/api/games", data=json.dumps({
            "ruleset": "space-fleet", "scenario": "duel", "seed": 4,
            "seats": {"blue": {"kind": "human"}, "red": {"kind": "human"}}}).encode(),
        headers={"Content-Type": "application/json"}), timeout=30).read())
    tok = {t["seat"]: t["token"] for t in g["tokens"]}
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.grant_permissions(["notifications"], origin=server)
    ctx.add_init_script(NOTIFY_SPY)
    page = ctx.new_page()
    page.goto(f"{server}/game/{g['id']}#seat=red&token={tok['red']}")  # red waits for blue
    wait_actions(page, 0)
    page.evaluate("window.__hidden = true")  # the player went elsewhere
    local = voidwar.load("space-fleet", "duel", seed=4)
    pol = voidwar.policies.get("heuristic", "space-fleet", seed=1)
    assert local.to_act == "blue"
    while local.to_act == "blue":
        text = str(pol.choose(local))
        local.apply(text)
        _post(f"{server}/api/games/{g['id']}/actions", tok["blue"], {"action": text})
        if local.to_act == "blue":
            wait_actions(page, len(local.actions))
            assert page.evaluate("window.__notes") == []  # still blue's turn
    wait_actions(page, len(local.actions))
    page.wait_for_function("window.__notes.length > 0", timeout=WAIT)
    notes = page.evaluate("window.__notes")
    assert len(notes) == 1 and "your turn" in notes[0]["title"]
    assert notes[0]["body"] == get_json(f"{server}/api/games/{g['id']}/view",
                                        tok["red"])["board"]["prompt"]
    ctx.close()


def _post(url: str, token: str, body: Any) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={
        "Content-Type": "application/json", "X-Seat-Token": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())
