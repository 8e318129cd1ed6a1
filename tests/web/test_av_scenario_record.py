"""An Attack Vector game set up from a user's scenario file records the scenario's
contents (the ``scenario_data`` option, bounded), never the file's path; it replays from the
record alone; a record that names a path, or inline data naming a ship file, is refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import voidwar
from voidwar.core.errors import RecordError, UnknownName, VoidwarError
from voidwar.core.record import _KEYS, _checksum, check_record, replay

DUEL = (Path(__file__).resolve().parents[2] / "src/voidwar/rulesets/attack_vector/data/"
        "scenarios/duel.toml").read_text()


def _resealed(rec: dict[str, object]) -> dict[str, object]:
    """``rec`` with its checksum recomputed (as anyone editing a record can)."""
    return {**rec, "checksum": _checksum({k: rec[k] for k in _KEYS})}


def _played(tmp_path: Path) -> tuple[voidwar.Game, Path]:
    path = tmp_path / "mine.toml"
    path.write_text(DUEL.replace('name = "duel"', 'name = "mine"'))
    game = voidwar.load("attack-vector", scenario=str(path), seed=5)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    return game, path


def test_record_embeds_the_scenario_and_replays_without_the_file(tmp_path: Path) -> None:
    game, path = _played(tmp_path)
    rec = game.record()
    text = json.dumps(rec)
    assert str(path) not in text and "mine.toml" not in text and str(tmp_path) not in text
    assert rec["scenario"] is None
    assert rec["options"]["scenario_data"]["name"] == "mine"
    path.unlink()  # the record alone rebuilds the game, roll for roll
    again = replay(check_record(rec))
    assert again.state_dict() == game.state_dict()
    assert again.record() == rec


def test_a_record_naming_a_scenario_path_is_refused(tmp_path: Path) -> None:
    game, path = _played(tmp_path)
    rec = copy.deepcopy(game.record())
    del rec["options"]["scenario_data"]
    rec["scenario"] = str(path)
    with pytest.raises(RecordError) as e:
        check_record(_resealed(rec))
    assert "scenario" in str(e.value)


def test_inline_scenario_data_names_ships_by_name_only(tmp_path: Path) -> None:
    game, _ = _played(tmp_path)
    rec = copy.deepcopy(game.record())
    rec["options"]["scenario_data"]["ships"][0]["ship"] = str(tmp_path / "ship.toml")
    with pytest.raises(VoidwarError) as e:
        replay(check_record(_resealed(rec)))
    assert "ships.0.ship" in str(e.value) and "never a file" in str(e.value)


def test_inline_scenario_data_is_bounded_and_exclusive(tmp_path: Path) -> None:
    game, _ = _played(tmp_path)
    rec = copy.deepcopy(game.record())
    # a text over the bound of every text (a file's, inline data's: the same)
    rec["options"]["scenario_data"]["notes"] = ["x" * 10_001]
    with pytest.raises(RecordError, match="scenario_data"):
        check_record(_resealed(rec))
    data = game.record()["options"]["scenario_data"]
    with pytest.raises(UnknownName, match="not both"):
        voidwar.load("attack-vector", scenario="duel", scenario_data=data, seed=1)
    inline = voidwar.load("attack-vector", scenario_data=data, seed=5)
    assert inline.record()["options"]["scenario_data"] == data


def test_web_server_refuses_scenario_paths_and_takes_inline_data(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from voidwar.web.server import create_app

    data = voidwar.load("attack-vector", scenario=str(_played(tmp_path)[1]), seed=1
                        ).record()["options"]["scenario_data"]
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", key=b"k")) as client:
        r = client.post("/api/games", json={"ruleset": "attack-vector",
                                            "scenario": str(tmp_path / "mine.toml")})
        assert r.status_code == 422 and "unknown scenario" in r.json()["detail"]
        r = client.post("/api/games", json={"ruleset": "attack-vector",
                                            "options": {"scenario_data": data}})
        assert r.status_code == 201, r.text
