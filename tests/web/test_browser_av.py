"""Attack Vector on screen: the board's vectors, FP/EoT markers and displays, and a
whole duel played in a real browser (Debian's chromium via Playwright) with orders made on the
displays — a thrust set with the stepper, a pivot by clicking the AVID window, fire by clicking
the enemy on the map and confirming — asserting at every segment that the drawn vector, FP and
EoT are the state's. Screenshots of the map, the AVID and the ship display go to
a temporary folder (``make screenshots``: docs/screenshots/). Skipped without Playwright or
/usr/bin/chromium.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import voidwar
from voidwar.rulesets.attack_vector.board import board_view

from . import test_browser as _shared
from .shots import SHOTS

server, browser = _shared.server, _shared.browser  # the shared fixtures (a server, chromium)

CHROMIUM = Path("/usr/bin/chromium")
WAIT = 15_000


# -- the board itself (no browser) --------------------------------------------------------------
def test_the_board_draws_the_states_vectors_markers_and_avid() -> None:
    game = voidwar.load("attack-vector", "duel", seed=1)
    pol = voidwar.policies.get("heuristic", "attack-vector", seed=1)
    checked = 0
    while not game.over and checked < 60:
        seat = game.to_act
        b = board_view(game, seat)
        v = game.view(seat)
        for sid, s in v["ships"].items():
            if s["out"]:
                continue
            ov = {o.kind: o for o in b.overlays if o.piece == sid}
            key = lambda p: f"{p[0]},{p[1]}"  # noqa: E731
            assert ov["vector"].points[0].hex == key(s["position"])
            assert ov["vector"].points[-1].hex == key(s["eot"])
            assert ov["fp"].points[0].hex == key(s["fp"])
            assert ov["eot"].points[0].hex == key(s["eot"])
            assert ov["plot"].points[0].hex == key(s["fp"])
            assert ov["plot"].points[-1].hex == key(s["eot"])
            sphere = next(w for w in b.widgets if w.kind == "sphere" and w.piece == sid)
            lit = {w.key: w for w in sphere.windows if w.lit}
            for oid, br in game.bearings(sid).items():  # the rules' own bearings
                if br.window is not None:
                    assert str(br.window) in lit
                    assert f"{oid} {br.range}" in [m.label for m in lit[str(br.window)].marks]
            nose = s["orientation"]["markers"]["nose"]
            assert "N" in [m.label for w in sphere.windows if w.key == nose for m in w.marks]
        texts = sorted(a.text for acts in b.actions.values() for a in acts)
        assert texts == sorted(game.legal_notations())
        pivots = {w.action for w in b.widgets if w.kind == "sphere" for w in w.windows} - {""}
        assert pivots == {t for t in texts if t.startswith("pivot to")}
        game.apply(pol.choose(game))
        checked += 1


def test_a_shot_is_confirmed_with_its_range_and_table() -> None:
    game = voidwar.load("attack-vector", "duel", seed=1)
    pol = voidwar.policies.get("heuristic", "attack-vector", seed=1)
    while not any(t.startswith("fire ") for t in game.legal_notations()):
        game.apply(pol.choose(game))
    b = board_view(game, game.to_act)
    fire = next(a for acts in b.actions.values() for a in acts if a.kind == "fire")
    assert "RAL range" in fire.confirm and "A5.166" in fire.confirm and "to hit" in fire.confirm
    done = next(a for a in b.actions[""] if a.kind == "done")
    assert done.key == "d"


# -- the browser --------------------------------------------------------------------------------
needs_browser = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


def _json(url: str, token: str | None = None, body: Any = None) -> Any:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["X-Seat-Token"] = token
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


DRAWN = """() => {
  const o = {};
  for (const e of document.querySelectorAll('#board .overlays [data-overlay]'))
    o[e.dataset.piece + ' ' + e.dataset.overlay] = e.dataset.hexes;
  return o;
}"""


def check_overlays(page: Any, board: dict[str, Any], state: dict[str, Any] | None = None) -> None:
    """The drawn vector, FP, EoT, plot and track are the board's; and, given the view's state,
    the drawn vector runs from each ship's position to its EoT marker, the FP and EoT rings
    stand on the state's FP and EoT hexes, and the track ends where the ship is."""
    seen = page.evaluate(DRAWN)
    for o in board["overlays"]:
        want = " ".join(p["hex"] for p in o["points"])
        assert seen.get(f"{o['piece']} {o['kind']}") == want, (o["piece"], o["kind"])
    for sid, s in (state or {}).get("ships", {}).items():
        if s["out"]:
            continue
        key = lambda p: f"{p[0]},{p[1]}"  # noqa: E731
        pos, fp, eot = key(s["position"]), key(s["fp"]), key(s["eot"])
        assert seen[f"{sid} vector"].split() in ([pos, eot],), (sid, "vector")
        assert seen[f"{sid} fp"] == fp and seen[f"{sid} eot"] == eot, sid
        track = seen.get(f"{sid} track")
        assert track is None or track.split()[-1] == pos, (sid, "track")


