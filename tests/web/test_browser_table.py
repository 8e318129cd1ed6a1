"""Debian's chromium (Playwright) on the free tables: Space Fleet's `open-space` played to the
end by clicking the board, Astral Dreams' hills drawn with their slopes.

Space Fleet on a free table: every action is a click — a ship, a lit whole-unit point along its
heading or (every third move) anywhere on its path for a fractional distance (the free move),
the facing picker for turns, a target ship to fire, the prompt's own button to end fire — and
after every step the ships drawn are the ships of the state (point, facing, status, shields;
the lost ones in the tray). Screenshots space-fleet-table-*.png and astral-dreams-ridges.png
(docs/web.md) go to a temporary folder (``make screenshots``: docs/screenshots/). Skipped
without Playwright or /usr/bin/chromium.
"""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

import voidwar
from voidwar.core.board import OUT_OF_PLAY

from . import test_browser as base
from .test_browser import (
    SHOTS,
    WAIT,
    click_point,
    create,
    find_action,
    get_json,
    maybe_pick,
    screen_point,
    select,
    tokens_of,
    wait_actions,
)

# the browser test's fixtures (a server on a fresh SQLite file, the browser, a page)
server, browser, page = base.server, base.browser, base.page

DRAWN = """() => {
  const out = {pieces: {}, tray: [], mines: []};
  for (const e of document.querySelectorAll('#board .pieces [data-piece]')) {
    const c = e.querySelector('[data-counter]');
    out.pieces[e.dataset.piece] = {at: e.dataset.at ?? null, facing: e.dataset.facing ?? null,
                                   status: e.dataset.status, counter: c ? c.textContent : null};
  }
  for (const e of document.querySelectorAll('#tray [data-piece]')) out.tray.push(e.dataset.piece);
  for (const e of document.querySelectorAll('#board .marker-mine[data-radius]'))
    out.mines.push([e.dataset.at, Number(e.dataset.radius)]);
  return out;
}"""


def check_ships(page: Any, game: Any, seat: str) -> None:
    """The ships drawn are the state's: each in play at its point with its facing and shields,
    each lost one in the tray and off the table; the mine circles of their radius."""
    seen = page.evaluate(DRAWN)
    v = game.view(seat)
    unit = float(v["table"]["unit"])
    for s in v["ships"]:
        if str(s["status"]) in OUT_OF_PLAY:
            assert s["id"] in seen["tray"] and s["id"] not in seen["pieces"], s["id"]
            continue
        d = seen["pieces"].get(s["id"])
        assert d is not None, f"{s['id']} is not drawn"
        assert [float(t) for t in d["at"].split(",")] == [float(t) for t in s["at"].split(",")]
        assert float(d["facing"]) == float(s["facing"]), (s["id"], d["facing"], s["facing"])
        assert d["counter"] == f"{s['shields']}/{s['max_shields']}", s["id"]
    want = sorted((",".join(str(float(t)) for t in m["at"].split(",")),
                   float(m["radius"]) * unit) for m in v["mines"])
    got = sorted((",".join(str(float(t)) for t in at.split(",")), r) for at, r in seen["mines"])
    assert got == want


def ahead_of(board: dict[str, Any], actor: str, units: float) -> tuple[float, float]:
    """The table point ``units`` straight ahead of ``actor`` (inches)."""
    p = next(p for p in board["pieces"] if p["id"] == actor)
    x, y = p["position"]["point"]
    a = math.radians(p["facing"])
    scale = board["map"]["scale"]
    return x + math.sin(a) * units * scale, y + math.cos(a) * units * scale


def play_table(page: Any, board: dict[str, Any], text: str, free: bool) -> None:
    """Make ``text`` by clicks; a move with ``free`` is a click on the path half a unit short
    of the policy's (a distance the legal list does not offer)."""
    a = find_action(board, text)
    assert a is not None, text
    actor = a["actor"]
    if not actor:
        page.locator(f'#prompt-actions button[data-action="{text}"]').click()
        return
    select(page, actor)
    if free:
        page.wait_for_selector(f'#board [data-ahead="{actor}"]', state="attached", timeout=WAIT)
        click_point(page, *ahead_of(board, actor, float(a["label"]) - 0.5))
        return
    if a["target"]:
        page.locator(f'#board .pieces [data-piece="{a["target"]}"]').dispatch_event("click")
    elif a["point"]:
        i = page.evaluate("""([x, y]) => [...document.querySelectorAll('circle.lit-point')]
          .findIndex((e) => { const [a, b] = e.dataset.point.split(',').map(Number);
                              return Math.abs(a - x) < 1e-6 && Math.abs(b - y) < 1e-6; })""",
                          list(a["point"]))
        assert i >= 0, f"{text}: its point is not lit"
        page.locator("circle.lit-point").nth(i).dispatch_event("click")
        return
    maybe_pick(page, text)


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def show_selected(page: Any, board: dict[str, Any], actor: str, units: float) -> None:
    """Select ``actor`` and point at the table ``units`` ahead (the range tool reads it)."""
    select(page, actor)
    point_ahead(page, board, actor, units)


