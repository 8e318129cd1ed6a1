"""A phone (390 × 844, touch, Playwright's mobile emulation of Debian's chromium): a whole game
of each ruleset finished by taps on the board, one column, the board the full width with hexes a
finger can take, buttons at least 40 px, no page wider than the screen; a tap selects a ship, a
drag pans and two fingers pinch. Screenshots ``RULESET-phone-{opening,middle,end}.png`` go to a
temporary folder (``make screenshots``: docs/screenshots/). Skipped without Playwright or
/usr/bin/chromium."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

import pytest

import voidwar
from voidwar.core.registry import get_ruleset

from . import test_browser as base
from .shots import SHOTS
from .test_browser import (
    GAMES,
    WAIT,
    board_has_piece,
    check_drawing,
    create,
    find_action,
    get_json,
    screen_point,
    tokens_of,
    wait_actions,
    watched_page,
)

server, browser = base.server, base.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    yield from watched_page(browser, **PHONE)


# -- touching ------------------------------------------------------------------------------------
ON_BOARD = """(e) => { const r = document.getElementById('board').getBoundingClientRect();
  const b = e.getBoundingClientRect(); const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
  return !e.closest('#board') || (x > r.left + 2 && x < r.right - 2 && y > r.top + 2
                                  && y < r.bottom - 2); }"""


def settle(page: Any) -> None:
    """Wait until the board's view and place hold still (the camera glides for 350 ms after a
    choice, and the page's redraw may move the board): a finger lands on what it aimed at."""
    last, same = None, 0
    deadline = time.monotonic() + WAIT / 1000
    while same < 3 and time.monotonic() < deadline:
        now = page.evaluate("() => { const b = document.getElementById('board'); "
                            "const r = b.getBoundingClientRect(); "
                            "return [b.getAttribute('viewBox'), r.top, r.height].join(' '); }")
        same = same + 1 if now == last else 0
        last = now
        page.wait_for_timeout(40)


def tap(page: Any, locator: Any) -> None:
    """A finger on ``locator`` (the board refitted first if it lies outside the view)."""
    el = locator.first
    el.scroll_into_view_if_needed(timeout=WAIT)
    settle(page)
    if not el.evaluate(ON_BOARD):
        page.locator("#fit-all").tap()
        settle(page)
        el.scroll_into_view_if_needed(timeout=WAIT)
        settle(page)
    el.tap(timeout=WAIT)


def tap_point(page: Any, x: float, y: float) -> None:
    """A finger on the table at ``x,y`` inches."""
    page.locator("#board").scroll_into_view_if_needed()
    settle(page)
    pos = screen_point(page, x, y)
    page.touchscreen.tap(pos[0], pos[1])


def pick(page: Any, text: str) -> None:
    """Tap ``text`` in the picker, unless the tap already made it."""
    deadline = time.monotonic() + WAIT / 1000
    btn = page.locator(f'#picker:not([hidden]) button[data-action="{text}"]')
    while time.monotonic() < deadline:
        if btn.count():
            tap(page, btn)
            return
        if page.locator("#message").inner_text().removeprefix("Done: ").startswith(text):
            return
        time.sleep(0.02)
    raise AssertionError(f"{text}: neither done nor offered in the picker")


def choose_piece(page: Any, actor: str) -> None:
    if page.locator(f'#profile-head:text-matches("^{actor}\\\\b")').count():
        return  # chosen already (the only piece that can act)
    tap(page, page.locator(f'#board .pieces [data-piece="{actor}"], '
                           f'#unplaced [data-piece="{actor}"]'))
    page.wait_for_selector(f'#profile-head:text-matches("^{actor}\\\\b")', timeout=WAIT)


def tap_action(page: Any, board: dict[str, Any], text: str) -> None:
    """Make ``text`` by taps on the board, as a player with a phone would."""
    a = find_action(board, text)
    assert a is not None, text
    actor = a["actor"]
    if not actor:
        tap(page, page.locator(f'#prompt-actions button[data-action="{text}"]'))
        return
    if a["hex"] and not a["target"] and board_has_piece(board, actor, placed=False):
        choose_piece(page, actor)
        tap(page, page.locator(f'#board polygon[data-hex="{a["hex"]}"]'))
        pick(page, text)
        return
    choose_piece(page, actor)
    if a["target"]:
        tap(page, page.locator(f'#board .pieces [data-piece="{a["target"]}"]'))
    elif a["hex"]:
        tap(page, page.locator(f'#board polygon[data-hex="{a["hex"]}"]'))
    elif a["point"]:
        key = ",".join(f"{v:g}" for v in a["point"])
        lit = page.locator(f'#board circle.lit-point[data-point="{key}"]')
        if lit.count():
            tap(page, lit)
        else:
            tap_point(page, *a["point"])
        return
    elif page.locator("#picker[hidden]").count():  # a second tap lists every order
        tap(page, page.locator(f'#board .pieces [data-piece="{actor}"]'))
    pick(page, text)


def phone_choice(page: Any, board: dict[str, Any], text: str) -> str:
    """The policy's action, or where it is a point a finger cannot take (one of the policy's own
    to the hundredth of an inch, or a lit dot under a neighbour's a hair away) the lit point
    of that piece, on top where it is drawn, nearest it."""
    a = find_action(board, text)
    if a is not None and not a["point"]:
        return text
    page.locator("#board").scroll_into_view_if_needed()
    actor = text.split()[1]
    want = [float(v) for v in text.split(" to ")[1].split()[0].split(",")]
    lit = [a for a in board["actions"].get(actor, []) if a["point"]]
    assert lit, f"{text}: no lit point of {actor}"
    choose_piece(page, actor)
    settle(page)
    shown = page.evaluate("""() => [...document.querySelectorAll('#board circle.lit-point')]
      .filter((e) => { const b = e.getBoundingClientRect();
        return document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2) === e; })
      .map((e) => e.dataset.point)""")
    lit = [a for a in lit if ",".join(f"{v:g}" for v in a["point"]) in shown] or lit
    return str(min(lit, key=lambda a: math.dist(a["point"], want))["text"])


