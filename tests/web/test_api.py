"""The JSON API, endpoint by endpoint, with its refusals (on the toy rulesets of ``toy.py``)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import voidwar
from voidwar.core.dice import SeededDice
from voidwar.web.server import create_app

H = "X-Seat-Token"


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("ruleset", "webtoy")
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def tokens(created: dict[str, Any]) -> dict[str, str]:
    return {t["seat"]: t["token"] for t in created["tokens"]}


def wait_for(client: TestClient, gid: str, pred: Any, timeout: float = 10) -> dict[str, Any]:
    """Poll the public summary until ``pred`` holds (bots move on their own thread)."""
    deadline = time.monotonic() + timeout
    while True:
        s = dict(client.get(f"/api/games/{gid}").json())
        if pred(s) or time.monotonic() > deadline:
            return s
        time.sleep(0.02)


# -- rulesets and creation ----------------------------------------------------------------
def test_rulesets_lists_scenarios_seats_policies(client: TestClient) -> None:
    r = client.get("/api/rulesets")
    assert r.status_code == 200
    toy = next(x for x in r.json() if x["name"] == "webtoy")
    assert toy["scenarios"] == [
        {"name": "standard", "description": "four ships", "seats": ["red", "blue"]}]
    assert "random" in toy["policies"]
    assert toy["options"] == {"limit": "actions before the game ends"}


def test_create_returns_a_token_and_link_per_human_seat(client: TestClient) -> None:
    c = create(client, seed=3, seats={"blue": {"kind": "open"}})
    assert c["seats"] == {"red": {"kind": "human", "policy": None},
                          "blue": {"kind": "open", "policy": None}}
    (given,) = c["tokens"]
    assert given["seat"] == "red"
    assert given["link"] == f"/game/{c['id']}#seat=red&token={given['token']}"
    assert len(given["token"]) >= 20


@pytest.mark.parametrize(("body", "words"), [
    ({"ruleset": "no-such"}, "unknown ruleset"),
    ({"ruleset": "webtoy", "scenario": "nope"}, "unknown scenario"),
    ({"ruleset": "webtoy", "options": {"speed": 3}}, "unknown option speed"),
    ({"ruleset": "webtoy", "seats": {"green": {"kind": "human"}}}, "has no seat green"),
    ({"ruleset": "webtoy", "seats": {"red": {"kind": "bot", "policy": "genius"}}},
     "unknown policy 'genius'"),
    ({"ruleset": "webtoy", "seats": {"red": {"kind": "alien"}}}, "seats.red.kind"),
    ({"ruleset": "webtoy", "seed": -1}, "seed"),
    ({"ruleset": "webtoy", "colour": "red"}, "colour"),
    ({"scenario": "standard"}, "ruleset: Field required"),
])
def test_create_refuses_bad_requests_with_a_reason(
        client: TestClient, body: dict[str, Any], words: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422
    assert words in r.json()["detail"]


def test_malformed_json_is_422(client: TestClient) -> None:
    r = client.post("/api/games", content=b"{not json",
                    headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert "malformed request" in r.json()["detail"]


def test_oversized_body_is_413(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "webtoy", "scenario": "x" * 70_000})
    assert r.status_code == 413
    assert "too large" in r.json()["detail"]


def test_oversized_streamed_body_is_413(client: TestClient) -> None:
    def chunks() -> Any:
        for _ in range(20):
            yield b"x" * 8192

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_overlong_action_text_is_422(client: TestClient) -> None:
    c = create(client, seed=1)
    gid, tok = c["id"], tokens(c)
    r = client.post(f"/api/games/{gid}/actions", json={"action": "p" * 600},
                    headers={H: tok["red"]})
    assert r.status_code == 422
    assert "action" in r.json()["detail"]


def test_unknown_game_is_404_and_bad_id_422(client: TestClient) -> None:
    assert client.get("/api/games/abcdef").status_code == 404
    assert client.get("/api/games/has%20space").status_code == 422


# -- playing ------------------------------------------------------------------------------
def test_view_legal_act_and_the_record_replays(client: TestClient) -> None:
    c = create(client, seed=5)
    gid, tok = c["id"], tokens(c)
    legal = client.get(f"/api/games/{gid}/legal", headers={H: tok["red"]}).json()
    assert legal["to_act"] == "red"
    texts = [a["text"] for a in legal["actions"]]
    assert "move R1 to -1,0" in texts and "pass" in texts
    assert all({"text", "kind"} <= set(a) for a in legal["actions"])
    # blue may ask, but has nothing to do now
    assert client.get(f"/api/games/{gid}/legal", headers={H: tok["blue"]}).json()["actions"] == []

    r = client.post(f"/api/games/{gid}/actions", json={"action": "move R1 to -1,0"},
                    headers={H: tok["red"]})
    assert r.status_code == 200, r.text
    assert r.json()["index"] == 0 and r.json()["to_act"] == "blue"
    assert r.json()["events"] == [{"kind": "move", "text": "R1 moves to -1,0"}]

    v = client.get(f"/api/games/{gid}/view", headers={H: tok["blue"]}).json()
    assert v["seat"] == "blue" and v["to_act"] == "blue" and v["n_actions"] == 1
    units = {u["id"]: u["hex"] for u in v["view"]["units"]}
    assert units["R1"] == [-1, 0]
    assert v["log"][1] == {"index": 0, "seat": "red", "action": "move R1 to -1,0",
                           "events": [{"kind": "move", "text": "R1 moves to -1,0"}]}
    assert "pass" in [a["text"] for a in v["legal"]]

    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["actions"] == ["move R1 to -1,0"]
    assert rec["dice"] == {"kind": "seeded", "seed": 5}
    game = voidwar.replay(rec)
    assert {u["id"]: u["hex"] for u in game.state_dict()["units"]} == units


def test_illegal_action_is_422_with_reason_and_changes_nothing(client: TestClient) -> None:
    c = create(client, seed=5)
    gid, tok = c["id"], tokens(c)
    r = client.post(f"/api/games/{gid}/actions", json={"action": "move R1 to 3,3"},
                    headers={H: tok["red"]})
    assert r.status_code == 422
    assert r.json() == {"detail": "move R1 to 3,3 is not legal now", "rule": "Toy 1"}
    r = client.post(f"/api/games/{gid}/actions", json={"action": "dance"}, headers={H: tok["red"]})
    assert r.status_code == 422 and "not an action" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}").json()["n_actions"] == 0


def test_action_without_or_with_a_wrong_token_is_refused(client: TestClient) -> None:
    c = create(client, seed=5)
    gid, tok = c["id"], tokens(c)
    other = tokens(create(client, seed=5))["red"]
    assert client.post(f"/api/games/{gid}/actions", json={"action": "pass"}).status_code == 401
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: "guess"})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: other})
    assert r.status_code == 403
    # the right seat's token, but not its turn
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: tok["blue"]})
    assert r.status_code == 409 and "not blue's turn" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}").json()["n_actions"] == 0


def test_join_an_open_seat_once(client: TestClient) -> None:
    c = create(client, seed=2, seats={"blue": {"kind": "open"}})
    gid = c["id"]
    r = client.post(f"/api/games/{gid}/join", json={"seat": "blue"})
    assert r.status_code == 200
    blue = r.json()["token"]
    assert client.get(f"/api/games/{gid}").json()["seats"]["blue"]["kind"] == "human"
    assert client.post(f"/api/games/{gid}/join", json={"seat": "blue"}).status_code == 409
    assert client.post(f"/api/games/{gid}/join", json={"seat": "red"}).status_code == 409
    assert client.post(f"/api/games/{gid}/join", json={"seat": "green"}).status_code == 404
    assert client.get(f"/api/games/{gid}/view", headers={H: blue}).json()["seat"] == "blue"


def test_bots_move_by_themselves(client: TestClient) -> None:
    c = create(client, seed=9, options={"limit": 12},
               seats={"red": {"kind": "bot", "policy": "random"},
                      "blue": {"kind": "bot", "policy": "random"}})
    assert c["tokens"] == []
    s = wait_for(client, c["id"], lambda s: s["over"])
    assert s["over"] and s["status"] == "over"
    rec = client.get(f"/api/games/{c['id']}/record").json()
    assert voidwar.replay(rec).over


def test_a_bot_answers_a_human(client: TestClient) -> None:
    c = create(client, seed=9, seats={"blue": {"kind": "bot", "policy": "random"}})
    gid, tok = c["id"], tokens(c)
    client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: tok["red"]})
    s = wait_for(client, gid, lambda s: s["n_actions"] == 2)
    assert s["n_actions"] == 2 and s["to_act"] == "red"


def test_resign_ends_the_game_for_the_other_seat(client: TestClient) -> None:
    c = create(client, seed=1)
    gid, tok = c["id"], tokens(c)
    assert client.post(f"/api/games/{gid}/resign").status_code == 401
    r = client.post(f"/api/games/{gid}/resign", headers={H: tok["blue"]})
    assert r.status_code == 200
    assert r.json()["result"]["winner"] == "red"
    assert r.json()["result"]["details"] == {"resigned_by": "blue"}
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: tok["red"]})
    assert r.status_code == 409 and "over" in r.json()["detail"]
    assert client.post(f"/api/games/{gid}/resign", headers={H: tok["red"]}).status_code == 409


def test_undo_needs_every_human_seat(client: TestClient) -> None:
    c = create(client, seed=1)
    gid, tok = c["id"], tokens(c)
    assert client.post(f"/api/games/{gid}/undo", headers={H: tok["red"]}).status_code == 409
    client.post(f"/api/games/{gid}/actions", json={"action": "move R1 to -1,0"},
                headers={H: tok["red"]})
    client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: tok["blue"]})
    r = client.post(f"/api/games/{gid}/undo", headers={H: tok["red"]}).json()
    assert r == {"done": False, "waiting_for": ["blue"], "n_actions": 2}
    assert client.get(f"/api/games/{gid}/view").json()["undo_requested"] == ["red"]
    r = client.post(f"/api/games/{gid}/undo", headers={H: tok["blue"]}).json()
    assert r == {"done": True, "waiting_for": [], "n_actions": 1}
    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["actions"] == ["move R1 to -1,0"]


def test_an_action_cancels_a_pending_undo_request(client: TestClient) -> None:
    c = create(client, seed=1)
    gid, tok = c["id"], tokens(c)
    client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: tok["red"]})
    client.post(f"/api/games/{gid}/undo", headers={H: tok["red"]})
    client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: tok["blue"]})
    r = client.post(f"/api/games/{gid}/undo", headers={H: tok["blue"]}).json()
    assert r["done"] is False and r["waiting_for"] == ["red"]


def test_undo_against_a_bot_takes_back_the_bots_reply_too(client: TestClient) -> None:
    c = create(client, seed=4, seats={"blue": {"kind": "bot", "policy": "random"}})
    gid, tok = c["id"], tokens(c)
    client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={H: tok["red"]})
    wait_for(client, gid, lambda s: s["n_actions"] == 2)
    r = client.post(f"/api/games/{gid}/undo", headers={H: tok["red"]}).json()
    assert r == {"done": True, "waiting_for": [], "n_actions": 0}
    assert client.get(f"/api/games/{gid}").json()["to_act"] == "red"


def test_replay_steps_through_the_game(client: TestClient) -> None:
    c = create(client, seed=5)
    gid, tok = c["id"], tokens(c)
    for seat, a in [("red", "move R1 to -1,0"), ("blue", "move B1 to 1,0"), ("red", "pass")]:
        client.post(f"/api/games/{gid}/actions", json={"action": a}, headers={H: tok[seat]})
    r0 = client.get(f"/api/games/{gid}/replay/0").json()
    assert r0["step"] == 0 and r0["n_actions"] == 3 and r0["to_act"] == "red"
    assert {u["id"]: u["hex"] for u in r0["view"]["units"]}["R1"] == [-2, 0]
    r2 = client.get(f"/api/games/{gid}/replay/2").json()
    assert r2["entry"]["action"] == "move B1 to 1,0"
    assert {u["id"]: u["hex"] for u in r2["view"]["units"]}["B1"] == [1, 0]
    assert client.get(f"/api/games/{gid}/replay/4").status_code == 422
    assert client.get(f"/api/games/{gid}/replay/-1").status_code == 422


def test_list_games(client: TestClient) -> None:
    a, b = create(client, seed=1), create(client, ruleset="websecret")
    ids = [g["id"] for g in client.get("/api/games").json()]
    assert {a["id"], b["id"]} <= set(ids)
    assert client.get("/api/games?limit=0").status_code == 422


# -- hidden information -------------------------------------------------------------------
def test_a_view_never_shows_another_seats_secret_plot(client: TestClient) -> None:
    c = create(client, ruleset="websecret")
    gid, tok = c["id"], tokens(c)
    r = client.post(f"/api/games/{gid}/actions", json={"action": "plot 3"},
                    headers={H: tok["red"]})
    assert r.status_code == 200
    red = client.get(f"/api/games/{gid}/view", headers={H: tok["red"]}).json()
    blue = client.get(f"/api/games/{gid}/view", headers={H: tok["blue"]}).json()
    spectator = client.get(f"/api/games/{gid}/view").json()
    assert red["view"]["plots"] == {"red": 3}
    assert blue["view"]["plots"] == {"red": "hidden"}
    assert spectator["view"]["plots"] == {"red": "hidden"}
    # the action text and its events are the secret too: withheld from the others' logs
    assert red["log"][1]["action"] == "plot 3"
    for other in (blue, spectator):
        assert other["log"][1] == {"index": 0, "seat": "red", "action": None, "events": []}
        seen = str(other["view"]) + str(other["log"])
        assert "3" not in seen.replace("'round': 1", "")
    assert "plot 3" not in client.get(f"/api/games/{gid}/replay/1").text
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    # after the reveal (blue's view is the whole state again) red's plot is public
    client.post(f"/api/games/{gid}/actions", json={"action": "plot 1"}, headers={H: tok["blue"]})
    blue = client.get(f"/api/games/{gid}/view", headers={H: tok["blue"]}).json()
    assert blue["view"]["revealed"] == [{"red": 3, "blue": 1}]
    assert blue["log"][1]["action"] == "plot 3"
    assert blue["log"][2]["events"][-1]["text"] == "round 1: red 3, blue 1"
    # ... but red's next secret plot is not
    client.post(f"/api/games/{gid}/actions", json={"action": "plot 2"}, headers={H: tok["red"]})
    blue = client.get(f"/api/games/{gid}/view", headers={H: tok["blue"]}).json()
    assert blue["log"][3]["action"] is None and blue["view"]["plots"] == {"red": "hidden"}


def test_a_finished_secret_game_is_public(client: TestClient) -> None:
    c = create(client, ruleset="websecret")
    gid, tok = c["id"], tokens(c)
    for _ in range(3):
        for seat in ("red", "blue"):
            client.post(f"/api/games/{gid}/actions", json={"action": "plot 2"},
                        headers={H: tok[seat]})
    spectator = client.get(f"/api/games/{gid}/view").json()
    assert spectator["over"] and spectator["result"]["outcome"] == "rounds"
    assert spectator["log"][1]["action"] == "plot 2"
    assert len(client.get(f"/api/games/{gid}/record").json()["actions"]) == 6


# -- the websocket -------------------------------------------------------------------------
def test_websocket_pushes_each_action_filtered_for_its_seat(client: TestClient) -> None:
    c = create(client, ruleset="websecret")
    gid, tok = c["id"], tokens(c)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tok['blue']}") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["seat"] == "blue"
        client.post(f"/api/games/{gid}/actions", json={"action": "plot 3"},
                    headers={H: tok["red"]})
        msg = ws.receive_json()
        assert msg["type"] == "action" and msg["seat"] == "red" and msg["to_act"] == "blue"
        assert msg["entry"] == {"index": 0, "seat": "red", "action": None, "events": []}
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        assert ws.receive_json()["seat"] is None
        client.post(f"/api/games/{gid}/actions", json={"action": "plot 1"},
                    headers={H: tok["blue"]})
        msg = ws.receive_json()  # revealed: the spectator sees the whole state again
        assert msg["entry"] == {"index": 1, "seat": "blue", "action": "plot 1", "events": [
            {"kind": "plot", "text": "blue plots 1"},
            {"kind": "reveal", "text": "round 1: red 3, blue 1"}]}


def test_websocket_with_a_wrong_token_is_closed(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    c = create(client, seed=1)
    with pytest.raises(WebSocketDisconnect) as e, \
            client.websocket_connect(f"/api/games/{c['id']}/ws?token=nope") as ws:
        ws.receive_json()
    assert e.value.code == 4403


# -- the store -----------------------------------------------------------------------------
def test_a_new_server_on_the_same_database_resumes_the_game(db_url: str) -> None:
    from voidwar.web.server import create_app

    with TestClient(create_app(db_url, client_seeds=True)) as c1:
        c = create(c1, seed=8)
        gid, tok = c["id"], tokens(c)
        c1.post(f"/api/games/{gid}/actions", json={"action": "move R2 to -1,1"},
                headers={H: tok["red"]})
    with TestClient(create_app(db_url, client_seeds=True)) as c2:
        v = c2.get(f"/api/games/{gid}/view", headers={H: tok["blue"]}).json()
        assert v["n_actions"] == 1 and v["to_act"] == "blue"
        r = c2.post(f"/api/games/{gid}/actions", json={"action": "pass"},
                    headers={H: tok["blue"]})
        assert r.status_code == 200


def test_default_database_is_in_the_xdg_data_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from voidwar.web.store import default_db_url

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_url() == f"sqlite:///{tmp_path}/voidwar/games.db"
    assert (tmp_path / "voidwar").is_dir()


def test_seeded_dice_of_the_record_are_the_games(client: TestClient) -> None:
    c = create(client, seed=77)
    rec = client.get(f"/api/games/{c['id']}/record").json()
    assert rec["dice"] == SeededDice(77).spec()


def test_openapi_documents_every_endpoint(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for p in ["/api/rulesets", "/api/games", "/api/games/{gid}", "/api/games/{gid}/join",
              "/api/games/{gid}/view", "/api/games/{gid}/legal", "/api/games/{gid}/actions",
              "/api/games/{gid}/undo", "/api/games/{gid}/resign",
              "/api/games/{gid}/replay/{step}", "/api/games/{gid}/record"]:
        assert p in paths, p


def test_a_postgresql_url_means_the_psycopg_driver() -> None:
    from voidwar.web.store import normalise_url

    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgresql+psycopg2://u@h/db") == "postgresql+psycopg2://u@h/db"
    assert normalise_url("sqlite:////x/games.db") == "sqlite:////x/games.db"


def test_a_restarted_server_lets_the_bots_of_stored_games_move(db_url: str) -> None:
    """A stored unfinished game whose bot is to act (the server died before it moved) is
    played on by the next server without any request touching it."""
    from voidwar.web.server import create_app
    from voidwar.web.store import SeatRow, Store

    store = Store(db_url)
    store.create_game("stored1", "webtoy", "standard", {"limit": 6}, {"kind": "seeded", "seed": 2},
                      [SeatRow("red", "bot", "random", None, None),
                       SeatRow("blue", "bot", "random", None, None)])
    store.add_action("stored1", 0, 0, "red", "pass", bot_due=True)
    store.close()
    with TestClient(create_app(db_url, client_seeds=True)) as c:
        deadline = time.monotonic() + 10
        status = None
        while status != "over" and time.monotonic() < deadline:  # the list reads the store only
            status = next(g["status"] for g in c.get("/api/games").json() if g["id"] == "stored1")
            time.sleep(0.02)
        assert status == "over"
        assert c.get("/api/games/stored1").json()["n_actions"] == 6
        assert c.get("/api/games/stored1/record").json()["actions"][0] == "pass"


def test_attack_vector_secret_orders_stay_secret_until_the_reveal(client: TestClient) -> None:
    """The real ruleset: blue's thrust order is hidden from red until both have given orders."""
    c = create(client, ruleset="attack-vector", scenario="duel", seed=2)
    gid, tok = c["id"], tokens(c)
    r = client.post(f"/api/games/{gid}/actions", json={"action": "thrust 2"},
                    headers={H: tok["blue"]})
    assert r.status_code == 200, r.text
    red = client.get(f"/api/games/{gid}/view", headers={H: tok["red"]}).json()
    assert "thrust 2" not in str(red["view"]) + str(red["log"])
    assert red["view"]["pending"]["blue"] == {"hidden": 1}
    blue = client.get(f"/api/games/{gid}/view", headers={H: tok["blue"]}).json()
    assert "thrust 2" in str(blue["log"])
    for seat in ("blue", "red"):
        while True:  # each seat ends its orders; the segment resolves and orders are revealed
            v = client.get(f"/api/games/{gid}/view", headers={H: tok[seat]}).json()
            if v["to_act"] != seat:
                break
            r = client.post(f"/api/games/{gid}/actions", json={"action": "done"},
                            headers={H: tok[seat]})
            assert r.status_code == 200, r.text
    red = client.get(f"/api/games/{gid}/view", headers={H: tok["red"]}).json()
    entry = next(e for e in red["log"] if e["index"] == 0)
    assert entry["action"] == "thrust 2", "a revealed order is no longer withheld from red"


