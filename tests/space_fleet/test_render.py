"""What a player reads on Space Fleet's terminal drawing: labels that never run together, every
ship in the table at the pane's height, ``ships`` in words."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import voidwar
from voidwar.core.tabletop import Point
from voidwar.rulesets.space_fleet.render import ships_command

RENDER = voidwar.get_ruleset("space-fleet").render
IDS = re.compile(r"\b(?:DN|BB|HC|LC|DD)\d+")


def text(game: object, **kw: object) -> str:
    c = Console(width=kw.pop("console", 200), record=True, color_system=None)  # type: ignore[arg-type]
    assert RENDER is not None
    c.print(RENDER(game, log=False, **kw))  # type: ignore[call-arg]
    return c.export_text()


def test_free_table_labels_of_ships_on_one_spot_stay_apart() -> None:
    """An enemy ending its move on a ship (or beside it) covers no label: each reads alone,
    with a blank between."""
    g = voidwar.load("space-fleet", "open-space", seed=1)
    g.ships["DD4"].pos = g.ships["DD1"].pos
    g.ships["DD3"].pos = Point.of(11, 4)
    g.ships["LC2"].pos = Point.of(10, 5)
    plan = text(g).split("Ships")[0]
    for sid in ("DD1", "DD4", "DD3", "LC2"):
        assert len(re.findall(rf"(?<![\w↑↗→↘↓↙←↖]){sid}[↑↗→↘↓↙←↖](?![\w])", plan)) == 1, sid
    assert not re.search(r"[↑↗→↘↓↙←↖][A-Z·]", plan)  # no label runs into the next or a dot


def test_hex_map_ship_labels_never_touch() -> None:
    g = voidwar.load("space-fleet", "line-of-battle", seed=1)
    for width in (None, 95):  # 5-character cells; 4 where the pane is narrow
        plan = text(g, width=width).split("ship  side")[0]
        assert not re.search(r"[0-9s][A-Z]{2}\d", plan)  # shields never run into a name
        assert not re.search(r"[↑↗↘↓↙↖]\w", plan)


@pytest.mark.parametrize("scenario", ["line-of-battle", "open-space", "table-minefield",
                                      "cruiser-action", "minefield-run"])
@pytest.mark.parametrize("height", [40, 46])  # the board pane at 160×50 and 200×50
def test_every_ship_is_listed_at_the_panes_height(scenario: str, height: int) -> None:
    g = voidwar.load("space-fleet", scenario, seed=1)
    out = text(g, height=height, width=100, console=110).rstrip("\n").splitlines()
    assert len(out) <= height
    table = "\n".join(out[out.index(next(ln for ln in out if ln.startswith("ship "))):])
    assert sorted(IDS.findall(table)) == sorted(g.ships)


def test_ships_command_speaks_words() -> None:
    g = voidwar.load("space-fleet", "open-space", seed=1)
    every = ships_command(g, "")
    assert len(every.splitlines()) == len(g.ships) and "=" not in every
    assert every.startswith("HC1 HC (blue) at 15,3 heading 0°, active; shields 6/6")
    one = ships_command(g, "dd3")
    assert one.startswith("DD3 DD (red) at 26,24 heading 180°") and "{" not in one
    assert ships_command(g, "zz9").startswith("no ship ZZ9 (ships: HC1")


def test_the_result_line_speaks_words() -> None:
    g = voidwar.load("space-fleet", "duel", seed=0)
    pol = voidwar.policies.get("heuristic", "space-fleet", seed=0)
    while not g.over:
        g.apply(pol.choose(g))
    first = text(g).splitlines()[0]
    assert first.startswith("Game over: ") and "; score blue " in first and "{" not in first
