"""Undo through the web service works in every registered ruleset (the real ones and the toys).

Attack Vector's undo once answered "Undone." and changed nothing: here every ruleset must take
the last human action back for real — the action count and the game's digest return.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from voidwar.core.registry import rulesets

H = "X-Seat-Token"


def _play_one(client: TestClient, gid: str, tokens: dict[str, str]) -> None:
    """The seat to act plays its first legal action."""
    summary = client.get(f"/api/games/{gid}").json()
    seat = summary["to_act"]
    legal = client.get(f"/api/games/{gid}/legal", headers={H: tokens[seat]}).json()["actions"]
    assert legal, f"{seat} is to act but has no legal action"
    r = client.post(f"/api/games/{gid}/actions", json={"action": legal[0]["text"]},
                    headers={H: tokens[seat]})
    assert r.status_code == 200, r.text


def _undo(client: TestClient, gid: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Every human seat asks; the last answer says whether it was done."""
    answer: dict[str, Any] = {}
    for token in tokens.values():
        r = client.post(f"/api/games/{gid}/undo", headers={H: token})
        assert r.status_code == 200, r.text
        answer = r.json()
    return answer


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_undo_takes_the_last_action_back(client: TestClient, ruleset: str) -> None:
    r = client.post("/api/games", json={"ruleset": ruleset, "seed": 1})
    assert r.status_code == 201, r.text
    created = r.json()
    gid = created["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    service = client.app.state.service  # type: ignore[attr-defined]

    def state() -> tuple[int, str]:
        game = service.get(gid).game
        return len(game.actions), game.digest()

    states = [state()]
    for _ in range(2):
        _play_one(client, gid, tokens)
        states.append(state())
    assert [n for n, _ in states] == [0, 1, 2]
    for back in (1, 0):
        answer = _undo(client, gid, tokens)
        assert answer["done"] is True
        assert answer["n_actions"] == back
        assert state() == states[back]
        view = client.get(f"/api/games/{gid}/view").json()
        assert view["n_actions"] == back