@pytest.mark.parametrize(("ruleset", "option"), [
    ("antilles", "tables"), ("astral-dreams", "army_a"), ("attack-vector", "weapon_tables"),
    ("attack-vector", "movement_grid"), ("space-fleet", "file")])
def test_a_client_cannot_make_the_server_read_a_file(
        client: TestClient, ruleset: str, option: str) -> None:
    r = client.post("/api/games", json={"ruleset": ruleset, "options": {option: "/etc/passwd"}})
    assert r.status_code == 422
    assert f"option {option} names a file on the server" in r.json()["detail"]


def test_inline_tables_are_accepted(client: TestClient) -> None:
    from voidwar.core.datafile import read_toml
    from voidwar.rulesets.antilles.data import default_tables

    data = read_toml(default_tables().source)
    data["board"]["radius"] = 5
    c = create(client, ruleset="antilles", options={"tables": data}, seed=1)
    view = client.get(f"/api/games/{c['id']}/view").json()
    assert view["view"]["board"]["radius"] == 5


def test_attack_vector_movement_grid_inline(client: TestClient) -> None:
    """A remainder table of one's own (AV:T A2.1) as inline data: it moves the ships, and a
    malformed one is refused naming the cell."""
    from voidwar.core.datafile import read_toml
    from voidwar.rulesets.attack_vector.data import GRID_FILE

    card = read_toml(GRID_FILE)
    at: dict[str, list[int]] = {}
    for name, cell in (("ours", None), ("card", {"major": [2, 4, 6, 8], "minor": [4, 8]})):
        if cell is not None:
            card["horizontal"]["4,2"] = cell  # 4A 2B: A on 2, 4, 6, 8 (each on its own)
        c = create(client, ruleset="attack-vector", scenario="game-three", seed=1,
                   options={"movement_grid": card})
        for _ in range(3):  # segments 1-3
            r = client.post(f"/api/games/{c['id']}/actions", json={"action": "done"},
                            headers={H: tokens(c)["pilot"]})
            assert r.status_code == 200, r.text
        at[name] = client.get(f"/api/games/{c['id']}/view").json()["view"]["ships"][
            "rafik"]["position"]
    assert at["ours"] == [0, -2, 0] and at["card"] == [0, -1, 0]  # 2A (A5.341) against 1A
    del card["horizontal"]["4,2"]["minor"]
    r = client.post("/api/games", json={"ruleset": "attack-vector", "scenario": "game-three",
                                        "options": {"movement_grid": card}})
    assert r.status_code == 422
    assert "(movement_grid data): horizontal.4,2.minor: Field required" in r.json()["detail"]


def test_pages_are_compressed_and_static_files_revalidated(client: TestClient) -> None:
    """Gzip, cache headers on static files (an unchanged file is a
    304 without a body)."""
    first = client.get("/static/game.js", headers={"Accept-Encoding": "gzip"})
    assert first.status_code == 200
    assert first.headers["content-encoding"] == "gzip"
    assert first.headers["cache-control"] == "no-cache" and first.headers["etag"]
    again = client.get("/static/game.js", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and not again.content


def test_the_server_says_whether_a_client_may_choose_the_seed(client: TestClient,
                                                               db_url: str) -> None:
    """Dice are the server's choice: the lobby hides its seed box unless the
    server lets clients choose a seed (the tests' server does)."""
    assert client.get("/api/server").json() == {"client_seeds": True}
    with TestClient(create_app(db_url)) as default:
        assert default.get("/api/server").json() == {"client_seeds": False}
