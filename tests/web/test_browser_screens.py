"""What a player sees and clicks on the page, each finding of a first hour played through in a
real browser (Debian's chromium via Playwright): a stack on the free table played by clicks, a
lone weapon fired by clicking its target, a camera that frames the legal hexes, wrecks left
where ships were lost, labels that never take a click, the displays beside the map, the table
assistant on Enter. Skipped without Playwright or /usr/bin/chromium."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

import voidwar

from . import test_browser as base
from .shots import SHOTS
from .test_browser import WAIT, create, maybe_pick, wait_actions, watched_page

server, browser = base.server, base.browser


@pytest.fixture
def desk(browser: Any) -> Iterator[Any]:
    yield from watched_page(browser, viewport={"width": 1400, "height": 1000})


def _call(url: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers),
                                timeout=30) as r:
        return json.loads(r.read())


def game_at(server: str, ruleset: str, scenario: str, seed: int, policies: dict[str, int],
            actions: int) -> tuple[str, dict[str, str], Any]:
    """A hot-seat game played ``actions`` actions by seeded heuristics, through the API:
    (id, tokens by seat, the same game here)."""
    seats = {s: {"kind": "human"} for s in policies}
    g = _call(f"{server}/api/games", {"ruleset": ruleset, "scenario": scenario, "seed": seed,
                                      "seats": seats})
    tokens = {t["seat"]: t["token"] for t in g["tokens"]}
    local = voidwar.load(ruleset, scenario, seed=seed)
    pols = {s: voidwar.policies.get("heuristic", ruleset, seed=k) for s, k in policies.items()}
    for _ in range(actions):
        text = str(pols[local.to_act].choose(local))
        _call(f"{server}/api/games/{g['id']}/actions", {"action": text}, tokens[local.to_act])
        local.apply(text)
    return g["id"], tokens, local


BOXES = """(ids) => ids.map((id) => {
  const e = document.querySelector(`#board .pieces [data-piece="${id}"] .body`);
  const b = e.getBoundingClientRect();
  return [b.left, b.top, b.right, b.bottom];
})"""


def overlap(a: list[float], b: list[float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def test_a_stack_on_the_free_table_is_fanned_out_and_played_by_clicks(server: str,
                                                                     desk: Any) -> None:
    """Red's DD3 ended its move on blue's DD2 (26,14): both counters whole, side by side, each
    clickable; blue fires DD2 at DD3 by two clicks; the replay shows both too."""
    gid, tok, local = game_at(server, "space-fleet", "open-space", 1, {"blue": 1, "red": 2}, 86)
    assert str(local.at(local.ships["DD2"])) == str(local.at(local.ships["DD3"])) == "26,14"
    assert "fire DD2 at DD3" in local.legal_notations() and local.to_act == "blue"
    desk.goto(f"{server}/game/{gid}#seat=blue&token={tok['blue']}")
    wait_actions(desk, 86)
    fanned = desk.locator("#board .pieces [data-fanned]")
    assert {"DD2", "DD3"} <= set(fanned.evaluate_all("es => es.map(e => e.dataset.piece)"))
    assert desk.get_attribute('#board [data-piece="DD3"]', "data-at") == "26,14"  # where it is
    every = sorted(s.id for s in local.ships.values() if str(s.status) == "active")
    boxes = desk.evaluate(BOXES, every)
    assert all(overlap(a, b) == 0.0 for i, a in enumerate(boxes) for b in boxes[i + 1:])
    desk.locator('#board .pieces [data-piece="DD2"]').click()
    desk.wait_for_selector('#profile-head:text-matches("^DD2\\\\b")', timeout=WAIT)
    desk.locator('#board .pieces [data-piece="DD3"]').click()
    maybe_pick(desk, "fire DD2 at DD3")
    wait_actions(desk, 87)
    last = _call(f"{server}/api/games/{gid}/view", token=tok["blue"])["log"][-1]["action"]
    assert last == "fire DD2 at DD3"
    desk.goto(f"{server}/replay/{gid}")
    desk.wait_for_selector('#pos[data-step="0"]', timeout=WAIT)
    desk.locator("#step").fill("86")
    desk.wait_for_selector('#pos[data-step="86"]', timeout=WAIT)
    a, b = desk.evaluate(BOXES, ["DD2", "DD3"])
    assert overlap(a, b) == 0.0
    assert "Blue fleet:" in desk.inner_text("#entry") and "blue:" not in desk.inner_text("#entry")


def test_a_lone_weapon_is_fired_by_clicking_its_target(server: str, desk: Any) -> None:
    """blue-1 has one weapon bearing on red-1 (B2, range 22): a click on red-1 opens the picker
    with the shot's range and table to confirm; a click there fires."""
    gid, tok, local = game_at(server, "attack-vector", "duel", 1, {"blue": 1, "red": 2}, 35)
    fire = [a for a in local.legal_notations() if a.startswith("fire ")]
    assert fire == ["fire B2 at red-1"] and local.to_act == "blue"
    desk.goto(f"{server}/game/{gid}#seat=blue&token={tok['blue']}")
    wait_actions(desk, 35)
    desk.wait_for_selector('#profile-head:text-matches("^blue-1\\\\b")', timeout=WAIT)  # chosen
    desk.wait_for_timeout(450)  # the camera's glide
    box = desk.locator("#board").bounding_box()
    assert box is not None
    desk.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    across = ("() => { const s = document.getElementById('board'), v = s.viewBox.baseVal, "
              "r = s.getBoundingClientRect(); "
              "return r.width / (36 * Math.min(r.width / v.width, r.height / v.height)); }")
    for _ in range(40):  # the wheel, to 30-34 hexes across the board (a column is 36 units)
        n = desk.evaluate(across)
        if 30 <= n <= 34:
            break
        desk.mouse.wheel(0, 40 if n < 30 else -40)
    sizes = desk.evaluate("""() => ({
      counter: document.querySelector('#board .pieces [data-piece="red-1"] .body')
        .getBoundingClientRect().width,
      label: Math.min(...[...document.querySelectorAll('#board .plot-label')]
        .map((e) => e.getBoundingClientRect().height))})""")
    assert 30 <= desk.evaluate(across) <= 34  # the view the finding was about
    assert sizes["counter"] >= 20 and sizes["label"] >= 8, sizes  # readable, not 8 px
    desk.locator("#fit-all").click()
    desk.wait_for_timeout(450)
    desk.locator('#board .pieces [data-piece="red-1"]').dispatch_event("click")
    desk.wait_for_selector("#picker:not([hidden]) .confirm-text", timeout=WAIT)
    assert "RAL range 22" in desk.inner_text("#picker")
    desk.locator('#picker button[data-action="fire B2 at red-1"]').click()
    wait_actions(desk, 36)
    view = _call(f"{server}/api/games/{gid}/view", token=tok["blue"])
    assert view["log"][-1]["action"] == "fire B2 at red-1"
    # the displays sit beside the map, above the fold of a 1400 × 1000 window
    top = desk.evaluate("document.querySelector('#displays .widget-sphere')"
                        ".getBoundingClientRect().top + window.scrollY")
    assert top < 1000
    assert desk.locator("#assist-link").is_visible()


