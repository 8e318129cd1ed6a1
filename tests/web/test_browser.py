"""A real browser (Debian's chromium driven by Playwright) plays through the page.

The server runs in a thread of the test process (uvicorn on a free loopback port) on a fresh
SQLite file. Skipped when Playwright or /usr/bin/chromium is missing (``scripts/ensure-chromium``
installs the browser).
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import voidwar
from voidwar.core.registry import get_ruleset, rulesets

playwright_sync = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 15_000  # ms: the most any one page update may take before a test fails


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
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert errors == [], errors


def wait_actions(page: Any, n: int) -> None:
    page.wait_for_selector(f'#status[data-n-actions="{n}"]', timeout=WAIT)


def click_hex(page: Any, key: str) -> None:
    """Click a hex of the map. Pieces may lie over it, hence ``force``; but ``force`` gives up at
    once on an element without a box, so wait for the hex to be drawn first."""
    hex_ = page.locator(f'polygon[data-hex="{key}"]')
    hex_.wait_for(state="visible", timeout=WAIT)
    hex_.click(force=True)


def click_action(page: Any, text: str) -> None:
    """Act as a player would: click the unit, then its target hex or unit; else the button."""
    m = re.fullmatch(r"(\w+) (\w+) (?:at|to) (-?\d+,-?\d+)", text)
    if m and m.group(1) == "place":
        click_hex(page, m.group(3))
        return
    if m:
        page.locator(f'[data-piece="{m.group(2)}"]').first.click()
        page.wait_for_selector(f'.piece.selected[data-piece="{m.group(2)}"]', timeout=WAIT)
        click_hex(page, m.group(3))
        return
    m = re.fullmatch(r"fire (\w+) at (\w+)", text)
    if m:
        target = "antilles" if m.group(2) == "platform" else m.group(2)
        page.locator(f'[data-piece="{m.group(1)}"]').first.click()
        page.wait_for_selector(f'.piece.selected[data-piece="{m.group(1)}"]', timeout=WAIT)
        page.locator(f'[data-piece="{target}"]').first.click()
        return
    page.locator(f'#actions button[data-action="{text}"]').click()


def test_antilles_whole_game_by_clicks(server: str, page: Any) -> None:
    """The lobby creates a seeded solitaire game; the commander plays all of it by clicks.

    What to click is chosen by the heuristic policy on a local copy of the same seeded game,
    so the page must end with exactly the local result.
    """
    seed = 11
    page.goto(f"{server}/?ruleset=antilles")
    page.wait_for_selector('#ruleset option[value="antilles"]', state="attached")
    page.select_option("#ruleset", "antilles")
    assert page.locator('select[data-seat="commander"]').input_value() == "human"
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])", timeout=WAIT)
    page.click("#play-here")
    wait_actions(page, 0)
    assert page.locator("polygon.hex").count() == 169  # radius-7 hexagon (our reading)
    assert page.locator('[data-piece="antilles"]').count() == 1

    local = voidwar.load("antilles", seed=seed)
    policy = voidwar.policies.get("heuristic", "antilles", seed=1)
    while not local.over:
        text = str(policy.choose(local))
        click_action(page, text)
        local.apply(text)
        wait_actions(page, len(local.actions))
        assert page.locator("#message.bad").count() == 0, page.inner_text("#message")
    page.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
    res = local.result
    assert res is not None and res.level is not None
    shown = page.inner_text("#result")
    assert res.outcome in shown and res.level in shown
    assert f"commander {res.scores['commander']}" in shown
    # every roll of the game is in the log on the page
    rolls = [e.text for e in local.log if e.kind == "roll"]
    log_text = page.inner_text("#log")
    assert rolls and all(r in log_text for r in rolls)


def test_hotseat_clicks_spectator_live_update_and_replay(server: str, page: Any,
                                                        browser: Any) -> None:
    """Both toy seats in one page (hot-seat); a second context watches without reloading."""
    page.goto(f"{server}/?ruleset=webtoy")
    page.wait_for_selector('#ruleset option[value="webtoy"]', state="attached")
    page.select_option("#ruleset", "webtoy")
    page.select_option('select[data-seat="blue"]', "human")
    page.fill("#seed", "4")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])", timeout=WAIT)
    watch_url = page.locator("#spectate").get_attribute("href")
    page.click("#play-here")
    wait_actions(page, 0)

    ctx = browser.new_context()
    watcher = ctx.new_page()
    watcher.goto(server + watch_url)
    wait_actions(watcher, 0)
    watcher.wait_for_selector("#live:text('live')", timeout=WAIT)
    assert "you are watching" in watcher.inner_text("#seats")

    # red: click R1, its targets light up, click the hex
    page.locator('[data-piece="R1"]').click()
    assert page.locator('polygon.hex.target[data-hex="-1,0"]').count() == 1
    click_hex(page, "-1,0")
    wait_actions(page, 1)
    # a second message of the same state (here: a hash change) redraws the text, not the map
    page.evaluate("document.querySelector('polygon[data-hex=\"0,0\"]').dataset.kept = 'yes'")
    renders = int(page.get_attribute("#status", "data-renders") or "0")
    page.evaluate("window.dispatchEvent(new HashChangeEvent('hashchange'))")
    page.wait_for_function("(n) => Number(document.getElementById('status').dataset.renders) > n",
                           arg=renders, timeout=WAIT)
    assert page.locator('polygon[data-hex="0,0"][data-kept="yes"]').count() == 1
    assert page.locator("#status").get_attribute("data-to-act") == "blue"
    # blue, in the same page (hot-seat), passes with the button
    page.locator('#actions button[data-action="pass"]').click()
    wait_actions(page, 2)
    # the watcher saw both without reloading, and the piece moved on its board
    wait_actions(watcher, 2)
    assert "2. blue: pass" in watcher.inner_text("#log")
    assert watcher.locator('.piece[data-piece="R1"][data-hex="-1,0"]').count() == 1
    assert watcher.locator("#actions button").count() == 0
    ctx.close()

    # the replay viewer: scrub back to the start and step forward
    page.click("#replay-link")
    page.wait_for_selector('#pos[data-step="0"]', timeout=WAIT)
    assert page.locator('.piece[data-piece="R1"][data-hex="-2,0"]').count() == 1
    page.click("#next")
    page.wait_for_selector('#pos[data-step="1"]', timeout=WAIT)
    assert page.locator('.piece[data-piece="R1"][data-hex="-1,0"]').count() == 1
    assert "1. red: move R1 to -1,0" in page.inner_text("#entry")
    page.click("#last")
    page.wait_for_selector('#pos[data-step="2"]', timeout=WAIT)


def test_space_fleet_two_seats_from_two_browser_contexts(server: str, browser: Any) -> None:
    """Two players, each in their own browser context with their own seat link, alternate;
    each sees the other's moves live. After some actions one resigns; both see the result."""
    if "space-fleet" not in rulesets():
        pytest.skip("Space Fleet is not in the tree yet")
    info = get_ruleset("space-fleet")
    scenario = next(iter(info.scenarios()))
    seats = voidwar.load("space-fleet", scenario=scenario, seed=5).seats
    assert len(seats) == 2

    host = browser.new_context(viewport={"width": 1400, "height": 900})
    lobby = host.new_page()
    lobby.goto(f"{server}/?ruleset=space-fleet")
    lobby.wait_for_selector('#ruleset option[value="space-fleet"]', state="attached")
    lobby.select_option("#ruleset", "space-fleet")
    lobby.select_option("#scenario", scenario)
    for s in seats:
        lobby.select_option(f'select[data-seat="{s}"]', "human")
    lobby.fill("#seed", "5")
    lobby.click("#create")
    lobby.wait_for_selector("#created:not([hidden])", timeout=WAIT)
    links = {s: lobby.locator(f'[data-seat-link="{s}"]').get_attribute("href") for s in seats}

    guest = browser.new_context(viewport={"width": 1400, "height": 900})
    pages = {seats[0]: host.new_page(), seats[1]: guest.new_page()}
    for s, pg in pages.items():
        pg.goto(server + links[s])
        wait_actions(pg, 0)
        pg.wait_for_selector("#live:text('live')", timeout=WAIT)

    local = voidwar.load("space-fleet", scenario=scenario, seed=5)
    names = voidwar.policies.names("space-fleet")
    policy = voidwar.policies.get("heuristic" if "heuristic" in names else "random",
                                  "space-fleet", seed=2)
    acted = set()
    while not local.over and len(local.actions) < 40:
        seat = local.to_act
        assert seat is not None
        text = str(policy.choose(local))
        pages[seat].locator(f'#actions button[data-action="{text}"]').click()
        local.apply(text)
        acted.add(seat)
        for pg in pages.values():  # both pages follow, the other one by its websocket
            wait_actions(pg, len(local.actions))
    assert acted == set(seats) or local.over
    for s, pg in pages.items():
        other = pages[seats[1] if s == seats[0] else seats[0]]
        assert other.locator("#actions button").count() == 0 or local.over or s != local.to_act
        assert pg.locator("#status").get_attribute("data-to-act") == (local.to_act or "")
    if not local.over:
        pg = pages[seats[1]]
        pg.once("dialog", lambda d: d.accept())
        pg.click("#resign")
        for p in pages.values():
            p.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
        assert f"winner: {seats[0]}" in pages[seats[0]].inner_text("#result")
    else:
        res = local.result
        assert res is not None
        for p in pages.values():
            p.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
            assert res.outcome in p.inner_text("#result")
    host.close()
    guest.close()


