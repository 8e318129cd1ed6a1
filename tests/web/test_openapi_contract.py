"""The OpenAPI document is the API: schemathesis (every check: status codes, response schemas,
headers, content types, negative data refused, schema-valid data accepted, Allow on 405)
against the real application of ``create_app``, its examples, coverage and fuzzing phases, on
games seeded for it. Deterministic (``derandomize``) and bounded (a few examples an operation).

What the document cannot say (the contents of a data option, a fleet's ship classes, set-up
rolls that do not fit, an illegal action, a replay step past the end) the server refuses with a
422 *without* ``errors``: the check below allows a schema-valid request only that refusal,
never "malformed request" (which would mean the document allows what the server refuses).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import zlib
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import Failure
from schemathesis.specs.openapi.checks import positive_data_acceptance

from voidwar.web.server import create_app

H = "X-Seat-Token"
#: the seeded games, their tokens: (id, {seat: token})
GAMES: list[tuple[str, dict[str, str]]] = []


def _seed_games(client: TestClient) -> None:
    """Games in every state the operations meet: to play, with an open seat, over (its
    record given), with hidden information, with real dice waiting for a roll."""
    def create(**body: Any) -> dict[str, Any]:
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        return dict(r.json())

    made = [create(ruleset="webtoy", seed=1),
            create(ruleset="webtoy", seed=2, seats={"blue": {"kind": "open"}}),
            create(ruleset="websecret", seed=3),
            create(ruleset="webtoy", dice="manual"),
            create(ruleset="antilles", seed=4)]
    over = create(ruleset="webtoy", seed=5, options={"limit": 2})
    for _ in range(2):
        seat = client.get(f"/api/games/{over['id']}").json()["to_act"]
        token = next(t["token"] for t in over["tokens"] if t["seat"] == seat)
        assert client.post(f"/api/games/{over['id']}/actions", json={"action": "pass"},
                           headers={H: token}).status_code == 200
    made.append(over)
    GAMES.extend((g["id"], {t["seat"]: t["token"] for t in g["tokens"]}) for g in made)


_HOME = Path(tempfile.mkdtemp(prefix="voidwar-contract-"))
atexit.register(shutil.rmtree, _HOME, True)
#: the real application, one per test process (schemathesis makes a test per operation of its
#: document when the module is collected)
APP = create_app(f"sqlite:///{_HOME / 'games.db'}", client_seeds=True,
                 key=b"the contract test's key")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=SchemathesisConfig.from_dict(
    {"seed": 30, "phases": {"examples": {"enabled": True}, "coverage": {"enabled": True},
                            "fuzzing": {"enabled": True}}}))


@pytest.fixture(scope="module", autouse=True)
def seeded() -> None:
    if not GAMES:
        with TestClient(APP) as client:
            _seed_games(client)


def _pick(case: schemathesis.Case, what: str, n: int) -> int | None:
    """Deterministically, from what was generated: one of ``n`` seeded values, or None
    (keep the generated one, so that unknown games and wrong tokens are met too)."""
    k = zlib.crc32(repr((case.operation.label, case.path_parameters, case.body,
                         what)).encode()) % (n + 1)
    return k if k < n else None


def _aim_at_seeded_games(case: schemathesis.Case) -> None:
    """Schema-valid cases go half the time to a seeded game, and then half the time with one
    of its seats' tokens: the operations past "no such game" are tried too."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    if "gid" not in (case.path_parameters or {}):
        return
    g = _pick(case, "game", len(GAMES))
    if g is None:
        return
    gid, tokens = GAMES[g]
    case.path_parameters["gid"] = gid
    t = _pick(case, "token", len(tokens))
    if t is not None and case.headers is not None and H in case.headers:
        case.headers[H] = list(tokens.values())[t]


def well_formed_is_accepted(ctx: Any, response: Any, case: schemathesis.Case) -> None:
    """Schema-valid data is accepted, or refused by the rules (422 without ``errors``): never
    refused as malformed (the document would then allow what the server refuses)."""
    if response.status_code != 422 or case.meta is None \
            or not case.meta.generation.mode.is_positive:
        positive_data_acceptance(ctx, response, case)
        return
    body = response.json()
    if body.get("errors") or str(body.get("detail", "")).startswith("malformed request"):
        raise Failure(operation=case.operation.label,
                      title="Schema-valid request refused as malformed",
                      message=f"{body.get('detail')}", code="well_formed_is_accepted")


@schema.parametrize()
@settings(max_examples=12, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_every_answer_is_the_documented_one(case: schemathesis.Case) -> None:
    _aim_at_seeded_games(case)
    case.call_and_validate(excluded_checks=[positive_data_acceptance],
                           additional_checks=[well_formed_is_accepted])


def test_the_document_narrows_a_new_game_per_ruleset(tmp_path: Path) -> None:
    doc = create_app(f"sqlite:///{tmp_path / 'g.db'}", key=b"k").openapi()
    schemas = doc["components"]["schemas"]
    assert "HTTPValidationError" not in schemas and "ValidationError" not in schemas
    branches = schemas["CreateGame"]["allOf"][1]["anyOf"]
    av = [b for b in branches if b["properties"]["ruleset"] == {"const": "attack-vector"}]
    assert {tuple(b["properties"]["seats"]["propertyNames"]["enum"]) for b in av} == {
        ("pilot",), ("blue", "red")}
    points = schemas["Options-astral-dreams"]["properties"]["points"]["anyOf"][0]
    assert points["type"] == "integer" and points["minimum"] == 1
    # this server seeds the dice itself: its document takes no seed
    assert schemas["CreateGame"]["allOf"][0]["properties"]["seed"]["type"] == "null"
    for path in doc["paths"].values():
        for op in path.values():
            for answer in op["responses"].values():
                for body in answer.get("content", {}).values():
                    assert "HTTPValidationError" not in str(body)
