"""Every game a server plays gives a record that replays and verifies: each ruleset and
scenario, the server choosing the seed, played to the end through the API with random legal
actions; its signed record replays in ``voidwar replay`` (signature valid) and the server's
``POST /api/records/verify`` calls it valid, with the same final digest."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import voidwar
from voidwar.cli.main import app as cli
from voidwar.core.bounds import JSON_SAFE_SEED_LIMIT
from voidwar.core.registry import ENTRY_POINT_GROUP, get_ruleset
from voidwar.web.server import create_app

KEY = "the-test-servers-key"
GAMES = [(name, scenario)
         for name in sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))
         for scenario in get_ruleset(name).scenarios()]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("served") / "g.db"
    with TestClient(create_app(f"sqlite:///{db}", key=KEY.encode(), bots=False)) as client:
        yield client


@pytest.mark.parametrize(("name", "scenario"), GAMES)
def test_a_served_game_with_a_server_seed_replays_and_verifies(
        server: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
        scenario: str) -> None:
    made = server.post("/api/games", json={"ruleset": name, "scenario": scenario})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    tokens = {t["seat"]: t["token"] for t in made.json()["tokens"]}
    rng = random.Random(f"{name}/{scenario}")
    for _ in range(5_000):
        summary = server.get(f"/api/games/{gid}").json()
        if summary["over"]:
            break
        seat = summary["to_act"]
        legal = server.get(f"/api/games/{gid}/legal",
                           headers={"X-Seat-Token": tokens[seat]}).json()["actions"]
        r = server.post(f"/api/games/{gid}/actions", json={"action": rng.choice(legal)["text"]},
                        headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200, r.text
    assert server.get(f"/api/games/{gid}").json()["over"]
    rec = server.get(f"/api/games/{gid}/record").json()
    assert rec["dice"]["kind"] == "seeded" and 0 <= rec["dice"]["seed"] < JSON_SAFE_SEED_LIMIT
    path = tmp_path / "served.json"
    path.write_text(json.dumps(rec))
    monkeypatch.setenv("VOIDWAR_SERVER_KEY", KEY)
    shown = CliRunner().invoke(cli, ["replay", str(path)])
    assert shown.exit_code == 0 and "signature valid" in shown.output, shown.output[-2000:]
    answer = server.post("/api/records/verify", json=rec).json()
    assert answer["valid"] is True and answer["signed_here"] is True, answer
    assert answer["final"] == rec["final"] == voidwar.replay(rec).digest()