def test_antilles_with_real_dice_typed_into_the_page(server: str, page: Any) -> None:
    """Real dice: the page says which die to roll and for what; typed or pressed rolls go in.

    The rolls are a seeded stream's, so the page must reach the local seeded game exactly."""
    from voidwar.core.dice import SeededDice

    page.goto(f"{server}/?ruleset=antilles")
    page.wait_for_selector('#ruleset option[value="antilles"]', state="attached")
    page.select_option("#ruleset", "antilles")
    page.select_option("#dice", "manual")
    assert page.locator("#seed-box").is_hidden()
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])", timeout=WAIT)
    page.click("#play-here")
    wait_actions(page, 0)
    local = voidwar.load("antilles", dice=SeededDice(21))
    policy = voidwar.policies.get("heuristic", "antilles", seed=1)
    typed = 0
    while len(local.actions) < 12:
        text = str(policy.choose(local))
        before = len(local.dice.history)
        local.apply(text)
        click_action(page, text)
        for k, value in enumerate(local.dice.history[before:]):
            page.wait_for_selector('#status[data-to-act="chance"]', timeout=WAIT)
            assert "Roll a d20 for" in page.inner_text("#status")
            version = int(page.get_attribute("#status", "data-version") or "0")
            if k % 2:  # press the button of the value …
                page.locator(f'#actions button[data-action="roll {value}"]').click()
            else:  # … or type it, as a player with dice in hand would
                page.fill("#typed-action", str(value))
                page.press("#typed-action", "Enter")
                typed += 1
            page.wait_for_function(  # the page has seen the server take this roll
                "(v) => Number(document.getElementById('status').dataset.version) > v",
                arg=version, timeout=WAIT)
        wait_actions(page, len(local.actions))
        assert page.locator("#message.bad").count() == 0, page.inner_text("#message")
    assert typed > 0
    rolls = [e.text for e in local.log if e.kind == "roll"]
    log_text = page.inner_text("#log")
    assert rolls and all(r in log_text for r in rolls)
