"""Whatever ``load`` accepts records, replays and verifies: every ruleset × scenario × the
extremes its options schema allows (each bound of a number, each value of a choice, the largest
inline army or fleet) × the extreme seeds. Each game is loaded (or refused with a clear error),
played to its end with random legal actions, recorded, replayed by ``voidwar replay`` and
verified by the server's ``POST /api/records/verify`` — the same final digest everywhere.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from annotated_types import Ge, Le
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import voidwar
from voidwar.cli.main import app as cli
from voidwar.core.bounds import SEED_LIMIT
from voidwar.core.dice import PCG32
from voidwar.core.errors import VoidwarError
from voidwar.core.registry import ENTRY_POINT_GROUP, get_ruleset
from voidwar.web.server import create_app

RULESETS = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))
SEEDS = (0, SEED_LIMIT - 1)


def _extremes(model: type[Any]) -> Iterator[tuple[str, Any]]:
    """(option, value) for each bound of a number, each value of a choice or a flag."""
    for name, f in model.model_fields.items():
        kinds = {a for a in typing.get_args(f.annotation) if a is not type(None)}
        bounds = {type(m): m for m in f.metadata}
        if kinds == {int} and Ge in bounds and Le in bounds:
            yield name, bounds[Ge].ge
            yield name, bounds[Le].le
        elif kinds == {bool}:
            yield name, True
            yield name, False
        elif len(kinds) == 1 and typing.get_origin(next(iter(kinds))) is typing.Literal:
            for value in typing.get_args(next(iter(kinds))):
                yield name, value


def _largest_inline(name: str) -> Iterator[dict[str, Any]]:
    """The largest inline data the schema allows where it bounds the work: a full fleet (and
    one half as large, which every map fits), a full army at the points it costs."""
    if name == "space-fleet":
        from voidwar.rulesets.space_fleet.options import MAX_SHIPS

        yield {"fleet_a": ["DD"] * MAX_SHIPS, "fleet_b": ["BB"] * MAX_SHIPS}
        yield {"fleet_a": ["DD"] * (MAX_SHIPS // 2), "fleet_b": ["LC"] * (MAX_SHIPS // 2)}
    if name == "astral-dreams":
        from voidwar.rulesets.astral_dreams.data import MAX_MINIATURES

        army = {"side": "scouts", "points": 4 * MAX_MINIATURES,
                "units": [{"type": "spacer", "count": MAX_MINIATURES}]}
        yield {"army_a": army, "points": 4 * MAX_MINIATURES}


def _cases() -> Iterator[Any]:
    for name in RULESETS:
        info = get_ruleset(name)
        options = [{}, *({k: v} for k, v in _extremes(info.options_model)),
                   *_largest_inline(name)]
        for scenario in info.scenarios():
            for opts in options:
                for seed in SEEDS[1:] if opts else SEEDS:
                    label = ",".join(f"{k}={v!s:.10}" for k, v in opts.items())
                    yield pytest.param(name, scenario, opts, seed,
                                       id=f"{name}-{scenario}-{label or 'defaults'}-{seed}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("verify") / "g.db"
    with TestClient(create_app(f"sqlite:///{db}", key=b"conformance")) as client:
        yield client


@pytest.mark.parametrize(("name", "scenario", "options", "seed"), list(_cases()))
def test_a_game_that_loads_records_replays_and_verifies(
        server: TestClient, tmp_path: Path, name: str, scenario: str, options: dict[str, Any],
        seed: int) -> None:
    try:
        game = voidwar.load(name, scenario, seed=seed, **options)
    except VoidwarError as e:  # refused at once, with the reason: allowed
        assert str(e)
        return
    rng = PCG32(seed % 1000)
    while not game.over and len(game.actions) < 20_000:
        game.apply(game.choose_legal(rng.below))
    assert game.over, "a random game ends"
    rec = json.loads(json.dumps(game.record()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    shown = CliRunner().invoke(cli, ["replay", str(path)])
    assert shown.exit_code == 0, shown.output[-2000:]
    answer = server.post("/api/records/verify", json=rec).json()
    assert answer["valid"] is True, answer
    assert answer["final"] == game.digest() == voidwar.replay(rec).digest()
    assert answer["actions"] == len(game.actions)
