"""Real dice on the web: the game waits for the chance seat; a person at the table enters rolls."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

import voidwar
from voidwar.core.dice import SeededDice
from voidwar.core.game import Game

H = "X-Seat-Token"


def create_manual(client: TestClient, ruleset: str = "antilles", **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"ruleset": ruleset, "dice": "manual", **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def act(client: TestClient, gid: str, token: str, text: str) -> dict[str, Any]:
    r = client.post(f"/api/games/{gid}/actions", json={"action": text}, headers={H: token})
    assert r.status_code == 200, r.text
    return dict(r.json())


def view(client: TestClient, gid: str, token: str | None) -> dict[str, Any]:
    headers = {H: token} if token else {}
    return dict(client.get(f"/api/games/{gid}/view", headers=headers).json())


def play_mirrored(client: TestClient, gid: str, token: str, mirror: Game, steps: int,
                  stop_inside: bool = False) -> None:
    """Play ``steps`` heuristic actions on the inline ``mirror`` and the same actions, with the
    mirror's rolls typed in, on the server. ``stop_inside``: then go on to the next action
    that rolls at least twice and leave it waiting after its first roll."""
    bot = voidwar.policies.get("heuristic", "antilles", 1)
    k = 0
    while True:
        action = bot.choose(mirror)
        before = len(mirror.dice.history)
        mirror.apply(action)
        rolls = mirror.dice.history[before:]
        act(client, gid, token, str(action))
        k += 1
        for i, r in enumerate(rolls):
            v = view(client, gid, token)
            assert v["to_act"] == "chance" and v["view"]["chance"]["die"] == "d20"
            assert [a["text"] for a in v["legal"]] == [f"roll {n}" for n in range(1, 21)]
            if stop_inside and k > steps and i == 1:
                return
            act(client, gid, token, str(r))  # a bare number is a roll
        if k >= steps and not stop_inside:
            return


def test_rolls_are_entered_by_the_player_and_the_record_replays(client: TestClient) -> None:
    c = create_manual(client)
    gid, tok = c["id"], c["tokens"][0]["token"]
    mirror = voidwar.load("antilles", dice=SeededDice(7))
    play_mirrored(client, gid, tok, mirror, 30)
    v = view(client, gid, tok)
    assert v["n_actions"] == 30 and v["to_act"] == mirror.to_act
    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["dice"] == {"kind": "manual", "values": mirror.dice.history}
    assert rec["actions"] == mirror.actions
    assert voidwar.replay(rec).digest() == mirror.digest()
    # the log shows the rolls under the action that made them
    rolls = [e for entry in v["log"] for e in entry["events"] if e["kind"] == "roll"]
    assert len(rolls) == len(mirror.dice.history)
    # and a replay step rebuilds the position with the stored rolls
    step = client.get(f"/api/games/{gid}/replay/30").json()
    assert step["to_act"] == mirror.to_act


def test_a_roll_the_die_cannot_show_or_from_a_stranger_is_refused(client: TestClient) -> None:
    c = create_manual(client)
    gid, tok = c["id"], c["tokens"][0]["token"]
    mirror = voidwar.load("antilles", dice=SeededDice(3))
    play_mirrored(client, gid, tok, mirror, 8, stop_inside=True)
    before = view(client, gid, tok)
    r = client.post(f"/api/games/{gid}/actions", json={"action": "21"}, headers={H: tok})
    assert r.status_code == 422 and "a d20 cannot show 21" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": "end movement"},
                    headers={H: tok})
    assert r.status_code == 422 and "waits for a d20" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": "5"})
    assert r.status_code == 401
    assert view(client, gid, None)["legal"] == []  # spectators see the wait, cannot roll
    after = view(client, gid, tok)
    assert after["view"] == before["view"] and after["n_actions"] == before["n_actions"]


def test_a_restarted_server_goes_on_waiting_for_the_same_roll(db_url: str) -> None:
    from voidwar.web.server import create_app

    mirror = voidwar.load("antilles", dice=SeededDice(11))
    with TestClient(create_app(db_url, client_seeds=True)) as c1:
        c = create_manual(c1)
        gid, tok = c["id"], c["tokens"][0]["token"]
        play_mirrored(c1, gid, tok, mirror, 8, stop_inside=True)
        waiting = view(c1, gid, tok)
    with TestClient(create_app(db_url, client_seeds=True)) as c2:
        again = view(c2, gid, tok)
        assert again["to_act"] == "chance" and again["view"] == waiting["view"]
        # finish the waiting action with the mirror's remaining rolls: same game
        n = len(mirror.dice.history) - len(
            [e for entry in again["log"] for e in entry["events"] if e["kind"] == "roll"])
        for r in mirror.dice.history[-n + 1:]:
            act(c2, gid, tok, str(r))
        rec = c2.get(f"/api/games/{gid}/record").json()
        assert rec["actions"] == mirror.actions and voidwar.replay(rec).digest() == mirror.digest()


def test_undo_takes_back_the_action_waiting_for_rolls_and_forgets_them(client: TestClient) -> None:
    c = create_manual(client)
    gid, tok = c["id"], c["tokens"][0]["token"]
    mirror = voidwar.load("antilles", dice=SeededDice(5))
    play_mirrored(client, gid, tok, mirror, 7, stop_inside=True)
    r = client.post(f"/api/games/{gid}/undo", headers={H: tok})
    assert r.status_code == 200 and r.json()["done"] is True
    v = view(client, gid, tok)
    kept = len(mirror.actions) - 1  # the action waiting for rolls is taken back
    assert v["to_act"] == "commander" and v["n_actions"] == kept
    rec = client.get(f"/api/games/{gid}/record").json()
    again = voidwar.replay(rec)
    assert rec["actions"] == mirror.actions[:kept]
    assert rec["dice"]["values"] == again.dice.history  # the forgotten rolls are gone


def test_manual_dice_need_a_person_and_the_set_up_rolls(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "antilles", "dice": "manual",
                                        "seats": {"commander": {"kind": "bot"}}})
    assert r.status_code == 422 and "person at the table" in r.json()["detail"]
    r = client.post("/api/games", json={"ruleset": "space-fleet", "scenario": "cruiser-action",
                                        "dice": "manual"})
    assert r.status_code == 422 and "setup_rolls" in r.json()["detail"]
    c = create_manual(client, "space-fleet", scenario="cruiser-action", setup_rolls=[4, 3],
                      seats={"red": {"kind": "bot", "policy": "heuristic"}})
    rec = client.get(f"/api/games/{c['id']}/record")
    assert rec.status_code in (200, 403)
    v = view(client, c["id"], c["tokens"][0]["token"])
    assert v["status"] == "active"


def test_the_step_says_the_roll_awaited(client: TestClient) -> None:
    """While a roll is awaited, the panel's step names it (not the step before the action)."""
    c = create_manual(client)
    gid, tok = c["id"], c["tokens"][0]["token"]
    mirror = voidwar.load("antilles", dice=SeededDice(5))
    play_mirrored(client, gid, tok, mirror, 6)  # six placements: the seventh rolls
    act(client, gid, tok, str(voidwar.policies.get("heuristic", "antilles", 1).choose(mirror)))
    v = view(client, gid, tok)
    assert v["to_act"] == "chance"
    step = dict(v["board"]["panels"][0]["rows"])["step"]
    assert step == f"rolling a d20 for {v['view']['chance']['purpose']}"
    assert "Placement" not in step