def test_the_camera_frames_what_may_be_chosen(server: str, desk: Any) -> None:
    """Antilles' first placement: P1 is chosen at once and every free hex it may take is lit
    (none dazzling) and inside the board's view."""
    create(desk, server, "antilles", "standard", 5)
    desk.wait_for_selector('#profile-head:text-matches("^P1\\\\b")', timeout=WAIT)
    desk.wait_for_timeout(500)  # the camera's glide
    inside = desk.evaluate("""() => {
      const r = document.getElementById('board').getBoundingClientRect();
      const lit = [...document.querySelectorAll('#board polygon.hex.target')];
      return [lit.length, lit.filter((e) => { const b = e.getBoundingClientRect();
        const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
        return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom; }).length];
    }""")
    assert inside[0] > 100 and inside[1] == inside[0]
    fill = desk.evaluate("getComputedStyle(document.querySelector('#board polygon.hex.target'))"
                         ".fillOpacity + ' ' + getComputedStyle(document.querySelector("
                         "'#board polygon.hex.target')).fill")
    assert "0.14" in fill or "0.14)" in fill
    badge = desk.evaluate("""() => { const s = getComputedStyle(document.querySelector(
      '#board .badge-text')); return [s.fill, s.stroke]; }""")
    assert badge == ["rgb(255, 255, 255)", "none"]  # the platform's 6/6: white, readable
    desk.goto(server)
    assert desk.locator('a[href="/assist/attack-vector"]').count() == 1


def test_labels_and_the_pointer_never_take_a_click_or_cover_a_neighbour(server: str,
                                                                      desk: Any) -> None:
    """Astral Dreams: bases drawn at their true size (1"), a counter under the pointer keeps
    its size, the move ring's label lets the click through to the table."""
    create(desk, server, "astral-dreams", "open-table", 2)
    s1 = desk.locator('#board .pieces [data-piece="S1"]')
    assert s1.locator(".body").get_attribute("r") == "10"  # 0.5" radius at 20 px an inch
    before = s1.bounding_box()
    s1.hover()
    after = s1.bounding_box()
    assert before is not None and after is not None
    assert abs(after["width"] - before["width"]) < 2  # a ring, not a 1.35× counter
    s1.dispatch_event("click")
    desk.wait_for_selector("#board .ring-label", timeout=WAIT)
    events = desk.evaluate("[...document.querySelectorAll('#board .ring-label')]"
                           ".map(e => getComputedStyle(e).pointerEvents)")
    assert events and set(events) == {"none"}


def test_wrecks_stay_where_ships_were_lost(server: str, desk: Any) -> None:
    gid, tok, local = game_at(server, "space-fleet", "duel", 0, {"blue": 0, "red": 1}, 0)
    pol = {s: voidwar.policies.get("heuristic", "space-fleet", seed=0) for s in local.seats}
    while not local.over:
        text = str(pol[local.to_act].choose(local))
        _call(f"{server}/api/games/{gid}/actions", {"action": text}, tok[local.to_act])
        local.apply(text)
    lost = {s.id: str(s.status) for s in local.ships.values() if str(s.status) != "active"}
    assert lost
    desk.goto(f"{server}/game/{gid}#seat=blue&token={tok['blue']}")
    desk.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
    wrecks = desk.evaluate("Object.fromEntries([...document.querySelectorAll('#board "
                           "[data-wreck]')].map(e => [e.dataset.wreck, e.dataset.status]))")
    assert wrecks == lost
    assert desk.locator("#board .pieces [data-piece]").count() == len(local.ships) - len(lost)


def test_the_assistant_computes_on_enter_in_a_ship_field(server: str, desk: Any) -> None:
    desk.goto(f"{server}/assist/attack-vector")
    desk.wait_for_selector("#brief", timeout=WAIT)
    hexes = desk.locator('#ships input[name="hex"]')
    hexes.nth(1).fill("3A")
    desk.locator('#ships input[name="alt"]').nth(1).fill("0")
    hexes.nth(1).press("Enter")
    desk.wait_for_function("document.getElementById('brief').textContent"
                           ".startsWith('blue → red range 3')", timeout=WAIT)
    assert "0,0,2" in desk.inner_text(".desc")
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk.screenshot(path=str(SHOTS / "attack-vector-assist.png"))
