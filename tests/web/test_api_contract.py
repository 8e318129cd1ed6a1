"""The API's contract, finding by finding: what the server refuses the document refuses, every
refusal has the documented body, nothing a client sends is silently dropped, and a binary
websocket frame is no error. (schemathesis checks the whole document:
``test_openapi_contract.py``; half-sent requests: ``test_request_timeouts.py``.)"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

H = "X-Seat-Token"


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("ruleset", "webtoy")
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def refusal(r: Any, status: int = 422) -> dict[str, Any]:
    """The body of a refusal, checked against the documented ``Refusal``."""
    assert r.status_code == status, r.text
    body = dict(r.json())
    assert isinstance(body["detail"], str)
    assert set(body) <= {"detail", "rule", "errors"}
    for e in body.get("errors") or []:
        assert isinstance(e["loc"], list) and isinstance(e["msg"], str)
    return body


# -- nothing a client sends is dropped -------------------------------------------------------
@pytest.mark.parametrize(("body", "field", "words"), [
    ({"setup_rolls": [3, 4]}, "setup_rolls", "set-up rolls are for real dice"),
    ({"dice": "seeded", "setup_rolls": [1]}, "setup_rolls", "the server rolls them"),
    ({"dice": "manual", "seed": 7}, "seed", "real dice (dice: manual) take no seed"),
    ({"seats": {"red": {"kind": "human", "policy": "random"}}}, "seats.red.policy",
     "a policy is for a bot seat"),
])
def test_what_the_server_would_ignore_is_refused_naming_the_field(
        client: TestClient, body: dict[str, Any], field: str, words: str) -> None:
    r = client.post("/api/games", json={"ruleset": "webtoy", **body})
    detail = refusal(r)["detail"]
    assert detail.startswith(f"malformed request: {field}: ") and words in detail
    assert client.get("/api/games").json() == []  # nothing was created


def test_set_up_rolls_with_real_dice_are_still_taken(client: TestClient) -> None:
    c = create(client, dice="manual", setup_rolls=[])
    assert c["terms"]["dice"]["kind"] == "manual"


# -- every refusal has the documented body ---------------------------------------------------
def test_a_body_that_is_not_utf8_is_a_documented_422(client: TestClient) -> None:
    r = client.post("/api/games", content=b'{"ruleset": "\xff"}',
                    headers={"content-type": "application/json"})
    body = refusal(r)
    assert body["detail"] == "malformed request: body: the body is not JSON in UTF-8"
    assert body["errors"][0]["loc"] == ["body"]


def test_malformed_json_says_so_readably(client: TestClient) -> None:
    body = refusal(client.post("/api/games", content=b'{"ruleset": ',
                               headers={"content-type": "application/json"}))
    assert body["detail"].startswith("malformed request: body: JSON decode error")


@pytest.mark.parametrize(("method", "path", "query"), [
    ("POST", "/api/games", {"limit": "0"}),
    ("GET", "/api/games", {"limit": "0"}),
    ("GET", "/api/games/not%20an%20id", {}),
])
def test_every_422_is_a_refusal_not_a_list(client: TestClient, method: str, path: str,
                                          query: dict[str, str]) -> None:
    body = refusal(client.request(method, path, params=query, json={}))
    assert body["detail"].startswith("malformed request: ") and body["errors"]


def test_the_document_describes_the_422_that_is_sent(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            answers = op["responses"]
            if op.get("parameters") or op.get("requestBody"):
                assert "422" in answers, (method, path)
            for status, answer in answers.items():
                if status.startswith("4"):
                    ref = answer["content"]["application/json"]["schema"]["$ref"]
                    assert ref == "#/components/schemas/Refusal", (method, path, status)
    refusal_schema = doc["components"]["schemas"]["Refusal"]
    assert refusal_schema["properties"]["detail"]["type"] == "string"
    assert "errors" in refusal_schema["properties"]


@pytest.mark.parametrize(("path", "allowed"), [
    ("/api/games", "GET, POST"),
    ("/api/games/abc", "GET"),
    ("/api/games/abc/actions", "POST"),
])
def test_a_405_allows_every_method_of_the_path(client: TestClient, path: str,
                                               allowed: str) -> None:
    r = client.request("OPTIONS", path)
    assert r.status_code == 405
    assert r.headers["allow"] == allowed


# -- the request models refuse what the server refuses ---------------------------------------
def test_an_empty_action_is_refused_by_the_document_too(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()["components"]["schemas"]
    text, structured = doc["SubmitAction"]["properties"]["action"]["anyOf"]
    assert structured == {"$ref": "#/components/schemas/StructuredAction"}
    assert text["minLength"] == 1 and text["maxLength"] == 500
    assert doc["StructuredAction"]["required"] == ["text"]
    assert doc["StructuredAction"]["properties"]["text"]["minLength"] == 1
    c = create(client, seed=1)
    tok = c["tokens"][0]["token"]
    for action in ("", {"kind": "pass"}, {"text": ""}, {"text": "pass", "deep": {"a": 1}}):
        detail = refusal(client.post(f"/api/games/{c['id']}/actions",
                                     json={"action": action}, headers={H: tok}))["detail"]
        assert detail == ("malformed request: action: an action is its text (1-500 "
                          "characters) or a structured action with its 'text'")
    r = client.post(f"/api/games/{c['id']}/actions",
                    json={"action": {"text": "pass", "kind": "pass", "at": [1, 2]}},
                    headers={H: tok})
    assert r.status_code == 200, r.text


def test_options_are_described_per_ruleset(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()["components"]["schemas"]
    assert doc["CreateGame"]["allOf"][0]["properties"]["options"]["propertyNames"] == {
        "pattern": "^[a-z][a-z0-9_]{0,63}$"}
    sf = doc["Options-space-fleet"]
    assert sf["additionalProperties"] is False
    assert set(sf["properties"]) == {"fleet_a", "fleet_b", "turn_limit", "setup"}
    assert doc["Options-webtoy"]["properties"].keys() == {"limit"}
    detail = refusal(client.post("/api/games", json={"ruleset": "webtoy",
                                                     "options": {"Limit!": 3}}))["detail"]
    assert detail.startswith("malformed request: options.Limit!.[key]: String should match")


@pytest.mark.parametrize(("field", "value"), [
    ("seed", "3"), ("seed", True), ("seed", 2.5), ("setup_rolls", ["4"]),
])
def test_numbers_are_json_numbers(client: TestClient, field: str, value: Any) -> None:
    body: dict[str, Any] = {"ruleset": "webtoy", field: value}
    if field == "setup_rolls":
        body["dice"] = "manual"
    assert refusal(client.post("/api/games", json=body))["detail"].startswith(
        f"malformed request: {field}")


def test_an_integral_number_is_an_integer(client: TestClient) -> None:
    """JSON Schema's ``integer`` includes 3.0: so does the server."""
    a = create(client, seed=3.0)
    assert a["terms"]["dice"]["seed"] == 3
    tok = a["tokens"][0]["token"]
    r = client.post(f"/api/games/{a['id']}/actions", json={"action": "pass", "index": 0.0},
                    headers={H: tok})
    assert r.status_code == 200, r.text
    assert client.post(f"/api/games/{a['id']}/actions", json={"action": "pass", "index": True},
                       headers={H: tok}).status_code == 422