# -- the page at a phone's size ---------------------------------------------------------------
LAYOUT = """() => {
  const r = (s) => document.querySelector(s).getBoundingClientRect();
  const small = [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null
    && b.closest('#controls, .toolbar, #prompt-actions, #picker'))
    .filter((b) => b.getBoundingClientRect().height < 40).map((b) => b.textContent);
  const hex = document.querySelector('#board polygon.hex');
  return {page: document.documentElement.scrollWidth, board: r('#board').width,
          left: r('.left').bottom, right: r('.right').top, small,
          prompt: [document.getElementById('prompt').scrollWidth,
                   document.getElementById('prompt').clientWidth],
          hex: hex ? hex.getBoundingClientRect().width : null};
}"""


def check_layout(page: Any) -> None:
    seen = page.evaluate(LAYOUT)
    assert seen["page"] <= 390, "the page is wider than the phone"
    assert seen["board"] >= 350, "the board is not the full width"
    assert seen["right"] >= seen["left"] - 1, "two columns on a phone"
    assert seen["prompt"][0] <= seen["prompt"][1], "the prompt overflows"
    assert seen["small"] == [], f"touch targets under 40 px: {seen['small']}"
    if seen["hex"] is not None:
        assert seen["hex"] >= 18, f"hexes {seen['hex']:.0f} px wide"


def shoot(page: Any, ruleset: str, moment: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{ruleset}-phone-{moment}.png"), full_page=False)


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_whole_game_by_taps_on_a_phone(server: str, phone: Any, ruleset: str) -> None:
    scenario, policy_name, seed = GAMES[ruleset]
    gid = create(phone, server, ruleset, scenario, seed)
    toks = tokens_of(phone)
    local = voidwar.load(ruleset, scenario, seed=seed)
    policy = voidwar.policies.get(policy_name, ruleset, seed=1)
    assert get_ruleset(ruleset).board is not None
    check_layout(phone)
    phone.evaluate("window.scrollTo(0, 0)")
    shoot(phone, ruleset, "opening")
    middle = False
    while not local.over:
        seat = local.to_act
        assert seat is not None
        board = get_json(f"{server}/api/games/{gid}/view", toks[seat])["board"]
        check_drawing(phone, board)
        text = phone_choice(phone, board, str(policy.choose(local)))
        tap_action(phone, board, text)
        wait_actions(phone, len(local.actions) + 1)
        assert phone.locator("#message.bad").count() == 0, phone.inner_text("#message")
        done = get_json(f"{server}/api/games/{gid}/view", toks[seat])["log"][-1]["action"]
        local.apply(done)
        if not middle and len(local.actions) >= 20:
            middle = True
            check_layout(phone)
            phone.locator("#board").scroll_into_view_if_needed()
            shoot(phone, ruleset, "middle")
    phone.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
    assert local.result is not None
    words = local.result.outcome.replace("-", " ").replace("_", " ")
    assert words.lower() in phone.inner_text("#result").lower()
    phone.evaluate("window.scrollTo(0, 0)")
    shoot(phone, ruleset, "end")


def test_a_tap_selects_a_drag_pans_and_two_fingers_pinch(server: str, phone: Any) -> None:
    create(phone, server, "space-fleet", "duel", 2)
    tap(phone, phone.locator('#board .pieces [data-piece="HC1"]'))
    phone.wait_for_selector('#profile-head:text-matches("^HC1\\\\b")', timeout=WAIT)
    tap(phone, phone.locator('#board .pieces [data-piece="BB1"]'))
    phone.wait_for_selector('#profile-head:text-matches("^BB1\\\\b")', timeout=WAIT)
    phone.locator("#board").scroll_into_view_if_needed()
    phone.wait_for_timeout(450)
    r = phone.locator("#board").bounding_box()
    assert r is not None
    cx, cy = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
    cdp = phone.context.new_cdp_session(phone)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": k} for k, (x, y) in enumerate(points)]})

    def view() -> list[float]:
        return [float(v) for v in phone.get_attribute("#board", "viewBox").split()]

    before = view()
    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for k in range(1, 9):
        touch("touchMove", [(cx - 20 - 10 * k, cy), (cx + 20 + 10 * k, cy)])
    touch("touchEnd", [])
    pinched = view()
    assert pinched[2] < before[2] * 0.5  # two fingers apart: closer in
    touch("touchStart", [(cx, cy)])
    for k in range(1, 9):
        touch("touchMove", [(cx + 8 * k, cy)])
    touch("touchEnd", [])
    dragged = view()
    assert dragged[0] < pinched[0] and dragged[2] == pinched[2]  # moved, not zoomed
    phone.wait_for_selector('#profile-head:text-matches("^BB1\\\\b")', timeout=WAIT)


@pytest.mark.parametrize("path", ["/", "/assist/attack-vector"])
def test_the_lobby_and_the_assistant_fit_a_phone(server: str, phone: Any, path: str) -> None:
    phone.goto(server + path)
    phone.wait_for_load_state("networkidle")
    seen = phone.evaluate("""() => ({page: document.documentElement.scrollWidth,
      left: document.querySelector('.left').getBoundingClientRect().bottom,
      right: document.querySelector('.right').getBoundingClientRect().top})""")
    assert seen["page"] <= 390 and seen["right"] >= seen["left"] - 1