def point_ahead(page: Any, board: dict[str, Any], actor: str, units: float) -> None:
    """Point at the table ``units`` ahead of ``actor`` (the range tool reads the band there)."""
    x, y = ahead_of(board, actor, units)
    pos = screen_point(page, x, y)
    page.mouse.move(pos[0], pos[1])
    page.wait_for_function("() => document.getElementById('range').textContent.includes('units')",
                           timeout=WAIT)


def test_open_space_played_to_the_end_by_clicking_the_table(server: str, page: Any) -> None:
    """Space Fleet on the free table, a whole game by clicks (see the module docstring)."""
    scenario, seed = "open-space", 2
    gid = create(page, server, "space-fleet", scenario, seed)
    toks = tokens_of(page)
    local = voidwar.load("space-fleet", scenario, seed=seed)
    policy = voidwar.policies.get("heuristic", "space-fleet", seed=1)
    assert page.locator("#board .tabletop").count() == 1
    moves = free_moves = 0
    shot_middle = False
    while not local.over:
        seat = local.to_act
        assert seat is not None
        board = get_json(f"{server}/api/games/{gid}/view", toks[seat])["board"]
        check_ships(page, local, seat)
        text = str(policy.choose(local))
        a = find_action(board, text)
        if len(local.actions) == 0 and a is not None and a["actor"]:
            show_selected(page, board, a["actor"], 2)
            assert "rear arc" in (page.locator("#board .rings").text_content() or "")
            shoot(page, "space-fleet-table-opening")
        if not shot_middle and local.view(None)["turn"] >= 5 and local.view(None)[
                "phase"] != "movement":
            shoot(page, "space-fleet-table-middle")
            shot_middle = True
        is_move = a is not None and a["kind"] == "move"
        moves += is_move
        free = is_move and moves % 3 == 0 and float(a["label"]) > 0.75  # type: ignore[index]
        play_table(page, board, text, free)
        try:
            wait_actions(page, len(local.actions) + 1)
        except Exception as e:
            raise AssertionError(f"{text} (free: {free}): {page.inner_text('#message')}") from e
        assert page.locator("#message.bad").count() == 0, page.inner_text("#message")
        done = get_json(f"{server}/api/games/{gid}/view", toks[seat])["log"][-1]["action"]
        if free:
            assert done != text and done.startswith(text.rsplit(" ", 1)[0]), (done, text)
            free_moves += 1
        else:
            assert done == text
        local.apply(done)
    page.wait_for_selector('#status[data-over="true"]', timeout=WAIT)
    check_ships(page, local, local.seats[0])
    res = local.result
    assert res is not None
    words = res.outcome.replace("-", " ").replace("_", " ")
    assert words.lower() in page.inner_text("#result").lower()
    assert page.locator("#tray [data-piece]").count() == sum(
        1 for s in local.view(None)["ships"] if str(s["status"]) in OUT_OF_PLAY) > 0
    assert free_moves >= 5
    shoot(page, "space-fleet-table-end")
    print(f"\nopen-space by clicks: {len(local.actions)} actions, {free_moves} free moves, "
          f"{res.outcome}")


def test_minefield_table_draws_mine_circles_and_the_path_ahead(server: str, page: Any) -> None:
    """`table-minefield` (2 inches to the unit): mine circles of their radius; the selected
    ship's path, bands and rear arc; the range tool in units."""
    create(page, server, "space-fleet", "table-minefield", 1)
    local = voidwar.load("space-fleet", "table-minefield", seed=1)
    check_ships(page, local, "blue")
    board = local_board(local, "blue")
    actor = next(iter(a for a in board["actions"] if a))
    show_selected(page, board, actor, 1.5)
    assert "short ≤4 units" in page.inner_text("#range")  # the drawn band holding the point
    # an enemy ship under the pointer: the range and band the rules measure (Space Fleet: Firing)
    me = next(p for p in board["pieces"] if p["id"] == actor)
    for sight in me["sights"]:
        a, b = local.ships[actor], local.ships[sight["target"]]  # type: ignore[attr-defined]
        assert sight["range"] == round(local.gap(a, b), 3)  # type: ignore[attr-defined]
        page.locator(f'#board .pieces [data-piece="{sight["target"]}"]').hover(force=True)
        want = f'{actor} → {sight["target"]}: {sight["range"]:.2f} units · {sight["note"]}'
        page.wait_for_function("(t) => document.getElementById('range').textContent === t",
                               arg=want, timeout=WAIT)
        assert page.locator(f'#board .sight-line[data-sight="{sight["target"]}"]').count() == 1
    assert me["sights"] and any("range" in s["note"] for s in me["sights"])
    point_ahead(page, board, actor, 1.5)
    assert page.locator(f'#board [data-ahead="{actor}"]').count() == 1
    assert page.locator("#board [data-ring='blind']").count() == 1
    assert page.locator("#board [data-ring='band']").count() == 3
    shoot(page, "space-fleet-table-minefield")


