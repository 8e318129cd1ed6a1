"""The full-screen terminal game read off a real terminal emulator (tmux): what the person sees
after many messages, a resumed game against the computer, the free table's short forms.
Skipped without tmux."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .tmux_screen import Tmux, have_tmux

pytestmark = pytest.mark.skipif(not have_tmux(), reason="no tmux")

#: ruleset → (arguments, the prompt of the person's seat)
GAMES = {
    "antilles": (["--seed", "3"], "commander>"),
    "space-fleet": (["--seed", "1", "--vs", "random"], "blue>"),
    "astral-dreams": (["--seed", "1", "--vs", "random"], "scouts>"),
    "attack-vector": (["--seed", "1"], "pilot>"),
}


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_the_messages_pane_shows_the_latest_after_60_messages(tmp_path: Path,
                                                               ruleset: str) -> None:
    """The pane keeps the last 50 messages; past 50 it still shows each new one at once."""
    args, prompt = GAMES[ruleset]
    with Tmux(tmp_path, ["play", ruleset, "--new", *args]) as t:
        t.wait_for("messages", prompt)
        for k in range(1, 63):
            t.type(f"nosuch{k}")
        screen = t.wait_for("cannot read 'nosuch62'")
        assert "cannot read 'nosuch61'" in screen  # the pane's lines are the latest ones
        t.type("save")  # a different message after the 62 refusals
        t.wait_for("saved to ")


def test_a_resumed_autosave_keeps_the_computer_opponent(tmp_path: Path) -> None:
    """Ctrl-C in a game against the computer, then plain ``voidwar play space-fleet``: the
    offered autosave says who the computer plays, and after resuming it still plays red."""
    args = ["play", "space-fleet", "--scenario", "duel", "--seed", "1", "--vs", "heuristic"]
    with Tmux(tmp_path, args) as t:
        t.wait_for("blue>")
        t.type("move BB1 1")
        t.wait_for("1 action ")
        t.key("C-c")
        t.wait_for("autosaved in", "EXIT=130")
    with Tmux(tmp_path, ["play", "space-fleet"]) as t:
        screen = t.wait_for("resume the unfinished space-fleet game", "[Y/n]")
        assert "red: computer (heuristic)" in " ".join(screen.split())
        t.type("")
        t.wait_for("red: computer (heuristic), as when the game was saved", "blue>")
        t.type("end move BB1")  # action 2: then red is to move, and the computer moves it
        screen = t.wait_until(lambda s: (m := ACTED.search(s)) is not None
                              and m["who"] == "blue" and int(m["n"]) > 2, "blue to act again")
        assert "red>" not in screen


ACTED = re.compile(r"to act: (?P<who>\w+) · (?P<n>\d+) actions")


def test_free_table_short_forms_take_fractions_and_ask_before_ending_an_unmoved_move(
        tmp_path: Path) -> None:
    """``m hc1 2.5`` moves HC1 two and a half units; ``e hc1`` before HC1 has moved asks first
    (one letter from ``m``), and ``n`` plays nothing."""
    args = ["play", "space-fleet", "--new", "--scenario", "open-space", "--seed", "1", "--vs",
            "heuristic"]
    with Tmux(tmp_path, args) as t:
        t.wait_for("blue>")
        t.type("e hc1")
        t.wait_for("HC1 has not moved this turn (up to 3 units): end its move where it stands?")
        t.type("n")
        screen = t.wait_for("not played: end move HC1", "blue>")
        assert "0 actions" in screen
        t.type("m hc1 2.5")
        screen = t.wait_for("1 action ", "> move HC1 2.5")
        assert "cannot read" not in screen
        t.type("e hc1")  # HC1 has moved: no question
        t.wait_until(lambda s: (m := ACTED.search(s)) is not None and int(m["n"]) >= 2,
                     "the move ended")


@pytest.mark.parametrize("size", [(160, 50), (200, 50)], ids=["160x50", "200x50"])
@pytest.mark.parametrize("scenario", ["line-of-battle", "open-space"])
def test_space_fleet_ship_table_lists_every_ship_on_the_screen(tmp_path: Path, scenario: str,
                                                              size: tuple[int, int]) -> None:
    import voidwar

    ships = sorted(voidwar.load("space-fleet", scenario, seed=1).ships)
    args = ["play", "space-fleet", "--new", "--scenario", scenario, "--seed", "1"]
    with Tmux(tmp_path, args, cols=size[0], rows=size[1]) as t:
        screen = t.wait_for("blue>", "ship  side")
    rows = re.findall(r"│ ([A-Z]{2}\d+)\s+(?:blue|red)\s", screen)
    assert sorted(rows) == ships