# -- the websocket ---------------------------------------------------------------------------
def test_a_binary_websocket_frame_is_dropped_not_an_error(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    c = create(client, seed=2)
    tokens = {t["seat"]: t["token"] for t in c["tokens"]}
    with caplog.at_level(logging.WARNING), \
            client.websocket_connect(f"/api/games/{c['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_bytes(b"\x00\x01 a binary frame")
        ws.send_text("and a text one")
        assert client.post(f"/api/games/{c['id']}/actions", json={"action": "pass"},
                           headers={H: tokens["red"]}).status_code == 200
        msg = ws.receive_json()  # the socket lives on and pushes the change
        assert msg["type"] == "action" and msg["index"] == 0
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize("body", [
    b'{"ruleset": NaN}', b'{"ruleset": "webtoy", "seed": Infinity}',
    b'{"ruleset": "webtoy", "options": {"limit": -Infinity}}',
])
def test_nan_and_infinity_are_refused_not_a_500(client: TestClient, body: bytes) -> None:
    """Python's JSON reader takes NaN and Infinity, which JSON has not: refused, and the
    refusal's echo of them is JSON too."""
    r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    refusal(r)
    assert client.get("/api/games").json() == []


def test_a_structured_action_as_legal_lists_it_is_accepted(client: TestClient) -> None:
    """Every field ``/legal`` gives (Astral Dreams' coordinates are decimals) comes back."""
    c = create(client, ruleset="astral-dreams", seed=1)
    tokens = {t["seat"]: t["token"] for t in c["tokens"]}
    seat = client.get(f"/api/games/{c['id']}").json()["to_act"]
    actions = client.get(f"/api/games/{c['id']}/legal", headers={H: tokens[seat]}).json()
    action = next(a for a in actions["actions"]
                  if any(isinstance(x, float) for v in a.values() if isinstance(v, list)
                         for x in v))
    r = client.post(f"/api/games/{c['id']}/actions", json={"action": action},
                    headers={H: tokens[seat]})
    assert r.status_code == 200, r.text
    assert r.json()["action"] == action["text"]
    bad = {**action, "to": float("nan")}
    r = client.post(f"/api/games/{c['id']}/actions", content=json.dumps({"action": bad}),
                    headers={H: tokens[seat], "content-type": "application/json"})
    assert r.status_code == 422
