"""A server you can trust: every finding of an attack on it, over the API, as a regression.

A client is trusted with nothing: it names a ruleset and a scenario from the lists, gives
options the ruleset's schema accepts (inline data, bounded work), never the dice; every seat is
told the dice and the non-default options before it joins; malformed input is a 422 naming the
field, never a 500 nor a file read on the server's disk.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from voidwar.core.record import check_record
from voidwar.web.server import create_app

H = "X-Seat-Token"


@pytest.fixture
def server(db_url: str) -> Iterator[TestClient]:
    """A server as deployed: it chooses the dice itself."""
    with TestClient(create_app(db_url, key=b"k1")) as c:
        yield c


def refused(c: TestClient, body: dict[str, Any]) -> str:
    r = c.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    detail: str = r.json()["detail"]
    return detail


# -- 1. the server reads no file a client names ---------------------------------------------
@pytest.mark.parametrize("scenario", ["/work/main/pyproject.toml", "../../pyproject.toml",
                                      "/etc/passwd.toml", "game-two/../x.toml"])
def test_attack_vector_scenario_is_a_name_never_a_path(server: TestClient, scenario: str,
                                                       tmp_path: Path) -> None:
    detail = refused(server, {"ruleset": "attack-vector", "scenario": scenario})
    assert detail.startswith("scenario: unknown scenario")
    # the same words whether the file exists or not: nothing about the server's disk leaks
    assert "Field required" not in detail and "No such file" not in detail


@pytest.mark.parametrize("value", [1, "1", "/dev/zero", ["x"]])
def test_space_fleet_file_option_is_refused_in_every_form(server: TestClient,
                                                          value: Any) -> None:
    detail = refused(server, {"ruleset": "space-fleet", "options": {"file": value}})
    assert detail.startswith("options.file:")


# -- 2. the dice are the server's --------------------------------------------------------------
@pytest.mark.parametrize("options", [{"dice": [6] * 28}, {"chance": "explicit"},
                                     {"seed": 3}, {"dice": "manual"}])
def test_the_creator_cannot_script_the_dice_through_options(server: TestClient,
                                                            options: dict[str, Any]) -> None:
    detail = refused(server, {"ruleset": "space-fleet", "scenario": "duel", "options": options})
    key = next(iter(options))
    assert detail.startswith(f"options.{key}:")


def test_a_seed_is_the_servers_choice(server: TestClient) -> None:
    detail = refused(server, {"ruleset": "antilles", "seed": 5})
    assert detail.startswith("seed: the server chooses the dice")
    a = server.post("/api/games", json={"ruleset": "antilles"}).json()
    b = server.post("/api/games", json={"ruleset": "antilles"}).json()
    assert a["terms"]["dice"]["chosen_by"] == "server"
    ra = server.get(f"/api/games/{a['id']}/record")
    assert ra.status_code == 403 and "seed" in ra.json()["detail"]  # no seed while it is played
    assert a["id"] != b["id"]


def test_a_joining_seat_is_told_the_dice_and_every_non_default_option(db_url: str) -> None:
    with TestClient(create_app(db_url, client_seeds=True, key=b"k")) as c:
        g = c.post("/api/games", json={
            "ruleset": "space-fleet", "scenario": "duel", "seed": 9,
            "options": {"turn_limit": 3}, "seats": {"red": {"kind": "open"}}}).json()
        summary = c.get(f"/api/games/{g['id']}").json()  # what a joiner reads first
        terms = summary["terms"]
        assert terms["dice"]["chosen_by"] == "creator" and terms["dice"]["seed"] == 9
        assert terms["options"] == {"turn_limit": 3}
        listed = next(x for x in c.get("/api/games").json() if x["id"] == g["id"])
        assert listed["terms"]["dice"]["kind"] == "seeded"
        assert listed["terms"]["options"] == {"turn_limit": 3}
        toy = c.post("/api/games", json={"ruleset": "webtoy", "seed": 4}).json()
        rec = c.get(f"/api/games/{toy['id']}/record").json()  # no hidden information
        assert rec["terms"]["dice"]["chosen_by"] == "creator"


# -- 3. the work a body implies is bounded -------------------------------------------------------
def test_a_small_body_cannot_ask_for_unbounded_work(server: TestClient) -> None:
    army = {"side": "scouts", "points": 10**6, "units": [{"type": "scout", "count": 50}] * 4}
    detail = refused(server, {"ruleset": "astral-dreams",
                              "options": {"army_a": army, "points": 10**6,
                                          "free_deploy": True}})
    assert detail.startswith("options.")
    detail = refused(server, {"ruleset": "astral-dreams", "options": {"army_a": army}})
    assert "at most 40 miniatures" in detail
    # points imply no work (the miniatures do): bounded only as a number is
    detail = refused(server, {"ruleset": "astral-dreams", "options": {"points": 10**6 + 1}})
    assert detail.startswith("options.points:")
    detail = refused(server, {"ruleset": "space-fleet", "options": {"fleet_a": ["BB"] * 40}})
    assert detail.startswith("options.fleet_a")


@pytest.mark.parametrize(("ruleset", "options", "field"), [
    ("astral-dreams", {"points": "50"}, "options.points"),
    ("astral-dreams", {"free_deploy": 1}, "options.free_deploy"),
    ("attack-vector", {"three_d": "yes"}, "options.three_d"),
    ("attack-vector", {"bearings": "sideways"}, "options.bearings"),
    ("space-fleet", {"turn_limit": True}, "options.turn_limit"),
    ("antilles", {"colour": "red"}, "options.colour"),
])
def test_options_are_checked_by_the_rulesets_schema(server: TestClient, ruleset: str,
                                                    options: dict[str, Any], field: str) -> None:
    assert refused(server, {"ruleset": ruleset, "options": options}).startswith(field)


# -- 5. refusals, never tracebacks -------------------------------------------------------------
def test_set_up_failures_inside_a_ruleset_are_refusals(server: TestClient) -> None:
    r = server.post("/api/games", json={"ruleset": "antilles", "options": {"position": {
        "hits": []}}})
    assert r.status_code == 422, r.text
    deep: Any = {}
    for _ in range(900):
        deep = {"x": deep}
    r = server.post("/api/games", json={"ruleset": "space-fleet", "options": {"setup": deep}})
    assert r.status_code == 422 and "nested" in r.json()["detail"], r.text


def test_a_lone_surrogate_is_a_refusal(server: TestClient) -> None:
    g = server.post("/api/games", json={"ruleset": "antilles"}).json()
    tok = g["tokens"][0]["token"]
    body = '{"action": "move P1 to \\ud800"}'
    r = server.post(f"/api/games/{g['id']}/actions", content=body,
                    headers={H: tok, "content-type": "application/json"})
    assert r.status_code == 422 and "action" in r.json()["detail"]
    r = server.post(f"/api/games/{g['id']}/join", content='{"seat": "\\udc80"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 422


@pytest.mark.parametrize("ruleset", ["antilles", "space-fleet"])
def test_a_5000_digit_number_in_an_action_is_illegal_not_a_crash(server: TestClient,
                                                                  ruleset: str) -> None:
    g = server.post("/api/games", json={"ruleset": ruleset}).json()
    tok = {t["seat"]: t["token"] for t in g["tokens"]}
    seat = server.get(f"/api/games/{g['id']}").json()["to_act"]
    r = server.post(f"/api/games/{g['id']}/actions",
                    json={"action": "move P1 to " + "9" * 450 + ",1"}, headers={H: tok[seat]})
    assert r.status_code == 422, r.text


def test_a_repeated_request_is_not_played_twice(server: TestClient) -> None:
    g = server.post("/api/games", json={"ruleset": "antilles"}).json()
    tok = g["tokens"][0]["token"]
    legal = server.get(f"/api/games/{g['id']}/legal", headers={H: tok}).json()["actions"]
    body = {"action": legal[0]["text"], "index": 0}
    assert server.post(f"/api/games/{g['id']}/actions", json=body,
                       headers={H: tok}).status_code == 200
    again = server.post(f"/api/games/{g['id']}/actions", json=body, headers={H: tok})
    assert again.status_code == 409 and "meant as action #0" in again.json()["detail"]


def test_the_record_is_signed_and_the_server_vouches_for_it(db_url: str) -> None:
    with TestClient(create_app(db_url, client_seeds=True, key=b"server-key")) as c:
        g = c.post("/api/games", json={"ruleset": "webtoy", "seed": 1}).json()
        rec = c.get(f"/api/games/{g['id']}/record").json()
        assert rec["signature"]["alg"] == "hmac-sha256"
        check_record(rec)
        ok = c.post("/api/records/verify", json=rec).json()
        assert ok["valid"] and ok["signed_here"] and ok["key_id"] == ok["server_key_id"]
        forged = {**rec, "signature": {**rec["signature"], "mac": "0" * 64}}
        assert not c.post("/api/records/verify", json=forged).json()["signed_here"]
    with TestClient(create_app(db_url, client_seeds=True, key=b"another-key")) as c:
        other = c.post("/api/records/verify", json=rec).json()
        assert other["valid"] and not other["signed_here"]


def test_a_structured_action_is_played_by_its_text_and_a_bad_one_refused(
        server: TestClient) -> None:
    """The page sends back the structured action ``/legal`` listed; the rules read its text
    like any other. Without a usable text it is a 422 naming the field."""
    g = server.post("/api/games", json={"ruleset": "antilles"}).json()
    tok = g["tokens"][0]["token"]
    legal = server.get(f"/api/games/{g['id']}/legal", headers={H: tok}).json()["actions"]
    ok = server.post(f"/api/games/{g['id']}/actions", json={"action": legal[0]},
                     headers={H: tok})
    assert ok.status_code == 200 and ok.json()["action"] == legal[0]["text"]
    bad = server.post(f"/api/games/{g['id']}/actions", json={"action": {"kind": "place"}},
                      headers={H: tok})
    assert bad.status_code == 422 and "action" in bad.text
