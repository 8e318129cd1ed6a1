"""Files Astral Dreams writes (army lists, campaigns): TOML by tomli-w, read back unchanged."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from voidwar.rulesets.astral_dreams.campaign import (
    load_campaign,
    new_campaign,
    record_result,
    save_campaign,
)
from voidwar.rulesets.astral_dreams.data import army_to_toml, load_army, parse_army, suggest_army


@pytest.mark.parametrize(("side", "points"), [("scouts", 50), ("robots", 60)])
def test_army_toml_round_trips_with_its_price_comments(side: str, points: int) -> None:
    army = suggest_army(side, points)
    text = army_to_toml(army)
    assert parse_army(tomllib.loads(text), "(test)") == army
    assert f"# total: {army.cost()} of {points} points" in text
    assert "pts each" in text
    nameless = army.model_copy(update={"name": ""})
    assert "name" not in tomllib.loads(army_to_toml(nameless))


def test_army_positions_survive_the_file(tmp_path: Path) -> None:
    army = parse_army({"side": "scouts", "points": 50, "name": 'the "first"',
                       "units": [{"type": "spacer", "count": 2, "at": ["1,1", "3.5,2"]}]}, "x")
    p = tmp_path / "a.toml"
    p.write_text(army_to_toml(army))
    assert load_army(p) == army


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_campaign_files_round_trip_draws_included(tmp_path: Path, suffix: str) -> None:
    camp = new_campaign("c", "ruins")
    p = tmp_path / f"c{suffix}"
    save_campaign(camp, p)
    assert load_campaign(p) == camp
    record_result(camp, winner="draw", note="a draw")
    record_result(camp, winner="robots")
    save_campaign(camp, p)
    again = load_campaign(p)
    assert again == camp
    assert again.wins() == {"scouts": 0, "robots": 1, "draw": 1}
    assert again.allowance(again.next_game) == 70