def local_board(game: Any, seat: str) -> dict[str, Any]:
    from voidwar.core.registry import get_ruleset

    fn = get_ruleset(game.ruleset).board
    assert fn is not None
    return fn(game, seat).model_dump(mode="json")


def test_ridges_hills_with_slopes_reach_and_notes(server: str, page: Any) -> None:
    """Astral Dreams `ridges`: every hill drawn with contours and uphill arrows, its slope and
    multipliers in the hover; a robot near a hill shows the reach the rules' cost gives (not a
    circle); the notes strip tells every seat our readings."""
    gid = create(page, server, "astral-dreams", "ridges", 1)
    toks = tokens_of(page)
    local = voidwar.load("astral-dreams", "ridges", seed=1)
    pol = voidwar.policies.get("heuristic", "astral-dreams", seed=1)
    board = get_json(f"{server}/api/games/{gid}/view", toks[local.to_act])["board"]
    hills = [t for t in board["terrain"] if t["slope"]]
    assert page.locator("#board [data-slope]").count() == len(hills) >= 4
    assert page.locator("#board line.uphill").count() >= len(hills)
    title = page.locator(f'#board [data-terrain="{hills[0]["id"]}"] title').text_content()
    assert hills[0]["slope"]["text"] in title and f"up ×{hills[0]['slope']['up']}" in title
    notes = page.locator("#notes li")
    assert notes.count() == len(local.notes()) > 0
    assert local.notes()[0] in page.inner_text("#notes")
    while not any(p["rings"] and p["rings"][0]["outline"] for p in board["pieces"]):
        text = str(pol.choose(local))
        local.apply(text)
        page.locator("#typed-action").fill(text)  # the set-up moves are not under test here
        page.locator("#typed button").click()
        wait_actions(page, len(local.actions))
        board = get_json(f"{server}/api/games/{gid}/view", toks[local.to_act])["board"]
    robot = next(p for p in board["pieces"] if p["rings"] and p["rings"][0]["outline"])
    select(page, robot["id"])
    page.wait_for_selector("#board polygon.ring-move.outline", state="attached", timeout=WAIT)
    x, y = robot["position"]["point"]
    pos = screen_point(page, x - 3, y - 5)
    page.mouse.move(pos[0], pos[1])
    time.sleep(0.1)
    assert "straight-leg reach" in page.inner_text("#range")
    shoot(page, "astral-dreams-ridges")


@pytest.mark.parametrize("who", ["player", "spectator"])
def test_notes_strip_for_every_seat(server: str, page: Any, who: str) -> None:
    """The notes strip is there for a player and a spectator alike (Antilles: our tables)."""
    create(page, server, "antilles", "standard", 2)
    if who == "spectator":
        gid = page.url.split("/game/")[1].split("#")[0]
        page.goto(f"{server}/game/{gid}")
    page.wait_for_selector("#notes li", timeout=WAIT)
    assert "reconstruction" in page.inner_text("#notes")


def test_notes_fold_away_and_stay_folded(server: str, page: Any) -> None:
    """A player who has read the notes may fold them; the browser remembers it."""
    create(page, server, "antilles", "standard", 3)
    page.wait_for_selector("#notes li", timeout=WAIT)
    page.click("#notes-head")
    page.wait_for_selector("#notes li", state="hidden", timeout=WAIT)
    # the details' toggle event (which stores the choice) fires after the click returns
    page.wait_for_function("() => Object.keys(localStorage).some("
                           "k => k.includes('notes') && localStorage.getItem(k) === '1')",
                           timeout=WAIT)
    page.reload()
    page.wait_for_selector("#notes-box", state="attached", timeout=WAIT)
    assert page.evaluate("() => document.getElementById('notes-box').open") is False
    assert "Notes on the rules played (1)" in page.inner_text("#notes-head")
