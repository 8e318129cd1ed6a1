"""The terminal's compact Attack Vector panel: vector, FP/EoT, bearings and ranges to
each enemy, power and heat, with the map, inside a 50-line screen for a whole duel."""

from __future__ import annotations

from rich.console import Console

import voidwar
from voidwar.rulesets.attack_vector.render import render, render_full


def test_the_compact_screen_fits_50_lines_through_a_duel() -> None:
    game = voidwar.load("attack-vector", "duel", seed=1)
    pol = voidwar.policies.get("heuristic", "attack-vector", seed=1)
    most = 0
    while not game.over:
        c = Console(width=110, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        c.print(render(game))
        text = c.export_text()
        most = max(most, len(text.splitlines()))
        if game.current_step is not None and not game.ships["blue-1"].out:
            b = game.bearings("blue-1").get("red-1")
            if b is not None and b.window is not None:
                assert f"red-1 {b.window} r{b.range}" in text
            assert f"vector {game.ships['blue-1'].velocity}" in text
            assert "power " in text and "heat " in text and "EoT " in text
        game.apply(pol.choose(game))
    assert most <= 48  # two lines left for the prompt
    c = Console(width=110, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    c.print(render_full(game))
    assert "AVID of blue-1" in c.export_text()
