"""The range and line-of-sight tool in a real browser (Debian's chromium via Playwright): what it
shows is what the rules measured on the server (the board's sights and cell ranges), never a
figure of the page's own. A hex map: the range to a hovered hex is the grid's distance, to an
enemy ship the rules' range and band (Space Fleet) or the RAL range (Attack Vector). A table:
a line of sight the rules find blocked is drawn blocked, naming the terrain that blocks it, and
a point says which of the piece's drawn rings hold it. Screenshot astral-dreams-sight.png goes
to a temporary folder (``make screenshots``: docs/screenshots/). Skipped without Playwright or
/usr/bin/chromium."""

from __future__ import annotations

from typing import Any

import voidwar
from voidwar.core.hexgrid import Hex

from . import test_browser as base
from .shots import SHOTS
from .test_browser import WAIT, create, get_json, screen_point, select, tokens_of

server, browser, page = base.server, base.browser, base.page


def _range_text(page: Any) -> str:
    return str(page.inner_text("#range"))


def _hover_until(page: Any, selector: str, want: str) -> None:
    """Point at ``selector`` until the tool's line is ``want`` (it is redrawn on each move)."""
    page.locator("#picker:not([hidden]) .picker-head button").click() if page.locator(
        "#picker:not([hidden])").count() else None
    page.locator(selector).first.hover(force=True)
    page.wait_for_function("(t) => document.getElementById('range').textContent === t",
                           arg=want, timeout=WAIT)


def test_hex_ranges_are_the_grids_and_a_ship_shows_the_rules_band(server: str, page: Any) -> None:
    """Space Fleet `duel`: the range to each hovered hex is Hex.distance from the ship; an enemy
    ship shows the rules' range and band (Space Fleet: Firing)."""
    gid = create(page, server, "space-fleet", "duel", 2)
    local = voidwar.load("space-fleet", "duel", seed=2)
    board = get_json(f"{server}/api/games/{gid}/view", tokens_of(page)["blue"])["board"]
    me = next(p for p in board["pieces"] if p["side"] == "blue" and p["sights"])
    select(page, me["id"])
    ship = local.ships[me["id"]]  # type: ignore[attr-defined]
    cells = board["map"]["cells"]
    for c in cells[:: max(1, len(cells) // 6)]:
        n = ship.hex.distance(Hex(c["q"], c["r"]))
        _hover_until(page, f'#board polygon[data-hex="{c["key"]}"]',
                     f'{me["id"]} → {c["label"]}: range {n} hex{"" if n == 1 else "es"}')
    for sight in me["sights"]:
        other = local.ships[sight["target"]]  # type: ignore[attr-defined]
        rng = local.gap(ship, other)  # type: ignore[attr-defined]
        band = local.band_between(ship, other)  # type: ignore[attr-defined]
        in_rear = local.rear(ship, other)  # type: ignore[attr-defined]
        assert sight["range"] == rng
        assert band is None or in_rear or sight["note"] == f"{band.name} range"
        _hover_until(page, f'#board .pieces [data-piece="{sight["target"]}"]',
                     f'{me["id"]} → {sight["target"]}: range {rng:g} hex{"" if rng == 1 else "es"}'
                     f' · {sight["note"]}')


def test_attack_vector_shows_the_ral_range_of_the_other_ship(server: str, page: Any) -> None:
    """Attack Vector `duel`: an enemy ship under the pointer shows its RAL range and AVID
    window as the rules' bearings give them (A5.152-A5.153), not a flat hex count."""
    create(page, server, "attack-vector", "duel", 1)
    local = voidwar.load("attack-vector", "duel", seed=1)
    mine, other = local.seats[0], local.seats[1]
    sid = next(s for s, x in local.view(None)["ships"].items() if x["seat"] == mine)
    oid = next(s for s, x in local.view(None)["ships"].items() if x["seat"] == other)
    br = local.bearings(sid)[oid]  # type: ignore[attr-defined]
    select(page, sid)
    where = f"window {br.window}" if br.window is not None else "the same hex"
    _hover_until(page, f'#board .pieces [data-piece="{oid}"]',
                 f"{sid} → {oid}: range {br.range} hex{'' if br.range == 1 else 'es'}"
                 f" · RAL range {br.range}, {where}")


def test_a_blocked_line_of_sight_is_drawn_blocked_naming_the_terrain(server: str,
                                                                      page: Any) -> None:
    """Astral Dreams `ruins`: from R1 the comm tower blocks the line to S1 (the rules'
    line_of_sight): the tool names it, the line is drawn dashed and the tower outlined; the
    line to S6 is clear; a table point says which of R1's rings hold it."""
    gid = create(page, server, "astral-dreams", "ruins", 2)
    local = voidwar.load("astral-dreams", "ruins", seed=2)
    units = local.units  # type: ignore[attr-defined]
    table = local.setup.table  # type: ignore[attr-defined]
    blocker = table.line_of_sight(units["R1"].pos, units["S1"].pos)
    assert blocker is not None and table.line_of_sight(units["R1"].pos, units["S6"].pos) is None
    board = get_json(f"{server}/api/games/{gid}/view", tokens_of(page)["robots"])["board"]
    r1 = next(p for p in board["pieces"] if p["id"] == "R1")
    tid = next(t["id"] for t in board["terrain"] if t["name"] == blocker.name)
    select(page, "R1")
    for target, sight_word in (("S1", f"sight blocked by {blocker.name}"),
                               ("S6", "clear line of sight")):
        sight = next(s for s in r1["sights"] if s["target"] == target)
        assert sight["range"] == round(units["R1"].pos.dist(units[target].pos), 3)
        _hover_until(page, f'#board .pieces [data-piece="{target}"]',
                     f'R1 → {target}: {sight["range"]:.2f}" · {sight_word} · {sight["note"]}')
        drawn = page.locator(f'#board .sight-line[data-sight="{target}"]')
        assert drawn.count() == 1
        blocked = "blocked" in (drawn.get_attribute("class") or "")
        assert blocked == (target == "S1")
        assert page.locator(f'#board [data-terrain="{tid}"].blocking').count() == int(blocked)
        if blocked:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "astral-dreams-sight.png"), full_page=False)
    # a point of the table 3" from R1: within its range ring (12"), the drawn shapes say so
    x, y = r1["position"]["point"]
    pos = screen_point(page, x + 3, y)
    page.mouse.move(pos[0], pos[1])
    page.wait_for_function("() => document.getElementById('range').textContent"
                           ".includes('within range')", timeout=WAIT)
    at = _range_text(page).removeprefix("R1 → ").split(":")[0].split(",")
    assert abs(float(at[0]) - (x + 3)) < 0.2 and abs(float(at[1]) - y) < 0.2  # a pixel's rounding
    assert page.locator("#board .sight-line").count() == 0  # no piece under the pointer