def _shot(page: Any, name: str, selector: str | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = str(SHOTS / f"attack-vector-{name}.png")
    if not selector:
        page.screenshot(path=path)
        return
    # the board redraws when the bot's move arrives, replacing the element between finding it
    # and taking the picture: find it again (a bounded number of times)
    for attempt in range(5):
        try:
            page.locator(selector).first.screenshot(path=path)
            return
        except Exception as exc:  # playwright's Error: "Element is not attached to the DOM"
            if "not attached" not in str(exc) or attempt == 4:
                raise


@needs_browser
def test_a_whole_duel_with_orders_on_the_displays(server: str, browser: Any) -> None:
    g = _json(f"{server}/api/games", body={"ruleset": "attack-vector", "scenario": "duel",
                                           "seed": 1, "seats": {
                                               "blue": {"kind": "human"},
                                               "red": {"kind": "bot", "policy": "heuristic"}}})
    token = next(t["token"] for t in g["tokens"] if t["seat"] == "blue")
    gid = g["id"]
    ctx = browser.new_context(viewport={"width": 1500, "height": 1100})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=blue&token={token}")
    page.wait_for_selector("#displays [data-widget=sphere]", timeout=WAIT)
    did = {"thrust": False, "pivot": False, "fire": False}
    shots_taken = False
    for _ in range(400):
        v = _json(f"{server}/api/games/{gid}/view", token)
        if v["over"]:
            break
        if v["to_act"] != "blue":
            page.wait_for_timeout(50)
            continue
        page.wait_for_selector(f'#status[data-n-actions="{v["n_actions"]}"]', timeout=WAIT)
        board = v["board"]
        check_overlays(page, board, v["view"])
        texts = {a["text"]: a for acts in board["actions"].values() for a in acts}
        n = v["n_actions"]
        if not did["thrust"] and "thrust 2" in texts:
            for _ in range(4):  # 0 → 0.5 → 1 → 1.5 → 2
                page.click("#displays [data-step=up]")
            page.click("#displays [data-step=set]")
            did["thrust"] = True
        elif not did["pivot"] and did["thrust"] and "pivot to A/B" in texts:
            page.locator('#displays .sphere [data-window="A/B"]').first.dispatch_event("click")
            box = page.locator('#displays .confirm-box[data-confirm="pivot to A/B"]')
            box.wait_for(timeout=WAIT)  # previewed and asked, not yet sent
            assert "A/B" in box.inner_text() and "A5.321" in box.inner_text()
            assert page.locator('#displays .sphere [data-window="A/B"] .mark.preview').count()
            assert v["n_actions"] == _json(f"{server}/api/games/{gid}/view", token)["n_actions"]
            _shot(page, "pivot", "#displays .widget-sphere")
            box.locator("[data-confirm-go]").click()
            did["pivot"] = True
        elif not did["fire"] and any(t.startswith("fire ") for t in texts):
            if not shots_taken:
                _shot(page, "map")
                _shot(page, "avid", "#displays .widget-sphere")
                _shot(page, "ship-display", "#displays")
                shots_taken = True
            page.locator('#board .pieces [data-piece="blue-1"]').dispatch_event("click")
            page.locator('#board .pieces [data-piece="red-1"]').dispatch_event("click")
            page.wait_for_selector("#picker:not([hidden]) .confirm-text", timeout=WAIT)
            assert "RAL range" in page.inner_text("#picker")
            page.locator("#picker button.pick").first.click()
            did["fire"] = True
        else:
            page.locator("body").press("d")  # done, as one key
        page.wait_for_function(
            f"Number(document.getElementById('status').dataset.nActions) > {n}", timeout=WAIT)
        assert page.locator("#message.bad").count() == 0, page.inner_text("#message")
    v = _json(f"{server}/api/games/{gid}/view", token)
    assert v["over"], "the duel did not finish"
    assert all(did.values()), did
    assert errors == [], errors
    if not shots_taken:
        _shot(page, "map")
    ctx.close()
